// DPBench's 1-D partitioning baselines (algorithms/baselines/): PHP (php.hpp), SF (StructureFirst,
// structure_first.hpp) and GreedyH on its own (dawa.hpp greedy_h_estimate).
//   dpbench_1d_more: deterministic parts exactly (L1 deviations and V-optimal table against brute
//     force, DPBench's k and eps1, the budget each spends, the partitions at a huge eps on
//     piecewise-constant data, noiseless runs answer exactly, bad parameters refused);
//   dpbench_1d_more_statistical: the noise of the released totals has the variance the
//     sensitivities imply.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/php.hpp"
#include "algorithms/baselines/structure_first.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/rng.hpp"
#include "core/simd.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "framework/privacy.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "dpbench_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;

namespace {

using testing::Answers;
using testing::answers_of;
using testing::histogram;
using testing::pieces;
using testing::range_params;

// The error a parameter value gets from the algorithm's declared range ("" when allowed).
std::string param_error(const std::string& alg, const std::string& name, const Value& v) {
  const AlgorithmInfo info = find_algorithm(alg).info();
  const ParamSpec* spec = find_param(info.params, name);
  REQUIRE(spec != nullptr);
  return spec->validate(v).value_or("");
}

double brute_deviation(std::span<const double> v) {
  if (v.empty()) return 0;
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  double d = 0;
  for (double c : v) d += std::fabs(c - mean);
  return d;
}

double brute_sse(std::span<const double> v) {
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  double d = 0;
  for (double c : v) d += (c - mean) * (c - mean);
  return d;
}

// The least SSE of v cut into `parts` intervals, by trying every cut (small v only).
double brute_v_optimal(std::span<const double> v, std::uint32_t parts) {
  if (parts == 1) return brute_sse(v);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t j = parts - 1; j < v.size(); ++j)
    best = std::min(best, brute_v_optimal(v.first(j), parts - 1) + brute_sse(v.subspan(j)));
  return best;
}

std::vector<double> jagged(std::size_t n) {
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = double((i * 37 + 11) % 23) + (i % 5 == 0 ? 40 : 0);
  return x;
}

}  // namespace

TEST_SUITE("dpbench_1d_more") {

TEST_CASE("PHP: L1 deviations of prefixes and of bisections against brute force") {
  const std::vector<double> x = jagged(57);
  const std::vector<double> d = prefix_l1_deviations(x);
  REQUIRE(d.size() == x.size() + 1);
  for (std::size_t p = 0; p <= x.size(); ++p)
    CHECK(d[p] == doctest::Approx(brute_deviation(std::span(x).first(p))).epsilon(1e-12));
  const std::vector<double> b = bisection_deviations(x);
  REQUIRE(b.size() == x.size() - 1);
  for (std::size_t i = 1; i < x.size(); ++i)
    CHECK(b[i - 1] == doctest::Approx(brute_deviation(std::span(x).first(i)) + brute_deviation(std::span(x).subspan(i)))
                          .epsilon(1e-12));
  // Constant runs of integers deviate by exactly 0.
  const std::vector<double> c(40, 7.0);
  for (double v : prefix_l1_deviations(c)) CHECK(v == 0.0);
  CHECK(bisection_deviations(std::vector<double>{3}).empty());
}

TEST_CASE("PHP: at a huge eps the partition is the pieces, and each level of bisections costs eps_cluster / (2 depth)") {
  // Pieces [0, 3), [3, 8), [8, 10), [10, 16): splitting a constant piece only adds a bucket's price
  // b; cutting at a piece's edge removes deviation far above b. The best bisections find the edges
  // at levels 1, 2 and 3 (10, then 8, then 3: the least deviation of the two halves each time);
  // constant pieces are kept.
  const std::vector<double> x = pieces({{3, 50}, {5, 0}, {2, 200}, {6, 20}});
  PhpOptions o;
  o.eps_cluster = 1e9;
  o.b = 1;
  o.max_depth = 4;
  Stream s(1, 2, 3);
  PrivacyLedger ledger(1e10);
  Mechanisms noise(s, ledger);
  const Buckets b = php_partition(x, o, noise);
  CHECK(b.bounds == std::vector<std::uint32_t>{0, 3, 8, 10, 16});
  // Decisions on levels 1, 2, 3 (level 4 is final), then the choice: 3 / 8 + 1 / 2 of eps_cluster.
  CHECK(ledger.spent() == doctest::Approx(o.eps_cluster * (3.0 / 8 + 0.5)).epsilon(1e-12));

  // max_depth 1: only the root is cut, once.
  o.max_depth = 1;
  PrivacyLedger ledger1(1e10);
  Mechanisms noise1(s, ledger1);
  CHECK(php_partition(x, o, noise1).bounds == std::vector<std::uint32_t>{0, 10, 16});
  CHECK(ledger1.spent() == doctest::Approx(o.eps_cluster * (0.5 + 0.5)).epsilon(1e-12));

  // max_clusters 2: the bisection stops once there are more than 2 intervals (10, then 8).
  o.max_depth = 4;
  o.max_clusters = 2;
  PrivacyLedger ledger2(1e10);
  Mechanisms noise2(s, ledger2);
  CHECK(php_partition(x, o, noise2).bounds == std::vector<std::uint32_t>{0, 8, 10, 16});

  // One cell: no decision, the choice of the only candidate.
  PrivacyLedger ledger3(1e10);
  Mechanisms noise3(s, ledger3);
  CHECK(php_partition(std::vector<double>{4}, o, noise3).bounds == std::vector<std::uint32_t>{0, 1});
  CHECK(ledger3.spent() == doctest::Approx(o.eps_cluster / 2));
}

TEST_CASE("baselines.php: the budget is spent exactly, a huge eps answers exactly, bad parameters refused") {
  const Histogram h = histogram(pieces({{3, 50}, {5, 0}, {2, 200}, {6, 20}}));
  const Answers a = answers_of("baselines.php", h, range_params(1e9, 40), 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-6));
  // n = 16: depth 4; whatever the decisions, at most 4 levels: spent <= eps, and at least the
  // root's level, the choice and the counts.
  for (std::uint64_t t = 0; t < 5; ++t) {
    const Answers r = answers_of("baselines.php", h, range_params(1, 40), t);
    CHECK(r.spent <= 1 + 1e-12);
    CHECK(r.spent >= 0.5 / 8 + 0.25 + 0.5 - 1e-12);
  }
  CHECK_CONTAINS(param_error("baselines.php", "ratio", 1.0), "(0, 1)");
  CHECK_CONTAINS(param_error("baselines.php", "ratio", 0.0), "out of range");
  CHECK_CONTAINS(param_error("baselines.php", "max_clusters", std::int64_t{0}), "out of range");
  CHECK(param_error("baselines.php", "max_clusters", std::int64_t{1}).empty());
}

TEST_CASE("SF: DPBench's k and eps1") {
  CHECK(sf_buckets(4096) == 410);
  CHECK(sf_buckets(64) == 7);
  CHECK(sf_buckets(10) == 1);
  CHECK(sf_buckets(20) == 2);
  // eps / 20 once F is large; larger, moving with F, below about 32 / eps (the finding's numbers).
  CHECK(sf_eps1(4096, 410, 0.1, 1e7) == doctest::Approx(0.005));
  CHECK(sf_eps1(4096, 410, 0.1, 10000 * 1000.0 / 4096) == doctest::Approx(0.005));
  CHECK(sf_eps1(20, 2, 1, 500) == doctest::Approx(0.05));
  CHECK(sf_eps1(20, 2, 1, 0) == doctest::Approx(0.25));
  CHECK(sf_eps1(20, 2, 1, 0.1) == doctest::Approx(0.25));
  CHECK(sf_eps1(20, 2, 1, 1) == doctest::Approx(0.3));
  CHECK(sf_eps1(4096, 410, 0.1, 0) == doctest::Approx(0.015));
}

TEST_CASE("SF: the V-optimal table against brute force") {
  const std::vector<double> x = jagged(14);
  const VOptimalTable t = v_optimal_table(x, 5);
  for (std::uint32_t r = 0; r < 5; ++r)
    for (std::uint32_t i = 0; i < 14; ++i) {
      INFO("r = " << r << ", i = " << i);
      if (i < r)
        CHECK(std::isinf(t.at(r, i)));
      else
        CHECK(t.at(r, i) == doctest::Approx(brute_v_optimal(std::span(x).first(i + 1), r + 1)).epsilon(1e-9));
    }
  // The candidates of the last boundary: every start j of the last bucket.
  const std::vector<double> e = boundary_errors(t, 4, 14);
  REQUIRE(e.size() == 10);
  for (std::uint32_t j = 4; j < 14; ++j)
    CHECK(e[j - 4] == doctest::Approx(brute_v_optimal(std::span(x).first(j), 4) + brute_sse(std::span(x).subspan(j)))
                          .epsilon(1e-9));
  CHECK_CONTAINS(testing::error_of([&] { v_optimal_table(x, 15); }), "k <= n");
}

TEST_CASE("SF: the vector scans of the V-optimal table compute the scalar scan's bits") {
  // DPBench-like counts: mostly empty cells, runs of equal counts (ties in the minimum), spikes
  // (early stops), fractional values (the division rounds) and counts whose squares' prefix sums
  // pass 2^53 (one cell's SSE must still be 0), at sizes that leave 0-7 starts after the last
  // block of eight.
  for (std::uint32_t n : {61u, 402u, 1027u, 1029u, 1030u, 1033u}) {
    std::vector<double> x(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t h = (i * 2654435761u) >> 7;
      x[i] = h % 3 == 0 ? 0.0 : (i / 17) % 4 == 1 ? 5.0 : double(h % 97) / (h % 5 + 1) + (h % 41 == 0 ? 3000 : 0);
      if (n > 1027 && h % 7 == 1) x[i] = 9.9e6 + double(h % 1000);
    }
    const std::uint32_t k = sf_buckets(n);
    CAPTURE(n);
    simd::set_level(simd::Level::scalar);
    const VOptimalTable scalar = v_optimal_table(x, k);
    // and the scalar scan is the V-optimal minimum (brute force on the first 12 cells, 3 parts;
    // not with the huge counts, whose prefix sums of squares cancel to about 1 in absolute terms).
    for (std::uint32_t i = 2; n <= 1027 && i < std::min(n, 12u); ++i)
      CHECK(scalar.at(2, i) == doctest::Approx(brute_v_optimal(std::span(x).first(i + 1), 3)).epsilon(1e-9));
    for (const simd::Level level : {simd::Level::avx2, simd::Level::avx512}) {
      CAPTURE(simd::name(level));
      if (simd::supported() < level) {
        MESSAGE("skipped: this CPU has no " << simd::name(level) << ", that scan does not run");
        continue;
      }
      simd::set_level(level);
      const VOptimalTable vector = v_optimal_table(x, k);
      REQUIRE(vector.D.size() == scalar.D.size());
      CHECK(std::memcmp(vector.D.data(), scalar.D.data(), scalar.D.size() * sizeof(double)) == 0);
    }
    simd::set_level(simd::supported());
  }
}

TEST_CASE("SF: the best boundaries drawn right to left are the pieces; a huge eps answers exactly") {
  const std::vector<double> x = pieces({{7, 30}, {4, 0}, {9, 120}, {5, 60}});
  const VOptimalTable t = v_optimal_table(x, 4);
  std::vector<std::uint32_t> bounds{25};
  for (std::uint32_t r = 3, right = 25; r >= 1; --r) {
    const std::vector<double> e = boundary_errors(t, r, right);
    right = r + static_cast<std::uint32_t>(std::min_element(e.begin(), e.end()) - e.begin());
    bounds.insert(bounds.begin(), right);
  }
  CHECK(bounds == std::vector<std::uint32_t>{7, 11, 20, 25});

  // The plugin with k = 4 (k_ratio 0.155: ceil(3.875)) and a public F at a huge eps: exact answers, and the
  // budget spent is (k - 1) / k eps1 + eps2.
  const Histogram h = histogram(x);
  Params p = range_params(1e9, 40);
  p.set("k_ratio", 0.155);
  p.set("max_count", 200.0);
  const Answers a = answers_of("baselines.sf", h, p, 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-6));
  p.set("eps", 1.0);
  const double eps1 = sf_eps1(25, 4, 1.0, 200);
  CHECK(answers_of("baselines.sf", h, p, 0).spent == doctest::Approx(0.75 * eps1 + (1 - eps1)).epsilon(1e-12));
  // One bucket (n <= 10 at k_ratio 0.1): the whole eps on the tree.
  const Histogram small = histogram(jagged(8));
  CHECK(answers_of("baselines.sf", small, range_params(0.5, 20), 0).spent == doctest::Approx(0.5).epsilon(1e-12));
  CHECK_CONTAINS(param_error("baselines.sf", "k_ratio", 0.0), "out of range");
  CHECK_CONTAINS(param_error("baselines.sf", "k_ratio", 1.5), "out of range");
  CHECK_CONTAINS(param_error("baselines.sf", "max_count", -1.0), "out of range");
  // DPBench's F (max_count 0) is marked not-dp, a public one dp.
  const AlgorithmInfo info = find_algorithm("baselines.sf").info();
  Params q = with_defaults(info.params, {});
  CHECK(privacy_at(info.privacy, info.privacy_rules, q).finding == "dpbench.sf_private_bound");
  q.set("max_count", 100.0);
  CHECK(privacy_at(info.privacy, info.privacy_rules, q).kind == Privacy::dp);
}

TEST_CASE("baselines.greedy_h: the whole budget on greedyH's strategy; a huge eps answers exactly") {
  const Histogram h = histogram(jagged(50));
  const Answers a = answers_of("baselines.greedy_h", h, range_params(1e9, 40), 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-6));
  CHECK(answers_of("baselines.greedy_h", h, range_params(0.7, 40), 0).spent == doctest::Approx(0.7).epsilon(1e-12));
}

}  // TEST_SUITE

TEST_SUITE("dpbench_1d_more_statistical") {

// Each check below compares a sample variance over R = 4000 runs with the variance the noise
// implies. The sample variance of a Laplace-based sum has relative sd about sqrt((kurtosis - 1)
// / R) <= sqrt(5 / 4000) = 3.5%; the checks allow 18% (5 sd) and the mean 5 standard errors:
// false failure below 1e-6 per check, 10 checks.
struct Moments {
  double mean = 0, var = 0;
};
template <class F>
Moments moments(int R, F&& error_of_run) {
  double s1 = 0, s2 = 0;
  for (int r = 0; r < R; ++r) {
    const double e = error_of_run(r);
    s1 += e;
    s2 += e * e;
  }
  return {s1 / R, (s2 - s1 * s1 / R) / (R - 1)};
}

// The full-range query's error, the workload's first query over every cell.
double full_range_error(const std::string& alg, const Histogram& h, const Params& p, std::uint64_t t) {
  const AlgorithmRun run = run_algorithm(alg, p, &h, Stream(11, 22, t), TrialSeeds{3, 0});
  const auto W = run.outputs.object<linear_queries::WorkloadOutput>("workload");
  const auto& ans = run.outputs.vector("answers");
  std::size_t q = 0;
  while (q < ans.size() && W->W.row_size(q) != h.counts.size()) ++q;
  REQUIRE(q < ans.size());
  return ans[q] - std::accumulate(h.counts.begin(), h.counts.end(), 0.0);
}

// PHP: on one cell one interval; on two cells 10^3 and 10^6 the root is always cut (its deviation
// 10^6 against the bucket price 2/eps) and the cut partition chosen, so two intervals (neither
// total near 0, where the estimate is floored). Each
// interval's total gets Laplace(1/eps_count), eps_count = eps / 2: variance 8 / eps^2 each.
TEST_CASE("PHP: the intervals' totals get Laplace(1/eps_count)") {
  const double eps = 1;
  for (int cells = 1; cells <= 2; ++cells) {
    const Histogram h = histogram(cells == 1 ? std::vector<double>{500} : std::vector<double>{1e3, 1e6});
    const Moments m = moments(4000, [&](int r) { return full_range_error("baselines.php", h, range_params(eps, 200), 7000 + r); });
    const double expected = cells * 8 / (eps * eps);
    INFO("cells " << cells);
    CHECK(m.var == doctest::Approx(expected).epsilon(0.18));
    CHECK(std::fabs(m.mean) < 5 * std::sqrt(expected / 4000));
  }
}

// SF on 8 cells: k = 1, one bucket, the whole eps on a binary tree of h = 3 (4 levels, Laplace
// (4 / eps) on every node, no padding); the total after the bottom-up pass has variance
// sigma^2 (b-1) b^h / (b^(h+1) - 1) = sigma^2 8 / 15, sigma^2 = 2 (4 / eps)^2.
TEST_CASE("SF: a bucket's tree gets Laplace((h + 1) / eps2)") {
  const double eps = 0.5;
  const Histogram h = histogram(jagged(8));
  const Moments m = moments(4000, [&](int r) { return full_range_error("baselines.sf", h, range_params(eps, 200), 9000 + r); });
  const double expected = 2 * std::pow(4 / eps, 2) * 8.0 / 15;
  CHECK(m.var == doctest::Approx(expected).epsilon(0.18));
  CHECK(std::fabs(m.mean) < 5 * std::sqrt(expected / 4000));
}

// GreedyH: on constant data (no bias from spreading a terminal node's total evenly) the summed
// squared error of the workload has mean 2 / eps^2 trace(W (A^T A)^+ W^T) (the strategy's
// sensitivity is 1), the output strategy_error; checked to 5 standard errors of the sample mean.
TEST_CASE("GreedyH: the workload's squared error is 2 strategy_error / eps^2") {
  const double eps = 0.5;
  const Histogram h = histogram(std::vector<double>(32, 10.0));
  double trace = 0;
  const Moments m = moments(4000, [&](int r) {
    const AlgorithmRun run = run_algorithm("baselines.greedy_h", range_params(eps, 30), &h, Stream(11, 22, 20000 + r), TrialSeeds{3, 0});
    const auto W = run.outputs.object<linear_queries::WorkloadOutput>("workload");
    const auto& ans = run.outputs.vector("answers");
    const std::vector<double> truth = W->W.answer(h.counts);
    trace = run.outputs.scalar("strategy_error");
    double s = 0;
    for (std::size_t i = 0; i < ans.size(); ++i) s += (ans[i] - truth[i]) * (ans[i] - truth[i]);
    return s;
  });
  CHECK(std::fabs(m.mean - 2 * trace / (eps * eps)) < 5 * std::sqrt(m.var / 4000));
}

}  // TEST_SUITE
