// Unit tests of core/rng: counter-based AES streams are pure functions of
// (seed, key, trial, substream); below(), uniform() and uniform_pos() have the right ranges and
// laws.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <vector>

#include "core/rng.hpp"

using dplab::Stream;

namespace {

std::vector<std::uint64_t> draws(Stream s, std::size_t n) {
  std::vector<std::uint64_t> out(n);
  for (auto& x : out) x = s.next_u64();
  return out;
}

// Chi-square statistic of counts against equal expected frequencies.
double chi_square_uniform(const std::vector<double>& counts, double total) {
  const double expected = total / static_cast<double>(counts.size());
  double chi2 = 0;
  for (double c : counts) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}

}  // namespace

TEST_SUITE("rng") {

TEST_CASE("a stream is a pure function of its arguments") {
  auto a = draws(Stream(7, 123, 4), 1000);
  auto b = draws(Stream(7, 123, 4), 1000);
  CHECK(a == b);
  // Independent of whatever other streams did before.
  Stream other(7, 123, 5);
  for (int i = 0; i < 777; ++i) other.next_u64();
  CHECK(draws(Stream(7, 123, 4), 1000) == a);
  CHECK(draws(Stream(7, 123, 4, 0), 1000) == a);  // substream 0 is the default
  // Draws come from cipher blocks of two words, computed eight blocks at a time.
  Stream s(7, 123, 4);
  CHECK(s.blocks_used() == 0);
  for (int i = 0; i < 17; ++i) s.next_u64();
  CHECK(s.blocks_used() == 16);
  for (int i = 0; i < 16; ++i) s.next_u64();
  CHECK(s.blocks_used() == 24);
  // The words are AES-128 of the block number under the key made of the first two words of
  // Philox4x64-10 of counter (trial, substream, 0, tag) under key (seed, point) (core/rng.hpp).
  r123::Philox4x64 philox;
  const auto k = philox(r123::Philox4x64::ctr_type{{4, 3, 0, Stream::kStreamKeyTag}},
                        r123::Philox4x64::key_type{{7, 123}});
  const dplab::AesKey key = dplab::aes128_key(k.v[0], k.v[1]);
  std::uint8_t block[16] = {21}, cipher[16];  // block 21: the counter 21 as 16 little-endian bytes
  dplab::aes128_encrypt_portable(key, block, cipher);
  std::uint64_t w0 = 0, w1 = 0;
  for (int i = 7; i >= 0; --i) {
    w0 = w0 << 8 | cipher[i];
    w1 = w1 << 8 | cipher[8 + i];
  }
  std::vector<std::uint64_t> words = draws(Stream(7, 123, 4, 3), 44);
  CHECK(words[42] == w0);
  CHECK(words[43] == w1);
}

TEST_CASE("different seed, key, trial or substream give different sequences") {
  const auto ref = draws(Stream(7, 123, 4), 64);
  CHECK(draws(Stream(8, 123, 4), 64) != ref);
  CHECK(draws(Stream(7, 124, 4), 64) != ref);
  CHECK(draws(Stream(7, 123, 5), 64) != ref);
  CHECK(draws(Stream(7, 123, 4, 1), 64) != ref);
  // Swapping seed and key must not give the same stream.
  CHECK(draws(Stream(123, 7, 4), 64) != ref);
  // No shared values at all between neighbouring trials (64-bit collisions are negligible).
  std::set<std::uint64_t> seen(ref.begin(), ref.end());
  std::size_t shared = 0;
  for (std::uint64_t trial = 0; trial < 50; ++trial) {
    if (trial == 4) continue;
    for (auto x : draws(Stream(7, 123, trial), 64)) shared += seen.count(x);
  }
  CHECK(shared == 0);
}

TEST_CASE("substreams differ from the parent and from each other, and are reproducible") {
  const Stream parent(11, 22, 3);
  const auto p = draws(parent, 64);
  const auto s1 = draws(parent.substream(1), 64);
  const auto s2 = draws(parent.substream(2), 64);
  const auto s0 = draws(parent.substream(0), 64);
  CHECK(s1 != p);
  CHECK(s2 != p);
  CHECK(s0 != p);
  CHECK(s1 != s2);
  CHECK(draws(parent.substream(1), 64) == s1);
  // Taking a substream does not advance the parent.
  Stream q(11, 22, 3);
  (void)q.substream(5);
  CHECK(draws(q, 64) == p);
  // The substream of another trial differs.
  CHECK(draws(Stream(11, 22, 4).substream(1), 64) != s1);
  // A substream taken after the parent has drawn is the same (it depends only on identity).
  Stream advanced(11, 22, 3);
  for (int i = 0; i < 10; ++i) advanced.next_u64();
  CHECK(draws(advanced.substream(1), 64) == s1);
}

TEST_CASE("nested substreams stay distinct") {
  // A commutative or self-cancelling combination of ids (e.g. XOR of hashes) would make
  // substream(a).substream(a) the parent itself and sub(a).sub(b) == sub(b).sub(a).
  const Stream parent(11, 22, 3);
  const auto p = draws(parent, 64);
  CHECK(draws(parent.substream(5).substream(5), 64) != p);
  CHECK(draws(parent.substream(1).substream(2), 64) != draws(parent.substream(2).substream(1), 64));
  CHECK(draws(parent.substream(1).substream(2), 64) != draws(parent.substream(1), 64));
}

TEST_CASE("below(n) stays in range; below(1) is 0; small ranges hit every value") {
  Stream s(2024, 1, 0);
  std::size_t out_of_range = 0;
  for (std::size_t i = 0; i < 100000; ++i) out_of_range += s.below(10) >= 10;
  CHECK(out_of_range == 0);

  // A non-power-of-two range close to 2^64 (rejection path of Lemire's method) stays in range.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 12345;
  Stream t(2024, 2, 0);
  for (int i = 0; i < 20000; ++i) out_of_range += t.below(big) >= big;
  CHECK(out_of_range == 0);

  // below(1) is always 0; small ranges hit every value (200 draws miss one of 3 values with
  // probability <= 3 (2/3)^200 = 1.8e-35).
  Stream u(2024, 3, 0);
  std::uint64_t any = 0;
  for (int i = 0; i < 100; ++i) any |= u.below(1);
  CHECK(any == 0);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 200; ++i) seen.insert(u.below(3));
  CHECK(seen == std::set<std::uint64_t>{0, 1, 2});
}

TEST_CASE("uniform() is in [0, 1), uniform_pos() in (0, 1]") {
  Stream s(99, 5, 0);
  int outside = 0, outside_pos = 0;
  for (int i = 0; i < 200000; ++i) {
    const double u = s.uniform(), v = s.uniform_pos();
    outside += !(u >= 0.0 && u < 1.0);
    outside_pos += !(v > 0.0 && v <= 1.0);
  }
  CHECK(outside == 0);
  CHECK(outside_pos == 0);
}

TEST_CASE("uniform() and uniform_pos() use the top 53 bits exactly") {
  Stream a(5, 6, 7), b(5, 6, 7), c(5, 6, 7);
  int mismatches = 0;
  for (int i = 0; i < 1000; ++i) {
    std::uint64_t x = a.next_u64();
    mismatches += b.uniform() != static_cast<double>(x >> 11) * 0x1.0p-53;
    mismatches += c.uniform_pos() != static_cast<double>((x >> 11) + 1) * 0x1.0p-53;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("hash64 is deterministic and sensitive to every byte") {
  CHECK(dplab::hash64(std::string("abc")) == dplab::hash64(std::string("abc")));
  CHECK(dplab::hash64(std::string("abc")) != dplab::hash64(std::string("abd")));
  CHECK(dplab::hash64(std::string("abc")) != dplab::hash64(std::string("ab")));
  CHECK(dplab::hash64(std::string("")) != dplab::hash64(std::string(1, '\0')));
}

}  // TEST_SUITE

// Statistical tests: fixed seeds (so each result is stable); the comment above each check gives
// how often a correct implementation would fail it with another seed.
TEST_SUITE("rng_statistical") {

TEST_CASE("below(n) is uniform: chi-square over 10 values, halves of a range near 2^63") {
  // Total false failure: 1.0e-3 + 5.7e-7 = 1.0e-3 per seed (union bound).
  Stream s(2024, 1, 0);
  const std::uint64_t n = 10;
  const std::size_t draws_n = 100000;
  std::vector<double> counts(n, 0);
  std::size_t out_of_range = 0;
  for (std::size_t i = 0; i < draws_n; ++i) {
    std::uint64_t x = s.below(n);
    if (x < n) counts[x] += 1;
    else ++out_of_range;
  }
  REQUIRE(out_of_range == 0);
  // chi-square, 9 dof, at its 0.999 quantile (27.88): false failure 1.0e-3 per seed.
  CHECK(chi_square_uniform(counts, static_cast<double>(draws_n)) < 27.88);

  // The rejection path of Lemire's method: half the draws below big / 2.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 12345;
  Stream t(2024, 2, 0);
  std::size_t upper_half = 0;
  for (int i = 0; i < 20000; ++i) upper_half += t.below(big) >= big / 2;
  // |z| < 5: two-sided false failure 5.7e-7.
  CHECK(std::fabs(static_cast<double>(upper_half) / 20000.0 - 0.5) < 5 * 0.5 / std::sqrt(20000.0));
}

TEST_CASE("uniform() and uniform_pos() are uniform: means, extremes, 20-bin chi-square") {
  // Total false failure: 1.0e-3 (chi-square) + 2 x 5.7e-7 (means) + 4 x 2.1e-9 (extremes)
  // = 1.0e-3 per seed (union bound).
  Stream s(99, 5, 0);
  const int n = 200000;
  double sum = 0, sum_pos = 0;
  double lo = 1, hi = 0, lo_pos = 1, hi_pos = 0;
  std::vector<double> bins(20, 0);
  int outside = 0, outside_pos = 0;
  for (int i = 0; i < n; ++i) {
    double u = s.uniform();
    if (!(u >= 0.0 && u < 1.0)) {
      ++outside;
      continue;
    }
    sum += u;
    lo = std::min(lo, u);
    hi = std::max(hi, u);
    bins[static_cast<std::size_t>(u * 20)] += 1;
    double v = s.uniform_pos();
    if (!(v > 0.0 && v <= 1.0)) ++outside_pos;
    sum_pos += v;
    lo_pos = std::min(lo_pos, v);
    hi_pos = std::max(hi_pos, v);
  }
  REQUIRE(outside == 0);
  REQUIRE(outside_pos == 0);
  const double se = std::sqrt(1.0 / 12.0 / n);
  // |z| < 5 on each mean: two-sided false failure 5.7e-7 each.
  CHECK(std::fabs(sum / n - 0.5) < 5 * se);
  CHECK(std::fabs(sum_pos / n - 0.5) < 5 * se);
  // No draw within 1e-4 of an end: (1 - 1e-4)^200000 = 2.1e-9 each.
  CHECK(lo < 1e-4);
  CHECK(hi > 1 - 1e-4);
  CHECK(lo_pos < 1e-4);
  CHECK(hi_pos > 1 - 1e-4);
  // chi-square, 19 dof, at its 0.999 quantile (43.82): false failure 1.0e-3 per seed.
  CHECK(chi_square_uniform(bins, n) < 43.82);
}

}  // TEST_SUITE
