// Certified bounds on -ln(u) for a uniform u known by a prefix of its binary digits: what the
// exact discrete Laplace sampler (core/secure_noise.cpp) needs to compute floor(lambda * -ln u)
// exactly. Two routes to the same quantity:
//   - neg_log_bounds: any precision, with big integers (Boost.Multiprecision), from the series
//     ln y = 2 atanh((y - 1) / (y + 1)) evaluated with rounding toward the bound it computes.
//     Slow (microseconds) and used only when the fast route cannot decide.
//   - neg_log63: the first 63 digits of u, 64-bit fixed point, a table of 256 logarithms (made by
//     neg_log_bounds) and a degree-7 polynomial; bounds that provably contain -ln over the whole
//     interval of u the 63 digits leave open (about 20 ns; tests/test_certified_log.cpp checks
//     the bounds against neg_log_bounds).
// "Certified" means every rounding goes toward the side of the bound, so the true value always
// lies inside: no floating point, no libm.
#pragma once
#include <array>
#include <cstdint>

#include <boost/multiprecision/cpp_int.hpp>

namespace dplab::secure {

using BigInt = boost::multiprecision::cpp_int;

// Bounds lo <= 2^precision * (-ln(a / 2^k)) <= hi, for 1 <= a <= 2^k, k < 2^16; hi - lo <= 2
// (tests/test_geometric_inversion.cpp).
void neg_log_bounds(const BigInt& a, unsigned k, unsigned precision, BigInt& lo, BigInt& hi);

// The fast route's tables (built once, by neg_log_bounds, on first use), with 62 fractional bits:
// for each of 1,024 buckets of y in [1, 2), a 26-bit reciprocal R_i of the bucket's middle,
// 1 + (i + 1/2) / 1024, and ln(2^26 / R_i) rounded down (the true value lies at most 2 units
// above it: checked when the table is built); and bounds of d ln 2 for d < 64. A bucket's two
// numbers share a cache line (16 KiB in all).
struct Log63Tables {
  static constexpr unsigned kBuckets = 1024;
  struct Bucket {
    std::uint64_t recip = 0, ln_lo = 0;
  };
  std::array<Bucket, kBuckets> bucket{};
  std::array<unsigned __int128, 64> dln2_lo{}, dln2_hi{};
  Log63Tables();
};
const Log63Tables& log63_tables();

namespace log63_detail {

// a b 2^-62, rounded down: the product of two numbers with 62 fractional bits.
inline std::int64_t mul62(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>((static_cast<__int128>(a) * b) >> 62);
}

// 2^62 ln(1 + r 2^-62) for |r 2^-62| <= 2^-11 + 2^-25: the series to r^5, evaluated as
// r - r^2/2 + r^3 (1/3 - r/4 + r^2/5) (two products in parallel, three on the longest path).
// Every product, shift and coefficient floor(2^62 / k) rounds down by less than a unit; tracing
// them through, the result is within 4 units of the polynomial, and the dropped tail is below
// |r 2^-62|^6 / 6 < 2^-68: within 5 units (of 2^-62) in all.
inline std::int64_t ln1p_fixed(std::int64_t r) {
  constexpr std::int64_t third = (std::int64_t{1} << 62) / 3, fifth = (std::int64_t{1} << 62) / 5;
  const std::int64_t r2 = mul62(r, r), r3 = mul62(r2, r);
  const std::int64_t inner = third - (r >> 2) + mul62(r2, fifth);
  return r - (r2 >> 1) + mul62(r3, inner);
}

}  // namespace log63_detail

// For the 63-digit prefix a (1 <= a < 2^63) of u, u in [a 2^-63, (a + 1) 2^-63): bounds with 62
// fractional bits, lo <= 2^62 (-ln u) <= hi for every such u (-ln u < 44 here). hi - lo is at
// most 2^62 / 2^j (j the top bit of a: the interval of u is a relative 1/a wide) plus 21 units.
// Inline: the sampler calls it once a draw.
struct NegLogBounds {
  unsigned __int128 lo = 0, hi = 0;
};
inline NegLogBounds neg_log63(const Log63Tables& t, std::uint64_t a) {
  // a = 2^j y with y = m 2^-63 in [1, 2): -ln(a 2^-63) = (63 - j) ln 2 - ln y. y R_i 2^-26 = 1 + r
  // with |r| <= 2^-11 + 2^-25 (the bucket's half-width over its middle, and R_i's rounding), so
  // ln y = ln(1 + r) + ln(2^26 / R_i). r is rounded down to 62 fractional bits (r_true in
  // [r, r + 2^-62), so ln(1 + r_true) in [ln(1 + r), ln(1 + r) + 1.01 units]) and ln1p_fixed is
  // within 5 units: ln(1 + r_true) lies within [p - 5, p + 7] of p = ln1p_fixed(r); the margin
  // below is 8 on each side.
  const int j = 63 - __builtin_clzll(a);  // a < 2^63, so j <= 62
  const std::uint64_t m = a << (63 - j);
  const Log63Tables::Bucket& bk = t.bucket[(m >> 53) & (Log63Tables::kBuckets - 1)];
  const unsigned __int128 prod = static_cast<unsigned __int128>(m) * bk.recip;  // (1 + r) 2^89
  const std::int64_t r = static_cast<std::int64_t>(prod >> 27) - (std::int64_t{1} << 62);
  const std::int64_t p = log63_detail::ln1p_fixed(r);
  constexpr std::int64_t margin = 8;
  // ln y in [lny_lo, lny_hi] (as two's-complement words: ln y is near 0 when y is; the table's
  // value is below ln(2^26 / R_i) by at most 2 units).
  const auto lny_lo = static_cast<std::uint64_t>(p - margin) + bk.ln_lo;
  const auto lny_hi = static_cast<std::uint64_t>(p + margin + 2) + bk.ln_lo;
  const unsigned d = static_cast<unsigned>(63 - j);
  // Upper: -ln u <= -ln(a 2^-63). Lower: -ln u >= -ln((a + 1) 2^-63) >= -ln(a 2^-63) - 1/a, and
  // 1/a <= 2^-j, rounded up to a unit; below 0 it is 0.
  NegLogBounds b;
  b.hi = t.dln2_hi[d] - static_cast<unsigned __int128>(static_cast<__int128>(static_cast<std::int64_t>(lny_lo)));
  const unsigned __int128 below = static_cast<unsigned __int128>(lny_hi) + ((std::uint64_t{1} << 62) >> j) + 1;
  b.lo = t.dln2_lo[d] > below ? t.dln2_lo[d] - below : 0;
  return b;
}

}  // namespace dplab::secure
