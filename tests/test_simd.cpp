// The vector code paths (core/simd.hpp) against the scalar ones: Stream::fill (whose cipher
// runs portable at level scalar, tests/test_aes_ctr.cpp) and the batch Laplace sampler must give bit-identical words and samples at every level the
// CPU supports, leave the stream at the same word, and cover the ziggurat's rare paths (tail,
// wedges, redraws). Levels the CPU lacks are skipped (the binary still runs there: the
// dispatch falls back to scalar, which the first case checks).
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "core/samplers.hpp"
#include "core/simd.hpp"
#include "result_compare.hpp"
#include "simd_level_guard.hpp"
#include "core/simd_kernels.hpp"
#include "core/ziggurat.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"

using namespace dplab;
using dplab::testing::LevelGuard;
using dplab::testing::same_bits;

namespace {

std::vector<simd::Level> vector_levels() {
  std::vector<simd::Level> out;
  for (simd::Level l : {simd::Level::avx2, simd::Level::avx512})
    if (l <= simd::supported()) out.push_back(l);
  return out;
}

// Scalar reference: one sample_laplace(Stream&, b) at a time.
std::vector<double> scalar_laplace(Stream s, double b, std::size_t n, std::uint64_t& next_word) {
  std::vector<double> out(n);
  for (double& x : out) x = sample_laplace(s, b);
  next_word = s.next_u64();
  return out;
}

}  // namespace

TEST_SUITE("simd") {

TEST_CASE("the level is capped at what the CPU supports") {
  LevelGuard guard;
  simd::set_level(simd::Level::avx512);
  CHECK(simd::level() == simd::supported());
  simd::set_level(simd::Level::scalar);
  CHECK(simd::level() == simd::Level::scalar);
  CHECK(std::string(simd::name(simd::Level::avx2)) == "avx2");
  MESSAGE("this CPU: " << std::string(simd::name(simd::supported())));
}

TEST_CASE("Stream::fill gives the words of next_u64 and leaves the stream at the same place") {
  LevelGuard guard;
  for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
    simd::set_level(level);
    for (std::size_t skip : {0u, 1u, 3u, 15u, 16u, 17u}) {
      for (std::size_t n : {0u, 1u, 5u, 64u, 1000u}) {
        Stream a(3, 4, 5, 6), b(3, 4, 5, 6);
        for (std::size_t i = 0; i < skip; ++i) { a.next_u64(); b.next_u64(); }
        std::vector<std::uint64_t> ref(n), got(n);
        for (auto& w : ref) w = a.next_u64();
        b.fill(got);
        REQUIRE(got == ref);
        CHECK(b.words_used() == a.words_used());
        CHECK(b.next_u64() == a.next_u64());
      }
    }
  }
}

TEST_CASE("batch Laplace equals the scalar sampler bit for bit at every level, stream position included") {
  LevelGuard guard;
  std::uint64_t cases = 0;
  for (simd::Level level : vector_levels()) {
    simd::set_level(level);
    for (std::uint64_t trial = 0; trial < 60; ++trial) {
      // Lengths around the batch threshold and the kernels' widths, and a long one.
      const std::size_t n = trial % 6 == 0 ? 100003 : std::size_t{1} + 37 * trial % 300;
      const double b = 0.25 + static_cast<double>(trial % 7);
      Stream ref_stream(99, trial * 131, trial, trial % 3);
      for (std::uint64_t i = 0; i < trial % 5; ++i) ref_stream.next_u64();  // any starting word
      Stream batch_stream = ref_stream;
      std::uint64_t ref_next = 0;
      const std::vector<double> ref = scalar_laplace(ref_stream, b, n, ref_next);
      std::vector<double> got(n);
      sample_laplace(batch_stream, b, got);
      REQUIRE(same_bits(got, ref));
      CHECK(batch_stream.next_u64() == ref_next);
      // add_laplace draws the same noise and adds it.
      Stream add_stream = ref_stream;
      std::vector<double> values(n, 3.5), expect(n);
      for (std::size_t i = 0; i < n; ++i) expect[i] = 3.5 + ref[i];
      add_laplace(add_stream, b, values);
      REQUIRE(same_bits(values, expect));
      CHECK(add_stream.next_u64() == ref_next);
      ++cases;
    }
  }
  if (!vector_levels().empty()) CHECK(cases > 0);
}

TEST_CASE("the compared streams go through the tail, the wedges and redraws") {
  // Replays the ziggurat's decisions on the words of the streams the previous case compares
  // (its long cases): rejected fast-path candidates in layer 0 go to the tail, in other layers
  // to a wedge. The words used exceed the samples made only through these paths.
  const ExpZiggurat& z = kExpZiggurat;
  std::uint64_t tail = 0, wedge = 0, extra_words = 0;
  for (std::uint64_t trial = 0; trial < 60; trial += 6) {
    const std::size_t n = 100003;
    Stream s(99, trial * 131, trial, trial % 3);
    for (std::uint64_t i = 0; i < trial % 5; ++i) s.next_u64();
    const std::uint64_t start = s.words_used();
    std::vector<double> out(n);
    sample_laplace(s, 1.0, out);
    extra_words += s.words_used() - start - n;
    Stream replay(99, trial * 131, trial, trial % 3);
    for (std::uint64_t i = 0; i < trial % 5; ++i) replay.next_u64();
    for (std::uint64_t w = 0; w < s.words_used() - start; ++w) {
      const std::uint64_t u = replay.next_u64();
      const unsigned layer = u & 0xFF;
      if ((u >> 12) >= z.accept[layer]) ++(layer == 0 ? tail : wedge);
    }
  }
  MESSAGE("tail candidates " << tail << ", wedge candidates " << wedge << ", extra words " << extra_words);
  CHECK(tail > 100);
  CHECK(wedge > 1000);
  CHECK(extra_words > tail);  // each tail sample takes one more word, each wedge one more, redraws more
}

TEST_CASE("the fast-path kernels decide every layer's boundary as the scalar code does") {
  // For each layer, the largest position the fast path accepts and the smallest it rejects,
  // with both signs: the kernel must emit the accepted samples and stop at the rejected one.
  const ExpZiggurat& z = kExpZiggurat;
  std::vector<std::uint64_t> words;
  for (std::uint64_t layer = 0; layer < 256; ++layer)
    for (std::uint64_t sign = 0; sign < 2; ++sign)
      for (std::uint64_t m : {std::uint64_t{0}, z.accept[layer] - 1, z.accept[layer]})
        words.push_back((m << 12) | (sign << 8) | layer);
  for (simd::Level level : vector_levels()) {
    std::size_t i = 0, accepted = 0, rejected = 0;
    while (i < words.size()) {
      std::vector<double> out(words.size(), -7.0);
      const std::size_t made = level == simd::Level::avx512
                                   ? simd::laplace_fast_avx512(words.data() + i, words.size() - i, 2.0,
                                                               out.data(), out.size(), false)
                                   : simd::laplace_fast_avx2(words.data() + i, words.size() - i, 2.0, out.data(),
                                                             out.size(), false);
      for (std::size_t j = 0; j < made; ++j) {
        // The scalar fast path on the same word (BulkWords-free: one word, no slow path).
        const std::uint64_t u = words[i + j];
        REQUIRE((u >> 12) < z.accept[u & 0xFF]);
        const double d = std::bit_cast<double>(0x3FF0000000000000ULL | (u >> 12)) - 1.0;
        const double e = 2.0 * (d * z.x[u & 0xFF]);
        const double expect = (u >> 8) & 1 ? -e : e;
        REQUIRE(std::memcmp(&out[j], &expect, sizeof expect) == 0);
      }
      CHECK(out[made] == -7.0);  // nothing written past the stop
      accepted += made;
      i += made;
      if (i + 8 > words.size()) break;  // the kernel leaves a short tail to the caller
      REQUIRE((words[i] >> 12) >= z.accept[words[i] & 0xFF]);  // it stopped at a rejection
      ++rejected;
      ++i;
    }
    CHECK(rejected >= 500);
    CHECK(accepted >= 900);
  }
}

TEST_CASE("the Laplace mechanism on a vector draws the same noise at every level") {
  LevelGuard guard;
  std::vector<std::vector<double>> results;
  for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
    simd::set_level(level);
    Stream s(5, 6, 7);
    PrivacyLedger ledger(1.0);
    Mechanisms noise(s, ledger);
    std::vector<double> v(5000, 1.0);
    noise.laplace(v, 2.0, 0.5);
    CHECK(ledger.spent() == doctest::Approx(0.5));
    results.push_back(v);
  }
  CHECK(same_bits(results[0], results[1]));
  CHECK(same_bits(results[0], results[2]));
}

}  // TEST_SUITE
