#include "core/certified_log.hpp"

#include <array>

#include "core/error.hpp"

namespace dplab::secure {

namespace {

// Bounds lo <= 2^q * 2 atanh(a / b) <= hi for 0 <= a / b <= 1/3, from
// 2 atanh(z) = 2 sum_{i >= 0} z^(2i+1) / (2i+1). The lower bound rounds every step down and
// drops the tail (all terms are positive); the upper bound rounds every step up and adds a bound
// of the tail: sum_{i >= N} z^(2i+1) / (2i+1) <= z^(2N+1) / (1 - z^2) <= (9/8) z^(2N+1).
void two_atanh_bounds(const BigInt& a, const BigInt& b, unsigned q, BigInt& lo, BigInt& hi) {
  if (a == 0) {
    lo = hi = 0;
    return;
  }
  const BigInt below_one = (BigInt(1) << q) - 1;  // ceil(x / 2^q) = (x + 2^q - 1) >> q
  BigInt z = (a << q) / b, z2 = (z * z) >> q, p = z, sum = 0;
  for (unsigned i = 0; p > 0; ++i) {
    sum += p / (2 * i + 1);
    p = (p * z2) >> q;
  }
  lo = 2 * sum;
  z = ((a << q) + b - 1) / b;
  z2 = (z * z + below_one) >> q;
  p = z;
  sum = 0;
  for (unsigned i = 0; p > 8; ++i) {
    sum += (p + 2 * i) / (2 * i + 1);
    p = (p * z2 + below_one) >> q;
  }
  sum += (p * 9 + 7) / 8;
  hi = 2 * sum;
}

// ln 2 = 2 atanh(1/3) at q fractional bits, from bounds kept at the highest precision asked for
// so far on this thread (shifting bounds down keeps them bounds).
void ln2_bounds(unsigned q, BigInt& lo, BigInt& hi) {
  thread_local unsigned cached_q = 0;
  thread_local BigInt cached_lo, cached_hi;
  if (cached_q < q) {
    cached_q = q + 64;
    two_atanh_bounds(BigInt(1), BigInt(3), cached_q, cached_lo, cached_hi);
  }
  const unsigned drop = cached_q - q;
  lo = cached_lo >> drop;
  hi = (cached_hi + (BigInt(1) << drop) - 1) >> drop;
}

}  // namespace

void neg_log_bounds(const BigInt& a, unsigned k, unsigned precision, BigInt& lo, BigInt& hi) {
  // a / 2^k = 2^-(k - j) y with j the top bit of a and y = a / 2^j in [1, 2):
  //   -ln(a / 2^k) = (k - j) ln 2 - ln y,   ln 2 = 2 atanh(1/3),   ln y = 2 atanh((a - 2^j) / (a + 2^j)),
  // the last argument in [0, 1/3). The series' roundings add up to a few units per term (about
  // precision / 3 terms) times up to k: 16 guard bits keep the bounds within 2 units, after
  // rounding outward.
  const unsigned guard = 16, q = precision + guard;
  const unsigned j = boost::multiprecision::msb(a);
  const BigInt pj = BigInt(1) << j;
  BigInt ln2_lo, ln2_hi, lny_lo, lny_hi;
  ln2_bounds(q, ln2_lo, ln2_hi);
  two_atanh_bounds(a - pj, a + pj, q, lny_lo, lny_hi);
  const BigInt d = BigInt(k) - BigInt(j);  // >= 0 since a <= 2^k
  BigInt l = d * ln2_lo - lny_hi, h = d * ln2_hi - lny_lo;
  if (l < 0) l = 0;  // -ln(a / 2^k) >= 0
  lo = l >> guard;
  hi = (h + (BigInt(1) << guard) - 1) >> guard;
}

Log63Tables::Log63Tables() {
  for (unsigned i = 0; i < kBuckets; ++i) {
    // round(2^37 / (2049 + 2i)) = round(2^26 / (1 + (i + 1/2) / 1024)), in (2^25, 2^26).
    const std::uint64_t r = ((std::uint64_t{1} << 38) / (2049 + 2 * i) + 1) / 2;
    BigInt lo, hi;
    neg_log_bounds(BigInt(r), 26, 62, lo, hi);  // -ln(r / 2^26) = ln(2^26 / r), in (0, ln 2)
    if (hi - lo > 2) throw Error("certified_log: a table entry's bounds are " + hi.str() + " - " + lo.str() + " apart");
    bucket[i] = {r, static_cast<std::uint64_t>(lo)};
  }
  BigInt lo, hi;
  neg_log_bounds(BigInt(1), 1, 62, lo, hi);  // ln 2
  const auto l2_lo = static_cast<unsigned __int128>(lo), l2_hi = static_cast<unsigned __int128>(hi);
  for (unsigned d = 0; d < 64; ++d) {
    dln2_lo[d] = l2_lo * d;
    dln2_hi[d] = l2_hi * d;
  }
}

const Log63Tables& log63_tables() {
  static const Log63Tables t;
  return t;
}

}  // namespace dplab::secure
