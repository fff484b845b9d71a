#include "core/error.hpp"

#include <cstdio>

namespace dplab {

std::string quote(const std::string& value) {
  constexpr std::size_t kMax = 80;
  std::string out = "'";
  std::size_t shown = 0;
  for (unsigned char c : value) {
    if (shown == kMax) break;
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
    ++shown;
  }
  out += "'";
  if (value.size() > kMax) {
    out.insert(out.size() - 1, "...");
    out += " (" + std::to_string(value.size()) + " characters)";
  }
  return out;
}

std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& message) {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line == kFromCommandLine) {
    const std::string q = quote(field);
    out += " (--set " + q.substr(1, q.size() - 2) + ")";
  }
  out += ": ";
  if (!field.empty()) out += "field " + quote(field) + ": ";
  return out + message;
}

}  // namespace dplab
