// The inversion sampler of the secure discrete Laplace (core/geometric_inversion.hpp) and the
// certified logarithms under it (core/certified_log.hpp): exact quantities exactly.
//  - neg_log_bounds brackets -ln x (against long double logarithms, and at two precisions);
//  - neg_log63's bounds contain the true -ln over the whole interval of u its 63 digits leave open;
//  - steps 1 (AVX-512, where the CPU has it), 2 and 3 agree on every word where they decide, also
//    on words placed at a boundary exp(-n / lambda), where steps 1 and 2 must stand aside;
//  - a draw is floor(lambda (-ln u)) of its words, computed here by a plain reference;
//  - the AVX-512, AVX2 and scalar paths give the same draws bit for bit.
// The law itself is checked statistically in tests/test_secure_noise.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/certified_log.hpp"
#include "core/geometric_inversion.hpp"
#include "core/rng.hpp"
#include "core/secure_noise.hpp"
#include "core/simd.hpp"

using namespace dplab;
namespace sn = dplab::secure;
using u128 = unsigned __int128;
using sn::BigInt;

namespace {

// A word source over a fixed list (the words after a draw's first one).
struct ListWords {
  std::vector<std::uint64_t> words;
  std::size_t used = 0;
  std::uint64_t next_u64() { return words.at(used++); }
};

// The definition, as plainly as it can be written: G = floor(lambda (-ln u)) with u's digits the
// first word's 63 low bits, then whole words, extended until the floor is decided by bounds
// 2^-(digits + 64) wide.
u128 reference_geometric(std::uint64_t first, ListWords& more, u128 t, u128 sd) {
  BigInt a = first & sn::kDigits;
  unsigned k = 63;
  for (;;) {
    if (a > 0) {
      BigInt lo, hi, x;
      sn::neg_log_bounds(a + 1, k, k + 64, lo, x);
      sn::neg_log_bounds(a, k, k + 64, x, hi);
      const BigInt den = BigInt(sd) << (k + 64);
      const BigInt n_lo = BigInt(t) * lo / den, n_hi = BigInt(t) * hi / den;
      if (n_lo == n_hi) return static_cast<u128>(n_lo);
    }
    a = (a << 64) | BigInt(more.next_u64());
    k += 64;
  }
}

// Scales t / s: small, non-dyadic, the granular path's ~2^41 (eps = 0.5) and ~2^40 / 0.1 with
// s ~ 2^52, two above step 1's 2^44 (one with t near 2^100), and one below 2^-60.
std::vector<std::pair<u128, u128>> scales() {
  std::vector<std::pair<u128, u128>> v = {{1, 1}, {2, 1}, {3, 2}, {1, 3}, {1000, 7}, {u128{1} << 41, 1}, {(u128{1} << 47) + 5, 3}};
  const sn::Rational e01 = sn::laplace_scale(static_cast<double>(u128{1} << 40), 0.1);
  v.push_back({e01.num, e01.den});
  v.push_back({(u128{1} << 100) + 12345, (u128{1} << 52) + 7});
  v.push_back({5, (u128{1} << 66) + 1});
  return v;
}

// The 63-digit prefix a at which floor(lambda (-ln(a 2^-63))) first drops below n (a boundary
// exp(-n / lambda) lies in [a 2^-63, (a + 1) 2^-63)), by bisection on exact bounds.
std::uint64_t boundary_prefix(u128 t, u128 sd, unsigned n) {
  auto at_least_n = [&](std::uint64_t a) {  // lambda (-ln(a 2^-63)) >= n, decided by wide-enough bounds
    BigInt lo, hi;
    sn::neg_log_bounds(BigInt(a), 63, 200, lo, hi);
    return BigInt(t) * lo >= (BigInt(sd) * n) << 200;
  };
  std::uint64_t lo = 1, hi = sn::kDigits;  // at_least_n(lo) holds, at_least_n(hi) does not
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (at_least_n(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace

TEST_SUITE("secure_noise") {

TEST_CASE("neg_log_bounds brackets -ln(a / 2^k), 2 units wide") {
  int checked = 0;
  for (std::uint64_t a : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{1000},
                          std::uint64_t{123456789}, (std::uint64_t{1} << 40) + 1, (std::uint64_t{1} << 62) + 17}) {
    for (unsigned k : {63u, 70u, 100u}) {
      BigInt lo, hi, lo2, hi2;
      sn::neg_log_bounds(BigInt(a), k, 60, lo, hi);
      CHECK(hi - lo <= 2);
      const long double x = std::ldexp(static_cast<long double>(a), -static_cast<int>(k));
      const long double v = -std::log(x) * std::ldexp(1.0L, 60);  // within a relative 2^-63
      CHECK(static_cast<long double>(lo) <= v * (1 + 0x1p-60L) + 1);
      CHECK(static_cast<long double>(hi) >= v * (1 - 0x1p-60L) - 1);
      // At 64 more bits the bounds lie inside these.
      sn::neg_log_bounds(BigInt(a), k, 124, lo2, hi2);
      CHECK((lo << 64) <= lo2);
      CHECK(hi2 <= (hi << 64));
      ++checked;
    }
  }
  BigInt lo, hi;
  sn::neg_log_bounds(BigInt(1) << 70, 70, 60, lo, hi);  // u = 1
  CHECK(lo == 0);
  CHECK(hi <= 1);
  CHECK(checked == 24);
}

TEST_CASE("neg_log63 contains -ln u over its whole interval") {
  const sn::Log63Tables& tb = sn::log63_tables();
  Stream s(41, 0, 0);
  std::vector<std::uint64_t> prefixes = {1, 2, 3, (std::uint64_t{1} << 62), sn::kDigits, sn::kDigits - 1};
  for (int b = 0; b < 1024; b += 37) prefixes.push_back((std::uint64_t{1} << 62) | (std::uint64_t(b) << 52));  // bucket edges
  for (int i = 0; i < 6000; ++i) prefixes.push_back((s.next_u64() >> (1 + i % 63)) | 1);
  int checked = 0;
  for (std::uint64_t a : prefixes) {
    const sn::NegLogBounds b = sn::neg_log63(tb, a);
    BigInt lo, hi, x;
    sn::neg_log_bounds(BigInt(a), 63, 62, x, hi);      // -ln(a 2^-63): the interval's top
    sn::neg_log_bounds(BigInt(a) + 1, 63, 62, lo, x);  // -ln((a + 1) 2^-63): its bottom
    REQUIRE_MESSAGE(BigInt(b.hi) >= hi, "a = " << a);
    REQUIRE_MESSAGE(BigInt(b.lo) <= lo, "a = " << a);
    // Not needlessly wide: the interval's own width (at most 2^62 / a), 2^62 / 2^j for it, and
    // the 21 units of the arithmetic.
    const int j = 63 - __builtin_clzll(a);
    CHECK(BigInt(b.hi) - BigInt(b.lo) <= (hi - lo) + (BigInt(1) << 62 >> j) + 24);
    ++checked;
  }
  CHECK(checked == static_cast<int>(prefixes.size()));
}

TEST_CASE("steps 1, 2 and 3 agree with the definition on every word, boundaries included") {
  // At each vector level of step 1 this CPU has (AVX-512, AVX2).
  const simd::Level was = simd::level();
  int levels = 0;
  for (const simd::Level level : {simd::Level::avx512, simd::Level::avx2}) {
  if (level > simd::supported()) continue;
  simd::set_level(level);
  const bool vector = sn::detail::inversion_vector_level() > 0;
  levels += vector;
  CAPTURE(sn::detail::inversion_vector_level());
  Stream s(42, 0, 0);
  long compared = 0, step1_undecided = 0, step2_undecided = 0;
  for (const auto& [t, sd] : scales()) {
    CAPTURE(static_cast<double>(t) / static_cast<double>(sd));
    const sn::InversionScale sc = sn::inversion_scale(t, sd);
    const double lambda = static_cast<double>(t) / static_cast<double>(sd);
    CHECK((sc.vector > 0) == (vector && lambda < 0x1p44));  // (lambda is rounded here; no scale is near 2^44)
    // Random words, words at boundaries exp(-n / lambda) and their neighbours, and the smallest
    // prefixes (u below 2^-62).
    std::vector<std::uint64_t> words;
    for (int i = 0; i < 4000; ++i) words.push_back(s.next_u64());
    for (unsigned n : {1u, 2u, 5u, 17u}) {
      if (lambda * 43 < n) continue;  // the boundary lies below 2^-63
      const std::uint64_t a = boundary_prefix(t, sd, n);
      for (std::uint64_t da : {0, 1, 2}) words.push_back(a - 1 + da), words.push_back((a - 1 + da) | ~sn::kDigits);
    }
    for (std::uint64_t a : {0, 1, 2, 3}) words.push_back(a);
    while (words.size() % 8) words.push_back(s.next_u64());
    std::vector<std::int64_t> step1(words.size(), sn::kUndecided), both(words.size());
    if (sc.vector) REQUIRE(sn::detail::first_word_draws_step1(words.data(), words.size(), sc, step1.data()) == words.size());
    sn::first_word_draws(words.data(), words.size(), sc, both.data());
    for (std::size_t k = 0; k < words.size(); ++k) {
      const std::uint64_t w = words[k];
      CAPTURE(w);
      // The reference with two different continuations of u: where the first word decides, both
      // agree; at a boundary they may not, and then steps 1 and 2 must have stood aside.
      // (After a first word whose digits are all 0 the low continuation starts at 1: u = 0 has no
      // logarithm, and has probability 0.)
      const std::uint64_t low = (w & sn::kDigits) == 0;
      ListWords zeros{{low, 0, 0, 0, 0, 0}}, ones{{~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL}};
      const u128 g0 = reference_geometric(w, zeros, t, sd), g1 = reference_geometric(w, ones, t, sd);
      const std::int64_t expected = g0 < (u128{1} << 63) ? sn::signed_draw(w, static_cast<std::int64_t>(g0)) : sn::kUndecided;
      const std::int64_t step2 = sn::first_word_draw(w, sc);
      if (step2 == sn::kUndecided) ++step2_undecided;
      else REQUIRE(step2 == expected);
      if (sc.vector && step1[k] == sn::kUndecided) ++step1_undecided;
      if (step1[k] != sn::kUndecided) REQUIRE(step1[k] == expected);
      REQUIRE(both[k] == (sc.vector && step1[k] != sn::kUndecided ? step1[k] : step2));
      if (g0 != g1) {
        REQUIRE(step2 == sn::kUndecided);
        REQUIRE(step1[k] == sn::kUndecided);
      }
      // Step 3 from the same continuation gives the reference's value.
      ListWords zeros3{{low, 0, 0, 0, 0, 0}};
      REQUIRE(sn::geometric_by_big_integers(zeros3, w & sn::kDigits, sc) == g0);
      ++compared;
    }
  }
  MESSAGE("words compared: " << compared << "; step 1 stood aside on " << step1_undecided << ", step 2 on " << step2_undecided);
  CHECK(compared > 40000);
  CHECK(step2_undecided > 0);  // the boundary words reached step 3
  if (vector) CHECK(step1_undecided > step2_undecided);  // and step 1 stood aside more often
  }
  simd::set_level(was);
  if (levels == 0) MESSAGE("this CPU has neither AVX-512 F/CD/DQ nor AVX2 and FMA: step 1 was not run, steps 2 and 3 were");
}

TEST_CASE("how often steps 1 and 2 stand aside at the granular scale (lambda = 2^41)") {
  // Deterministic (a fixed stream), and a check that the margins are not needlessly wide: by their
  // widths, step 1 should stand aside on about lambda (2^-47 + 2^-51) of first words (1.6%) and
  // step 2 on about lambda 21 2^-62 (2^-16.6) of those.
  const sn::InversionScale sc = sn::inversion_scale(u128{1} << 41, 1);
  Stream s(7, 0, 0);
  const long n = 1L << 22;
  std::vector<std::uint64_t> w(4096);
  std::vector<std::int64_t> first(4096);
  long step1 = 0, step2 = 0;
  for (long i = 0; i < n; i += 4096) {
    for (auto& x : w) x = s.next_u64();
    if (sc.vector) sn::detail::first_word_draws_step1(w.data(), w.size(), sc, first.data());
    for (std::size_t k = 0; k < w.size(); ++k)
      if (!sc.vector || first[k] == sn::kUndecided) {
        ++step1;
        step2 += sn::first_word_draw(w[k], sc) == sn::kUndecided;
      }
  }
  const std::string what = sc.vector == 2 ? "(AVX-512) stood aside on " : sc.vector == 1 ? "(AVX2) stood aside on " : "did not run; step 2 ran on ";
  MESSAGE("lambda 2^41, " << n << " first words: step 1 " << what << step1
          << ", step 2 on " << step2);
  if (sc.vector) CHECK(step1 < n / 40);  // 2.5%
  CHECK(step2 < n / 10000);
}

TEST_CASE("a draw is floor(lambda (-ln u)) of its words, and the vector path draws what the scalar one does") {
  for (const auto& [t, sd] : scales()) {
    CAPTURE(static_cast<double>(t) / static_cast<double>(sd));
    // One by one against the definition, reading the same words from a copy of the stream.
    Stream a(43, 1, 0), b(43, 1, 0);
    for (int i = 0; i < 300; ++i) {
      const std::int64_t z = sn::discrete_laplace(a, t, sd);
      for (;;) {  // the definition: first word, continuation words as needed, the negative zero redrawn
        const std::uint64_t w = b.next_u64();
        const std::uint64_t start = b.words_used();
        std::vector<std::uint64_t> more;
        for (int m = 0; m < 8; ++m) more.push_back(b.next_u64());
        ListWords lw{more};
        const u128 g = reference_geometric(w, lw, t, sd);
        b.seek_word(start + lw.used);
        const std::int64_t r = sn::signed_draw(w, static_cast<std::int64_t>(g));
        if (r == sn::kReject) continue;
        REQUIRE(z == r);
        break;
      }
      REQUIRE(a.words_used() == b.words_used());
    }
    // A batch at each vector level this CPU has, and with the scalar path: the same draws.
    const simd::Level was = simd::level();
    std::vector<std::vector<std::int64_t>> draws;
    std::vector<std::uint64_t> used;
    for (const simd::Level l : {simd::Level::avx512, simd::Level::avx2, simd::Level::scalar}) {
      if (l > simd::supported()) continue;
      simd::set_level(l);
      CHECK(sn::inversion_scale(t, sd).level == (l == simd::Level::scalar ? 0 : sn::detail::inversion_vector_level()));
      Stream c(44, 2, 0);
      draws.emplace_back(5000);
      sn::discrete_laplace(c, t, sd, draws.back());
      used.push_back(c.words_used());
    }
    simd::set_level(was);
    REQUIRE(!draws.empty());
    for (std::size_t i = 1; i < draws.size(); ++i) {
      CHECK(draws[i] == draws[0]);
      CHECK(used[i] == used[0]);
    }
  }
  // A scale whose draws cannot fit in 63 bits is refused with a clear message.
  Stream e(45, 0, 0);
  CHECK_THROWS_WITH(sn::discrete_laplace(e, (u128{1} << 100) + 1, 1), "secure noise: discrete Laplace draw exceeds 2^63");
}

}  // TEST_SUITE
