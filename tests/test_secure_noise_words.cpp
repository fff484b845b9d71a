// core/secure_noise's samplers of Algorithms 1-2 (Canonne, Kamath, Steinke 2020: Bernoulli(exp),
// the geometric) draw exactly the words of their plain definitions (written below as directly as
// possible, with Stream::below and 128-bit division everywhere); and a batch of discrete Laplace
// draws (over a span, and granular_laplace over a vector) equals the draws made one by one and
// leaves the stream at the same word. The speed-ups of the library code (no division where the
// quotient is known or the operands fit in 64 bits, BulkWords and step 1 for batches) must change
// no result: these checks are exact. The discrete Laplace itself is drawn by inversion since
// results version 4 (core/geometric_inversion.hpp, tests/test_geometric_inversion.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/rng.hpp"
#include "core/secure_noise.hpp"

using namespace dplab;
namespace sn = dplab::secure;
using u128 = sn::u128;

namespace reference {

u128 uniform_below(Stream& s, u128 n) {
  if (n <= std::numeric_limits<std::uint64_t>::max()) return s.below(static_cast<std::uint64_t>(n));
  int bits = 0;
  for (u128 m = n - 1; m; m >>= 1) ++bits;
  const u128 mask = bits == 128 ? ~u128{0} : (u128{1} << bits) - 1;
  for (;;) {
    const u128 hi = s.next_u64();
    const u128 x = ((hi << 64) | s.next_u64()) & mask;
    if (x < n) return x;
  }
}

bool bernoulli(Stream& s, u128 num, u128 den) { return uniform_below(s, den) < num; }

// Algorithm 1 for gamma = num / den in [0, 1].
bool bernoulli_exp_le1(Stream& s, u128 num, u128 den) {
  u128 k = 1;
  while (bernoulli(s, num, den * k)) ++k;
  return k & 1;
}

// Algorithm 1 for any gamma: floor(gamma) Bernoulli(exp(-1)), then the fraction.
bool bernoulli_exp(Stream& s, u128 num, u128 den) {
  for (u128 k = 0; k < num / den; ++k)
    if (!bernoulli_exp_le1(s, 1, 1)) return false;
  return bernoulli_exp_le1(s, num % den, den);
}

u128 geometric_exp(Stream& s, u128 t, u128 sd) {
  for (;;) {
    const u128 u = uniform_below(s, t);
    if (!bernoulli_exp(s, u, t)) continue;
    u128 v = 0;
    while (bernoulli_exp_le1(s, 1, 1)) ++v;
    return (t * v + u) / sd;
  }
}

}  // namespace reference

namespace {

// Scales t / s of every kind the mechanisms use: small integers, non-dyadic fractions, the
// granular path's ~2^41 (eps = 0.5) and its 128-bit ~2^95 / 3602879701896397 (eps = 0.1), and
// sd above 2^64.
std::vector<std::pair<u128, u128>> scales() {
  std::vector<std::pair<u128, u128>> v = {{1, 1}, {2, 1}, {3, 2}, {1, 3}, {1000, 7}, {u128{1} << 41, 1}};
  const sn::Rational e01 = sn::laplace_scale(static_cast<double>(u128{1} << 40), 0.1);
  v.push_back({e01.num, e01.den});
  v.push_back({(u128{1} << 100) + 12345, (u128{1} << 70) + 3});
  v.push_back({5, (u128{1} << 66) + 1});
  return v;
}

}  // namespace

TEST_SUITE("secure_noise") {

TEST_CASE("the geometric and Bernoulli samplers draw the words of the plain definitions (Algorithms 1-2)") {
  int compared = 0;
  for (const auto& [t, sd] : scales()) {
    CAPTURE(static_cast<double>(t));
    CAPTURE(static_cast<double>(sd));
    for (std::uint64_t trial = 0; trial < 40; ++trial) {
      Stream a(31, 7, trial), b(31, 7, trial);
      for (int i = 0; i < 25; ++i) {
        REQUIRE(sn::geometric_exp(a, t, sd) == reference::geometric_exp(b, t, sd));
        ++compared;
      }
      REQUIRE(a.words_used() == b.words_used());
    }
  }
  // Bernoulli(exp(-gamma)) below and above 1, and the uniform below 2^64 and above.
  for (auto [num, den] : std::vector<std::pair<u128, u128>>{{0, 1}, {3, 10}, {1, 1}, {5, 3}, {7, 2}, {u128{1} << 80, (u128{1} << 78) + 1}}) {
    Stream a(32, 0, 0), b(32, 0, 0);
    for (int i = 0; i < 2000; ++i) {
      REQUIRE(sn::bernoulli_exp(a, num, den) == reference::bernoulli_exp(b, num, den));
      REQUIRE(sn::uniform_below(a, den + 5) == reference::uniform_below(b, den + 5));
    }
    REQUIRE(a.words_used() == b.words_used());
  }
  CHECK(compared == 9 * 40 * 25);
}

TEST_CASE("a batch of discrete Laplace draws equals the draws one by one, and so does granular Laplace's vector") {
  for (const auto& [t, sd] : scales()) {
    // Batch sizes around a pass (64 words) and BulkWords' read-ahead (512 words).
    for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{33}, std::size_t{64}, std::size_t{100}, std::size_t{1500}}) {
      Stream a(33, 1, n), b(33, 1, n);
      a.next_u64();  // start mid-block
      b.next_u64();
      std::vector<std::int64_t> batch(n);
      sn::discrete_laplace(a, t, sd, batch);
      for (std::size_t i = 0; i < n; ++i) REQUIRE(batch[i] == sn::discrete_laplace(b, t, sd));
      REQUIRE(a.words_used() == b.words_used());
      REQUIRE(a.next_u64() == b.next_u64());  // the stream continues at the same word
    }
  }
  for (double eps : {0.5, 0.1, 1.7}) {
    Stream a(34, 2, 0), b(34, 2, 0);
    std::vector<double> values(300), one_by_one(300);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = one_by_one[i] = 0.37 * static_cast<double>(i) - 20;
    const double l1 = 3.0;
    sn::granular_laplace(a, values, l1, eps);
    // The vector path's grid and scale (secure_noise.hpp): g = granularity(l1 / eps), grid
    // sensitivity ceil(l1 / g) + n - 1, each coordinate rounded to the grid plus g Z.
    const double g = sn::granularity(l1 / eps);
    const sn::Rational scale = sn::laplace_scale(std::ceil(l1 / g) + static_cast<double>(values.size()) - 1, eps);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double y = one_by_one[i] / g;
      const double grid = std::floor(y) + (y - std::floor(y) >= 0.5 ? 1 : 0);
      const double expected = g * (grid + static_cast<double>(sn::discrete_laplace(b, scale.num, scale.den)));
      REQUIRE(values[i] == expected);
    }
    REQUIRE(a.words_used() == b.words_used());
  }
}

}  // TEST_SUITE
