#include "datasets/arff.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <vector>

#include "core/error.hpp"

namespace dplab {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Splits on commas (ARFF data rows and nominal value lists), trimming each part.
std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> parts;
  for (;;) {
    const auto comma = s.find(',');
    parts.push_back(trim(s.substr(0, comma)));
    if (comma == std::string_view::npos) return parts;
    s.remove_prefix(comma + 1);
  }
}

}  // namespace

PointSet parse_arff_points(std::string_view text, const std::string& file) {
  PointSet ps;
  std::size_t numeric = 0;
  std::map<std::string, std::int32_t, std::less<>> classes;  // nominal value -> 0-based label
  bool has_class = false, in_data = false;
  int line_no = 0;
  auto fail = [&](const std::string& what) { throw Error(located(file, line_no, "", what)); };
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = trim(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++line_no;
    if (line.empty() || line.front() == '%') continue;
    if (!in_data) {
      if (line.front() != '@') fail("expected an @relation, @attribute or @data line before the data");
      const std::string head = lower(line.substr(0, line.find_first_of(" \t")));
      if (head == "@relation") continue;
      if (head == "@data") {
        if (numeric == 0) fail("@data before any numeric @attribute");
        in_data = true;
        continue;
      }
      if (head != "@attribute") fail("unsupported header line (allowed: @relation, @attribute, @data)");
      if (has_class) fail("the nominal class must be the last attribute");
      std::string_view rest = trim(line.substr(head.size()));
      const auto brace = rest.find('{');
      if (brace != std::string_view::npos) {
        const auto close = rest.find('}', brace);
        if (close == std::string_view::npos) fail("nominal attribute without a closing '}'");
        std::int32_t id = 0;
        for (auto v : split_commas(rest.substr(brace + 1, close - brace - 1)))
          if (!classes.emplace(std::string(v), id++).second) fail("nominal value '" + std::string(v) + "' declared twice");
        has_class = true;
        continue;
      }
      const std::string type = lower(trim(rest.substr(rest.find_last_of(" \t") + 1)));
      if (type != "numeric" && type != "real" && type != "integer")
        fail("attribute type '" + type + "' is not supported (allowed: numeric, real, integer, or a nominal class)");
      ++numeric;
      continue;
    }
    const auto parts = split_commas(line);
    if (parts.size() != numeric + (has_class ? 1 : 0))
      fail(std::to_string(parts.size()) + " values, expected " + std::to_string(numeric + (has_class ? 1 : 0)));
    for (std::size_t j = 0; j < numeric; ++j) {
      double v = 0;
      const auto [ptr, ec] = std::from_chars(parts[j].data(), parts[j].data() + parts[j].size(), v);
      if (ec != std::errc() || ptr != parts[j].data() + parts[j].size() || !std::isfinite(v))
        fail("value " + std::to_string(j + 1) + " '" + std::string(parts[j]).substr(0, 40) + "' is not a finite number");
      ps.x.push_back(v);
    }
    if (has_class) {
      const auto it = classes.find(parts.back());
      if (it == classes.end()) fail("class '" + std::string(parts.back()).substr(0, 40) + "' is not declared in the header");
      ps.labels.push_back(it->second);
    }
  }
  if (!in_data) throw Error(file + ": no @data section");
  ps.d = numeric;
  ps.n = ps.x.size() / numeric;
  return ps;
}

}  // namespace dplab
