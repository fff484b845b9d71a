// Index values of vector metrics (MetricInfo::index_values): stored per point in the result file
// (/index/<metric>), read back, carried by the engine's statistics (SummaryRow::index_value), and
// printed by `show` and `export --per-trial` in place of the 1-based position; topk_utility
// declares K = top_k_step, 2 top_k_step, ..., top_k_max. Also: `export --parquet` refuses with
// the reason.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "core/params.hpp"
#include "framework/registry.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// 2 points x 2 trials; vector metric utility with K = 10, 20, 30 at point 0 and 5, 10 at point 1.
ResultData indexed_result() {
  ResultData r;
  r.meta.name = "fig_k";
  r.meta.paper = "my_paper";
  r.meta.spec_text = "name: fig_k\n";
  r.meta.code_version = "test";
  r.meta.plot_json = "{}";
  r.points = 2;
  r.trials = 2;
  // As the run writes them: the privacy columns too (a file without them needs registered algorithms).
  r.columns = {PointColumn{"algorithm", true, {"A", "B"}, {}, "text"}, PointColumn{"step", false, {}, {10, 5}, "integer"},
               PointColumn{"privacy", true, {"dp", "none"}, {}, "text"}, PointColumn{"privacy_finding", true, {"", ""}, {}, "text"}};
  r.axes = {"algorithm"};
  MetricData u;
  u.name = "utility";
  u.index = "K";
  u.is_vector = true;
  u.vectors = {{0.1, 0.2, 0.3}, {0.3, 0.4, 0.5}, {0.5, 0.6}, {0.7, 0.8}};
  u.index_values = {{10, 20, 30}, {5, 10}};
  MetricData plain;  // a vector metric without declared values keeps its positions
  plain.name = "plain";
  plain.is_vector = true;
  plain.vectors = {{1}, {2}, {3}, {4}};
  r.metrics = {u, plain};
  r.done = {1, 1, 1, 1};
  r.wall_time = {0.1, 0.1, 0.1, 0.1};
  r.spent_eps = {1, 1, 1, 1};
  return r;
}

}  // namespace

TEST_SUITE("metric_index") {
  TEST_CASE("index values round-trip through the result file and reach the statistics") {
    TempDir dir;
    write_result(dir / "k.h5", indexed_result());
    const ResultData r = read_result(dir / "k.h5");
    REQUIRE(r.metrics.size() == 2);
    const MetricData& u = r.metrics[0].name == "utility" ? r.metrics[0] : r.metrics[1];
    const MetricData& plain = r.metrics[0].name == "utility" ? r.metrics[1] : r.metrics[0];
    CHECK(u.index_values == std::vector<std::vector<double>>{{10, 20, 30}, {5, 10}});
    CHECK(plain.index_values.empty());
    std::vector<double> seen;
    for (const SummaryRow& row : summarize_result(r, Reference::parse("", "none")))
      if (row.metric == "utility") seen.push_back(row.index_value);
      else if (row.metric == "plain") CHECK(std::isnan(row.index_value));
    CHECK(seen == std::vector<double>{10, 20, 30, 5, 10});
    CHECK_CONTAINS(summary_json(summarize_result(r, Reference::parse("", "none"))), "\"index\": 3, \"index_value\": 30,");
  }

  TEST_CASE("show and export print the index values; --parquet says why not") {
    TempDir dir;
    write_result(dir / "k.h5", indexed_result());
    auto c = run_dplab("show " + (dir / "k.h5") + " --csv", dir);
    CHECK(c.code == 0);
    CHECK_CONTAINS(c.out, "A,utility,30,");
    CHECK_CONTAINS(c.out, "B,utility,10,");
    CHECK_CONTAINS(c.out, "A,plain,1,");
    c = run_dplab("export " + (dir / "k.h5") + " --per-trial", dir);
    CHECK(c.code == 0);
    CHECK_CONTAINS(c.out, "A,dp,,10,0,utility,30,0.3\n");  // columns by name: privacy before step
    CHECK_CONTAINS(c.out, "B,none,,5,1,utility,10,0.8\n");
    CHECK_CONTAINS(c.out, ",plain,1,");
    c = run_dplab("export " + (dir / "k.h5") + " --per-trial --parquet", dir);
    CHECK(c.code == 1);
    CHECK_CONTAINS(c.err, "--parquet is not available: Parquet needs Apache Arrow");
    CHECK_CONTAINS(c.err, "Debian 12 (bookworm) does not package");
  }

  TEST_CASE("topk_utility declares K = step, 2 step, ..., top_k_max") {
    const MetricInfo mi = find_metric("topk_utility").info();
    REQUIRE(mi.index_values);
    Params p;
    p.set("top_k_step", Value(std::int64_t{10}));
    p.set("top_k_max", Value(std::int64_t{45}));
    CHECK(mi.index_values(p) == std::vector<double>{10, 20, 30, 40});
  }
}
