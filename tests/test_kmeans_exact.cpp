// The exact cluster sums of results version 2 (algorithms/clustering/exact_sums.hpp): every
// cluster's sum is the correctly rounded sum of its points' coordinates, whatever the order of
// the points, the vector level, or whether a pass started from the previous pass's sums (delta)
// or from zero; data the fixed point cannot hold fall back to version 1's point-order doubles.
// The reference is an independent exact sum (Shewchuk's partials, rounded once as Python's
// math.fsum rounds), not the framework's fixed point.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "core/rng.hpp"
#include "core/simd.hpp"
#include "kmeans_test_points.hpp"
#include "result_compare.hpp"
#include "simd_level_guard.hpp"

using namespace dplab;
using dplab::testing::LevelGuard;
using dplab::testing::points;
using dplab::testing::same_bits;
using namespace dplab::clustering;

namespace {

// The correctly rounded sum of xs (finite, no overflow): Shewchuk's non-overlapping partials,
// then the partials added from the largest with the half-way correction of Python's fsum.
double exact_sum(const std::vector<double>& xs) {
  std::vector<double> partials;
  for (double x : xs) {
    std::size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y, lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    partials.push_back(x);
  }
  if (partials.empty()) return 0.0;
  std::size_t n = partials.size();
  double hi = partials[--n], lo = 0;
  while (n > 0) {
    const double x = hi, y = partials[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo != 0.0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const double y = lo * 2, x = hi + y;
    if (y == x - hi) hi = x;
  }
  return hi;
}

// Every cluster's sum from acc.labels, by exact_sum.
std::vector<double> reference_sums(const PointSet& data, const std::vector<std::int32_t>& labels, std::size_t k) {
  std::vector<double> out(k * data.d);
  for (std::size_t c = 0; c < k; ++c)
    for (std::size_t j = 0; j < data.d; ++j) {
      std::vector<double> xs;
      for (std::size_t i = 0; i < data.n; ++i)
        if (labels[i] == static_cast<std::int32_t>(c)) xs.push_back(data.x[i * data.d + j]);
      out[c * data.d + j] = exact_sum(xs);
    }
  return out;
}

}  // namespace

TEST_SUITE("kmeans_exact") {

TEST_CASE("the reference exact_sum rounds correctly where a running double sum does not") {
  // 1 + 2^-53 + 2^-53: exactly 1 + 2^-52, a double; added left to right each 2^-53 is lost.
  CHECK(exact_sum({1.0, 0x1p-53, 0x1p-53}) == 1.0 + 0x1p-52);
  CHECK((1.0 + 0x1p-53) + 0x1p-53 == 1.0);
  CHECK(exact_sum({1e100, 1.0, -1e100}) == 1.0);
  CHECK(exact_sum({0.1, 0.2, 0.3, -0.6}) == exact_sum({-0.6, 0.3, 0.2, 0.1}));
}

TEST_CASE("from_fixed rounds an int128 to the nearest double, ties to even") {
  // Random magnitudes up to 2^126; the neighbours of the result bracket s within half an ulp.
  Stream s(11, 12, 13);
  for (int t = 0; t < 20000; ++t) {
    const int bits = 1 + static_cast<int>(s.uniform() * 126);
    unsigned __int128 u = 0;  // built unsigned: no signed overflow on the way
    for (int b = 0; b < bits; b += 32)
      u = (u << 32) | static_cast<std::uint64_t>(s.uniform() * 4294967296.0);
    u >>= (((bits + 31) / 32) * 32 - bits);
    Fixed v = static_cast<Fixed>(u);  // below 2^126
    if (t % 7 == 0) v |= 1;  // odd values near ties too
    if (t % 11 == 0 && bits > 60) v = (v >> 10) << 10 | (Fixed{1} << 9);  // many exact ties
    if (t % 2) v = -v;
    const double r = from_fixed(v, 0);
    REQUIRE(std::fabs(r) < 0x1p127);
    const Fixed back = static_cast<Fixed>(r);  // exact: r is an integer below 2^127
    const Fixed diff = v - back;
    const double up = std::nextafter(r, HUGE_VAL), down = std::nextafter(r, -HUGE_VAL);
    const Fixed gap_up = static_cast<Fixed>(up) - back, gap_down = back - static_cast<Fixed>(down);
    CAPTURE(static_cast<double>(v));
    CHECK(2 * diff <= gap_up);  // within half the gap to either neighbour
    CHECK(-2 * diff <= gap_down);
    if (diff != 0 && (2 * diff == gap_up || -2 * diff == gap_down)) {  // a tie: the even neighbour
      std::uint64_t rb;
      std::memcpy(&rb, &r, sizeof rb);
      CHECK((rb & 1) == 0);
    }
  }
  CHECK(from_fixed(3, -2) == 0.75);
  CHECK(from_fixed(-5, 10) == -5120.0);
}

TEST_CASE("to_fixed is exact: every double of a dimension comes back unchanged") {
  PointSet data = points(5000, 3, 21, 0.0, 1.0);
  data.x[3] = 0.0;
  data.x[4] = -0.0;
  data.x[5] = 1e-12;  // a small value stretches the scale of dimension 2
  data.x[8] = -12345.678;
  FixedPointScale scale;
  fixed_point_scale(data, scale);
  REQUIRE(scale.exact);
  for (std::size_t i = 0; i < data.n; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      const double v = data.x[i * 3 + j];
      REQUIRE(from_fixed(to_fixed(v, scale.low[j]), scale.low[j]) == v);
    }
}

TEST_CASE("cluster sums are the exact sums, in any point order, on every path, with and without deltas") {
  LevelGuard guard;
  for (std::size_t d : {2u, 3u, 10u}) {
    CAPTURE(d);
    const std::size_t k = 5;
    PointSet data = points(3001, d, 40 + d, 0.0, 1.0);
    // Values of very different sizes in one dimension: a running double sum loses their low bits.
    for (std::size_t i = 0; i < data.n; i += 3) data.x[i * d] *= 1e-9;
    std::vector<double> centroids = points(k, d, 50 + d, 0.0, 0.5).x;
    // The same points in reverse order.
    PointSet reversed = data;
    for (std::size_t i = 0; i < data.n; ++i)
      std::copy(data.x.begin() + static_cast<std::ptrdiff_t>((data.n - 1 - i) * d),
                data.x.begin() + static_cast<std::ptrdiff_t>((data.n - i) * d),
                reversed.x.begin() + static_cast<std::ptrdiff_t>(i * d));
    int differs_from_running_sum = 0;
    for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
      if (level > simd::supported()) continue;
      simd::set_level(level);
      CAPTURE(simd::name(level));
      PointBlocks blocks, blocks_reversed;
      prepare_blocks(data, blocks);
      prepare_blocks(reversed, blocks_reversed);
      Accumulators delta, fresh, back;
      std::vector<double> scratch, c = centroids;
      for (int it = 0; it < 6; ++it) {  // Lloyd iterations: labels change, the delta path moves them
        assign_and_accumulate(data, c, k, delta, scratch, &blocks);
        assign_and_accumulate(data, c, k, fresh, scratch);
        assign_and_accumulate(reversed, c, k, back, scratch, &blocks_reversed);
        const std::vector<double> expected = reference_sums(data, delta.labels, k);
        REQUIRE(same_bits(delta.sums, expected));
        REQUIRE(same_bits(fresh.sums, expected));
        REQUIRE(same_bits(back.sums, expected));
        REQUIRE(same_bits(delta.counts, fresh.counts));
        for (std::size_t c0 = 0; c0 < k; ++c0) {  // a running sum in point order, version 1's
          std::vector<double> running(d, 0.0);
          for (std::size_t i = 0; i < data.n; ++i)
            if (delta.labels[i] == static_cast<std::int32_t>(c0))
              for (std::size_t j = 0; j < d; ++j) running[j] += data.x[i * d + j];
          for (std::size_t j = 0; j < d; ++j) differs_from_running_sum += running[j] != expected[c0 * d + j];
        }
        update_means(delta, d, c);
        // The centroid values reversed (their order and coordinates): most labels change, and the
        // delta path starts again from zero (accumulate_exact's rebuild when more than half moved).
        if (it == 2) std::reverse(c.begin(), c.end());
      }
    }
    // The test could tell the two definitions apart: some running sums differ from the exact.
    CHECK(differs_from_running_sum > 0);
  }
}

TEST_CASE("blocks prepared again for changed data restart the sums (no stale delta)") {
  PointSet data = points(1000, 2, 7, 0.0, 1.0);
  const std::vector<double> c = {-0.5, -0.5, 0.5, 0.5, 0.0, 0.9};
  PointBlocks blocks;
  Accumulators acc, fresh;
  std::vector<double> scratch;
  prepare_blocks(data, blocks);
  assign_and_accumulate(data, c, 3, acc, scratch, &blocks);
  for (double& v : data.x) v = -v * 0.75;  // other values at the same address
  prepare_blocks(data, blocks);
  assign_and_accumulate(data, c, 3, acc, scratch, &blocks);
  assign_and_accumulate(data, c, 3, fresh, scratch);
  CHECK(same_bits(acc.sums, fresh.sums));
  CHECK(same_bits(acc.sums, reference_sums(data, acc.labels, 3)));
}

TEST_CASE("data the fixed point cannot hold fall back to point-order double sums") {
  // Exponents 2^-1000 and 2^0 in one dimension: the spread exceeds 126 bits.
  PointSet data = points(500, 2, 9, 0.0, 1.0);
  data.x[10] = 1e-300;
  FixedPointScale scale;
  fixed_point_scale(data, scale);
  CHECK_FALSE(scale.exact);
  data.x[10] = 0.25;
  fixed_point_scale(data, scale);
  CHECK(scale.exact);
  data.x[10] = 1e-300;
  const std::vector<double> c = {-0.5, -0.5, 0.5, 0.5};
  Accumulators acc;
  std::vector<double> scratch;
  PointBlocks blocks;
  prepare_blocks(data, blocks);
  assign_and_accumulate(data, c, 2, acc, scratch, &blocks);
  std::vector<double> running(4, 0.0);
  for (std::size_t i = 0; i < data.n; ++i)
    for (std::size_t j = 0; j < 2; ++j) running[static_cast<std::size_t>(acc.labels[i]) * 2 + j] += data.x[i * 2 + j];
  CHECK(same_bits(acc.sums, running));
  // A non-finite coordinate too.
  data.x[10] = HUGE_VAL;
  fixed_point_scale(data, scale);
  CHECK_FALSE(scale.exact);
}

}  // TEST_SUITE
