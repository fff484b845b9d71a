// Typed, documented parameters of plugins. A plugin declares a ParamSpec per parameter
// (name, type, default, allowed range or choices, one-line doc); specs are validated against
// these declarations before any trial runs.
#pragma once
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/value.hpp"

namespace dplab {

enum class ParamType { Int, Real, Bool, Text };
const char* type_name(ParamType t);

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Real;
  Value default_value;
  std::string doc;
  // Numeric range; each bound may be open (exclusive) or closed.
  std::optional<double> min, max;
  bool min_open = false, max_open = false;
  // Text parameters: a closed list of choices, or a custom check for open vocabularies.
  std::vector<std::string> choices;
  std::function<bool(const std::string&)> check;
  std::string check_allowed;  // describes what `check` accepts, for error messages

  static ParamSpec integer(std::string name, std::int64_t def, std::string doc);
  static ParamSpec real(std::string name, double def, std::string doc);
  static ParamSpec boolean(std::string name, bool def, std::string doc);
  static ParamSpec text(std::string name, std::string def, std::string doc);

  ParamSpec& at_least(double lo) { min = lo; min_open = false; return *this; }
  ParamSpec& above(double lo) { min = lo; min_open = true; return *this; }
  ParamSpec& at_most(double hi) { max = hi; max_open = false; return *this; }
  ParamSpec& below(double hi) { max = hi; max_open = true; return *this; }
  ParamSpec& one_of(std::vector<std::string> c) { choices = std::move(c); return *this; }
  ParamSpec& checked_by(std::function<bool(const std::string&)> f, std::string allowed) {
    check = std::move(f); check_allowed = std::move(allowed); return *this;
  }

  // "real in (0, inf)", "one of AVG, Geo", ...: what the parameter accepts.
  std::string allowed() const;
  // Converts `text` (a YAML scalar) to this parameter's type and checks the range.
  // Returns an error message instead of a value when the input is not allowed.
  std::variant<Value, std::string> parse(const std::string& text) const;
  // Checks an already typed value (defaults, programmatic use).
  std::optional<std::string> validate(const Value& v) const;
};

// The validated parameter values of one sweep point for one plugin.
class Params {
 public:
  Params() = default;
  void set(const std::string& name, Value v) { values_[name] = std::move(v); }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  const Value& get(const std::string& name) const;
  double real(const std::string& name) const;
  std::int64_t integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::string& text(const std::string& name) const;
  const std::map<std::string, Value>& all() const { return values_; }

 private:
  std::map<std::string, Value> values_;
};

// Applies defaults for every declared parameter not given.
Params with_defaults(const std::vector<ParamSpec>& specs, const Params& given);
const ParamSpec* find_param(const std::vector<ParamSpec>& specs, const std::string& name);

}  // namespace dplab
