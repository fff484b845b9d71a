#include "core/error.hpp"

namespace dplab {

std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& message) {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line == kFromCommandLine) out += " (--set " + field + ")";
  out += ": ";
  if (!field.empty()) out += "field '" + field + "': ";
  return out + message;
}

}  // namespace dplab
