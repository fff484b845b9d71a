#include "core/value.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"

namespace dplab {

namespace {
std::string real_to_string(double x) {
  // Shortest representation that reads back to the same double.
  char buf[64];
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}
}  // namespace

std::string to_string(const Value& v) {
  if (auto i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (auto d = std::get_if<double>(&v)) return real_to_string(*d);
  if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return std::get<std::string>(v);
}

std::string canonical(const Value& v) {
  static const char* tags[] = {"i:", "r:", "b:", "s:"};
  return tags[v.index()] + to_string(v);
}

bool is_number(const Value& v) {
  return std::holds_alternative<std::int64_t>(v) || std::holds_alternative<double>(v);
}

double as_number(const Value& v) {
  if (auto i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  if (auto d = std::get_if<double>(&v)) return *d;
  throw Error("value '" + to_string(v) + "' is not a number");
}

bool values_equal(const Value& a, const Value& b) {
  if (is_number(a) && is_number(b)) return as_number(a) == as_number(b);
  return a == b;
}

}  // namespace dplab
