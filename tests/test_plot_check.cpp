// Unit tests of framework/plot_check: a spec's plot block checked against its kind's schema
// (plots/kinds/<kind>.yaml) before any trial runs, with errors naming the file, the field and
// what is allowed, and the rule that no parameter varying on a figure's curve or cell goes unseen.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <string>

#include "core/error.hpp"
#include "framework/plot_check.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

// A spec of the allocation plugin sweeping strategy x n, with the given plot block (YAML lines
// indented under `plot:`).
std::string spec_with_plot(const std::string& plot, const std::string& sweep = "  strategy: [AVG, Geo]\n  n: [10, 20]\n") {
  return "name: t1\npaper: budget_series\nid: Test\ndescription: d\nalgorithm: budget_series.allocation\n"
         "sweep:\n" + sweep + "trials: 1\nseed: 1\nmetrics: [k]\nplot:\n" + plot;
}

void check(const std::string& text) {
  const Spec sp = parse_spec(text, "p.yaml");
  check_plot(sp, expand(sp));
}

std::string plot_error(const std::string& text) {
  return error_of([&] { check(text); });
}

}  // namespace

TEST_SUITE("plot_check") {

TEST_CASE("the kinds are the schemas in plots/kinds") {
  const auto kinds = plot_kinds();
  CHECK(kinds == std::vector<std::string>{"bar", "line", "scatter", "strip", "table"});
}

TEST_CASE("a plot that shows every varying parameter passes") {
  CHECK_NOTHROW(check(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategy\n  panels: n\n")));
  CHECK_NOTHROW(check(spec_with_plot("  kind: table\n  rows: strategy\n  columns: n\n  metric: k\n")));
}

TEST_CASE("unknown options, columns, metrics and kinds are named with what is allowed") {
  auto e = plot_error(spec_with_plot("  kind: line\n  y: k\n  seris: strategy\n  panels: n\n"));
  CHECK(contains(e, "p.yaml"));
  CHECK(contains(e, "plot"));
  CHECK(contains(e, "seris"));
  CHECK(contains(e, "series"));  // did you mean

  e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategi\n  panels: n\n"));
  CHECK(contains(e, "plot.series"));
  CHECK(contains(e, "strategi"));
  CHECK(contains(e, "strategy"));

  e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: kk\n  series: strategy\n  panels: n\n"));
  CHECK(contains(e, "plot.y"));
  CHECK(contains(e, "metric"));
  CHECK(contains(e, "kk"));

  e = plot_error(spec_with_plot("  kind: pie\n  y: k\n"));
  CHECK(contains(e, "pie"));
  CHECK(contains(e, "bar, line, scatter, strip, table"));
}

TEST_CASE("values are checked against their types and choices") {
  auto e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategy\n  panels: n\n  logy: maybe\n"));
  CHECK(contains(e, "plot.logy"));
  CHECK(contains(e, "true or false"));

  e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategy\n  panels: n\n  stat: median\n"));
  CHECK(contains(e, "plot.stat"));
  CHECK(contains(e, "mean"));
  CHECK(contains(e, "sd"));

  e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategy\n  panels: n\n  panel_size: [5]\n"));
  CHECK(contains(e, "plot.panel_size"));
  CHECK(contains(e, "two numbers"));

  e = plot_error(spec_with_plot("  kind: line\n  x: index\n  series: strategy\n  panels: n\n"));
  CHECK(contains(e, "needs 'y'"));
}

TEST_CASE("a varying parameter the figure does not show is refused") {
  // n varies but neither x, series nor panels shows it: each curve would mix n = 10 and 20.
  auto e = plot_error(spec_with_plot("  kind: line\n  x: index\n  y: k\n  series: strategy\n"));
  CHECK(contains(e, "'n'"));
  CHECK(contains(e, "10"));
  CHECK(contains(e, "20"));
  CHECK(contains(e, "--set plot.panels=n"));  // the fix a line plot with series has

  // A where with two values selects both into one panel: still mixed.
  e = plot_error(spec_with_plot(
      "  kind: line\n  x: index\n  y: k\n  series: strategy\n  panels: [{title: a, where: {n: [10, 20]}}]\n"));
  CHECK(contains(e, "'n'"));
}

TEST_CASE("a parameter selected by a panel, or zipped with a shown one, is determined") {
  CHECK_NOTHROW(check(spec_with_plot(
      "  kind: line\n  x: index\n  y: k\n  series: strategy\n"
      "  panels: [{title: a, where: {n: 10}}, {title: b, where: {n: 20}}]\n")));
  // r is zipped with n: each n has one r, so showing n shows r.
  const std::string zipped = "name: t1\npaper: budget_series\nid: Test\ndescription: d\n"
                             "algorithm: budget_series.allocation\nparams: {strategy: Geo}\n"
                             "zip:\n  n: [10, 20]\n  r: [0.5, 0.9]\ntrials: 1\nseed: 1\nmetrics: [k]\nplot:\n";
  CHECK_NOTHROW(check(zipped + "  kind: line\n  x: index\n  y: k\n  series: n\n"));
  const auto e = plot_error(zipped + "  kind: line\n  x: index\n  y: k\n");
  CHECK(contains(e, "takes several values"));
}

}  // TEST_SUITE
