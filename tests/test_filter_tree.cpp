// The filtering algorithm's counts and sums (algorithms/clustering/filter_tree.hpp) against the
// point-by-point assignment (assign_and_accumulate), bit for bit: random and clustered data,
// centroids inside and outside the data, exact ties (which must go to the lowest index) and
// points within a few ulps of a bisector (where a candidate may be dropped only if the direct
// formula's roundings cannot pick it), and the noisy Lloyd iterations that use it.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/filter_tree.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "core/rng.hpp"
#include "core/samplers.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "kmeans_test_points.hpp"
#include "result_compare.hpp"

using namespace dplab;
using namespace dplab::clustering;
using dplab::testing::points;
using dplab::testing::same_bits;

namespace {

std::vector<double> random_centroids(std::size_t k, std::size_t d, std::uint64_t seed, double offset, double spread) {
  std::vector<double> c(k * d);
  Stream s(seed, 7, 7);
  for (double& v : c) v = offset + spread * (2 * s.uniform() - 1);
  return c;
}

// The filter tree's counts and sums equal the point-by-point pass's; returns whether the tree
// applied (it must, for data with a fixed-point form).
void check_same(const PointSet& data, const std::vector<double>& c, std::size_t k) {
  Accumulators acc;
  std::vector<double> scratch;
  assign_and_accumulate(data, c, k, acc, scratch);
  FilterTree tree;
  build_filter_tree(data, tree);
  REQUIRE(tree.usable);
  std::vector<double> counts, sums;
  REQUIRE(filter_counts_sums(tree, data, c, k, counts, sums, 1.0));  // never gives up
  CHECK(same_bits(counts, acc.counts));
  CHECK(same_bits(sums, acc.sums));
}

}  // namespace

TEST_SUITE("filter_tree") {

TEST_CASE("counts and sums equal the point-by-point pass: random data and centroids") {
  std::size_t cases = 0;
  for (std::size_t d : {1u, 2u, 3u, 5u, 10u})
    for (std::size_t k : {1u, 2u, 3u, 7u, 20u, 64u})
      for (double centroid_spread : {0.3, 1.0, 3.0}) {  // centroids inside the data, and around it
        CAPTURE(d);
        CAPTURE(k);
        CAPTURE(centroid_spread);
        const PointSet data = points(3001, d, 100 * d + k, 0.0, 1.0);  // not a multiple of the leaf size
        check_same(data, random_centroids(k, d, 7 * k + d, 0.1, centroid_spread), k);
        ++cases;
      }
  CHECK(cases == 90);
}

TEST_CASE("clustered data, the noisy centroids of DP k-means") {
  // 20 Gaussian blobs on a grid (Birch-like), centroids near and between them.
  Stream s(3, 4, 5);
  PointSet data;
  data.d = 2;
  for (int i = 0; i < 20000; ++i) {
    const int blob = i % 20;
    data.x.push_back(-0.9 + 0.4 * (blob % 5) + 0.05 * sample_normal(s));
    data.x.push_back(-0.9 + 0.6 * (blob / 5) + 0.05 * sample_normal(s));
  }
  data.n = data.x.size() / 2;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) check_same(data, random_centroids(20, 2, seed, 0.0, 1.0), 20);
}

TEST_CASE("exact ties go to the lowest index") {
  // Points on axes of symmetry of the centroids, and repeated centroids (every point a tie).
  const std::size_t k = 10, d = 2;
  const std::vector<double> c = {-1, 0, 1, 0, 0, -1, 0, 1, -1, 0, 1, 0, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5, 3, 3};
  PointSet data;
  data.d = d;
  for (int i = -40; i <= 40; ++i) {
    const double t = i / 16.0;
    data.x.insert(data.x.end(), {0.0, t, t, 0.0, t, t});
  }
  data.n = data.x.size() / d;
  check_same(data, c, k);
  std::vector<double> counts, sums;
  FilterTree tree;
  build_filter_tree(data, tree);
  REQUIRE(filter_counts_sums(tree, data, c, k, counts, sums, 1.0));
  CHECK(counts[4] == 0);  // repeats cluster 0
  CHECK(counts[5] == 0);  // repeats cluster 1
  CHECK(counts[7] == 0);  // repeats cluster 6
}

TEST_CASE("points a relative 1e-16 .. 1e-3 from bisectors, at several scales") {
  for (double offset : {0.0, 1.0e3, -5.0e5})
    for (double spread : {1.0e-3, 1.0, 1.0e4}) {
      CAPTURE(offset);
      CAPTURE(spread);
      const std::size_t k = 11, d = 3;
      const std::vector<double> c = random_centroids(k, d, 17, offset, spread);
      check_same(dplab::testing::near_bisectors(c, k, d, 3000, -16.0, -3.0), c, k);
    }
}

TEST_CASE("a box whose worst corner is a point within ulps of a bisector: a candidate is dropped only beyond the roundings") {
  // Two points, p within a few roundings of the bisector of centroids a and b, and q = p moved
  // towards a in every coordinate: the box's corner most favourable to b is p itself, the centre
  // is nearer a, so whether b is dropped for the whole box rests on the dominance test at p,
  // where the direct formula's distances may tie or rank either way. The test's margin must
  // cover that; with no margin some of these cases come out wrong.
  std::size_t cases = 0;
  for (double offset : {0.0, 1.0e3})
    for (double spread : {1.0e-3, 1.0}) {
      Stream s(31, 32, 33);
      for (int i = 0; i < 2000; ++i) {
        const std::size_t d = 3, k = 2;
        const std::vector<double> c = random_centroids(k, d, 1000 + static_cast<std::uint64_t>(i), offset, spread);
        const double t = std::pow(10.0, -18.0 + 5.0 * s.uniform()) * (i % 2 ? 1 : -1);
        PointSet data;
        data.d = d;
        for (std::size_t j = 0; j < d; ++j) data.x.push_back(0.5 * (c[j] + c[d + j]) + t * (c[d + j] - c[j]));
        for (std::size_t j = 0; j < d; ++j) data.x.push_back(data.x[j] + (c[j] > c[d + j] ? 0.3 : -0.3) * spread);
        data.n = 2;
        CAPTURE(offset);
        CAPTURE(spread);
        CAPTURE(i);
        check_same(data, c, k);
        ++cases;
      }
    }
  CHECK(cases == 8000);
}

TEST_CASE("noisy Lloyd with the tree releases the same centroids, from the same draws") {
  const PointSet data = points(5000, 2, 77, 0.0, 1.0);
  const FilterTree tree = [&] {
    FilterTree t;
    build_filter_tree(data, t);
    return t;
  }();
  for (std::size_t k : {3u, 20u}) {
    std::vector<double> plain = random_centroids(k, 2, 5, 0.0, 1.0), filtered = plain;
    const std::vector<IterationBudget> budgets(10, {0.5, 0.5});
    for (bool use_tree : {false, true}) {
      Stream s(11, 12, 13);
      PrivacyLedger ledger(10.0);
      Mechanisms noise(s, ledger);
      Accumulators acc;
      std::vector<double> scratch;
      noisy_lloyd(data, k, budgets, {-1, 1}, use_tree ? filtered : plain, noise, acc, scratch, nullptr,
                  use_tree ? &tree : nullptr);
    }
    CHECK(same_bits(plain, filtered));
  }
}

TEST_CASE("a walk that would label most points one by one gives up, and the thread skips the tree for a while") {
  // Uniform data in 5 dimensions and 64 centroids: nearly every leaf keeps several candidates.
  const PointSet data = points(4000, 5, 9, 0.0, 1.0);
  const std::vector<double> c = random_centroids(64, 5, 10, 0.0, 1.0);
  FilterTree tree;
  build_filter_tree(data, tree);
  REQUIRE(tree.usable);
  std::vector<double> counts = {42}, sums = {42};
  CHECK_FALSE(filter_counts_sums(tree, data, c, 64, counts, sums));       // gave up
  CHECK(counts == std::vector<double>{42});                               // nothing written
  for (int pass = 0; pass < 32; ++pass)                                   // skipped, even if it would pay
    CHECK_FALSE(filter_counts_sums(tree, data, c, 64, counts, sums, 1.0));
  CHECK(filter_counts_sums(tree, data, c, 64, counts, sums, 1.0));        // then tried again
  // Clustered data with few centroids near their blobs: the tree pays and is used.
  Stream s(3, 4, 5);
  PointSet blobs;
  blobs.d = 2;
  for (int i = 0; i < 20000; ++i) {
    blobs.x.push_back((i % 4 < 2 ? -0.5 : 0.5) + 0.05 * sample_normal(s));
    blobs.x.push_back((i % 2 ? -0.5 : 0.5) + 0.05 * sample_normal(s));
  }
  blobs.n = 20000;
  FilterTree blob_tree;
  build_filter_tree(blobs, blob_tree);
  const std::vector<double> near = {0.45, 0.5, 0.5, -0.45, -0.5, 0.55, -0.5, -0.5};
  CHECK(filter_counts_sums(blob_tree, blobs, near, 4, counts, sums));
}

TEST_CASE("where the tree does not apply it says so and writes nothing") {
  std::vector<double> counts = {42}, sums = {42};
  const std::vector<double> c = random_centroids(3, 2, 1, 0.0, 1.0);
  PointSet nan_data = points(100, 2, 1, 0.0, 1.0);
  nan_data.x[7] = std::nan("");
  FilterTree tree;
  build_filter_tree(nan_data, tree);
  CHECK_FALSE(tree.usable);  // no fixed-point form
  CHECK_FALSE(filter_counts_sums(tree, nan_data, c, 3, counts, sums));
  PointSet huge = points(100, 2, 1, 0.0, 1.0);
  for (double& v : huge.x) v = std::ldexp(v, 600);
  build_filter_tree(huge, tree);
  CHECK_FALSE(tree.usable);  // magnitudes at 2^500 or more
  const PointSet data = points(100, 2, 1, 0.0, 1.0), other = points(100, 2, 2, 0.0, 1.0);
  build_filter_tree(data, tree);
  REQUIRE(tree.usable);
  CHECK_FALSE(filter_counts_sums(tree, other, c, 3, counts, sums));  // built from other data
  std::vector<double> bad = c;
  bad[3] = std::nan("");
  CHECK_FALSE(filter_counts_sums(tree, data, bad, 3, counts, sums));
  CHECK(counts == std::vector<double>{42});
  CHECK(sums == std::vector<double>{42});
}

}  // TEST_SUITE
