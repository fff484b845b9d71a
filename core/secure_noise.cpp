#include "core/secure_noise.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/geometric_inversion.hpp"
#include "core/error.hpp"

namespace dplab::secure {

namespace {

constexpr u128 kLimit = u128{1} << 120;  // every fraction's parts stay below, so products fit
constexpr u128 kMax = ~u128{0};

int bit_length(u128 x) {
  const auto hi = static_cast<std::uint64_t>(x >> 64), lo = static_cast<std::uint64_t>(x);
  if (hi) return 128 - __builtin_clzll(hi);
  return lo ? 64 - __builtin_clzll(lo) : 0;
}

u128 checked_mul(u128 a, u128 b, const char* what) {
  u128 r;
  if (__builtin_mul_overflow(a, b, &r)) throw Error(std::string("secure noise: ") + what + " overflows 128 bits");
  return r;
}

// The samplers below run on any source of the stream's words: Stream, or BulkWords for a batch
// (words read ahead in whole cipher blocks). Both give the same words in the same order, and
// every sampler draws exactly the words of the plain definitions (Canonne, Kamath, Steinke,
// Algorithms 1-2; tests/test_secure_noise_words.cpp keeps those definitions as the reference and
// compares): a batch is bit for bit the draws made one by one. What the code saves is
// arithmetic: no 128-bit division where the operands fit in 64 bits or the quotient is known,
// and Lemire's bounded integer (core/rng.hpp) inline.

// Uniform on {0, ..., n-1}, n >= 1: 64-bit words, rejection above the bit length of n - 1.
template <class Words>
inline u128 uniform_below_w(Words& w, u128 n) {
  if ((n >> 64) == 0) return lemire_below(w, static_cast<std::uint64_t>(n));
  const int bits = bit_length(n - 1);  // > 64
  const u128 mask = bits == 128 ? kMax : (u128{1} << bits) - 1;
  for (;;) {
    const u128 hi = w.next_u64();
    const u128 x = ((hi << 64) | w.next_u64()) & mask;
    if (x < n) return x;  // accepted with probability > 1/2
  }
}

// Bernoulli(exp(-num/den)) for num <= den (Algorithm 1, gamma in [0, 1]): the parity of the
// first k with Bernoulli(num / (den k)) = 0.
template <class Words>
bool bernoulli_exp_le1_w(Words& w, u128 num, u128 den) {
  for (u128 k = 1;; ++k) {
    u128 dk;
    if (__builtin_mul_overflow(den, k, &dk)) throw Error("secure noise: Bernoulli(exp) denominator overflows 128 bits");
    if (!(uniform_below_w(w, dk) < num)) return k & 1;
  }
}

// Bernoulli(exp(-1)): the same with num = den = 1 (Bernoulli(1/k) is "uniform on {0..k-1} is 0";
// k = 1 still draws its word, as the definition does).
template <class Words>
bool bernoulli_exp_minus1_w(Words& w) {
  for (std::uint64_t k = 1;; ++k)
    if (lemire_below(w, k) != 0) return k & 1;
}

// Bernoulli(exp(-(whole + num/den))), num < den.
template <class Words>
bool bernoulli_exp_split_w(Words& w, u128 whole, u128 num, u128 den) {
  for (u128 k = 0; k < whole; ++k)
    if (!bernoulli_exp_minus1_w(w)) return false;
  return bernoulli_exp_le1_w(w, num, den);
}

// x / d, with the 64-bit division where both fit.
inline u128 divide(u128 x, u128 d) {
  if (d == 1) return x;
  if (((x | d) >> 64) == 0) return static_cast<std::uint64_t>(x) / static_cast<std::uint64_t>(d);
  return x / d;
}

// Geometric_exp's draw (see its comment in secure_noise.hpp and below); t, sd checked.
template <class Words>
u128 geometric_exp_w(Words& w, u128 t, u128 sd) {
  for (;;) {
    // X = U + t V is geometric with Pr[X = x] proportional to exp(-x / t): U uniform on
    // {0..t-1} accepted with probability exp(-U/t), V the number of Bernoulli(exp(-1)) successes
    // before the first failure. Then floor(X / s) has Pr[n] proportional to exp(-n s / t), in
    // O(1) expected draws for any rate. (U < t: Bernoulli(exp(-U/t)) is Algorithm 1 directly.)
    const u128 u = uniform_below_w(w, t);
    if (!bernoulli_exp_le1_w(w, u, t)) continue;
    u128 v = 0;
    while (bernoulli_exp_minus1_w(w)) ++v;
    u128 x;
    if (__builtin_mul_overflow(t, v, &x) || __builtin_add_overflow(x, u, &x))
      throw Error("secure noise: geometric draw overflows 128 bits");
    return divide(x, sd);
  }
}

void check_scale(u128 t, u128 sd, const char* what) {
  if (t == 0 || sd == 0 || t >= kLimit || sd >= kLimit) throw Error(std::string("secure noise: ") + what);
}

// a * b as 256 bits (hi, lo), from 64-bit limbs.
void mul256(u128 a, u128 b, u128& hi, u128& lo) {
  const u128 m = ~std::uint64_t{0};
  const u128 a0 = a & m, a1 = a >> 64, b0 = b & m, b1 = b >> 64;
  const u128 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const u128 mid = (p00 >> 64) + (p01 & m) + (p10 & m);
  lo = (p00 & m) | (mid << 64);
  hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

// (hi, lo) = q d + r by shift-and-subtract; d < 2^126. q saturates at 2^128 - 1 (then the
// Bernoulli(exp(-q...)) it feeds is 1 with probability below exp(-2^127): see the caller).
void divmod256(u128 hi, u128 lo, u128 d, u128& q, u128& r) {
  q = 0;
  r = 0;
  bool saturated = false;
  for (int i = 255; i >= 0; --i) {
    const u128 bit = i >= 128 ? (hi >> (i - 128)) & 1 : (lo >> i) & 1;
    r = (r << 1) | bit;
    saturated |= (q >> 127) != 0;
    q <<= 1;
    if (r >= d) {
      r -= d;
      q |= 1;
    }
  }
  if (saturated) q = kMax;
}

// One scale's setup (big-integer divisions) serves every draw of the same scale on this thread
// (made again if a test or DPLAB_SIMD changed whether step 1 may run).
const InversionScale& cached_scale(u128 t, u128 sd) {
  thread_local InversionScale last;
  if (last.t != t || last.sd != sd || last.level != detail::inversion_vector_level()) last = inversion_scale(t, sd);
  return last;
}

// A draw uses one word, rarely more: the first read-ahead of a batch.
constexpr std::size_t kWordsPerDraw = 2;

}  // namespace

u128 uniform_below(Stream& s, u128 n) {
  if (n == 0) throw Error("secure noise: uniform_below(0)");
  return uniform_below_w(s, n);
}

bool bernoulli(Stream& s, u128 num, u128 den) {
  if (den == 0 || num > den) throw Error("secure noise: Bernoulli(num/den) needs 0 <= num <= den, den >= 1");
  return uniform_below_w(s, den) < num;
}

bool bernoulli_exp(Stream& s, u128 num, u128 den) {
  if (den == 0) throw Error("secure noise: Bernoulli(exp(-num/den)) with den = 0");
  if (num < den) return bernoulli_exp_le1_w(s, num, den);
  return bernoulli_exp_split_w(s, num / den, num % den, den);
}

bool bernoulli_exp_mixed(Stream& s, u128 whole, u128 num, u128 den) {
  if (den == 0 || num >= den) throw Error("secure noise: Bernoulli(exp(-(w + num/den))) needs num < den");
  return bernoulli_exp_split_w(s, whole, num, den);
}

MixedExponent mixed_exponent(u128 a, u128 b, u128 den) {
  if (den == 0 || (den >> 126) != 0) throw Error("secure noise: exponent denominator must be in [1, 2^126)");
  MixedExponent m;
  m.den = den;
  u128 p;
  if (!__builtin_mul_overflow(a, b, &p)) {  // the usual case: one 128-bit division
    m.whole = p / den;
    m.num = p % den;
    return m;
  }
  u128 hi, lo;
  mul256(a, b, hi, lo);
  divmod256(hi, lo, den, m.whole, m.num);
  return m;
}

u128 geometric_exp(Stream& s, u128 t, u128 sd) {
  check_scale(t, sd, "geometric rate s/t needs 1 <= s, t < 2^120");
  return geometric_exp_w(s, t, sd);
}

bool bernoulli_logistic(Stream& s, u128 num, u128 den) {
  // N geometric with Pr[N = n] = (1 - p) p^n, p = exp(-num/den): Pr[N even] = 1 / (1 + p). One
  // geometric draw, not a Bernoulli per step: p is within 2^-40 of 1 for a grid step.
  return (geometric_exp(s, den, num) & 1) == 0;
}

std::int64_t discrete_laplace(Stream& s, u128 t, u128 sd) {
  check_scale(t, sd, "discrete Laplace scale t/s needs 1 <= s, t < 2^120");
  return discrete_laplace_by_inversion(s, cached_scale(t, sd));
}

void discrete_laplace(Stream& s, u128 t, u128 sd, std::span<std::int64_t> out) {
  check_scale(t, sd, "discrete Laplace scale t/s needs 1 <= s, t < 2^120");
  if (out.empty()) return;
  BulkWords w(s, out.size() * kWordsPerDraw);
  discrete_laplace_by_inversion(w, cached_scale(t, sd), out);
}

std::int64_t discrete_gaussian(Stream& s, std::uint64_t num, std::uint64_t den) {
  if (num == 0 || den == 0 || num >= (std::uint64_t{1} << 32) || den >= (std::uint64_t{1} << 32))
    throw Error("secure noise: discrete Gaussian sigma^2 = num/den needs 1 <= num, den < 2^32");
  // t = floor(sigma) + 1, with floor(sqrt(num/den)) = isqrt(floor(num/den)) computed exactly.
  const std::uint64_t f = num / den;
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(f)));
  while (r * r > f) --r;
  while ((r + 1) * (r + 1) <= f) ++r;
  const u128 t = r + 1;
  // Accept Y with probability exp(-gamma), gamma = (|Y| - sigma^2/t)^2 / (2 sigma^2)
  //   = (|Y| t den - num)^2 / (2 num den t^2);   the denominator is below 2^99.
  const u128 d = u128{2} * num * den * t * t;
  for (;;) {
    const std::int64_t y = discrete_laplace(s, t, 1);
    const u128 ay = static_cast<u128>(y < 0 ? -static_cast<__int128>(y) : y);
    const u128 a = checked_mul(ay, t * den, "discrete Gaussian candidate");  // < 2^63 2^65
    const u128 x = a >= num ? a - num : num - a;
    bool accept;
    if (bit_length(x) <= 64) {
      accept = bernoulli_exp(s, x * x, d);
    } else {
      // Far tails (|Y| beyond about 2^31 / (t den) ... in practice never): x^2 in 256 bits.
      u128 hi, lo, q, rem;
      mul256(x, x, hi, lo);
      divmod256(hi, lo, d, q, rem);
      accept = bernoulli_exp_split_w(s, q, rem, d);
    }
    if (accept) return y;
  }
}

Rational exact_rational(double x) {
  if (!(x > 0) || !std::isfinite(x)) throw Error("secure noise: expected a finite number > 0");
  int e;
  const double f = std::frexp(x, &e);  // x = f 2^e, f in [1/2, 1)
  auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
  e -= 53;
  while (!(m & 1)) {
    m >>= 1;
    ++e;
  }
  Rational r;
  if (e >= 0) {
    if (e + bit_length(m) >= 120) throw Error("secure noise: " + std::to_string(x) + " is too large for exact arithmetic");
    r.num = static_cast<u128>(m) << e;
  } else {
    if (-e >= 120 - 1) throw Error("secure noise: " + std::to_string(x) + " is too small for exact arithmetic");
    r.num = m;
    r.den = u128{1} << -e;
  }
  return r;
}

Rational laplace_scale(double sensitivity, double eps) {
  // (a / b) / (c / d) = (a d) / (b c); both are powers of two times odd parts, so divide out the
  // common power of two first to keep the parts small.
  const Rational a = exact_rational(sensitivity), c = exact_rational(eps);
  u128 num = a.num, den = c.num;
  u128 p = a.den, q = c.den;  // powers of two
  while (p > 1 && q > 1) {
    p >>= 1;
    q >>= 1;
  }
  num = checked_mul(num, q, "noise scale");
  den = checked_mul(den, p, "noise scale");
  u128 x = num, y = den;  // reduce by the gcd (Euclid)
  while (y) {
    const u128 r = x % y;
    x = y;
    y = r;
  }
  num /= x;
  den /= x;
  if (num >= kLimit || den >= kLimit) throw Error("secure noise: the scale sensitivity/eps does not fit in 120 bits");
  return {num, den};
}

double granularity(double b) {
  if (!(b > 0) || !std::isfinite(b)) throw Error("secure noise: the noise scale must be finite and > 0");
  int e;
  const double f = std::frexp(b * 0x1.0p-40, &e);  // b 2^-40 = f 2^e, f in [1/2, 1)
  return std::ldexp(1.0, f == 0.5 ? e - 1 : e);
}

namespace {

// The grid 2^k of a noise scale b: g = granularity(b).
int grid_exponent(double b) {
  int k;
  std::frexp(granularity(b), &k);
  return k - 1;
}

// floor(value / 2^k + 1/2), exactly.
__int128 to_grid(double value, int k) {
  if (!std::isfinite(value)) throw Error("secure noise: the value must be finite");
  const double y = std::ldexp(value, -k);  // exact: a power-of-two scaling
  if (!(std::fabs(y) < 0x1.0p100)) throw Error("secure noise: |value| / granularity exceeds 2^100");
  const double fl = std::floor(y);
  return static_cast<__int128>(fl) + (y - fl >= 0.5 ? 1 : 0);
}

}  // namespace

double granular_laplace(Stream& s, double value, double sensitivity, double eps) {
  const int k = grid_exponent(sensitivity / eps);
  const __int128 grid = to_grid(value, k);
  // Integer sensitivity on the grid: ceil(sensitivity / g) (exact: scaling by 2^-k, then ceil).
  const Rational scale = laplace_scale(std::ceil(std::ldexp(sensitivity, -k)), eps);
  const std::int64_t z = discrete_laplace(s, scale.num, scale.den);
  return std::ldexp(static_cast<double>(grid + z), k);
}

void granular_laplace(Stream& s, std::span<double> values, double l1_sensitivity, double eps) {
  const int k = grid_exponent(l1_sensitivity / eps);
  const double sg = std::ceil(std::ldexp(l1_sensitivity, -k)) + static_cast<double>(values.size()) - 1;
  const Rational scale = laplace_scale(sg, eps);
  if (values.empty()) return;
  // One batch of draws for all coordinates (the same words as one draw after another).
  std::vector<std::int64_t> z(values.size());
  discrete_laplace(s, scale.num, scale.den, z);
  // Powers of two as factors where they and their inverses are normal doubles (the same roundings
  // as ldexp: both are a correctly rounded x 2^k), 64-bit integers where the grid point fits.
  const bool factors = k > -1000 && k < 1000;
  const double inv_g = factors ? std::ldexp(1.0, -k) : 0, g = factors ? std::ldexp(1.0, k) : 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (factors) {
      const double y = values[i] * inv_g;
      if (std::fabs(y) < 0x1.0p62) {  // to_grid's floor(y + 1/2) in 64 bits (NaN and infinities go on)
        const double fl = std::floor(y);
        const std::int64_t grid = static_cast<std::int64_t>(fl) + (y - fl >= 0.5 ? 1 : 0);
        std::int64_t sum;
        if (!__builtin_add_overflow(grid, z[i], &sum)) {
          values[i] = static_cast<double>(sum) * g;
          continue;
        }
      }
    }
    values[i] = std::ldexp(static_cast<double>(to_grid(values[i], k) + z[i]), k);
  }
}

}  // namespace dplab::secure
