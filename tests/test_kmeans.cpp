// budget_series DP k-means and the clustering metrics: Kuhn-Munkres against brute force,
// F1 and NIVC by hand, Algorithm 1 with a huge budget equals Lloyd, the ledger spends exactly
// eps for every strategy.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "algorithms/metrics/clustering_f1.hpp"
#include "algorithms/metrics/hungarian.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "core/samplers.hpp"
#include "test_support.hpp"

using namespace dplab;

namespace {

// Best assignment by trying every injection of the smaller side into the larger.
double brute_force_max(const std::vector<std::vector<double>>& w) {
  const std::size_t r = w.size(), c = w[0].size();
  const bool rows_small = r <= c;
  const std::size_t small = rows_small ? r : c, large = rows_small ? c : r;
  std::vector<std::size_t> perm(large);
  std::iota(perm.begin(), perm.end(), 0);
  double best = -1e300;
  do {
    double s = 0;
    for (std::size_t i = 0; i < small; ++i) s += rows_small ? w[i][perm[i]] : w[perm[i]][i];
    best = std::max(best, s);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

double matched_total(const std::vector<std::vector<double>>& w, const std::vector<int>& m) {
  double s = 0;
  std::vector<int> used;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] < 0) continue;
    CHECK(std::find(used.begin(), used.end(), m[i]) == used.end());  // one-to-one
    used.push_back(m[i]);
    s += w[i][static_cast<std::size_t>(m[i])];
  }
  return s;
}

PointSet blobs(std::size_t per_cluster, Stream& s) {
  // Three well-separated blobs in [-1, 1]^2 with labels.
  const double centres[3][2] = {{-0.6, -0.6}, {0.6, -0.5}, {0.0, 0.6}};
  PointSet p;
  p.d = 2;
  for (int c = 0; c < 3; ++c)
    for (std::size_t i = 0; i < per_cluster; ++i) {
      p.x.push_back(std::clamp(centres[c][0] + 0.08 * sample_normal(s), -1.0, 1.0));
      p.x.push_back(std::clamp(centres[c][1] + 0.08 * sample_normal(s), -1.0, 1.0));
      p.labels.push_back(c);
    }
  p.n = p.x.size() / 2;
  return p;
}

}  // namespace

TEST_SUITE("kmeans") {
  TEST_CASE("Kuhn-Munkres equals brute force on random square and rectangular matrices") {
    Stream s(5, 5, 5);
    for (int trial = 0; trial < 300; ++trial) {
      const std::size_t r = 1 + s.below(6), c = 1 + s.below(6);
      std::vector<std::vector<double>> w(r, std::vector<double>(c));
      for (auto& row : w)
        for (auto& v : row) v = trial % 3 == 0 ? double(s.below(4)) : s.uniform() * 10;  // ties too
      auto m = hungarian_max(w);
      REQUIRE(m.size() == r);
      CHECK(matched_total(w, m) == doctest::Approx(brute_force_max(w)).epsilon(1e-12));
      CHECK(std::count_if(m.begin(), m.end(), [](int j) { return j >= 0; }) == static_cast<long>(std::min(r, c)));
    }
  }

  TEST_CASE("weighted F1 by hand") {
    // Perfect and relabelled clusterings score 1.
    CHECK(weighted_f1({0, 0, 1, 1, 2, 2}, {0, 0, 1, 1, 2, 2}) == doctest::Approx(1));
    CHECK(weighted_f1({0, 0, 1, 1, 2, 2}, {7, 7, 3, 3, 5, 5}) == doctest::Approx(1));
    // Truth {A: 4 points, B: 2}; found merges everything into one cluster: A matches it with
    // P = 4/6, R = 1 -> F1 = 0.8, weight 4/6; B is unmatched -> 0. Total 0.8 * 4/6.
    CHECK(weighted_f1({0, 0, 0, 0, 1, 1}, {9, 9, 9, 9, 9, 9}) == doctest::Approx(0.8 * 4 / 6));
    // More found clusters than true: truth {A: 4}, found splits 3 + 1. A matches the 3:
    // P = 1, R = 3/4 -> F1 = 6/7, weight 1.
    CHECK(weighted_f1({0, 0, 0, 0}, {1, 1, 1, 2}) == doctest::Approx(6.0 / 7));
    // Truth A = {0,1,2}, B = {3,4,5}; found X = {0,1,3}, Y = {2,4,5}: best matching A-X, B-Y,
    // each TP 2, P = R = 2/3 -> F1 2/3 each.
    CHECK(weighted_f1({0, 0, 0, 1, 1, 1}, {0, 0, 1, 0, 1, 1}) == doctest::Approx(2.0 / 3));
    // Label values spread wider than the data (the sorted-values path, not the table): the same.
    CHECK(weighted_f1({0, 0, 0, 1, 1, 1}, {-2000000000, -2000000000, 7, -2000000000, 7, 7}) ==
          doctest::Approx(2.0 / 3));
    CHECK(weighted_f1({-5, -5, 2000000000, 2000000000}, {3, 3, 1, 1}) == doctest::Approx(1));
  }

  TEST_CASE("the three F1 definitions by hand (issue 32)") {
    const auto km = F1Definition::KuhnMunkres, best = F1Definition::BestMatch, found = F1Definition::FoundWeighted;
    // Truth {A: 4 points, B: 2}, everything found as one cluster X.
    //   kuhn_munkres: A-X (P = 4/6, R = 1, F1 = 0.8), B unmatched: 0.8 * 4/6.
    //   best_match: A's best is X (0.8), B's best is X too (P = 2/6, R = 1, F1 = 0.5):
    //               0.8 * 4/6 + 0.5 * 2/6 = 0.7.
    //   found_weighted: X (weight 1) scores its best, A: 0.8.
    const std::vector<std::int32_t> t1{0, 0, 0, 0, 1, 1}, f1{9, 9, 9, 9, 9, 9};
    CHECK(weighted_f1(t1, f1, km) == doctest::Approx(0.8 * 4 / 6));
    CHECK(weighted_f1(t1, f1, best) == doctest::Approx(0.7));
    CHECK(weighted_f1(t1, f1, found) == doctest::Approx(0.8));
    // Truth {A: 4}, found splits it 3 + 1: A's match/best is the 3 (F1 6/7); found_weighted
    // adds the 1-point cluster's F1 with A, 2 / (4 + 1) = 0.4: 3/4 * 6/7 + 1/4 * 0.4.
    const std::vector<std::int32_t> t2{0, 0, 0, 0}, f2{1, 1, 1, 2};
    CHECK(weighted_f1(t2, f2, km) == doctest::Approx(6.0 / 7));
    CHECK(weighted_f1(t2, f2, best) == doctest::Approx(6.0 / 7));
    CHECK(weighted_f1(t2, f2, found) == doctest::Approx(0.75 * 6 / 7 + 0.25 * 0.4));
    // Identical up to renaming: 1 for all three.
    for (auto def : {km, best, found}) CHECK(weighted_f1({0, 0, 1, 2, 2}, {5, 5, 3, 1, 1}, def) == doctest::Approx(1));
    CHECK(parse_f1_definition("best_match") == best);
    CHECK_THROWS_WITH_AS(parse_f1_definition("x"), doctest::Contains("kuhn_munkres, best_match, found_weighted"), Error);
  }

  TEST_CASE("NIVC by hand") {
    // Two clusters in 1-D: {0, 2} (mean 1, squared deviations 1 + 1) and {10} (0): (2 + 0) / 3.
    CHECK(nivc({0, 2, 10}, 1, {0, 0, 1}) == doctest::Approx(2.0 / 3));
    // One cluster of two 2-D points (0,0), (2,2): mean (1,1), deviations 2 + 2, over 2 points.
    CHECK(nivc({0, 0, 2, 2}, 2, {4, 4}) == doctest::Approx(2.0));
    // Labels far apart (the sorted-values path) cluster the same way.
    CHECK(nivc({0, 2, 10}, 1, {-2000000000, -2000000000, 2000000000}) == doctest::Approx(2.0 / 3));
  }

  TEST_CASE("the assignment step: nearest centroid, counts and sums") {
    PointSet p;
    p.d = 2;
    p.x = {0, 0, 0.1, 0, 1, 1, 0.9, 1.1, 5, 5};
    p.n = 5;
    clustering::Accumulators acc;
    std::vector<double> scratch;
    clustering::assign_and_accumulate(p, {0, 0, 1, 1}, 2, acc, scratch);
    CHECK(acc.labels == std::vector<std::int32_t>{0, 0, 1, 1, 1});
    CHECK(acc.counts == std::vector<double>{2, 3});
    CHECK(acc.sums[0] == doctest::Approx(0.1));
    CHECK(acc.sums[2] == doctest::Approx(6.9));
    CHECK(acc.sums[3] == doctest::Approx(7.1));
    // The same through the generic path (d = 5 has no specialised kernel).
    PointSet q;
    q.d = 5;
    q.n = 2;
    q.x = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
    clustering::assign_and_accumulate(q, {0.9, 0.9, 0.9, 0.9, 0.9, 0.1, 0.1, 0.1, 0.1, 0.1}, 2, acc, scratch);
    CHECK(acc.labels == std::vector<std::int32_t>{1, 0});
  }

  TEST_CASE("Algorithm 1 with a huge budget equals Lloyd from the same initial centroids") {
    Stream s(1, 2, 3);
    PointSet data = blobs(200, s);
    for (int N : {1, 3, 8}) {
      std::vector<double> init = clustering::uniform_centroids(s, 3, 2, {-1, 1});
      std::vector<double> lloyd_c = init, dp_c = init;
      clustering::Accumulators acc;
      std::vector<double> scratch;
      clustering::lloyd(data, 3, N, lloyd_c, acc, scratch);
      const auto lloyd_labels = acc.labels;
      PrivacyLedger ledger(1e13 * N);
      Mechanisms noise(s, ledger);
      clustering::noisy_lloyd(data, 3, std::vector<clustering::IterationBudget>(std::size_t(N), {5e12, 5e12}), {-1, 1}, dp_c,
                              noise, acc, scratch);
      for (std::size_t i = 0; i < init.size(); ++i) CHECK(dp_c[i] == doctest::Approx(lloyd_c[i]).epsilon(1e-9));
      // The labels of the last assignment step agree as well.
      CHECK(acc.labels == lloyd_labels);
    }
  }

  TEST_CASE("dp_kmeans spends exactly eps for every strategy and protection") {
    Stream s(9, 9, 9);
    PointSet data = blobs(100, s);
    data.name = "blobs";
    for (const char* strategy : {"AVG", "Geo", "Ty", "bl-Ty", "Flip-Geo", "Flip-Ty", "AC-Geo", "AC-bl-Ty",
                                 "AC-Flip-Geo", "bisection", "Cormode"}) {
      for (const char* prot : {"none", "random", "probability", "noisy_n"}) {
        for (std::int64_t N : {3, 10}) {
          Params given;
          given.set("strategy", std::string(strategy));
          given.set("protection", std::string(prot));
          given.set("N", N);
          given.set("k", std::int64_t{3});
          given.set("eps", 0.3);
          given.set("U_s", N == 3 ? 18.0 : 65.0);  // Table 3
          CAPTURE(strategy);
          CAPTURE(prot);
          CAPTURE(N);
          const AlgorithmRun r = run_algorithm("budget_series.dp_kmeans", given, &data, Stream(1, 2, 3));
          CHECK(r.spent_eps == doctest::Approx(0.3).epsilon(1e-12));
          CHECK(r.outputs.object<std::vector<std::int32_t>>("assignment").size() == data.n);
        }
      }
    }
  }

  TEST_CASE("dp_kmeans refuses data outside [-1, 1]^d") {
    PointSet data;
    data.d = 1;
    data.n = 2;
    data.x = {0.5, 3.0};
    CHECK_THROWS_WITH_AS(clustering::require_box(data, {-1, 1}, "x", "transforms: [scale]"), doctest::Contains("transforms: [scale]"), Error);
  }
}
