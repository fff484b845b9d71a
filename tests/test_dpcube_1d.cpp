// DPCube in 1-D (baselines.dpcube_1d; dpcube.hpp, DPBench's DPcube1D.py):
//   dpcube_1d: the deterministic parts exactly: the kd-tree's cut rule and its price 1 / eps2 on
//     hand examples, the leaves on a noiseless piecewise-constant input, the budget split
//     alpha eps + (1 - alpha) eps, exact answers at a huge eps on data constant over the first
//     grid's gz-wide blocks (the last one clipped), bad parameters refused;
//   dpcube_1d_statistical: the leaves' noise is Laplace(1 / ((1 - alpha) eps)) per leaf.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/dpcube.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/error.hpp"
#include "framework/ledger.hpp"
#include "framework/runner.hpp"
#include "dpbench_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;
using linear_queries::Rect;

namespace {

using Intervals = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// The leaves of a 1 x n partition as [c0, c1) pairs.
Intervals intervals(const std::vector<Rect>& leaves) {
  Intervals v;
  for (const Rect& r : leaves) {
    CHECK((r.r0 == 0 && r.r1 == 1));
    v.emplace_back(r.c0, r.c1);
  }
  return v;
}

using testing::answers_of;
using testing::histogram;
using testing::pieces;
using testing::range_params;

}  // namespace

TEST_SUITE("dpcube_1d") {

TEST_CASE("the cut rule: split when SSE(a) + SSE(b) + 2 / eps2 < SSE(box) + 1 / eps2") {
  // Two cells {0, 2}: SSE(box) = 2, so the cut pays off when 1 / eps2 < 2, strictly (DPBench's `<`).
  const std::vector<double> two = {0, 2};
  CHECK(intervals(dpcube_partition(two, 1, 2, 0.49)) == Intervals{{0, 2}});
  CHECK(intervals(dpcube_partition(two, 1, 2, 0.5)) == Intervals{{0, 2}});
  CHECK(intervals(dpcube_partition(two, 1, 2, 0.51)) == Intervals{{0, 1}, {1, 2}});
  // A constant line is never cut, whatever eps2.
  CHECK(intervals(dpcube_partition(std::vector<double>(9, 7.0), 1, 9, 1e12)) == Intervals{{0, 9}});
}

TEST_CASE("the partition of a noiseless piecewise-constant X1: the best cut first, then recursively") {
  // 22 cells of 5, 11 of 40, 4 of 0. At the root the cut at 22 leaves SSE 0 + 4693.3 (11 x 40 and
  // 4 x 0: 17600 - 440^2 / 15), the cut at 33 leaves 8983.3 + 0 (18150 - 550^2 / 33): 22 wins;
  // then [22, 37) is cut at 33; constant pieces are kept. Recursion order: first part first.
  const std::vector<double> X1 = pieces({{22, 5}, {11, 40}, {4, 0}});
  CHECK(intervals(dpcube_partition(X1, 1, 37, 1e9)) == Intervals{{0, 22}, {22, 33}, {33, 37}});
  // At eps2 = 1e-4 the price of a leaf, 1 / eps2 = 10^4, is above the root's SSE 9,974.3 (18150 - 550^2 / 37) minus
  // its best cut's 4693.3: no cut.
  CHECK(intervals(dpcube_partition(X1, 1, 37, 1e-4)) == Intervals{{0, 37}});
  // At eps2 = 2e-4 (price 5,000) the root is cut at 22, but [22, 37) (SSE 4693.3) is kept.
  CHECK(intervals(dpcube_partition(X1, 1, 37, 2e-4)) == Intervals{{0, 22}, {22, 37}});
}

TEST_CASE("the budget: alpha eps on the first grid, then (1 - alpha) eps on the leaves") {
  const std::vector<double> x = pieces({{11, 3}, {11, 9}, {3, 100}});
  for (const double alpha : {0.5, 0.2}) {
    CAPTURE(alpha);
    Stream s(1, 2, 3);
    PrivacyLedger ledger(1.0);
    Mechanisms noise(s, ledger);
    const DPCubeEstimate e = dpcube_estimate(x, 1, 25, 11, alpha, 1.0, noise);
    CHECK(ledger.charges() == 2);
    CHECK(ledger.spent() == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(e.xhat.size() == 25);
    // A budget just above alpha eps: the first grid is charged, the leaves are refused.
    PrivacyLedger short_ledger(alpha * (1 + 1e-9));
    Mechanisms short_noise(s, short_ledger);
    CHECK_THROWS_AS(dpcube_estimate(x, 1, 25, 11, alpha, 1.0, short_noise), BudgetExceeded);
    CHECK(short_ledger.charges() == 1);
    CHECK(short_ledger.spent() == doctest::Approx(alpha).epsilon(1e-12));
  }
  const testing::Answers a = answers_of("baselines.dpcube_1d", histogram(x), range_params(0.7, 50), 0);
  CHECK(a.spent == doctest::Approx(0.7).epsilon(1e-12));
}

TEST_CASE("baselines.dpcube_1d at a huge eps: exact on data constant over the first grid's blocks") {
  // n = 25, gz = 11: blocks [0, 11), [11, 22) and the clipped [22, 25). X1 equals x, the cuts fall
  // at 11 and 22 only, and each leaf's count is exact.
  const Histogram h = histogram(pieces({{11, 3}, {11, 9}, {3, 100}}));
  Params p = range_params(1e9, 200);
  const AlgorithmRun r = run_algorithm("baselines.dpcube_1d", p, &h, Stream(11, 22, 0), TrialSeeds{3, 0});
  const auto& W = r.outputs.object<linear_queries::WorkloadOutput>("workload");
  const std::vector<double> truth = W->W.answer(h.counts);
  const auto& a = r.outputs.vector("answers");
  REQUIRE(a.size() == truth.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == doctest::Approx(truth[i]).epsilon(1e-6));
  CHECK(r.outputs.scalar("leaves") == 3);
  // Pieces that straddle a block ([0, 5) and [5, 25) of different counts): the first grid blurs
  // the block [0, 11), so the answers are not exact; with gz = 1 they are again (X1 = x).
  const Histogram off = histogram(pieces({{5, 40}, {20, 2}}));
  const testing::Answers blurred = answers_of("baselines.dpcube_1d", off, range_params(1e9, 200), 0);
  double worst = 0;
  for (std::size_t i = 0; i < blurred.truth.size(); ++i) worst = std::max(worst, std::fabs(blurred.noisy[i] - blurred.truth[i]));
  CHECK(worst > 1);
  Params fine = range_params(1e9, 200);
  fine.set("gz", std::int64_t{1});
  const testing::Answers exact = answers_of("baselines.dpcube_1d", off, fine, 0);
  for (std::size_t i = 0; i < exact.truth.size(); ++i) CHECK(exact.noisy[i] == doctest::Approx(exact.truth[i]).epsilon(1e-6));
}

TEST_CASE("bad parameters and a 2-D histogram are refused clearly") {
  const AlgorithmInfo info = find_algorithm("baselines.dpcube_1d").info();
  auto param_error = [&](const char* name, const Value& v) {
    const ParamSpec* spec = find_param(info.params, name);
    REQUIRE(spec != nullptr);
    return spec->validate(v).value_or("");
  };
  CHECK_CONTAINS(param_error("gz", std::int64_t{0}), "out of range");
  CHECK_CONTAINS(param_error("alpha", 1.0), "(0, 1)");
  CHECK_CONTAINS(param_error("alpha", 0.0), "(0, 1)");
  CHECK(param_error("gz", std::int64_t{100}).empty());
  CHECK(param_error("alpha", 0.3).empty());
  // Called directly, the estimate refuses them too, naming the parameter.
  const std::vector<double> x = pieces({{4, 1}});
  Stream s(1, 2, 3);
  PrivacyLedger ledger(1.0);
  Mechanisms noise(s, ledger);
  CHECK_CONTAINS(testing::error_of([&] { dpcube_estimate(x, 1, 4, 0, 0.5, 1.0, noise); }), "gz");
  CHECK_CONTAINS(testing::error_of([&] { dpcube_estimate(x, 1, 4, 11, 1.0, 1.0, noise); }), "alpha");
  CHECK(ledger.charges() == 0);
  // A grid wider than the domain: one block, the whole line.
  Params wide = range_params(1e9, 20);
  wide.set("gz", std::int64_t{100});
  const testing::Answers a = answers_of("baselines.dpcube_1d", histogram(pieces({{4, 1}, {3, 8}})), wide, 0);
  CHECK(a.spent == doctest::Approx(1e9));
  Histogram2D h2;
  h2.name = "grid";
  h2.rows = h2.cols = 2;
  h2.counts = {1, 2, 3, 4};
  CHECK_CONTAINS(testing::error_of([&] {
                   run_algorithm("baselines.dpcube_1d", range_params(1, 10), &h2, Stream(1, 2, 0), TrialSeeds{3, 0});
                 }),
                 "histogram2d");
}

}  // TEST_SUITE

TEST_SUITE("dpcube_1d_statistical") {

// The answer to the range over every cell is the sum of the L leaves' noisy counts, so its error
// is the sum of L independent Laplace(1 / eps2) draws, eps2 = (1 - alpha) eps: given L (a function
// of the first stage's noise alone), variance 2 L / eps2^2. The error / sqrt(L) thus has variance
// 2 / eps2^2 whatever L. Each alpha is checked on R = 4000 runs: the sample variance's relative sd
// is about sqrt((kurtosis - 1) / R) <= sqrt(5 / 4000) = 3.5% (a Laplace sum's kurtosis is at most
// 6); the check allows 18% (5 sd): false failure below 1e-6 per check, 4 checks.
TEST_CASE("the leaves' noise is Laplace(1 / ((1 - alpha) eps)) each") {
  std::vector<double> x(64);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = double((i * 7) % 11) + (i >= 40 ? 30 : 0);
  const Histogram h = histogram(x);
  const double total = std::accumulate(x.begin(), x.end(), 0.0), eps = 0.5;
  for (const double alpha : {0.5, 0.8}) {
    CAPTURE(alpha);
    const double eps2 = (1 - alpha) * eps, expected = 2 / (eps2 * eps2);
    Params p = range_params(eps, 4000);
    p.set("alpha", alpha);
    const int R = 4000;
    double s1 = 0, s2 = 0;
    for (int r = 0; r < R; ++r) {
      const AlgorithmRun run = run_algorithm("baselines.dpcube_1d", p, &h, Stream(31, 41, r), TrialSeeds{5, 0});
      const auto& W = run.outputs.object<linear_queries::WorkloadOutput>("workload");
      const auto& ans = run.outputs.vector("answers");
      // The first full-width query of the (public, fixed) workload: 4000 ranges over 64 cells
      // contain one with probability 1 - (63/64)^4000.
      std::size_t q = 0;
      while (q < ans.size() && W->W.row_size(q) != 64) ++q;
      REQUIRE(q < ans.size());
      const double L = run.outputs.scalar("leaves");
      const double e = (ans[q] - total) / std::sqrt(L);
      s1 += e;
      s2 += e * e;
    }
    const double var = (s2 - s1 * s1 / R) / (R - 1);
    CHECK(var == doctest::Approx(expected).epsilon(0.18));
    CHECK(std::fabs(s1 / R) < 5 * std::sqrt(expected / R));
  }
}

}  // TEST_SUITE
