#include "framework/json.hpp"
#include "core/value.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace dplab {

std::string json_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string yaml_to_json(const YAML::Node& n) {
  if (!n || n.IsNull()) return "null";
  if (n.IsMap()) {
    std::string out = "{";
    bool first = true;
    for (auto kv : n) {
      if (!first) out += ",";
      first = false;
      out += json_quote(kv.first.as<std::string>()) + ":" + yaml_to_json(kv.second);
    }
    return out + "}";
  }
  if (n.IsSequence()) {
    std::string out = "[";
    for (std::size_t i = 0; i < n.size(); ++i) out += (i ? "," : "") + yaml_to_json(n[i]);
    return out + "]";
  }
  const std::string& s = n.Scalar();
  if (n.Tag() == "!") return json_quote(s);  // quoted in the YAML: keep it a string
  if (s == "true" || s == "false") return s;
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (!s.empty() && *end == '\0' && std::isfinite(d)) {
    return to_string(Value(d));
  }
  return json_quote(s);
}

}  // namespace dplab
