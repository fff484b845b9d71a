// Exact cluster sums of the k-means assignment step (results version 2, issue 30). Each
// coordinate is a double, so every coordinate of dimension j is an integer multiple of
// 2^low[j], where low[j] is the exponent of the last mantissa bit of the dimension's smallest
// nonzero value; held as that integer (a 128-bit fixed-point number), a cluster's sum is exact
// whatever the order of its additions, and only the final conversion to double rounds (once,
// to nearest). So the sums no longer fix an order of additions: a pass may add points in any
// order, split them over several accumulators, or -- as the delta update below does -- start from
// the previous pass's sums and move only the points whose label changed. Version 1 added
// doubles in point order, one rounding per point.
//
// When it applies: every value finite, low[j] >= -1022 (no subnormal sums), and the spread of a
// dimension's exponents small enough that the sum of n values cannot leave an int128 (high[j] -
// low[j] + bits(n) <= 126, with |value| < 2^high[j]). Data scaled to [0, 1] or [-1, 1] qualify
// unless a nonzero coordinate is below about 2^-55 (n = 10^5). Otherwise the pass falls back to
// version 1's doubles in point order: a choice made from the data alone, so the same for every
// path (vector or scalar, prepared or not).
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::clustering {

using Fixed = __int128;

// The per-dimension scale 2^low[j]; exact == false when the data do not qualify (above).
struct FixedPointScale {
  bool exact = false;
  std::vector<int> low;  // d
};
// `out` is the caller's (no allocation once sized).
void fixed_point_scale(const PointSet& data, FixedPointScale& out);

// v / 2^low as an integer, exactly (v finite, and every bit of v at or above 2^low).
inline Fixed to_fixed(double v, int low) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  const int field = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
  if (field != 0) mantissa |= std::uint64_t{1} << 52;
  const int exponent = (field != 0 ? field : 1) - 1075;  // v = mantissa * 2^exponent
  // exponent >= low for every nonzero value of the dimension; a zero (exponent -1074) shifts by 0.
  const int shift = exponent > low ? exponent - low : 0;
  const Fixed magnitude = static_cast<Fixed>(mantissa) << shift;
  const Fixed sign = -static_cast<Fixed>(bits >> 63);  // 0 or -1: negated without a branch (signs are random)
  return (magnitude ^ sign) - sign;
}

// s * 2^low rounded to the nearest double (ties to even): one rounding, in the conversion of s.
double from_fixed(Fixed s, int low);

}  // namespace dplab::clustering
