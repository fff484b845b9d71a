#include "framework/reference.hpp"

#include <cstdlib>
#include <sstream>

#include "core/error.hpp"

namespace dplab {

namespace {
std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) { out.push_back(cur); cur.clear(); }
    else if (c != '\r') cur += c;
  }
  out.push_back(cur);
  return out;
}

}  // namespace

bool Reference::same_value(const std::string& a, const std::string& b) {
  if (a == b) return true;
  char *ea = nullptr, *eb = nullptr;
  double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
  return !a.empty() && !b.empty() && *ea == '\0' && *eb == '\0' && x == y;
}

Reference Reference::parse(const std::string& text, const std::string& origin) {
  Reference r;
  std::stringstream ss(text);
  std::string line;
  int lineno = 0;
  while (std::getline(ss, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    auto cells = split_csv_line(line);
    if (r.header_.empty()) {
      r.header_ = cells;
      bool has_metric = false, has_value = false;
      for (const auto& h : cells) { has_metric |= h == "metric"; has_value |= h == "value"; }
      if (!has_metric || !has_value)
        throw Error(origin + ":" + std::to_string(lineno) + ": reference CSV needs 'metric' and 'value' columns");
      continue;
    }
    if (cells.size() != r.header_.size())
      throw Error(origin + ":" + std::to_string(lineno) + ": expected " + std::to_string(r.header_.size()) +
                  " cells, got " + std::to_string(cells.size()));
    r.rows_.push_back(std::move(cells));
  }
  return r;
}

std::optional<double> Reference::find(const std::map<std::string, std::string>& point,
                                      const std::string& metric, long index) const {
  const auto text = find_text(point, metric, index);
  if (!text) return std::nullopt;
  return std::strtod(text->c_str(), nullptr);
}

std::optional<std::string> Reference::find_text(const std::map<std::string, std::string>& point,
                                                const std::string& metric, long index) const {
  for (const auto& row : rows_) {
    bool match = true;
    std::optional<std::string> value;
    for (std::size_t c = 0; c < header_.size() && match; ++c) {
      const std::string& h = header_[c];
      if (h == "value") {
        char* end = nullptr;
        std::strtod(row[c].c_str(), &end);
        if (!row[c].empty() && *end == '\0') value = row[c];
      } else if (h == "metric") {
        match = row[c] == metric;
      } else if (h == "note" || row[c].empty()) {
        // free text, or a column this row does not constrain (an empty index: a scalar metric)
      } else if (h == "index") {
        match = index >= 0 && same_value(row[c], std::to_string(index));
      } else {
        auto it = point.find(h);
        match = it != point.end() && same_value(it->second, row[c]);
      }
    }
    if (match && value) return value;
  }
  return std::nullopt;
}

}  // namespace dplab
