// Unit tests of framework/sweep: expansion of a spec into points (cartesian product with the
// last axis fastest, zipped groups), validation against the registry, point keys.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {


std::vector<Point> points_of(const std::string& text) { return expand(parse_spec(text, "s.yaml")); }

std::string expand_error(const std::string& text) {
  try {
    expand(parse_spec(text, "s.yaml"));
  } catch (const Error& e) {
    return e.what();
  }
  FAIL_CHECK("expand accepted:\n" << text);
  return "";
}

const std::string kHead =
    "name: s\n"                                // 1
    "paper: budget_series\n"                   // 2
    "algorithm: budget_series.allocation\n";   // 3

std::string coord_text(const Point& p, const std::string& name) {
  for (const auto& [k, v] : p.coords)
    if (k == name) return to_string(v);
  return "<absent>";
}

}  // namespace


TEST_SUITE("sweep") {

TEST_CASE("a spec without axes is one point with every parameter defaulted") {
  auto pts = points_of(kHead + "metrics: [k]\n");
  REQUIRE(pts.size() == 1);
  const Point& p = pts[0];
  CHECK(p.index == 0);
  CHECK(p.algorithm == "budget_series.allocation");
  CHECK(p.label == "budget_series.allocation");
  CHECK(p.dataset.empty());
  CHECK(p.coords.empty());
  CHECK(describe(p) == "(single point)");
  CHECK(p.params.integer("n") == 50);
  CHECK(p.params.real("eps") == 1.0);
  CHECK(p.params.text("strategy") == "AVG");
  CHECK(p.params.text("protection") == "none");
  CHECK(p.budget == 1.0);
}

TEST_CASE("cartesian product: last axis fastest, coords only for varying axes") {
  auto pts = points_of(kHead +
                       "params: {eps: 0.5, n: 7}\n"
                       "sweep:\n"
                       "  strategy: [AVG, Geo, Ty]\n"
                       "  r: [0.1, 0.2]\n"
                       "metrics: [k]\n");
  REQUIRE(pts.size() == 6);
  const char* strategies[] = {"AVG", "AVG", "Geo", "Geo", "Ty", "Ty"};
  const double rs[] = {0.1, 0.2, 0.1, 0.2, 0.1, 0.2};
  for (std::size_t i = 0; i < pts.size(); ++i) {
    CAPTURE(i);
    CHECK(pts[i].index == i);
    CHECK(pts[i].params.text("strategy") == strategies[i]);
    CHECK(pts[i].params.real("r") == rs[i]);
    CHECK(pts[i].params.integer("n") == 7);
    CHECK(pts[i].params.real("eps") == 0.5);
    CHECK(pts[i].budget == 0.5);
    REQUIRE(pts[i].coords.size() == 2);
    CHECK(pts[i].coords[0].first == "strategy");
    CHECK(pts[i].coords[1].first == "r");
  }
  CHECK(describe(pts[3]) == "strategy=Geo r=0.2");
}

TEST_CASE("zipped axes move together; sweep axes come first") {
  auto pts = points_of(kHead +
                       "sweep:\n"
                       "  strategy: [AVG, Geo]\n"
                       "zip:\n"
                       "  n: [10, 20]\n"
                       "  U_s: [30, 40]\n"
                       "metrics: [k]\n");
  REQUIRE(pts.size() == 4);
  struct Row { const char* strategy; std::int64_t n; double U_s; };
  const Row expected[] = {{"AVG", 10, 30}, {"AVG", 20, 40}, {"Geo", 10, 30}, {"Geo", 20, 40}};
  for (std::size_t i = 0; i < 4; ++i) {
    CAPTURE(i);
    CHECK(pts[i].params.text("strategy") == expected[i].strategy);
    CHECK(pts[i].params.integer("n") == expected[i].n);
    CHECK(pts[i].params.real("U_s") == expected[i].U_s);
    REQUIRE(pts[i].coords.size() == 3);
    CHECK(pts[i].coords[0].first == "strategy");
    CHECK(pts[i].coords[1].first == "n");
    CHECK(pts[i].coords[2].first == "U_s");
    // Typed coordinates: n is an integer parameter, U_s a real one.
    CHECK(std::holds_alternative<std::int64_t>(pts[i].coords[1].second));
    CHECK(std::holds_alternative<double>(pts[i].coords[2].second));
  }
  CHECK(describe(pts[1]) == "strategy=AVG n=20 U_s=40");
}

TEST_CASE("several algorithms and their own axes") {
  auto pts = points_of(
      "name: s\npaper: budget_series\n"
      "algorithms:\n"
      "  - {name: budget_series.allocation, label: Plain}\n"
      "  - {name: budget_series.allocation, label: Ratios, sweep: {r: [0.3, 0.6]}}\n"
      "params: {strategy: Geo}\n"
      "metrics: [k]\n");
  REQUIRE(pts.size() == 3);
  CHECK(pts[0].label == "Plain");
  CHECK(pts[1].label == "Ratios");
  CHECK(pts[2].label == "Ratios");
  CHECK(coord_text(pts[0], "algorithm") == "Plain");
  CHECK(coord_text(pts[2], "r") == "0.6");
  CHECK(pts[0].params.real("r") == 0.0);
  CHECK(pts[1].params.real("r") == 0.3);
  CHECK(pts[2].params.text("strategy") == "Geo");
}

TEST_CASE("an algorithm entry may run on some of the spec's datasets only") {
  const std::string head =
      "name: s\npaper: workload_division\n"
      "datasets: [{name: adult, label: A}, {name: income, label: I}]\n"
      "metrics: [l1_error_per_query]\n";
  auto pts = points_of(head +
                       "algorithms:\n"
                       "  - baselines.identity\n"
                       "  - {name: workload_division.laplace_workload, label: L, datasets: [I]}\n");
  REQUIRE(pts.size() == 3);
  CHECK(pts[2].label == "L");
  CHECK(pts[2].dataset == "I");
  std::string e = expand_error(head + "algorithms:\n  - {name: baselines.identity, datasets: [X]}\n");
  CHECK_CONTAINS(e, "algorithm.datasets");
  CHECK_CONTAINS(e, "'X'");
}

TEST_CASE("metric parameters are typed and defaulted but do not key the stream") {
  // Metrics without parameters change nothing; a registered metric's parameters are accepted
  // in params and sweeps and checked against its declaration (diffpart's relative_error and
  // topk_utility declare theirs; see tests/test_diffpart_eval.cpp).
  const std::string head = "name: s\npaper: workload_division\ndataset: adult\n"
                           "algorithm: baselines.identity\nmetrics: [l1_error_per_query]\n";
  std::string e = expand_error(head + "params: {queries_per_subset: 3}\n");
  CHECK_CONTAINS(e, "has no parameter 'queries_per_subset'");
}

TEST_CASE("unknown parameter: the error lists the algorithm's parameters") {
  std::string e = expand_error(kHead + "params:\n  epsilon: 1\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:5:");
  CHECK_CONTAINS(e, "field 'params.epsilon'");
  CHECK_CONTAINS(e, "no parameter 'epsilon'");
  CHECK_CONTAINS(e, "budget_series.allocation");
  for (const char* p : {"n", "eps", "strategy", "U_s", "protection"}) CHECK_CONTAINS(e, p);

  e = expand_error(kHead + "sweep:\n  strategie: [AVG]\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "no parameter 'strategie'");
  CHECK_CONTAINS(e, "s.yaml:5:");
}

TEST_CASE("out-of-range values name the line and the allowed range") {
  std::string e = expand_error(kHead + "params:\n  eps: 0\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:5:");
  CHECK_CONTAINS(e, "field 'params.eps'");
  CHECK_CONTAINS(e, "(0, inf)");

  e = expand_error(kHead + "params:\n  n: 5\n  eps: -1\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:6:");
  CHECK_CONTAINS(e, "(0, inf)");

  e = expand_error(kHead + "params:\n  eps: .nan\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:5:");
  CHECK_CONTAINS(e, "field 'params.eps'");

  // On a sweep axis: the line of the offending value.
  e = expand_error(kHead + "sweep:\n  eps:\n    - 1\n    - 0.5\n    - 0\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:8:");
  CHECK_CONTAINS(e, "sweep.eps");

  // Text choices and strategies checked by the plugin.
  e = expand_error(kHead + "params:\n  strategy: Foo\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:5:");
  CHECK_CONTAINS(e, "'Foo'");
  e = expand_error(kHead + "params:\n  protection: magic\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "one of none, random, probability, noisy_n");
  e = expand_error(kHead + "params:\n  n: 0\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "[1, 100000]");
}

TEST_CASE("unknown algorithm, dataset and metric") {
  std::string e = expand_error("name: s\npaper: p\nalgorithm: budget_series.alocation\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:3:");
  CHECK_CONTAINS(e, "unknown algorithm 'budget_series.alocation'");
  CHECK_CONTAINS(e, "did you mean 'budget_series.allocation'");

  e = expand_error("name: s\npaper: p\ndataset: koss\nalgorithm: budget_series.noise_mse\nmetrics: [sum_squared_error]\n");
  CHECK_CONTAINS(e, "s.yaml");
  CHECK_CONTAINS(e, "field 'dataset'");
  CHECK_CONTAINS(e, "unknown dataset 'koss'");
  CHECK_CONTAINS(e, "did you mean 'kos'");

  // A dataset for an algorithm that takes none, and none for one that needs it.
  e = expand_error("name: s\npaper: p\ndataset: kos\nalgorithm: budget_series.allocation\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "takes no dataset");
  e = expand_error("name: s\npaper: p\nalgorithm: budget_series.noise_mse\nmetrics: [sum_squared_error]\n");
  CHECK_CONTAINS(e, "needs a dataset");

  e = expand_error(kHead + "metrics: [k, msee]\n");
  CHECK_CONTAINS(e, "field 'metrics'");
  CHECK_CONTAINS(e, "unknown metric 'msee'");
  CHECK_CONTAINS(e, "budget_series.allocation");
}

TEST_CASE("metrics: algorithm outputs and registered metrics whose inputs the algorithm provides") {
  auto pts = points_of(kHead + "metrics: [k, eps_i, sum_k, min_k]\n");
  CHECK(pts.size() == 1);
  auto with_data = points_of(
      "name: s\npaper: p\ndataset: kos\nalgorithm: budget_series.noise_mse\n"
      "metrics: [sum_squared_error, mean_absolute_error, expected_mse]\n");
  REQUIRE(with_data.size() == 1);
  CHECK(with_data[0].dataset == "kos");
  // A registered metric that reads outputs this algorithm does not produce is refused.
  std::string e = expand_error(kHead + "metrics: [k, sum_squared_error]\n");
  CHECK_CONTAINS(e, "metric 'sum_squared_error' needs output 'answers'");
  CHECK_CONTAINS(e, "budget_series.allocation");
}

TEST_CASE("a parameter fixed and swept, or on two axes, is an error") {
  std::string e = expand_error(kHead + "params:\n  n: 5\nsweep:\n  n: [3, 4]\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "s.yaml:7:");
  CHECK_CONTAINS(e, "field 'n'");
  CHECK_CONTAINS(e, "more than once");

  e = expand_error(kHead + "sweep:\n  n: [3, 4]\nzip:\n  n: [5, 6]\n  U_s: [1, 2]\nmetrics: [k]\n");
  CHECK_CONTAINS(e, "more than once");
}

TEST_CASE("point keys differ between points and are stable across expansions") {
  const std::string text = kHead +
                           "sweep:\n"
                           "  strategy: [AVG, Geo]\n"
                           "zip:\n"
                           "  n: [10, 20]\n"
                           "  U_s: [30, 40]\n"
                           "metrics: [k]\n";
  auto a = points_of(text);
  auto b = points_of(text);
  REQUIRE(a.size() == 4);
  REQUIRE(b.size() == 4);
  std::set<std::uint64_t> keys;
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].key == b[i].key);
    keys.insert(a[i].key);
  }
  CHECK(keys.size() == 4);
  // The key depends on parameter values, not on how the spec is laid out: the same point
  // written as fixed parameters has the same key.
  auto single = points_of(kHead + "params: {strategy: Geo, n: 20, U_s: 40}\nmetrics: [k]\n");
  REQUIRE(single.size() == 1);
  CHECK(single[0].key == a[3].key);
  // ... and the seed and metrics do not enter it, but any parameter does.
  auto other_seed = points_of(kHead + "params: {strategy: Geo, n: 20, U_s: 40}\nseed: 9\nmetrics: [sum_k]\n");
  CHECK(other_seed[0].key == a[3].key);
  auto other_eps = points_of(kHead + "params: {strategy: Geo, n: 20, U_s: 40, eps: 0.5}\nmetrics: [k]\n");
  CHECK(other_eps[0].key != a[3].key);
}

}  // TEST_SUITE
