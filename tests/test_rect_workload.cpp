// Tests of DPBench's 2-D workload (algorithms/linear_queries/rect_workload.hpp, random_rect in
// workload_generators.hpp, workload_problem_2d.hpp): rectangles answered by 2-D prefix sums
// against cell-by-cell sums and against their runs, the generator's law (height and width
// uniform on 1..side, then the corner), the trial's shared workload, the snap of the estimate
// and the l1_error_per_query metric on a 2-D histogram.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/linear_queries/rect_workload.hpp"
#include "algorithms/linear_queries/trial_workload.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::linear_queries;

namespace {

double brute_sum(const std::vector<double>& x, std::uint32_t cols, const Rect& q) {
  double s = 0;
  for (std::uint32_t r = q.r0; r < q.r1; ++r)
    for (std::uint32_t c = q.c0; c < q.c1; ++c) s += x[std::size_t(r) * cols + c];
  return s;
}

std::vector<double> small_integers(Stream& s, std::size_t n) {
  std::vector<double> x(n);
  for (auto& v : x) v = static_cast<double>(s.below(20)) - 3;  // negatives too: estimates may be
  return x;
}

WorkloadShape rect_shape(std::uint32_t rows, std::uint32_t cols, std::uint32_t m) {
  WorkloadShape s;
  s.kind = "random_rect";
  s.n = rows * cols;
  s.rows = rows;
  s.queries = m;
  return s;
}

double ks_uniform(std::vector<double> u) {
  std::sort(u.begin(), u.end());
  const double n = static_cast<double>(u.size());
  double d = 0;
  for (std::size_t i = 0; i < u.size(); ++i)
    d = std::max({d, static_cast<double>(i + 1) / n - u[i], u[i] - static_cast<double>(i) / n});
  return d;
}

}  // namespace

TEST_SUITE("rect_workload") {

TEST_CASE("2-D prefix sums answer every rectangle as the cell-by-cell sum, and as its runs") {
  Stream s(1, 2, 3);
  for (auto [rows, cols] : {std::pair{1u, 1u}, {7u, 5u}, {16u, 16u}, {3u, 40u}}) {
    const std::vector<double> x = small_integers(s, std::size_t(rows) * cols);
    const GeneratedWorkload g = generate_workload(rect_shape(rows, cols, 300), s);
    const std::vector<double> y = g.rects.answer(x), by_runs = g.W.answer(x);
    REQUIRE(y.size() == 300);
    REQUIRE(by_runs.size() == 300);
    for (std::size_t i = 0; i < y.size(); ++i) {
      CHECK(y[i] == brute_sum(x, cols, g.rects.rects[i]));  // small integers: exact
      CHECK(by_runs[i] == y[i]);
      CHECK(g.W.row_size(i) == g.rects.rects[i].area());
    }
    CHECK(g.answer(x) == y);
  }
}

TEST_CASE("to_runs: one run per row of a rectangle, one for full-width rectangles") {
  RectWorkload R;
  R.rows = 4;
  R.cols = 5;
  R.add(Rect{1, 3, 2, 4});  // rows 1-2, cols 2-3
  R.add(Rect{1, 4, 0, 5});  // full width: cells 5 .. 19
  R.add(Rect{0, 1, 0, 1});
  const Workload W = R.to_runs();
  CHECK(W.n == 20);
  REQUIRE(W.queries() == 3);
  CHECK(W.cells(0) == std::vector<std::uint32_t>{7, 8, 12, 13});
  REQUIRE(W.row(1).size() == 1);
  CHECK((W.row(1)[0].begin == 5 && W.row(1)[0].end == 20));
  CHECK(W.cells(2) == std::vector<std::uint32_t>{0});
  // The most-covered cell is in rows 1-2, cols 2-3: 2 queries.
  CHECK(W.sensitivity() == 2);
}

TEST_CASE("bad rectangles and domains are refused with a clear message") {
  RectWorkload R;
  R.rows = 3;
  R.cols = 3;
  CHECK(testing::contains(testing::error_of([&] { R.add(Rect{0, 4, 0, 1}); }), "outside the 3 x 3 domain"));
  CHECK(testing::contains(testing::error_of([&] { R.add(Rect{1, 1, 0, 1}); }), "is empty"));
  Stream s(1, 1, 1);
  WorkloadShape bad = rect_shape(3, 3, 5);
  bad.n = 10;
  CHECK(testing::contains(testing::error_of([&] { generate_workload(bad, s); }), "is not 3 rows"));
  std::vector<double> P;
  CHECK(testing::contains(testing::error_of([&] { prefix_sums_2d(std::vector<double>(5), 2, 3, P); }),
                          "5 counts for a 2 x 3 domain"));
}

TEST_CASE("random_rect: reproducible, inside the domain, keyed by its shape") {
  Stream a(4, 5, 6), b(4, 5, 6);
  const auto g1 = generate_workload(rect_shape(256, 256, 2000), a), g2 = generate_workload(rect_shape(256, 256, 2000), b);
  REQUIRE(g1.rects.queries() == 2000);
  for (std::size_t i = 0; i < 2000; ++i) {
    const Rect& q = g1.rects.rects[i];
    CHECK((q.r0 < q.r1 && q.r1 <= 256 && q.c0 < q.c1 && q.c1 <= 256));
    CHECK((q.r0 == g2.rects.rects[i].r0 && q.c1 == g2.rects.rects[i].c1));
  }
  CHECK(rect_shape(256, 256, 2000).key() != rect_shape(128, 512, 2000).key());
  // A 1 x 1 domain: every query is the cell.
  Stream c(1, 2, 3);
  for (const Rect& q : generate_workload(rect_shape(1, 1, 10), c).rects.rects) CHECK(q.area() == 1);
}

TEST_CASE("every 2-D algorithm of a trial answers the same public workload; the metric reads it") {
  Histogram2D h;
  h.name = "ramp";
  h.rows = 6;
  h.cols = 9;
  for (int i = 0; i < 54; ++i) h.counts.push_back(i % 7);
  Params p;
  p.set("queries", std::int64_t{40});
  p.set("eps", 0.5);
  const TrialSeeds seeds{4, 5};
  const AlgorithmRun r = run_algorithm("baselines.identity_2d", p, &h, Stream(1, 2, 3), seeds);
  const AlgorithmRun u = run_algorithm("baselines.quadtree", p, &h, Stream(1, 2, 3), seeds);
  const auto& W = r.outputs.object<WorkloadOutput>("workload");
  CHECK(W.get() == u.outputs.object<WorkloadOutput>("workload").get());
  Stream direct = seeds.public_stream(rect_shape(6, 9, 40).key());
  const auto g = generate_workload(rect_shape(6, 9, 40), direct);
  for (std::size_t i = 0; i < 40; ++i) CHECK(W->rects.rects[i].area() == g.rects.rects[i].area());

  const auto& answers = r.outputs.vector("answers");
  const std::vector<double> truth = W->rects.answer(h.counts);
  double expected = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) expected += std::fabs(answers[i] - truth[i]);
  expected /= static_cast<double>(truth.size());
  const Params point;
  const MetricContext mc{r.outputs, &h, point, seeds};
  const std::vector<double> m = find_metric("l1_error_per_query").compute(mc);
  REQUIRE(m.size() == 1);
  CHECK(m[0] == doctest::Approx(expected).epsilon(1e-14));
  CHECK(r.outputs.scalar("sensitivity") == W->sensitivity);
  // DPBench's measure (dpbench_error.hpp): ||W x - y||_2 / (scale m).
  double ss = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) ss += (answers[i] - truth[i]) * (answers[i] - truth[i]);
  const double scale = std::accumulate(h.counts.begin(), h.counts.end(), 0.0);
  CHECK(find_metric("scaled_l2_error_per_query").compute(mc)[0] ==
        doctest::Approx(std::sqrt(ss) / (scale * 40)).epsilon(1e-14));
}

TEST_CASE("the published answers are exact sums of the estimate snapped to multiples of 2^-10") {
  // uniform_2d spreads N' / n over every cell: equal-area rectangles must get bit-equal answers
  // (the floating-point tie pattern that let the audit tell neighbours apart, workload_problem_2d.hpp).
  Histogram2D h;
  h.name = "flat";
  h.rows = h.cols = 7;
  h.counts.assign(49, 3.0);
  Params p;
  p.set("queries", std::int64_t{200});
  for (std::uint64_t run = 0; run < 20; ++run) {
    const AlgorithmRun r = run_algorithm("baselines.uniform_2d", p, &h, Stream(9, 9, run), TrialSeeds{1, 0});
    const auto& W = r.outputs.object<WorkloadOutput>("workload")->rects;
    const auto& a = r.outputs.vector("answers");
    const double per_cell = std::nearbyint(a[0] / double(W.rects[0].area()) * 1024) / 1024;
    for (std::size_t i = 0; i < a.size(); ++i) {
      CHECK(a[i] == per_cell * double(W.rects[i].area()));
      CHECK(a[i] * 1024 == std::nearbyint(a[i] * 1024));
    }
  }
}

}  // TEST_SUITE

TEST_SUITE("rect_workload_statistical") {

TEST_CASE("random_rect follows DPBench's law: each side a random_range of its axis (KS)") {
  // Randomised probability integral transforms as in random_range's test: (h - 1 + U) / rows,
  // (r0 + U) / (rows - h + 1), and the same for the columns, are Uniform(0, 1) exactly under the
  // law. 4 KS tests per shape at critical value 2.226 / sqrt(N) (false failure about 1e-4 each),
  // 12 in all: < 1.2e-3.
  const std::uint32_t N = 20000;
  const double crit = 2.226 / std::sqrt(double(N));
  for (auto [rows, cols] : {std::pair{256u, 256u}, {37u, 90u}, {1u, 64u}}) {
    Stream s(rows, cols, 0), u(rows, cols, 1);
    const auto g = generate_workload(rect_shape(rows, cols, N), s);
    std::vector<double> hu, wu, ru, cu;
    for (const Rect& q : g.rects.rects) {
      const double h = q.r1 - q.r0, w = q.c1 - q.c0;
      hu.push_back((h - 1 + u.uniform()) / rows);
      wu.push_back((w - 1 + u.uniform()) / cols);
      ru.push_back((q.r0 + u.uniform()) / (rows - h + 1));
      cu.push_back((q.c0 + u.uniform()) / (cols - w + 1));
    }
    CAPTURE(rows);
    CAPTURE(cols);
    CHECK(ks_uniform(hu) < crit);
    CHECK(ks_uniform(wu) < crit);
    CHECK(ks_uniform(ru) < crit);
    CHECK(ks_uniform(cu) < crit);
  }
  // The test can fail: rows as sorted pairs of uniform ends (mean height rows / 3) are rejected.
  Stream s(4, 5, 6), u(4, 5, 7);
  std::vector<double> hu;
  for (std::uint32_t i = 0; i < N; ++i) {
    const auto a = s.below(256), b = s.below(256);
    hu.push_back((double(std::max(a, b) - std::min(a, b)) + u.uniform()) / 256);
  }
  CHECK(ks_uniform(hu) > 10 * crit);
}

}  // TEST_SUITE
