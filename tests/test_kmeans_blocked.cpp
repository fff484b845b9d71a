// The blocked k-means assignment (algorithms/clustering/assign.cpp with the AVX2 / AVX-512
// kernels) against the direct scalar formula: labels, counts and sums bit for bit, ties to the
// lowest index, including near-ties the expanded form ||c||^2 - 2 x.c cannot rank and data far
// from the origin where it loses most of its precision (the certificate must send those points
// to the direct formula). Levels the CPU lacks are skipped.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "core/error.hpp"
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

struct Step {
  Accumulators acc;
  std::vector<double> centroids;
};

// prepared: the passes take the data from prepare_blocks (centred on the data's mean, transposed
// once) instead of transposing each block on the fly (centred on the centroids' mean).
Step run(const PointSet& data, std::vector<double> centroids, std::size_t k, simd::Level level, int iterations,
         bool prepared = false) {
  simd::set_level(level);
  Step out;
  std::vector<double> scratch;
  PointBlocks blocks;
  if (prepared) prepare_blocks(data, blocks);
  for (int it = 0; it < iterations; ++it) {
    assign_and_accumulate(data, centroids, k, out.acc, scratch, prepared ? &blocks : nullptr);
    update_means(out.acc, data.d, centroids);
  }
  out.centroids = centroids;
  return out;
}

// Every vector level the CPU has, with and without prepared blocks, against the scalar path.
void check_levels(const PointSet& data, const std::vector<double>& centroids, std::size_t k, int iterations) {
  LevelGuard guard;
  const Step ref = run(data, centroids, k, simd::Level::scalar, iterations);
  for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512})
    for (bool prepared : {false, true}) {
      if (level > simd::supported() || (level == simd::Level::scalar && !prepared)) continue;
      const Step got = run(data, centroids, k, level, iterations, prepared);
      CAPTURE(simd::name(level));
      CAPTURE(prepared);
      REQUIRE(got.acc.labels == ref.acc.labels);
      REQUIRE(same_bits(got.acc.counts, ref.acc.counts));
      REQUIRE(same_bits(got.acc.sums, ref.acc.sums));
      REQUIRE(same_bits(got.centroids, ref.centroids));
    }
}

std::vector<double> random_centroids(std::size_t k, std::size_t d, std::uint64_t seed, double offset, double spread) {
  std::vector<double> c(k * d);
  Stream s(seed, 9, 9);
  for (double& v : c) v = offset + spread * (2 * s.uniform() - 1);
  return c;
}

}  // namespace

TEST_SUITE("kmeans_blocked") {

TEST_CASE("labels, counts, sums and centroids equal the scalar path over Lloyd iterations") {
  for (std::size_t d : {1u, 2u, 3u, 4u, 5u, 10u, 16u, 17u})
    for (std::size_t k : {2u, 3u, 5u, 8u, 20u, 101u, 300u}) {
      CAPTURE(d);
      CAPTURE(k);
      const std::size_t n = 1000 + 7 * d + k;  // not a multiple of the block
      const PointSet data = points(n, d, d * 1000 + k, 0.0, 1.0);
      check_levels(data, random_centroids(k, d, k, 0.0, 1.0), k, 4);
    }
}

TEST_CASE("data far from the origin: the expanded form is imprecise and the certificate falls back") {
  // Coordinates near 1e6 with a spread of 1e-3: ||x||^2 ~ 1e12 and the expanded scores carry
  // errors ~1e-4, far above the gaps between centroids.
  const PointSet data = points(5000, 2, 3, 1.0e6, 1.0e-3);
  check_levels(data, random_centroids(20, 2, 4, 1.0e6, 1.0e-3), 20, 3);
}

TEST_CASE("scales float cannot hold: tiny, huge and non-finite coordinates take the direct formula") {
  // The kernel ranks in single precision: coordinates near 1e-30 underflow its squares (the
  // certificate's absolute floor sends them to the direct formula), near 1e25 they overflow it
  // (the norm limit does), and NaN or infinite coordinates never pass the gap test.
  check_levels(points(3000, 2, 5, 0.0, 1.0e-30), random_centroids(12, 2, 6, 0.0, 1.0e-30), 12, 2);
  check_levels(points(3000, 3, 7, 0.0, 1.0e25), random_centroids(12, 3, 8, 0.0, 1.0e25), 12, 2);
  PointSet mixed = points(3000, 2, 9, 0.0, 1.0);
  mixed.x[10] = std::nan("");
  mixed.x[501] = HUGE_VAL;
  mixed.x[2002] = -HUGE_VAL;
  mixed.x[4001] = 1.0e300;
  check_levels(mixed, random_centroids(9, 2, 10, 0.0, 1.0), 9, 1);
  // Huge centroids beside ordinary data: the whole pass takes the direct formula.
  std::vector<double> far = random_centroids(9, 2, 11, 0.0, 1.0);
  far[4] = 1.0e200;
  check_levels(points(3000, 2, 12, 0.0, 1.0), far, 9, 1);
}

TEST_CASE("data far from the origin with a modest spread (centring keeps the kernel useful)") {
  // Longitude/latitude-like data: offsets of 1e2 and a spread of 1e-2, where uncentred float
  // scores would leave almost every point uncertain.
  const PointSet data = points(20000, 2, 13, 40.0, 0.01);
  check_levels(data, random_centroids(16, 2, 14, 40.0, 0.01), 16, 3);
}

TEST_CASE("points near bisectors at every distance the float scores cannot resolve, at several scales") {
  // Each point is the midpoint of two random centroids moved along their difference by a
  // relative 10^-9 .. 10^-3: from well inside double's resolution to beyond float's, where the
  // certificate's threshold lies. Offsets move everything away from the origin.
  for (double offset : {0.0, 1.0e3, -5.0e5})
    for (double spread : {1.0e-3, 1.0, 1.0e4}) {
      CAPTURE(offset);
      CAPTURE(spread);
      const std::size_t k = 11, d = 3;
      const std::vector<double> c = random_centroids(k, d, 17, offset, spread);
      check_levels(dplab::testing::near_bisectors(c, k, d, 3000, -9.0, -3.0), c, k, 1);
    }
}

// The cost as results version 2 defines it: each point's least distance over the centroids (a
// NaN distance skipped), point i's added to running sum i mod 8, the sums then added pairwise.
double naive_cost(const PointSet& data, const std::vector<double>& c, std::size_t k) {
  double lane[8] = {};
  for (std::size_t i = 0; i < data.n; ++i) {
    double best = HUGE_VAL;
    for (std::size_t j = 0; j < k; ++j) {
      double s = 0;
      for (std::size_t t = 0; t < data.d; ++t) {
        const double diff = data.x[i * data.d + t] - c[j * data.d + t];
        s += diff * diff;
      }
      best = std::min(best, s);
    }
    lane[i % 8] += best;
  }
  return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

TEST_CASE("kmeans_cost from the certified labels equals the minimum over centroids, bit for bit") {
  LevelGuard guard;
  for (std::size_t d : {1u, 2u, 3u, 5u, 10u, 17u})
    for (std::size_t k : {1u, 3u, 4u, 5u, 8u, 9u, 20u})  // the exact rows' paths: k <= 4, <= 8
      for (bool nan_centroid : {false, true}) {
        if (nan_centroid && k == 1) continue;
        CAPTURE(d);
        CAPTURE(k);
        CAPTURE(nan_centroid);
        const PointSet data = points(2000 + d, d, 31 * d + k, 0.5, 2.0);  // not a multiple of 8 or 64
        std::vector<double> c = random_centroids(k, d, 40 + k, 0.5, 2.0);
        if (nan_centroid) c[0] = std::nan("");  // every distance to centroid 0 is NaN: the minimum skips it
        const double expected = naive_cost(data, c, k);
        REQUIRE(std::isfinite(expected));
        for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
          if (level > simd::supported()) continue;
          simd::set_level(level);
          PointBlocks blocks;
          prepare_blocks(data, blocks);
          const double got = kmeans_cost(data, c, k), got_prepared = kmeans_cost(data, c, k, &blocks);
          CAPTURE(simd::name(level));
          CHECK(std::memcmp(&got, &expected, sizeof got) == 0);
          CHECK(std::memcmp(&got_prepared, &expected, sizeof got) == 0);
          for (CostPath path : {CostPath::ranked, CostPath::least}) {  // both, whatever least_pays says
            CAPTURE(static_cast<int>(path));
            std::vector<double> scratch;
            std::vector<float> kernel_scratch;
            const double forced = assignment_cost(data, c, k, scratch, kernel_scratch, &blocks, path);
            CHECK(std::memcmp(&forced, &expected, sizeof forced) == 0);
          }
        }
      }
}

TEST_CASE("a point with a NaN coordinate has no finite distance: the cost is infinite on every path") {
  LevelGuard guard;
  // d = 2 and d = 3 take different vector paths for the cost terms (cost_terms_avx2_d2, and the
  // prepared exact rows, with k <= 4 and 4 < k <= 8; the least distances, every path forced
  // below); point 7 is inside a whole group of eight, and the last block has an odd group count.
  for (std::size_t d : {2u, 3u})
    for (std::size_t k : {3u, 6u}) {
      PointSet data = points(300, d, 5, 0.0, 1.0);
      data.x[7 * d + 1] = std::nan("");
      const std::vector<double> c = random_centroids(k, d, 6, 0.0, 1.0);
      for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
        if (level > simd::supported()) continue;
        simd::set_level(level);
        CAPTURE(d);
        CAPTURE(k);
        CAPTURE(simd::name(level));
        PointBlocks blocks;
        prepare_blocks(data, blocks);
        CHECK(kmeans_cost(data, c, k) == HUGE_VAL);
        CHECK(kmeans_cost(data, c, k, &blocks) == HUGE_VAL);
        std::vector<double> scratch;
        std::vector<float> kernel_scratch;
        for (CostPath path : {CostPath::ranked, CostPath::least})
          CHECK(assignment_cost(data, c, k, scratch, kernel_scratch, &blocks, path) == HUGE_VAL);
      }
    }
}

TEST_CASE("blocks prepared from other data are refused, not used") {
  const PointSet a = points(500, 2, 41, 0.0, 1.0), b = points(500, 2, 42, 0.0, 1.0);
  PointBlocks blocks;
  prepare_blocks(a, blocks);
  Accumulators acc;
  std::vector<double> scratch;
  const std::vector<double> c = random_centroids(3, 2, 43, 0.0, 1.0);
  CHECK_NOTHROW(assign_and_accumulate(a, c, 3, acc, scratch, &blocks));
  CHECK_THROWS_WITH_AS(assign_and_accumulate(b, c, 3, acc, scratch, &blocks),
                       doctest::Contains("prepared point blocks are of other data"), Error);
  CHECK_THROWS_AS(kmeans_cost(b, c, 3, &blocks), Error);
}

TEST_CASE("exact ties go to the lowest index, as in the direct formula") {
  // Centroids symmetric about x = 0 and repeated centroids: points on the axis of symmetry are
  // at exactly equal distances, and repeated centroids tie for every point.
  const std::size_t k = 10, d = 2;
  std::vector<double> c = {-1, 0, 1, 0, 0, -1, 0, 1, -1, 0, 1, 0, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5, 3, 3};
  PointSet data;
  data.d = d;
  for (int i = -40; i <= 40; ++i) {
    const double t = i / 16.0;  // exact binary fractions
    data.x.insert(data.x.end(), {0.0, t});  // equidistant from (-1, 0) and (1, 0)
    data.x.insert(data.x.end(), {t, 0.0});  // equidistant from (0, -1) and (0, 1)
    data.x.insert(data.x.end(), {t, t});    // on the diagonal
  }
  data.n = data.x.size() / d;
  check_levels(data, c, k, 1);
  LevelGuard guard;
  const Step ref = run(data, c, k, simd::Level::scalar, 1);
  // Cluster 4 repeats 0 and cluster 5 repeats 1: a tie always goes to the first copy.
  CHECK(ref.acc.counts[4] == 0);
  CHECK(ref.acc.counts[5] == 0);
  CHECK(ref.acc.counts[7] == 0);  // repeats 6
}

TEST_CASE("near-ties one rounding apart are ranked as the direct formula ranks them") {
  // Points on the bisector of two centroids moved by a few ulps: the direct distances differ in
  // the last bits, below what the expanded form resolves.
  const std::size_t d = 3, k = 8;
  std::vector<double> c(k * d, 5.0);
  c[0] = 0.3; c[1] = 0.1; c[2] = -0.2;
  c[3] = -0.3; c[4] = 0.1; c[5] = -0.2;
  PointSet data;
  data.d = d;
  Stream s(1, 2, 3);
  for (int i = 0; i < 4000; ++i) {
    double x0 = 0.0;
    for (int u = 0; u < i % 7; ++u) x0 = std::nextafter(x0, i % 2 ? 1.0 : -1.0);
    data.x.insert(data.x.end(), {x0, 0.1 + 0.5 * (s.uniform() - 0.5), -0.2 + 0.5 * (s.uniform() - 0.5)});
  }
  data.n = data.x.size() / d;
  check_levels(data, c, k, 1);
}

}  // TEST_SUITE
