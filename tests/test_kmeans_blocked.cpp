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
#include "core/rng.hpp"
#include "core/simd.hpp"

using namespace dplab;
using namespace dplab::clustering;

namespace {

struct LevelGuard {
  simd::Level saved = simd::level();
  ~LevelGuard() { simd::set_level(saved); }
};

PointSet points(std::size_t n, std::size_t d, std::uint64_t seed, double offset, double spread) {
  PointSet p;
  p.n = n;
  p.d = d;
  p.x.resize(n * d);
  Stream s(seed, 1, 2);
  for (double& v : p.x) v = offset + spread * (2 * s.uniform() - 1);
  return p;
}

struct Step {
  Accumulators acc;
  std::vector<double> centroids;
};

Step run(const PointSet& data, std::vector<double> centroids, std::size_t k, simd::Level level, int iterations) {
  simd::set_level(level);
  Step out;
  std::vector<double> scratch;
  for (int it = 0; it < iterations; ++it) {
    assign_and_accumulate(data, centroids, k, out.acc, scratch);
    update_means(out.acc, data.d, centroids);
  }
  out.centroids = centroids;
  return out;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// Every vector level the CPU has against the scalar path.
void check_levels(const PointSet& data, const std::vector<double>& centroids, std::size_t k, int iterations) {
  LevelGuard guard;
  const Step ref = run(data, centroids, k, simd::Level::scalar, iterations);
  for (simd::Level level : {simd::Level::avx2, simd::Level::avx512}) {
    if (level > simd::supported()) continue;
    const Step got = run(data, centroids, k, level, iterations);
    CAPTURE(simd::name(level));
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
    for (std::size_t k : {8u, 20u, 101u, 300u}) {
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
