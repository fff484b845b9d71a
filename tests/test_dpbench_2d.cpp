// Tests of DPBench's 2-D HybridTree (hybrid_tree.hpp, baselines.hybridtree) and 2-D AHP
// (baselines.ahp_2d): the deterministic parts exactly (DPBench's height rule, the budget split,
// the medians' scores, the consistency on a hand example, exactness at a huge budget, what the
// reference structure leaks, clear errors), and in the statistical suite the law of the private
// median.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/hybrid_tree.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;
using namespace dplab::linear_queries;

namespace {

Histogram2D histogram(std::uint32_t rows, std::uint32_t cols, std::vector<double> counts) {
  Histogram2D h;
  h.name = "test";
  h.rows = rows;
  h.cols = cols;
  h.counts = std::move(counts);
  return h;
}

AlgorithmRun run(const std::string& name, const Histogram2D& h, double eps, Params p = {}, std::uint64_t run_index = 0) {
  p.set("eps", eps);
  if (!p.has("queries")) p.set("queries", std::int64_t{200});
  return run_algorithm(name, p, &h, Stream(11, 12, run_index), TrialSeeds{3, 0});
}

// The largest |answer - true answer| over the run's rectangles.
double worst_error(const AlgorithmRun& r, const Histogram2D& h) {
  const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
  const std::vector<double> truth = W.answer(h.counts);
  const auto& a = r.outputs.vector("answers");
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - truth[i]));
  return worst;
}

// A lumpy 16 x 16 histogram: a dense block, a sparse ramp, zeros.
Histogram2D lumpy() {
  std::vector<double> x(256, 0.0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) {
      if (r >= 3 && r < 7 && c >= 9 && c < 13) x[r * 16 + c] = 100;
      else if (r > 9) x[r * 16 + c] = (r + c) % 5;
    }
  return histogram(16, 16, x);
}

std::vector<double> sat(const Histogram2D& h) {
  std::vector<double> P;
  prefix_sums_2d(h.counts, static_cast<std::uint32_t>(h.rows), static_cast<std::uint32_t>(h.cols), P);
  return P;
}

Params param(const std::string& k, std::int64_t v) {
  Params p;
  p.set(k, v);
  return p;
}

}  // namespace

TEST_SUITE("dpbench_2d") {

TEST_CASE("hybridtree: DPBench's height rule (natural log of the rows, capped at c)") {
  CHECK(hybrid_tree_height(256, 10) == 6);  // ln 256 = 5.55
  CHECK(hybrid_tree_height(16, 10) == 3);   // ln 16 = 2.77
  CHECK(hybrid_tree_height(1, 10) == 0);
  CHECK(hybrid_tree_height(20000, 10) == 10);   // ln = 9.90: floor 9 < 10, ceil 10
  CHECK(hybrid_tree_height(100000, 10) == 10);  // ln = 11.5: floor 11 >= 10, c
  CHECK(hybrid_tree_height(256, 4) == 4);
  CHECK(hybrid_tree_height(256, 5) == 5);   // floor 5 is not < 5: c
  CHECK(run("baselines.hybridtree", lumpy(), 1).outputs.scalar("height") == 3);
}

TEST_CASE("hybridtree: the budget split (medians ratio eps over switch_level levels, counts geometric)") {
  HybridBudget b;
  b.eps = 0.7;
  b.ratio = 0.3;
  b.switch_level = 5;
  b.height = 6;
  CHECK(b.median_eps() * 5 == doctest::Approx(0.3 * 0.7).epsilon(1e-14));
  double sum = 0;
  for (int d = 0; d <= 6; ++d) sum += b.count_eps(d);
  CHECK(sum == doctest::Approx(0.7 * 0.7).epsilon(1e-14));
  for (int d = 0; d < 6; ++d) CHECK(b.count_eps(d + 1) / b.count_eps(d) == doctest::Approx(std::cbrt(2.0)).epsilon(1e-14));
  CHECK(b.count_eps_below(2) == doctest::Approx(b.count_eps(3) + b.count_eps(4) + b.count_eps(5) + b.count_eps(6)));
  CHECK(b.count_eps_below(6) == 0);

  // A run spends exactly eps when a path goes through every level with its medians: a dense
  // 32 x 32 histogram (H = ceil(ln 32) = 4), two kd levels.
  const Histogram2D dense = histogram(32, 32, std::vector<double>(1024, 50.0));
  for (double eps : {0.1, 1.0, 3.0}) {
    CAPTURE(eps);
    const AlgorithmRun r = run("baselines.hybridtree", dense, eps, param("switch_level", 2));
    CHECK(r.spent_eps == doctest::Approx(eps).epsilon(1e-12));
  }
  // switch_level above the height (DPBench's default 5 on 16 rows, H = 3): the medians of the
  // missing kd levels are not drawn, and the run spends less, as DPBench's does.
  const AlgorithmRun r = run("baselines.hybridtree", histogram(16, 16, std::vector<double>(256, 50.0)), 1);
  CHECK(r.spent_eps == doctest::Approx(1 - 0.3 + 0.3 * 3 / 5).epsilon(1e-12));
  // AHP 2-D: eps1 + eps2 in two releases.
  const AlgorithmRun a = run("baselines.ahp_2d", lumpy(), 0.5);
  CHECK(a.spent_eps == doctest::Approx(0.5).epsilon(1e-14));
  CHECK(a.charges == 2);
}

TEST_CASE("hybridtree: the private median's scores -|rank(b) - ceil(n / 2)| over the inner boundaries") {
  // 4 x 3, rows summing to 1, 2, 3, 4 (n = 10, rm = 5).
  const Histogram2D h = histogram(4, 3, {1, 0, 0, 0, 2, 0, 1, 1, 1, 0, 0, 4});
  const std::vector<double> P = sat(h);
  CHECK(median_scores(P, 3, Rect{0, 4, 0, 3}, 0) == std::vector<double>{-4, -2, -1});
  // Columns of the same box: column sums 1 + 0 + 1 + 0 = 2, 3, 5: ranks 2, 5.
  CHECK(median_scores(P, 3, Rect{0, 4, 0, 3}, 1) == std::vector<double>{-3, 0});
  // An odd n: the bottom two rows (n = 7, rm = 4), columns: ranks 1, 2.
  CHECK(median_scores(P, 3, Rect{2, 4, 0, 3}, 1) == std::vector<double>{-3, -2});
  // One cell wide: no candidate.
  CHECK(median_scores(P, 3, Rect{0, 1, 0, 3}, 0).empty());
}

TEST_CASE("hybridtree: DPBench's consistency on a hand tree") {
  // Root (depth 0) with 4 children, the first of which has 4 leaf children; H = 2.
  std::vector<HybridNode> t(9);
  t[0] = {Rect{0, 4, 0, 4}, 0, 20.0, 1, 4};
  t[1] = {Rect{0, 2, 0, 2}, 1, 8.0, 5, 4};
  for (int i = 2; i <= 4; ++i) t[i] = {Rect{}, 1, 3.0, 0, 0};
  for (int i = 5; i <= 8; ++i) t[i] = {Rect{}, 2, 1.0 + i - 5, 0, 0};  // 1, 2, 3, 4
  hybrid_consistency(t, 2);
  // Upward: node 1 (l = 1) keeps 8 (DPBench's off-by-one); the root (l = 2): 12/15 * 20 +
  // 3/15 * (8 + 9) = 19.4. Downward: the root's children move by (19.4 - 17) / 4 = 0.6, node 1's
  // children by (8.6 - 10) / 4 = -0.35.
  CHECK(t[0].count == doctest::Approx(19.4));
  CHECK(t[1].count == doctest::Approx(8.6));
  CHECK(t[2].count == doctest::Approx(3.6));
  CHECK(t[5].count == doctest::Approx(0.65));
  CHECK(t[8].count == doctest::Approx(3.65));
  double leaves = 0;
  for (const HybridNode& n : t) leaves += n.kids == 0 ? n.count : 0;
  CHECK(leaves == doctest::Approx(t[0].count));
}

TEST_CASE("hybridtree at a huge budget: exact where its leaves are single cells or the data is constant") {
  // 4 x 4, symmetric: the medians fall at the middle (row sums 6, 14, 14, 6; each half's column
  // sums 4, 6, 6, 4), the quadtree level cuts the 2 x 2 boxes into cells (H = 2).
  const Histogram2D sym = histogram(4, 4, {1, 2, 2, 1, 3, 4, 4, 3, 3, 4, 4, 3, 1, 2, 2, 1});
  const AlgorithmRun r = run("baselines.hybridtree", sym, 1e9, param("switch_level", 1));
  CHECK(r.outputs.scalar("leaves") == 16);
  CHECK(worst_error(r, sym) < 16 * std::ldexp(1.0, -11) + 1e-6);
  // Constant data: every leaf, wherever the medians cut, is constant.
  const Histogram2D flat = histogram(24, 20, std::vector<double>(480, 7.0));
  const AlgorithmRun f = run("baselines.hybridtree", flat, 1e9);
  CHECK(worst_error(f, flat) < 480 * std::ldexp(1.0, -11) + 1e-6);
  CHECK(f.outputs.scalar("leaves") >= 16);
  // AHP 2-D: its clusters are the cells of equal counts, measured exactly.
  const Histogram2D h = lumpy();
  CHECK(worst_error(run("baselines.ahp_2d", h, 1e9), h) < 256 * std::ldexp(1.0, -11) + 1e-3);
}

TEST_CASE("hybridtree: the reference structure (DPBench's) shows the data's bounding box, the provable one does not") {
  // Records only in the top-left 4 x 4 of 32 x 32: with DPBench's root every rectangle outside
  // rows and columns 0..3 is answered 0 exactly, at any eps.
  std::vector<double> x(32 * 32, 0.0);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) x[r * 32 + c] = 5;
  const Histogram2D h = histogram(32, 32, x);
  Params ref;
  ref.set("structure", std::string("reference"));
  for (std::uint64_t k = 0; k < 5; ++k) {
    const AlgorithmRun a = run("baselines.hybridtree", h, 0.5, ref, k), b = run("baselines.hybridtree", h, 0.5, {}, k);
    const auto& W = a.outputs.object<WorkloadOutput>("workload")->rects;
    std::size_t outside = 0, ref_zero = 0, provable_zero = 0;
    for (std::size_t i = 0; i < W.rects.size(); ++i) {
      if (W.rects[i].r0 < 4 && W.rects[i].c0 < 4) continue;
      ++outside;
      ref_zero += a.outputs.vector("answers")[i] == 0;
      provable_zero += b.outputs.vector("answers")[i] == 0;
    }
    REQUIRE(outside > 50);
    CHECK(ref_zero == outside);
    CHECK(provable_zero < outside);
  }
  const AlgorithmInfo info = find_algorithm("baselines.hybridtree").info();
  CHECK(privacy_at(info.privacy, info.privacy_rules, with_defaults(info.params, Params{})).kind == Privacy::dp);
  CHECK(privacy_at(info.privacy, info.privacy_rules, with_defaults(info.params, ref)).finding ==
        "dpbench.hybridtree_data_bounds");
  const AlgorithmInfo ahp = find_algorithm("baselines.ahp_2d").info();
  CHECK(privacy_at(ahp.privacy, ahp.privacy_rules, with_defaults(ahp.params, Params{})).kind == Privacy::dp);
}

TEST_CASE("hybridtree and ahp_2d refuse bad parameters and a 1-D histogram clearly") {
  // A spec's values are checked against the declared ranges (the message says what is allowed).
  const AlgorithmInfo info = find_algorithm("baselines.hybridtree").info();
  const AlgorithmInfo ahp = find_algorithm("baselines.ahp_2d").info();
  auto refused = [](const AlgorithmInfo& i, const char* name, Value v) {
    const auto m = find_param(i.params, name)->validate(v);
    return m ? *m : std::string();
  };
  CHECK_FALSE(refused(info, "switch_level", Value(std::int64_t{0})).empty());
  CHECK_FALSE(refused(info, "max_height", Value(std::int64_t{-1})).empty());
  CHECK_FALSE(refused(info, "ratio", Value(1.0)).empty());
  CHECK_FALSE(refused(info, "ratio", Value(0.0)).empty());
  CHECK(testing::contains(refused(info, "structure", Value(std::string("bounding"))), "provable"));
  CHECK_FALSE(refused(ahp, "ratio", Value(1.0)).empty());
  CHECK_FALSE(refused(ahp, "eta", Value(-0.1)).empty());
  CHECK(refused(info, "switch_level", Value(std::int64_t{1})).empty());
  // Programmatic use of the tree: the same rule.
  const Histogram2D h = lumpy();
  const std::vector<double> P = sat(h);
  HybridBudget b;
  b.switch_level = 0;
  PrivacyLedger ledger(1);
  Stream s(1, 1, 1);
  Mechanisms noise(s, ledger);
  CHECK(testing::contains(testing::error_of([&] { grow_hybrid_tree(P, 16, 16, b, noise, false); }),
                          "switch_level must be >= 1"));
  Histogram h1;
  h1.name = "line";
  h1.counts = {1, 2, 3};
  for (const char* name : {"baselines.hybridtree", "baselines.ahp_2d"}) {
    CAPTURE(name);
    CHECK_FALSE(testing::error_of([&] { run_algorithm(name, Params{}, &h1, Stream(1, 1, 1)); }).empty());
  }
}

}  // TEST_SUITE

TEST_SUITE("dpbench_2d_statistical") {

// The root's primary split of an 8 x 1 histogram of 5 records a row (n = 40, rm = 20: boundary b
// has score -|5 b - 20|) must follow the exponential mechanism at eps_s / 2 = ratio eps /
// (2 switch_level). 4,000 trees, chi-square on the 7 boundaries against the exact law, critical
// value 22.46 (6 degrees of freedom): false-failure rate 0.001. A median drawn at eps_s instead of
// eps_s / 2 gives a statistic in the thousands.
TEST_CASE("hybridtree: the private median follows the exponential mechanism at eps_s / 2") {
  const Histogram2D h = histogram(8, 1, std::vector<double>(8, 5.0));
  const std::vector<double> P = sat(h);
  HybridBudget b;
  b.eps = 2;
  b.ratio = 0.5;
  b.switch_level = 1;
  b.height = 1;
  const double e = b.median_eps() / 2;  // 0.5
  std::vector<double> p(7);
  for (int k = 1; k <= 7; ++k) p[k - 1] = std::exp(e * -std::fabs(5.0 * k - 20) / 2);
  const double z = std::accumulate(p.begin(), p.end(), 0.0);
  const int trials = 4000;
  std::vector<int> seen(7, 0);
  int unsplit = 0;
  for (int i = 0; i < trials; ++i) {
    Stream s(5, 6, static_cast<std::uint64_t>(i));
    PrivacyLedger ledger(b.eps);
    Mechanisms noise(s, ledger);
    const std::vector<HybridNode> t = grow_hybrid_tree(P, 8, 1, b, noise, false);
    if (t[0].kids == 0) {
      ++unsplit;  // a root count <= 1: Laplace(1 / 0.44) below -39, probability ~2e-8
      continue;
    }
    REQUIRE(t[0].kids == 2);  // one column: no secondary split
    ++seen[t[1].box.r1 - 1];
  }
  CHECK(unsplit == 0);
  double chi2 = 0;
  for (int k = 0; k < 7; ++k) {
    const double expect = trials * p[k] / z;
    chi2 += (seen[k] - expect) * (seen[k] - expect) / expect;
  }
  CAPTURE(chi2);
  CHECK(chi2 < 22.46);
}

}  // TEST_SUITE
