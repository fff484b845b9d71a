#include "algorithms/clustering/exact_sums.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace dplab::clustering {

namespace {

// A double's biased exponent field (0 for zero and subnormals, 2047 for NaN and infinities).
inline int exponent_field(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return static_cast<int>((bits >> 52) & 0x7ff);
}

}  // namespace

void fixed_point_scale(const PointSet& data, FixedPointScale& out) {
  const std::size_t n = data.n, d = data.d;
  out.low.assign(d, 0);
  out.exact = true;
  const int n_bits = std::bit_width(static_cast<std::uint64_t>(n));  // n < 2^n_bits
  for (std::size_t j = 0; j < d; ++j) {
    // The least and largest exponent fields of the nonzero values (a subnormal counts as field 1,
    // its exponent); 2047 (NaN, infinity) disqualifies.
    int least = 2047, largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double v = data.x[i * d + j];
      const int e = std::max(exponent_field(v), v != 0.0 ? 1 : 0);
      if (e == 0) continue;  // zero
      least = std::min(least, e);
      largest = std::max(largest, e);
    }
    if (largest == 2047) { out.exact = false; return; }
    if (largest == 0) continue;  // all zero: low 0, sums 0
    // A value of field e is M * 2^(e - 1075) with M < 2^53: its last bit is 2^(e - 1075), and it
    // is below 2^(e - 1022).
    const int low = least - 1075, high = largest - 1022;
    if (low < -1022 || high - low + n_bits > 126 || high + n_bits > 1023) { out.exact = false; return; }
    out.low[j] = low;
  }
}

double from_fixed(Fixed s, int low) {
  // GCC's __int128 -> double conversion rounds to nearest, ties to even (checked against the
  // exact neighbours in tests/test_kmeans_exact.cpp); the scaling by 2^low is exact, as the
  // result is neither subnormal (low >= -1022) nor beyond the range (fixed_point_scale).
  return std::ldexp(static_cast<double>(s), low);
}

}  // namespace dplab::clustering
