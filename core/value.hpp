// A parameter value as it appears in a spec: integer, real, boolean or text.
#pragma once
#include <cstdint>
#include <string>
#include <variant>

namespace dplab {

using Value = std::variant<std::int64_t, double, bool, std::string>;

// Human-readable form ("0.3", "Geo", "true"); reals round-trip exactly.
std::string to_string(const Value& v);
// Canonical form used for hashing and stream keys: type-tagged so 1 (int) and 1.0 differ.
std::string canonical(const Value& v);
// Numeric view of an int or real value; throws for text and booleans.
double as_number(const Value& v);
bool is_number(const Value& v);
bool values_equal(const Value& a, const Value& b);

}  // namespace dplab
