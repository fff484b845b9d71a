// Tests of the shared linear-query machinery (algorithms/linear_queries/): workloads stored as
// runs and answered by prefix sums against the cell-by-cell (CSR) answers, the workload
// generators (hot_normal of workload_division §5, DPBench's RandomRange), the per-trial workload
// cache and the l1_error_per_query metric.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/linear_queries/trial_workload.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::linear_queries;

namespace {

// The workload as cell lists (compressed sparse rows of cells), answered the direct way.
struct CellRows {
  std::vector<std::vector<std::uint32_t>> rows;
  std::vector<double> answer(const std::vector<double>& x) const {
    std::vector<double> y;
    for (const auto& r : rows) {
      double s = 0;
      for (auto c : r) s += x[c];
      y.push_back(s);
    }
    return y;
  }
};

CellRows cell_rows(const Workload& W) {
  CellRows c;
  for (std::size_t i = 0; i < W.queries(); ++i) c.rows.push_back(W.cells(i));
  return c;
}

// Random 0/1 queries: ranges, scattered cells, empty rows, the whole domain.
Workload random_workload(Stream& s, std::uint32_t n, std::size_t m) {
  Workload W;
  W.n = n;
  for (std::size_t i = 0; i < m; ++i) {
    const auto kind = s.below(4);
    if (kind == 0) {
      const auto a = static_cast<std::uint32_t>(s.below(n)), b = static_cast<std::uint32_t>(s.below(n));
      W.add_range(std::min(a, b), std::max(a, b) + 1);
    } else if (kind == 1) {
      std::vector<std::uint32_t> cells;
      for (std::uint32_t c = 0; c < n; ++c)
        if (s.uniform() < 0.3) cells.push_back(c);
      W.add_row(cells);
    } else if (kind == 2) {
      W.add_row(std::vector<std::uint32_t>{});
    } else {
      W.add_range(0, n);
    }
  }
  return W;
}

// One-sample Kolmogorov-Smirnov statistic against Uniform(0, 1).
double ks_uniform(std::vector<double> u) {
  std::sort(u.begin(), u.end());
  const double n = static_cast<double>(u.size());
  double d = 0;
  for (std::size_t i = 0; i < u.size(); ++i)
    d = std::max({d, static_cast<double>(i + 1) / n - u[i], u[i] - static_cast<double>(i) / n});
  return d;
}

}  // namespace

TEST_SUITE("linear_queries") {

TEST_CASE("rows are stored as maximal runs") {
  Workload W;
  W.n = 10;
  W.add_row(std::vector<std::uint32_t>{0, 1, 2, 5, 7, 8, 9});
  W.add_row(std::vector<std::uint32_t>{4});
  W.add_row(std::vector<std::uint32_t>{});
  W.add_row(std::vector<std::uint32_t>{0, 2, 4, 6, 8});
  W.add_range(3, 7);
  REQUIRE(W.queries() == 5);
  auto runs = [&](std::size_t i) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> v;
    for (const Run& r : W.row(i)) v.push_back({r.begin, r.end});
    return v;
  };
  using V = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  CHECK(runs(0) == V{{0, 3}, {5, 6}, {7, 10}});
  CHECK(runs(1) == V{{4, 5}});
  CHECK(runs(2).empty());
  CHECK(runs(3) == V{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}});
  CHECK(runs(4) == V{{3, 7}});
  CHECK(W.runs.size() == 10);
  CHECK(W.nonzeros() == 7 + 1 + 0 + 5 + 4);
  CHECK(W.row_size(0) == 7);
  CHECK(W.cells(4) == std::vector<std::uint32_t>{3, 4, 5, 6});
  for (std::uint32_t c = 0; c < 10; ++c) {
    CHECK(W.counts(0, c) == (c <= 2 || c == 5 || c >= 7));
    CHECK(W.counts(3, c) == (c % 2 == 0));
    CHECK_FALSE(W.counts(2, c));
  }
  using dplab::testing::error_of;
  CHECK_CONTAINS(error_of([&] { W.add_row(std::vector<std::uint32_t>{3, 3}); }), "sorted and distinct");
  CHECK_CONTAINS(error_of([&] { W.add_row(std::vector<std::uint32_t>{10}); }), "outside the domain");
  CHECK_CONTAINS(error_of([&] { W.add_range(4, 4); }), "empty or outside");
  CHECK_CONTAINS(error_of([&] { W.add_range(2, 11); }), "empty or outside");
}

TEST_CASE("prefix-sum answers equal the cell-by-cell (CSR) answers") {
  Stream s(1, 2, 3);
  for (std::uint32_t n : {1u, 2u, 7u, 64u, 1000u}) {
    const Workload W = random_workload(s, n, 200);
    const CellRows C = cell_rows(W);
    for (int rep = 0; rep < 3; ++rep) {
      std::vector<double> x(n);
      // Integers (exact either way) and reals of mixed signs and scales.
      for (double& v : x) v = rep == 0 ? std::floor(s.uniform() * 100) : (s.uniform() - 0.3) * std::pow(10.0, rep * 3);
      const std::vector<double> fast = W.answer(x), slow = C.answer(x);
      REQUIRE(fast.size() == slow.size());
      double scale = 0;
      for (double v : x) scale += std::fabs(v);
      for (std::size_t i = 0; i < fast.size(); ++i) {
        if (rep == 0) CHECK(fast[i] == slow[i]);
        else CHECK(std::fabs(fast[i] - slow[i]) <= 1e-12 * scale);
      }
    }
    // W^T y and the column counts against the cells.
    std::vector<double> y(W.queries());
    for (double& v : y) v = std::floor(s.uniform() * 10);
    std::vector<double> z(n, 0.0);
    std::vector<std::uint32_t> counts(n, 0);
    for (std::size_t i = 0; i < C.rows.size(); ++i)
      for (auto c : C.rows[i]) {
        z[c] += y[i];
        ++counts[c];
      }
    CHECK(W.transpose_times(y) == z);
    CHECK(W.column_counts() == counts);
    CHECK(W.sensitivity() == *std::max_element(counts.begin(), counts.end()));
    // A sub-workload keeps its rows.
    const std::vector<std::uint32_t> pick = {5, 0, 5, 17};
    const Workload S = W.rows(pick);
    REQUIRE(S.queries() == 4);
    for (std::size_t k = 0; k < pick.size(); ++k) CHECK(S.cells(k) == C.rows[pick[k]]);
  }
  CHECK_CONTAINS(dplab::testing::error_of([] {
                   Workload W;
                   W.n = 3;
                   W.answer(std::vector<double>{1, 2});
                 }),
                 "vector of 2");
}

TEST_CASE("hot_normal workloads: reproducible, shaped as described in §5") {
  WorkloadShape shape;  // n = 4096, m = 2000, variance 10, 10 draws, p = 0.9
  Stream a(1, hash64(shape.key()), 0), b(1, hash64(shape.key()), 0), c(1, hash64(shape.key()), 1);
  const auto ga = generate_workload(shape, a), gb = generate_workload(shape, b), gc = generate_workload(shape, c);
  CHECK(ga.W.offsets == gb.W.offsets);
  CHECK(ga.W.nonzeros() == gb.W.nonzeros());
  CHECK(cell_rows(ga.W).rows == cell_rows(gb.W).rows);
  CHECK(cell_rows(ga.W).rows != cell_rows(gc.W).rows);
  CHECK(ga.W.queries() == 2000);
  CHECK(ga.sensitivity == ga.W.sensitivity());
  std::size_t with_hot = 0;
  for (std::size_t i = 0; i < ga.W.queries(); ++i) {
    const auto r = ga.W.cells(i);
    REQUIRE(!r.empty());
    with_hot += ga.W.counts(i, ga.hot);
    // Cells other than the hot one lie within a few standard deviations of each other.
    std::vector<std::uint32_t> own;
    for (auto x : r)
      if (x != ga.hot) own.push_back(x);
    if (own.size() >= 2) CHECK(own.back() - own.front() <= 2 * 7 * std::sqrt(10.0));
  }
  // Binomial(2000, 0.9) plus the few queries whose centre is next to the hot cell.
  CHECK(with_hot >= 1800 - 4 * 13.4);
  CHECK(with_hot <= 1800 + 4 * 13.4 + 20);
  CHECK(ga.sensitivity >= with_hot);
  // The key names every parameter that changes the workload.
  WorkloadShape other = shape;
  other.p = 0.2;
  CHECK(other.key() != shape.key());
  WorkloadShape bad;
  bad.kind = "ranges";
  Stream s(1, 1, 1);
  CHECK_CONTAINS(dplab::testing::error_of([&] { generate_workload(bad, s); }), "hot_normal, random_range");
}

TEST_CASE("random_range: one run per query, inside the domain, O(m) storage") {
  WorkloadShape shape;
  shape.kind = "random_range";
  shape.n = 4096;
  shape.queries = 2000;
  Stream s(5, 6, 7);
  const auto g = generate_workload(shape, s);
  REQUIRE(g.W.queries() == 2000);
  CHECK(g.W.runs.size() == 2000);
  for (const Run& r : g.W.runs) {
    CHECK(r.begin < r.end);
    CHECK(r.end <= 4096);
  }
  // A width-n query exists with probability 1 - (1 - 1/n)^m = 39%; any query covers the middle
  // cell with probability about 3/4, so Delta_W is near 1,500.
  CHECK(g.sensitivity > 1300);
  CHECK(g.sensitivity < 1700);
  // n = 1: every query is the single cell.
  shape.n = 1;
  const auto one = generate_workload(shape, s);
  for (const Run& r : one.W.runs) CHECK((r.begin == 0 && r.end == 1));
}

TEST_CASE("the trial workload is generated once and is the public stream's") {
  WorkloadShape shape;
  shape.kind = "random_range";
  shape.n = 300;
  shape.queries = 50;
  const TrialSeeds t0{99, 0}, t1{99, 1};
  const auto a = trial_workload(t0, shape), b = trial_workload(t0, shape), c = trial_workload(t1, shape);
  CHECK(a.get() == b.get());  // shared, not rebuilt
  CHECK(a.get() != c.get());
  Stream direct = t0.public_stream(shape.key());
  const auto g = generate_workload(shape, direct);
  CHECK(cell_rows(a->W).rows == cell_rows(g.W).rows);
  CHECK(cell_rows(a->W).rows != cell_rows(c->W).rows);
  WorkloadShape other = shape;
  other.queries = 51;
  CHECK(trial_workload(t0, other)->W.queries() == 51);
}

TEST_CASE("l1_error_per_query: |W x - answers| / m from the published workload") {
  Histogram h;
  h.name = "ramp";
  for (int i = 0; i < 100; ++i) h.counts.push_back(i % 7);
  Params p;
  p.set("workload", std::string("random_range"));
  p.set("queries", std::int64_t{30});
  p.set("eps", 0.5);
  const AlgorithmRun r = run_algorithm("baselines.identity", p, &h, Stream(1, 2, 3), TrialSeeds{4, 5});
  const auto& W = r.outputs.object<WorkloadOutput>("workload");
  const auto& answers = r.outputs.vector("answers");
  const std::vector<double> truth = W->W.answer(h.counts);
  double expected = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) expected += std::fabs(answers[i] - truth[i]);
  expected /= static_cast<double>(truth.size());
  const Params point;
  const TrialSeeds seeds{4, 5};
  const MetricContext mc{r.outputs, &h, point, seeds};
  const std::vector<double> m = find_metric("l1_error_per_query").compute(mc);
  REQUIRE(m.size() == 1);
  CHECK(m[0] == doctest::Approx(expected).epsilon(1e-14));
  CHECK(m[0] > 0);
  CHECK(r.outputs.scalar("sensitivity") == W->sensitivity);
}

}  // TEST_SUITE

TEST_SUITE("linear_queries_statistical") {

TEST_CASE("random_range follows DPBench's law: width uniform on 1..n, then the offset (KS)") {
  // Randomised probability integral transforms: (w - 1 + U) / n and (offset + U) / (n - w + 1)
  // are Uniform(0, 1) exactly when width and offset follow the law. One KS test at critical
  // value 2.226 / sqrt(N) has false-failure probability about 1e-4; twelve such checks < 1.2e-3,
  // and the six mean-width checks at 5 sd add 3.4e-6.
  const double crit = 2.226 / std::sqrt(20000.0);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (std::uint32_t n : {4096u, 37u}) {
      WorkloadShape shape;
      shape.kind = "random_range";
      shape.n = n;
      shape.queries = 20000;
      Stream s(seed, 7, 0);
      const auto g = generate_workload(shape, s);
      Stream u(seed, 8, 0);
      std::vector<double> width_u, offset_u;
      double mean_width = 0;
      for (const Run& r : g.W.runs) {
        const std::uint32_t w = r.size();
        width_u.push_back((w - 1 + u.uniform()) / n);
        offset_u.push_back((r.begin + u.uniform()) / (n - w + 1));
        mean_width += w / 20000.0;
      }
      CAPTURE(seed);
      CAPTURE(n);
      CHECK(ks_uniform(width_u) < crit);
      CHECK(ks_uniform(offset_u) < crit);
      // E[w] = (n + 1) / 2; sd of the mean (n / sqrt(12)) / sqrt(20000), 5 sd.
      CHECK(std::fabs(mean_width - (n + 1) / 2.0) < 5 * n / std::sqrt(12.0 * 20000));
    }
  }
  // The test can fail: both ends uniform and sorted (mean width about n/3) is rejected.
  Stream s(4, 5, 6), u(4, 5, 7);
  std::vector<double> width_u;
  const std::uint32_t n = 4096;
  for (int i = 0; i < 20000; ++i) {
    const auto a = s.below(n), b = s.below(n);
    const double w = static_cast<double>(std::max(a, b) - std::min(a, b) + 1);
    width_u.push_back((w - 1 + u.uniform()) / n);
  }
  CHECK(ks_uniform(width_u) > 10 * crit);
}

}  // TEST_SUITE
