// The exact discrete Laplace sampler of the secure mode (core/secure_noise.hpp), by inversion.
//
// For u uniform on (0, 1) and lambda = t / s > 0, G = floor(lambda (-ln u)) has
// Pr[G >= n] = Pr[u <= exp(-n / lambda)] = p^n with p = exp(-s / t): the geometric law of
// Canonne, Kamath and Steinke's Algorithm 2, whose discrete Laplace is G with a random sign, the
// negative zero drawn again. Their algorithm reaches G through about ten Bernoulli trials, each a
// branch no predictor can guess (60 ns a draw); here a draw reads one word: its top bit is the
// sign, its other 63 bits the first digits of u, and u's further digits are the following words,
// read only if needed.
//
// G is a function of u, computed exactly in three steps, each one trying only where the one
// before could not decide (every step decides the same function, so which one does is invisible
// in the result, and a batch is bit for bit the draws made one by one):
//   1. (AVX-512 or AVX2 + FMA CPUs, lambda < 2^44) eight or four words at once in double
//      precision: a 16-bucket table and a degree-11 series for ln y, lambda d ln 2 in two
//      doubles, and an error bound (derived in core/geometric_inversion_avx512.cpp) that
//      certifies the floor; undecided near a boundary (1.7% of the draws at lambda = 2^41).
//   2. 64-bit fixed point (certified_log.hpp's neg_log63): bounds of -ln u over the interval
//      the 63 digits leave open; undecided about lambda 2^-57 of the time.
//   3. Big integers (certified_log.hpp's neg_log_bounds): u extended by a word at a time until
//      the floor is decided; it ends with probability 1, since u meets a boundary
//      exp(-n / lambda) with probability 0.
// tests/test_geometric_inversion.cpp checks the three against each other and the law.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "core/certified_log.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"

namespace dplab::secure {

// Step 1's table: for y in bucket i, [1 + i/16, 1 + (i+1)/16), R[i] = the bucket middle's
// reciprocal rounded to 24 bits and L[i] = ln(1 / R[i]) rounded down to 53 fractional bits (below
// the true value by less than 2^-53), made with neg_log_bounds. ln2 is ln 2 within 2^-63.
struct InversionTables {
  double R[16], L[16];
  long double ln2;
  InversionTables();
};

// lambda = t / s and what the three steps need of it; 1 <= t, s < 2^120.
struct InversionScale {
  unsigned __int128 t = 0, sd = 0;
  // lambda as m 2^-e with m in [2^62, 2^64 - 1), rounded down (m_lo) and up (m_hi); lambda x
  // 2^-62 (x one of neg_log63's bounds) is then m x 2^-(e + 62).
  std::uint64_t m_lo = 0, m_hi = 0;
  int shift = 0;  // e + 62, >= 6 since lambda < 2^120
  const Log63Tables* log = nullptr;
  // Step 1 (used when vector is not 0: 2 with AVX-512, 1 with AVX2 and FMA): lambda rounded to a
  // double, lambda ln 2 as the sum of two doubles, the margin of the error bound, and the
  // 16-bucket table.
  int vector = 0;
  int level = 0;  // detail::inversion_vector_level() when it was made (a cache compares it)
  double lambda = 0, lambda_ln2_hi = 0, lambda_ln2_lo = 0, margin = 0;
  const InversionTables* tables = nullptr;
};

InversionScale inversion_scale(unsigned __int128 t, unsigned __int128 sd);

// A draw's outcome from its first word: the value, kReject (the negative zero: draw again from
// the next word) or kUndecided (the big-integer step must finish it; also when the value would
// not fit in 63 bits, so that the step reports it).
constexpr std::int64_t kReject = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kUndecided = kReject + 1;
constexpr std::uint64_t kDigits = ~(std::uint64_t{1} << 63);  // u's first 63 digits

// The signed result of G and the first word's sign bit (branch-free).
inline std::int64_t signed_draw(std::uint64_t word, std::int64_t g) {
  const std::int64_t neg = -static_cast<std::int64_t>(word >> 63);
  const std::int64_t z = (g ^ neg) - neg;
  return (neg & static_cast<std::int64_t>(g == 0)) ? kReject : z;
}

// floor(m x 2^-shift) for x < 2^68 and shift >= 6 (lambda < 2^120): the product is below 2^132.
inline unsigned __int128 scaled_floor(std::uint64_t m, unsigned __int128 x, int shift) {
  using u128 = unsigned __int128;
  const u128 lo = static_cast<u128>(m) * static_cast<std::uint64_t>(x);
  const u128 hi = static_cast<u128>(m) * static_cast<std::uint64_t>(x >> 64);  // < 2^68
  const u128 mid = (lo >> 64) + static_cast<std::uint64_t>(hi);
  const u128 top = ((hi >> 64) + (mid >> 64)) << 64 | static_cast<std::uint64_t>(mid);  // the product >> 64
  if (shift >= 64) return shift >= 192 ? 0 : top >> (shift - 64);
  return (top << (64 - shift)) | (static_cast<std::uint64_t>(lo) >> shift);
}

// Step 2 on one word.
inline std::int64_t first_word_draw(std::uint64_t word, const InversionScale& sc) {
  using u128 = unsigned __int128;
  const std::uint64_t a = word & kDigits;
  const NegLogBounds b = neg_log63(*sc.log, a | (a == 0));  // a = 0 (u < 2^-63) is undecided
  const u128 n_lo = scaled_floor(sc.m_lo, b.lo, sc.shift), n_hi = scaled_floor(sc.m_hi, b.hi, sc.shift);
  const bool decided = a != 0 && n_lo == n_hi && n_lo <= static_cast<u128>(std::numeric_limits<std::int64_t>::max());
  const std::int64_t z = signed_draw(word, static_cast<std::int64_t>(n_lo));
  return decided ? z : kUndecided;
}

// Steps 1 and 2 on words[0..n): out[k] is the outcome of words[k] as the first word of a draw.
void first_word_draws(const std::uint64_t* words, std::size_t n, const InversionScale& sc, std::int64_t* out);

namespace detail {
// Step 1: the vector level this CPU and core/simd.hpp's level allow (2: AVX-512 F, CD and DQ,
// core/geometric_inversion_avx512.cpp; 1: AVX2 and FMA, core/geometric_inversion_avx2.cpp; 0:
// none), and the kernels, eight or four words a step over the first words (they return how many
// they did); kUndecided where step 1 cannot decide. first_word_draws_step1 runs the scale's.
int inversion_vector_level();
bool inversion_avx512_available();
bool inversion_avx2_available();
std::size_t first_word_draws_avx512(const std::uint64_t* words, std::size_t n, const InversionScale& sc,
                                    std::int64_t* out);
std::size_t first_word_draws_avx2(const std::uint64_t* words, std::size_t n, const InversionScale& sc,
                                  std::int64_t* out);
std::size_t first_word_draws_step1(const std::uint64_t* words, std::size_t n, const InversionScale& sc,
                                   std::int64_t* out);
}  // namespace detail

// Step 3: G of the draw whose first word's digits are `digits`, reading u's further digits
// from w (Stream or BulkWords). Throws when G >= 2^127.
template <class Words>
unsigned __int128 geometric_by_big_integers(Words& w, std::uint64_t digits, const InversionScale& sc) {
  BigInt a = digits;
  unsigned k = 63;  // u in [a 2^-k, (a + 1) 2^-k)
  const BigInt bt(sc.t), bs(sc.sd);
  for (;;) {
    const unsigned precision = k + 64;
    if (a > 0) {
      // -ln u in [-ln((a + 1) 2^-k), -ln(a 2^-k)]: G is decided when lambda times both ends has
      // the same floor.
      BigInt lo, hi, unused;
      neg_log_bounds(a + 1, k, precision, lo, unused);
      neg_log_bounds(a, k, precision, unused, hi);
      const BigInt den = bs << precision;
      const BigInt n_lo = (bt * lo) / den, n_hi = (bt * hi) / den;
      if (n_lo == n_hi) {
        if (boost::multiprecision::msb(n_lo + 1) >= 127) throw Error("secure noise: discrete Laplace draw exceeds 2^127");
        return static_cast<unsigned __int128>(n_lo);
      }
    }
    a = (a << 64) | BigInt(w.next_u64());
    k += 64;
  }
}

// The outcome of a draw whose first word `word` steps 1 and 2 left undecided: step 3, reading on
// from w, then the sign (kReject for the negative zero). Throws when the value exceeds 2^63.
template <class Words>
std::int64_t finish_by_big_integers(Words& w, std::uint64_t word, const InversionScale& sc) {
  const unsigned __int128 g = geometric_by_big_integers(w, word & kDigits, sc);
  if (g > static_cast<unsigned __int128>(std::numeric_limits<std::int64_t>::max()))
    throw Error("secure noise: discrete Laplace draw exceeds 2^63");
  return signed_draw(word, static_cast<std::int64_t>(g));
}

// One draw: its first word, then as many more as step 3 or a rejected zero need.
template <class Words>
std::int64_t discrete_laplace_by_inversion(Words& w, const InversionScale& sc) {
  for (;;) {
    const std::uint64_t word = w.next_u64();
    std::int64_t z = first_word_draw(word, sc);
    if (z == kUndecided) z = finish_by_big_integers(w, word, sc);
    if (z != kReject) return z;
  }
}

// out.size() draws: the same words, in the same order, as discrete_laplace_by_inversion one
// after another.
void discrete_laplace_by_inversion(BulkWords& w, const InversionScale& sc, std::span<std::int64_t> out);

}  // namespace dplab::secure
