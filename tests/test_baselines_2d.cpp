// Tests of the 2-D algorithms of DPBench (algorithms/baselines/: identity_2d, uniform_2d, ugrid,
// agrid, quadtree, hb_2d and their pieces grid_cells, tree_2d, adaptive_grid's inference):
// the deterministic parts exactly (DPBench's grid layout, the tree's levels, the post-processing
// formulas on hand examples, Hb's branching, the budget each spends), exactness at a huge budget,
// and, in the statistical suite, the noise each puts on the answers.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/adaptive_grid.hpp"
#include "algorithms/baselines/grid_cells.hpp"
#include "algorithms/baselines/haar.hpp"
#include "algorithms/baselines/hilbert.hpp"
#include "algorithms/baselines/tree_2d.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;
using namespace dplab::linear_queries;

namespace {

const std::vector<std::string> kAlgorithms = {"baselines.identity_2d", "baselines.uniform_2d", "baselines.ugrid",
                                              "baselines.agrid",       "baselines.quadtree",   "baselines.hb_2d",
                                              "baselines.privelet_2d", "baselines.mwem_2d",   "baselines.dawa_2d",
                                              "baselines.dpcube"};

Histogram2D histogram(std::uint32_t rows, std::uint32_t cols, std::vector<double> counts) {
  Histogram2D h;
  h.name = "test";
  h.rows = rows;
  h.cols = cols;
  h.counts = std::move(counts);
  return h;
}

// A lumpy 16 x 16 histogram: a dense block, a sparse ramp, zeros (N = 1,790).
Histogram2D lumpy() {
  std::vector<double> x(256, 0.0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) {
      if (r >= 3 && r < 7 && c >= 9 && c < 13) x[r * 16 + c] = 100;
      else if (r > 9) x[r * 16 + c] = (r + c) % 5;
    }
  return histogram(16, 16, x);
}

AlgorithmRun run(const std::string& name, const Histogram2D& h, double eps, std::uint64_t run_index = 0,
                 Params p = {}) {
  p.set("eps", eps);
  if (!p.has("queries")) p.set("queries", std::int64_t{100});
  return run_algorithm(name, p, &h, Stream(11, 12, run_index), TrialSeeds{3, 0});
}

}  // namespace

TEST_SUITE("baselines_2d") {

TEST_CASE("grid_side and grid_cells lay DPBench's grids") {
  const Rect domain{0, 256, 0, 256};
  // AGrid's level 1 at m1 = 10: side ceil(25.6) = 26, 10 x 10 cells, the last row and column 22 wide.
  CHECK(grid_side(domain, 100) == 26);
  const auto cells = grid_cells(domain, 26);
  REQUIRE(cells.size() == 100);
  CHECK((cells[9].c0 == 234 && cells[9].c1 == 256 && cells[9].r0 == 0 && cells[9].r1 == 26));
  CHECK((cells[99].r0 == 234 && cells[99].r1 == 256));
  std::uint64_t area = 0;
  for (const Rect& c : cells) area += c.area();
  CHECK(area == 65536);
  // An exact square: M = 256 cells of 16 x 16.
  CHECK(grid_side(domain, 256) == 16);
  // Many cells: side 1; none or a negative noisy scale: one cell, the whole box.
  CHECK(grid_side(domain, 1e9) == 1);
  CHECK(grid_side(domain, 0) == 256);
  CHECK(grid_side(domain, -5) == 256);
  CHECK(grid_side(Rect{3, 5, 10, 17}, 1) == 4);  // a 2 x 7 box as one cell: ceil(sqrt(14))
  CHECK(grid_side(Rect{3, 5, 10, 17}, 0.01) == 7);  // at most the box's longer side
  // DPBench's rounding, int(s - 1) + 1 (UG.py, AG.py): floor(25.6) = 25, so 11 x 11 cells, the
  // last row and column 6 wide; exact squares and s < 1 as before.
  CHECK(grid_side(domain, 100, GridRounding::dpbench) == 25);
  const auto dp = grid_cells(domain, 25);
  REQUIRE(dp.size() == 121);
  CHECK((dp[10].c0 == 250 && dp[10].c1 == 256));
  CHECK(grid_side(domain, 256, GridRounding::dpbench) == 16);
  CHECK(grid_side(domain, 1e9, GridRounding::dpbench) == 1);
  CHECK(grid_side(domain, 0, GridRounding::dpbench) == 256);
  // UGrid at 10^6 records, eps 0.1 (0.095 after the scale's share), c = 10: M = 9,500 cells,
  // s = sqrt(65536 / 9500) = 2.63: DPBench's side 2 (128 x 128 cells), ceil's 3.
  CHECK(grid_side(domain, 1e6 * 0.095 / 10, GridRounding::dpbench) == 2);
  CHECK(grid_side(domain, 1e6 * 0.095 / 10, GridRounding::up) == 3);
  CHECK(round_grid(0.4, GridRounding::dpbench) == 1);  // Python: int(0.4 - 1) + 1 = 0 + 1
  CHECK(round_grid(3.0, GridRounding::dpbench) == 3);
  CHECK(round_grid(3.0, GridRounding::up) == 3);
  // A box away from the origin: cells start at its corner.
  const auto sub = grid_cells(Rect{3, 5, 10, 17}, 3);
  REQUIRE(sub.size() == 3);
  CHECK((sub[0].r0 == 3 && sub[0].r1 == 5 && sub[0].c0 == 10 && sub[0].c1 == 13));
  CHECK((sub[2].c0 == 16 && sub[2].c1 == 17));
}

TEST_CASE("cell_sums and spread_evenly") {
  std::vector<double> x(12);
  std::iota(x.begin(), x.end(), 0.0);  // 3 x 4: 0..11
  std::vector<double> P;
  prefix_sums_2d(x, 3, 4, P);
  const std::vector<Rect> cells = {{0, 2, 0, 2}, {2, 3, 1, 4}};
  CHECK(cell_sums(P, 4, cells) == std::vector<double>{0 + 1 + 4 + 5, 9 + 10 + 11});
  std::vector<double> xhat(12, -1.0);
  spread_evenly(xhat, 4, cells[1], 6.0);
  CHECK(xhat == std::vector<double>{-1, -1, -1, -1, -1, -1, -1, -1, -1, 2, 2, 2});
}

TEST_CASE("AGrid's constrained inference: inverse-variance average, leaves shifted equally") {
  // alpha = 1/2, k = 4 leaves of sum 10, level-1 count 20: v = (0.25 * 4 * 20 + 0.25 * 10) / 1.25 = 18.
  std::vector<double> leaves = {1, 2, 3, 4};
  adaptive_grid_inference(20, leaves, 0.5);
  CHECK(leaves == std::vector<double>{3, 4, 5, 6});
  // Consistent counts stay.
  leaves = {1, 2, 3, 4};
  adaptive_grid_inference(10, leaves, 0.5);
  CHECK(leaves == std::vector<double>{1, 2, 3, 4});
  // alpha = 0.8, one leaf: v = (0.64 * 7 + 0.04 * 3) / 0.68.
  leaves = {3};
  adaptive_grid_inference(7, leaves, 0.8);
  CHECK(leaves[0] == doctest::Approx((0.64 * 7 + 0.04 * 3) / 0.68));
  // DPBench's m2 rule.
  CHECK(adaptive_grid_m2(-3, 0.5) == 1);
  CHECK(adaptive_grid_m2(1000, 0.5) == 10);  // ceil(sqrt(1000 * 0.5 / 5)) = 10
  CHECK(adaptive_grid_m2(1001, 0.5) == 11);
  // As AG.py rounds: int(x - 1) + 1, floor(10.01) = 10; m1 = int(sqrt(10^6 * 1 / 10) / 4 - 1) + 1 = 79.
  AdaptiveGridOptions dp;
  dp.rounding = GridRounding::dpbench;
  CHECK(adaptive_grid_m2(1001, 0.5, dp) == 10);
  CHECK(adaptive_grid_m2(1000, 0.5, dp) == 10);
  CHECK(adaptive_grid_m2(2, 0.5, dp) == 1);  // sqrt(0.2) < 1
  CHECK(adaptive_grid_m1(1e6, 1.0, dp) == 79);
  CHECK(adaptive_grid_m1(1e6, 1.0) == 80);
}

TEST_CASE("tree_2d: padding to b^h, the levels' block sums, the crop") {
  std::vector<double> x(15);
  std::iota(x.begin(), x.end(), 1.0);  // 3 x 5
  const Tree2D t = build_tree_2d(x, 3, 5, 2);
  CHECK(t.h == 3);
  CHECK(t.l == 8);
  REQUIRE(t.level.size() == 4);
  CHECK(t.level[3] == std::vector<double>{120});
  CHECK(t.level[0][8 + 4] == 10);  // cell (1, 4)
  CHECK(t.level[0][3 * 8] == 0);   // padding
  CHECK(t.level[1][0] == 1 + 2 + 6 + 7);
  CHECK(t.level[2][1] == 5 + 10 + 15);  // block rows 0-3, cols 4-7
  CHECK(tree_leaves(t, 3, 5) == x);
  const Tree2D t3 = build_tree_2d(x, 3, 5, 3);
  CHECK(t3.h == 2);
  CHECK(t3.l == 9);
  CHECK(t3.level[1][1] == 4 + 5 + 9 + 10 + 14 + 15);
  CHECK(testing::contains(testing::error_of([&] { build_tree_2d(x, 3, 5, 1); }), "branching must be >= 2"));
}

TEST_CASE("weighted averaging and mean consistency on a hand example") {
  Tree2D t = build_tree_2d(std::vector<double>{1, 2, 3, 4}, 2, 2, 2);
  t.level[1][0] = 13;  // a noisy root
  weighted_averaging(t, 1, [](int) { return 0.25; });
  CHECK(t.level[1][0] == 0.25 * 13 + 0.75 * 10);
  mean_consistency(t, 1);  // (10.75 - 10) / 4 to each leaf
  CHECK(t.level[0] == std::vector<double>{1.1875, 2.1875, 3.1875, 4.1875});
  // Two levels: the root's children are made consistent first, then their children.
  Tree2D u = build_tree_2d(std::vector<double>(16, 1.0), 4, 4, 2);
  u.level[2][0] = 20;
  mean_consistency(u, 2);
  for (double v : u.level[1]) CHECK(v == 5);
  for (double v : u.level[0]) CHECK(v == 1.25);
  // mean_consistency below the root only (Hb: the root is not measured).
  Tree2D w = build_tree_2d(std::vector<double>(16, 1.0), 4, 4, 2);
  w.level[2][0] = 99;
  w.level[1][0] = 8;
  mean_consistency(w, 1);
  CHECK(w.level[1][0] == 8);
  CHECK(w.level[0][0] == 2);
  CHECK(w.level[0][2] == 1);
}

TEST_CASE("Hb's branching: DPBench's variance rule") {
  CHECK(tree_height(256, 2) == 8);
  CHECK(tree_height(256, 7) == 3);
  CHECK(tree_height(125, 5) == 3);  // dpcomp_core's float log gives 4 here
  CHECK(tree_height(1, 9) == 0);
  // 256: b = 7 (7 * 255 * 9 = 16,065) beats 4 and 16 (64 * 255 = 16,320).
  CHECK(hb_branching(256) == 7);
  CHECK(hb_branching(4) == 4);
  CHECK(hb_branching(8) == 8);
  CHECK(hb_branching(1) == 2);
  Histogram2D h = lumpy();
  CHECK(run("baselines.hb_2d", h, 1).outputs.scalar("branching") == hb_branching(16));
  Params p;
  p.set("branching", std::int64_t{2});
  CHECK(run("baselines.hb_2d", h, 1, 0, p).outputs.scalar("branching") == 2);
}

TEST_CASE("Privelet's Haar transform: sums then differences, inverted exactly, m + 1 coefficients per count") {
  std::vector<double> v = {1, 2, 3, 4}, tmp;
  haar_forward(v, 0, 1, 2, tmp);
  CHECK(v == std::vector<double>{10, -4, -1, -1});  // (3, 7, -1, -1), then (10, -4)
  haar_inverse(v, 0, 1, 2, tmp);
  CHECK(v == std::vector<double>{1, 2, 3, 4});
  CHECK(haar_levels(1) == 0);
  CHECK(haar_levels(5) == 3);
  CHECK(haar_levels(256) == 8);
  // One count in 2-D (8 x 4: m1 = 3, m2 = 2) enters (3 + 1)(2 + 1) = 12 coefficients, each +-1:
  // the sensitivity Privelet's noise is scaled to.
  for (std::size_t cell = 0; cell < 32; ++cell) {
    std::vector<double> y(32, 0.0);
    y[cell] = 1;
    for (std::size_t r = 0; r < 8; ++r) haar_forward(y, r * 4, 1, 2, tmp);
    for (std::size_t c = 0; c < 4; ++c) haar_forward(y, c, 4, 3, tmp);
    int nonzero = 0;
    for (double c : y) {
      CHECK((c == 0 || std::fabs(c) == 1));
      nonzero += c != 0;
    }
    CHECK(nonzero == 12);
    for (std::size_t c = 0; c < 4; ++c) haar_inverse(y, c, 4, 3, tmp);
    for (std::size_t r = 0; r < 8; ++r) haar_inverse(y, r * 4, 1, 2, tmp);
    for (std::size_t i = 0; i < 32; ++i) CHECK(y[i] == (i == cell ? 1 : 0));
  }
}

TEST_CASE("the Hilbert curve: a path through every cell, aligned blocks contiguous") {
  CHECK(hilbert_index(2, 0, 0) == 0);
  CHECK(hilbert_index(2, 0, 1) == 1);
  CHECK(hilbert_index(2, 1, 1) == 2);
  CHECK(hilbert_index(2, 1, 0) == 3);
  for (std::uint32_t d : {1u, 2u, 4u, 8u, 32u}) {
    CAPTURE(d);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> cell(std::size_t(d) * d, {d, d});
    for (std::uint32_t r = 0; r < d; ++r)
      for (std::uint32_t c = 0; c < d; ++c) {
        const std::uint32_t i = hilbert_index(d, r, c);
        REQUIRE(i < d * d);
        CHECK(cell[i].first == d);  // each position once
        cell[i] = {r, c};
      }
    // Consecutive positions are neighbouring cells.
    for (std::size_t i = 1; i < cell.size(); ++i)
      CHECK(std::abs(int(cell[i].first) - int(cell[i - 1].first)) + std::abs(int(cell[i].second) - int(cell[i - 1].second)) == 1);
    // Every aligned 2^k block is one stretch [j 4^k, (j + 1) 4^k).
    for (std::uint32_t s = 1; s <= d; s *= 2)
      for (std::uint32_t r0 = 0; r0 < d; r0 += s)
        for (std::uint32_t c0 = 0; c0 < d; c0 += s) {
          std::uint32_t lo = UINT32_MAX, hi = 0;
          for (std::uint32_t r = r0; r < r0 + s; ++r)
            for (std::uint32_t c = c0; c < c0 + s; ++c) {
              lo = std::min(lo, hilbert_index(d, r, c));
              hi = std::max(hi, hilbert_index(d, r, c));
            }
          CHECK(hi - lo + 1 == s * s);
          CHECK(lo % (s * s) == 0);
        }
  }
}

TEST_CASE("hilbert_runs: a rectangle's cells as maximal runs of the curve") {
  Stream st(5, 6, 7);
  const std::uint32_t d = 16;
  for (int t = 0; t < 300; ++t) {
    const auto a = std::uint32_t(st.below(d)), b = std::uint32_t(st.below(d)), c = std::uint32_t(st.below(d)),
               e = std::uint32_t(st.below(d));
    const Rect q{std::min(a, b), std::max(a, b) + 1, std::min(c, e), std::max(c, e) + 1};
    std::vector<std::uint32_t> cells;
    for (std::uint32_t r = q.r0; r < q.r1; ++r)
      for (std::uint32_t col = q.c0; col < q.c1; ++col) cells.push_back(hilbert_index(d, r, col));
    std::sort(cells.begin(), cells.end());
    Workload expected;
    expected.n = d * d;
    expected.add_row(cells);  // maximal runs of the sorted positions
    const std::vector<Run> runs = hilbert_runs(d, q);
    REQUIRE(runs.size() == expected.row(0).size());
    for (std::size_t i = 0; i < runs.size(); ++i)
      CHECK((runs[i].begin == expected.row(0)[i].begin && runs[i].end == expected.row(0)[i].end));
  }
  CHECK(testing::contains(testing::error_of([&] { hilbert_runs(12, Rect{0, 1, 0, 1}); }), "not a power of two"));
}

TEST_CASE("each algorithm spends exactly eps, in its declared releases") {
  const Histogram2D h = lumpy();  // 16 x 16
  const std::map<std::string, std::size_t> charges = {
      {"baselines.identity_2d", 1}, {"baselines.uniform_2d", 1}, {"baselines.ugrid", 2},
      {"baselines.agrid", 3},       {"baselines.quadtree", 5},   {"baselines.hb_2d", 2},
      {"baselines.privelet_2d", 1}, {"baselines.mwem_2d", 20},  // MWEM: 2 T, T = 10
      {"baselines.dawa_2d", 2},     {"baselines.dpcube", 2}};
  for (const std::string& name : kAlgorithms) {
    CAPTURE(name);
    for (double eps : {0.1, 1.0, 3.0}) {
      const AlgorithmRun r = run(name, h, eps);
      CHECK(r.spent_eps == doctest::Approx(eps).epsilon(1e-12));
      CHECK(r.charges == charges.at(name));
    }
  }
}

TEST_CASE("at a huge budget the data-independent and tree algorithms answer exactly") {
  const Histogram2D h = lumpy();
  REQUIRE(std::accumulate(h.counts.begin(), h.counts.end(), 0.0) == 1790);
  for (const std::string& name : kAlgorithms) {
    CAPTURE(name);
    const AlgorithmRun r = run(name, h, 1e9);
    const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
    const std::vector<double> truth = W.answer(h.counts);
    const auto& a = r.outputs.vector("answers");
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - truth[i]));
    if (name == "baselines.mwem_2d") continue;  // T = 10 measurements cannot pin 256 cells
    if (name == "baselines.dpcube") continue;   // uniform within its first grid's 11 x 11 cells: below
    if (name == "baselines.uniform_2d") {
      // Uniform: the scale spread evenly, a N / n per rectangle of area a.
      for (std::size_t i = 0; i < a.size(); ++i)
        CHECK(a[i] == doctest::Approx(double(W.rects[i].area()) * 1790.0 / 256).epsilon(1e-6));
    } else {
      // The grids reach single cells at this budget; the snap moves a cell by <= 2^-11.
      CHECK(worst < 256 * std::ldexp(1.0, -11) + 1e-3);
    }
  }
  // UGrid's and AGrid's grids: single cells at a huge budget, one cell when the noisy scale is 0.
  CHECK(run("baselines.ugrid", h, 1e9).outputs.scalar("cells") == 256);
  CHECK(run("baselines.agrid", h, 1e9).outputs.scalar("leaves") == 256);
  const Histogram2D empty = histogram(16, 16, std::vector<double>(256, 0.0));
  CHECK(run("baselines.ugrid", empty, 1e-9).outputs.scalar("cells") <= 1);
  // The cell side as DPBench's UG.py rounds it by default: 8 per cell (N = 2,048) at eps 1 gives
  // s = sqrt(256 / (N' 0.95 / 10)) = 1.15 (s stays in [1, 2) for N' in (674, 2695]: N's
  // Laplace(20) leaves it with probability < 1e-10), so side 1, 256 cells; rounded up, side 2.
  const Histogram2D flat = histogram(16, 16, std::vector<double>(256, 8.0));
  Params up;
  up.set("rounding", std::string("up"));
  CHECK(run("baselines.ugrid", flat, 1.0).outputs.scalar("cells") == 256);
  CHECK(run("baselines.ugrid", flat, 1.0, 0, up).outputs.scalar("cells") == 64);
  // AGrid at 2 per cell: m1 = max(10, .) = 10 either way; the level-1 side is int(1.6 - 1) + 1 = 1
  // as AG.py (256 single cells, the leaves), 2 rounded up (64 cells of noisy count about 8, which
  // m2 = ceil(sqrt(8 * 0.475 / 5)) = 1 mostly leaves whole: far fewer leaves).
  const Histogram2D sparse = histogram(16, 16, std::vector<double>(256, 2.0));
  CHECK(run("baselines.agrid", sparse, 1.0).outputs.scalar("leaves") == 256);
  CHECK(run("baselines.agrid", sparse, 1.0, 0, up).outputs.scalar("leaves") < 200);
}

TEST_CASE("privacy as run: every 2-D algorithm eps-DP but MWEM, whose public scale is a finding") {
  {
    const AlgorithmInfo dawa = find_algorithm("baselines.dawa_2d").info();
    Params reference;
    reference.set("partition_noise", std::string("reference"));
    const PrivacyStatus st = privacy_at(dawa.privacy, dawa.privacy_rules, with_defaults(dawa.params, reference));
    CHECK(st.finding == "workload_division.dawa_partition_noise");
  }
  for (const std::string& name : kAlgorithms) {
    CAPTURE(name);
    const AlgorithmInfo info = find_algorithm(name).info();
    const PrivacyStatus st = privacy_at(info.privacy, info.privacy_rules, with_defaults(info.params, Params{}));
    if (name == "baselines.mwem_2d") {
      CHECK(st.kind == Privacy::not_dp);
      CHECK(st.finding == "workload_division.mwem_public_n");
    } else {
      CHECK(st.kind == Privacy::dp);
    }
  }
}

TEST_CASE("dpcube at a huge budget: exact on data constant over its first grid's cells") {
  // 22 x 22 in four 11 x 11 blocks of different counts (and a 22 x 5 strip): the fixed grid sees
  // the blocks exactly, the kd-tree cuts only where X1 changes, and the leaves' counts are exact.
  std::vector<double> x(22 * 27);
  for (std::uint32_t r = 0; r < 22; ++r)
    for (std::uint32_t c = 0; c < 27; ++c) x[r * 27 + c] = c >= 22 ? 1 : (r < 11 ? 2 : 9) + (c < 11 ? 0 : 30);
  const Histogram2D h = histogram(22, 27, x);
  const AlgorithmRun r = run("baselines.dpcube", h, 1e9);
  const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
  const std::vector<double> truth = W.answer(h.counts);
  const auto& a = r.outputs.vector("answers");
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == doctest::Approx(truth[i]).epsilon(1e-9));
  // At least the five constant regions (four blocks and the strip; the strip may be cut in two
  // when a box holding it is cut across its rows first).
  CHECK(r.outputs.scalar("leaves") >= 5);
  CHECK(r.outputs.scalar("leaves") <= 6);
  // On a lumpy histogram the estimate is uniform inside each leaf, and the leaves partition the domain.
  CHECK(run("baselines.dpcube", lumpy(), 1e9).outputs.scalar("leaves") >= 1);
}

TEST_CASE("the 2-D algorithms refuse a 1-D histogram and a bad branching clearly") {
  Histogram h1;
  h1.name = "line";
  h1.counts = {1, 2, 3};
  Params p;
  for (const std::string& name : kAlgorithms) {
    CAPTURE(name);
    CHECK_FALSE(testing::error_of([&] { run_algorithm(name, p, &h1, Stream(1, 1, 1)); }).empty());
  }
  Params one;
  one.set("branching", std::int64_t{1});
  CHECK(testing::contains(testing::error_of([&] { run("baselines.hb_2d", lumpy(), 1, 0, one); }), "branching"));
}

}  // TEST_SUITE

TEST_SUITE("baselines_2d_statistical") {

// Mean and standard error of a sample.
struct MeanSe {
  double mean = 0, se = 0;
};
MeanSe mean_se(const std::vector<double>& v) {
  const double n = double(v.size());
  const double m = std::accumulate(v.begin(), v.end(), 0.0) / n;
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  return {m, std::sqrt(ss / (n - 1) / n)};
}

double laplace_cdf(double x, double b) { return x < 0 ? 0.5 * std::exp(x / b) : 1 - 0.5 * std::exp(-x / b); }

TEST_CASE("identity_2d: every rectangle's error has variance 2 area / eps^2") {
  // z_i = (answer - truth) / sqrt(2 a_i / eps^2); the trial's mean of z_i^2 has mean 1. Over 3,000
  // trials the check |mean - 1| < 4.5 se fails falsely with probability 7e-6 (normal mean); se
  // below 0.02 means that noise of scale 1.1 / eps (mean 1.21) would fail it.
  const Histogram2D h = lumpy();
  const double eps = 0.5;
  std::vector<double> per_trial;
  for (std::uint64_t t = 0; t < 3000; ++t) {
    const AlgorithmRun r = run("baselines.identity_2d", h, eps, t);
    const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
    const std::vector<double> truth = W.answer(h.counts);
    const auto& a = r.outputs.vector("answers");
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - truth[i]) * (a[i] - truth[i]) * eps * eps / (2.0 * W.rects[i].area());
    per_trial.push_back(s / double(a.size()));
  }
  const MeanSe m = mean_se(per_trial);
  CAPTURE(m.mean);
  CAPTURE(m.se);
  CHECK(m.se < 0.02);
  CHECK(std::fabs(m.mean - 1) < 4.5 * m.se);
}

TEST_CASE("uniform_2d: the scale's noise is Laplace(1/eps) (KS)") {
  // N' = answer * n / area recovers the noisy scale (snapped to 2^-10 per cell: a grid of 0.25 in
  // N', 1/400 of the Laplace scale here). KS at critical value 2.226 / sqrt(20,000): false
  // failure about 1e-4. The check can fail: the same sample against Laplace(1.1 / eps) is rejected.
  const Histogram2D h = lumpy();
  const double eps = 0.01, b = 1 / eps;
  std::vector<double> noise;
  for (std::uint64_t t = 0; t < 20000; ++t) {
    const AlgorithmRun r = run("baselines.uniform_2d", h, eps, t);
    const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
    noise.push_back(r.outputs.vector("answers")[0] * 256.0 / double(W.rects[0].area()) - 1790.0);
  }
  std::sort(noise.begin(), noise.end());
  auto ks = [&](double scale) {
    double d = 0;
    for (std::size_t i = 0; i < noise.size(); ++i) {
      const double F = laplace_cdf(noise[i], scale), n = double(noise.size());
      d = std::max({d, (i + 1) / n - F, F - i / n});
    }
    return d;
  };
  const double crit = 2.226 / std::sqrt(20000.0);
  CHECK(ks(b) < crit);
  CHECK(ks(1.1 * b) > crit);
}

TEST_CASE("ugrid: each grid cell's count gets Laplace(1 / ((1 - scale_share) eps))") {
  // Constant data (8 per cell, N = 2,048) on 16 x 16 at eps = 1: M = N' 0.95 / 10 is about 195,
  // so the cell side is 2 (side 1 needs N' >= 2,695, side 3 N' < 674: Laplace(20) tails below
  // 1e-14). An answer is then sum_k (overlap_k / 4)(8 * 4 + L_k), L_k ~ Lap(1 / 0.95), unbiased
  // with variance sum_k (overlap_k / 4)^2 2 / 0.95^2. The trial's mean of squared standardised
  // errors has mean 1; |mean - 1| < 4.5 se fails falsely with probability 7e-6, and se < 0.02
  // means Laplace(1 / eps) (no budget for the scale: mean 0.9025) would fail it. The cell side
  // is rounded up here (`rounding: up`): DPBench's floor would make s = 1.15 one cell a side,
  // and the noise, not the rounding, is under test.
  const Histogram2D h = histogram(16, 16, std::vector<double>(256, 8.0));
  const double eps_g = 0.95;
  Params up;
  up.set("rounding", std::string("up"));
  std::vector<double> per_trial;
  for (std::uint64_t t = 0; t < 4000; ++t) {
    const AlgorithmRun r = run("baselines.ugrid", h, 1.0, t, up);
    REQUIRE(r.outputs.scalar("cells") == 64);
    const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
    const auto& a = r.outputs.vector("answers");
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Rect& q = W.rects[i];
      double var = 0;
      for (std::uint32_t cr = 0; cr < 16; cr += 2)
        for (std::uint32_t cc = 0; cc < 16; cc += 2) {
          const double rows = std::max(0, int(std::min(q.r1, cr + 2)) - int(std::max(q.r0, cr)));
          const double cols = std::max(0, int(std::min(q.c1, cc + 2)) - int(std::max(q.c0, cc)));
          var += std::pow(rows * cols / 4, 2) * 2 / (eps_g * eps_g);
        }
      const double err = a[i] - 8.0 * double(q.area());
      s += err * err / var;
    }
    per_trial.push_back(s / double(a.size()));
  }
  const MeanSe m = mean_se(per_trial);
  CAPTURE(m.mean);
  CAPTURE(m.se);
  CHECK(m.se < 0.02);
  CHECK(std::fabs(m.mean - 1) < 4.5 * m.se);
}

TEST_CASE("quadtree, hb_2d and privelet_2d are unbiased on every rectangle") {
  // Their post-processing is linear and keeps consistent counts, so E[answer] = truth. For each
  // of 100 rectangles, |mean error| < 4.5 se over 3,000 trials (normal mean): false failure
  // 7e-6 per rectangle, < 2.1e-3 over the three algorithms. The check can fail: Uniform, biased
  // on this lumpy histogram, is rejected on most rectangles.
  const Histogram2D h = lumpy();
  auto biased_rectangles = [&](const std::string& name) {
    std::vector<std::vector<double>> errors(100);
    for (std::uint64_t t = 0; t < 3000; ++t) {
      const AlgorithmRun r = run(name, h, 0.5, t);
      const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
      const std::vector<double> truth = W.answer(h.counts);
      const auto& a = r.outputs.vector("answers");
      for (std::size_t i = 0; i < 100; ++i) errors[i].push_back(a[i] - truth[i]);
    }
    int biased = 0;
    for (const auto& e : errors) {
      const MeanSe m = mean_se(e);
      biased += std::fabs(m.mean) >= 4.5 * m.se;
    }
    return biased;
  };
  CHECK(biased_rectangles("baselines.quadtree") == 0);
  CHECK(biased_rectangles("baselines.hb_2d") == 0);
  CHECK(biased_rectangles("baselines.privelet_2d") == 0);
  CHECK(biased_rectangles("baselines.uniform_2d") > 50);
}

}  // TEST_SUITE
