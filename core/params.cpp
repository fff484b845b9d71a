#include "core/params.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/error.hpp"

namespace dplab {

const char* type_name(ParamType t) {
  switch (t) {
    case ParamType::Int: return "integer";
    case ParamType::Real: return "real";
    case ParamType::Bool: return "boolean";
    case ParamType::Text: return "text";
  }
  return "?";
}

ParamSpec ParamSpec::integer(std::string name, std::int64_t def, std::string doc) {
  ParamSpec p; p.name = std::move(name); p.type = ParamType::Int; p.default_value = def;
  p.doc = std::move(doc); return p;
}
ParamSpec ParamSpec::real(std::string name, double def, std::string doc) {
  ParamSpec p; p.name = std::move(name); p.type = ParamType::Real; p.default_value = def;
  p.doc = std::move(doc); return p;
}
ParamSpec ParamSpec::boolean(std::string name, bool def, std::string doc) {
  ParamSpec p; p.name = std::move(name); p.type = ParamType::Bool; p.default_value = def;
  p.doc = std::move(doc); return p;
}
ParamSpec ParamSpec::text(std::string name, std::string def, std::string doc) {
  ParamSpec p; p.name = std::move(name); p.type = ParamType::Text; p.default_value = std::move(def);
  p.doc = std::move(doc); return p;
}

std::string ParamSpec::allowed() const {
  std::string out = type_name(type);
  if (type == ParamType::Int || type == ParamType::Real) {
    if (min || max) {
      auto bound = [](const std::optional<double>& b, const char* inf) {
        return b ? to_string(Value(*b)) : std::string(inf);
      };
      out += std::string(" in ") + (min && !min_open ? "[" : "(") + bound(min, "-inf") + ", " +
             bound(max, "inf") + (max && !max_open ? "]" : ")");
    }
  } else if (!choices.empty()) {
    out = "one of";
    for (std::size_t i = 0; i < choices.size(); ++i) out += (i ? ", " : " ") + choices[i];
  } else if (check) {
    out = check_allowed;
  }
  return out;
}

std::optional<std::string> ParamSpec::validate(const Value& v) const {
  if (type == ParamType::Int || type == ParamType::Real) {
    if (!is_number(v)) return "expected " + allowed() + ", got " + quote(to_string(v));
    double x = as_number(v);
    if (std::isnan(x)) return "expected " + allowed() + ", got NaN";
    if (min && (x < *min || (min_open && x == *min)))
      return "value " + to_string(v) + " is out of range: allowed " + allowed();
    if (max && (x > *max || (max_open && x == *max)))
      return "value " + to_string(v) + " is out of range: allowed " + allowed();
    return std::nullopt;
  }
  if (type == ParamType::Bool) {
    if (!std::holds_alternative<bool>(v)) return "expected boolean (true/false)";
    return std::nullopt;
  }
  if (!std::holds_alternative<std::string>(v)) return "expected " + allowed();
  const auto& s = std::get<std::string>(v);
  if (!choices.empty()) {
    for (const auto& c : choices)
      if (c == s) return std::nullopt;
    return "unknown value " + quote(s) + ": allowed " + allowed();
  }
  if (check && !check(s)) return "value " + quote(s) + " is not allowed: expected " + allowed();
  return std::nullopt;
}

std::variant<Value, std::string> ParamSpec::parse(const std::string& text) const {
  Value v;
  switch (type) {
    case ParamType::Int: {
      errno = 0;
      char* end = nullptr;
      long long x = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || errno == ERANGE) {
        // Accept reals that are whole numbers ("5.0"), reject the rest.
        char* rend = nullptr;
        double d = std::strtod(text.c_str(), &rend);
        if (text.empty() || *rend != '\0' || d != std::floor(d) || std::isnan(d))
          return "expected " + allowed() + ", got " + quote(text);
        if (std::fabs(d) >= 9.2e18) return "value " + quote(text) + " does not fit a 64-bit integer: allowed " + allowed();
        x = static_cast<long long>(d);
      }
      v = static_cast<std::int64_t>(x);
      break;
    }
    case ParamType::Real: {
      // YAML spells the special values .nan, .inf, -.inf.
      if (text == ".nan" || text == ".NaN" || text == ".NAN") return "expected " + allowed() + ", got NaN";
      if (text == ".inf" || text == ".Inf" || text == "+.inf") { v = INFINITY; break; }
      if (text == "-.inf" || text == "-.Inf") { v = -INFINITY; break; }
      char* end = nullptr;
      double d = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0') return "expected " + allowed() + ", got " + quote(text);
      if (std::isnan(d)) return "expected " + allowed() + ", got NaN";
      v = d;
      break;
    }
    case ParamType::Bool:
      if (text == "true" || text == "True" || text == "yes") v = true;
      else if (text == "false" || text == "False" || text == "no") v = false;
      else return "expected boolean (true/false), got " + quote(text);
      break;
    case ParamType::Text:
      v = text;
      break;
  }
  if (auto err = validate(v)) return *err;
  return v;
}

const Value& Params::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error("internal: parameter '" + name + "' was not declared");
  return it->second;
}
double Params::real(const std::string& name) const { return as_number(get(name)); }
std::int64_t Params::integer(const std::string& name) const {
  const Value& v = get(name);
  if (auto i = std::get_if<std::int64_t>(&v)) return *i;
  return static_cast<std::int64_t>(as_number(v));
}
bool Params::boolean(const std::string& name) const { return std::get<bool>(get(name)); }
const std::string& Params::text(const std::string& name) const {
  return std::get<std::string>(get(name));
}

Params with_defaults(const std::vector<ParamSpec>& specs, const Params& given) {
  Params out = given;
  for (const auto& s : specs)
    if (!out.has(s.name)) out.set(s.name, s.default_value);
  return out;
}

const ParamSpec* find_param(const std::vector<ParamSpec>& specs, const std::string& name) {
  for (const auto& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace dplab
