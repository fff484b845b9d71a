// The plot section's checks a new user meets (framework/plot_check.cpp): an option a plot kind
// ignores is refused (a table given panels would silently drop values), the fix a "takes several
// values" error suggests is valid for the plot's kind and makes the check pass (every kind), and
// an error points at the option's own line, or says that --set gave it.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "dplab_source_dir.hpp"
#include "framework/plot_check.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"
#include "test_support.hpp"

using dplab::testing::error_of;

namespace {

// budget_series.allocation needs no dataset; strategy, eps and n vary.
std::string spec_with(const std::string& plot) {
  return "name: t\n"
         "paper: testpaper\n"
         "algorithm: budget_series.allocation\n"
         "sweep:\n"
         "  strategy: [AVG, Geo]\n"
         "  eps: [1, 2]\n"
         "  n: [5, 10]\n"
         "trials: 1\n"
         "metrics: [min_k, sum_k, k, eps_i]\n"
         "plot: " + plot + "\n";
}

// The check's error ("" when it passes) for the spec text with --set overrides.
std::string check(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    const dplab::Spec s = dplab::parse_spec(text, "t.yaml", overrides);
    dplab::check_plot(s, dplab::expand(s));
  } catch (const dplab::Error& e) {
    return e.what();
  }
  return "";
}

// The "--set plot.X=Y" suggestions of an error message.
std::vector<std::string> suggested_sets(const std::string& message) {
  std::vector<std::string> out;
  const std::regex set("--set (plot\\.[A-Za-z_.]+=[^ ,;)]+)");
  for (auto it = std::sregex_iterator(message.begin(), message.end(), set); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

}  // namespace

TEST_SUITE("plot_options") {
  TEST_CASE("an option the plot kind ignores is refused, naming the kind's options") {
    // A table shows its rows and columns; panels would be ignored and values dropped.
    const std::string table = spec_with("{kind: table, rows: strategy, columns: eps, metric: min_k}");
    const std::string e = check(table, {"plot.panels=n"});
    CHECK_CONTAINS(e, "t.yaml (--set plot.panels): field 'plot.panels': a table plot does not use 'panels'");
    CHECK_CONTAINS(e, "its options: kind, name, title, labels, rows, columns, metric, metrics, format, where");
    for (const char* option : {"plot.xlabel=x", "plot.ylabel=y", "plot.legend=best", "plot.suptitle=s", "plot.panel_cols=2"})
      CHECK_CONTAINS(check(table, {option}), "a table plot does not use");
    // Scatter plots have no legend; only line plots size their panels.
    const std::string scatter = spec_with("{kind: scatter, x: k, y: eps_i, color: k, panels: strategy}");
    CHECK_CONTAINS(check(scatter, {"sweep.eps=[1]", "sweep.n=[5]", "plot.legend=best"}), "a scatter plot does not use 'legend'");
    const std::string bar = spec_with("{kind: bar, x: strategy, y: min_k, panels: eps, series: n}");
    CHECK(check(bar).empty());
    CHECK_CONTAINS(check(bar, {"plot.panel_size=[4, 3]"}), "a bar plot does not use 'panel_size'");
    CHECK(check(bar, {"plot.legend=outside", "plot.xlabel=strategy"}).empty());
  }

  TEST_CASE("a table mixing a parameter fails the check; the fixes it suggests are valid for every kind") {
    struct Case {
      std::string kind, plot;
      std::vector<std::string> base;  // overrides of the sweep: one run per panel for a scatter
    };
    const std::vector<Case> cases = {
        {"line", "{kind: line, x: eps, y: min_k, series: strategy}", {}},
        {"line", "{kind: line, x: eps, y: min_k}", {}},
        {"bar", "{kind: bar, x: strategy, y: min_k}", {}},
        {"scatter", "{kind: scatter, x: k, y: eps_i, color: k}", {"sweep.eps=[1]", "sweep.n=[5]"}},
        {"strip", "{kind: strip, x: strategy, y: min_k, group: n}", {}},
        {"table", "{kind: table, rows: strategy, metric: min_k}", {}},
        {"table", "{kind: table, rows: strategy, columns: eps, metric: min_k}", {}},
    };
    for (const auto& [kind, plot, base] : cases) {
      CAPTURE(plot);
      std::vector<std::string> applied = base;
      std::string e = check(spec_with(plot), applied);
      CHECK_CONTAINS(e, "of this " + kind + " plot, which would mix or drop its values");
      // Each suggestion alone is accepted by the kind and resolves its parameter; following the
      // first ones reaches a figure that shows everything.
      for (int step = 0; step < 4 && !e.empty(); ++step) {
        const auto sets = suggested_sets(e);
        REQUIRE_MESSAGE(!sets.empty(), e);
        const std::string mixed = e.substr(e.find("field 'plot': '") + 15, e.find("' takes") - e.find("field 'plot': '") - 15);
        for (const auto& s : sets) {
          auto with = applied;
          with.push_back(s);
          const std::string after = check(spec_with(plot), with);
          CAPTURE(s);
          CHECK_MESSAGE(after.find("does not use") == std::string::npos, after);
          CHECK_MESSAGE(after.find("unknown") == std::string::npos, after);
          CHECK_MESSAGE(after.find("'" + mixed + "' takes several values") == std::string::npos, after);
        }
        applied.push_back(sets.front());
        e = check(spec_with(plot), applied);
      }
      CHECK_MESSAGE(e.empty(), e);
    }
  }

  TEST_CASE("a parameter only some metrics have is said on their figures only") {
    // dplab plot passes `name = value<TAB>metrics` for a parameter that no algorithm of the spec
    // declares (cost_gap's gap_reference); plots/dplab_plot/common.py's fixed_caption keeps it on
    // a figure of one of those metrics, drops it from the others, and keeps every plain item.
    dplab::testing::TempDir dir;
    const std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string code =
        "import sys; sys.path.insert(0, '" + (std::filesystem::path(DPLAB_SOURCE_DIR) / "plots").string() + "')\n"
        "from dplab_plot.common import fixed_caption\n"
        "f = 'Iris\\ngap_reference = data_start\\tcost_gap\\neps = 1'\n"
        "print(fixed_caption(f, '', ['cost_gap']))\n"
        "print(fixed_caption(f, '', ['iterations']))\n"
        "print(fixed_caption(f, '', []))\n";
    dplab::testing::write_file(dir / "caption.py", code);
    const auto r = dplab::testing::run_shell(dir, python + " caption.py");
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(r.out == "Iris, gap_reference = data_start, eps = 1\nIris, eps = 1\nIris, gap_reference = data_start, eps = 1\n");
  }

  TEST_CASE("plot errors point at the option's own line, or at --set") {
    const std::string text = "name: t\npaper: testpaper\nalgorithm: budget_series.allocation\n"
                             "sweep: {eps: [1, 2]}\ntrials: 1\nmetrics: [min_k]\n"
                             "plot:\n"            // line 7
                             "  kind: line\n"     // line 8
                             "  x: eps\n"         // line 9
                             "  y: min_k\n"       // line 10
                             "  series: nope\n";  // line 11
    CHECK_CONTAINS(check(text), "t.yaml:11: field 'plot.series': unknown column 'nope'");
    const std::string fixed = "name: t\npaper: testpaper\nalgorithm: budget_series.allocation\n"
                              "sweep: {eps: [1, 2]}\ntrials: 1\nmetrics: [min_k]\n"
                              "plot:\n  kind: line\n  x: eps\n  y: min_k\n";
    CHECK(check(fixed).empty());
    CHECK_CONTAINS(check(fixed, {"plot.y=nope"}), "t.yaml (--set plot.y): field 'plot.y': unknown metric 'nope'");
    // A --set value's own text is not the spec's line 1.
    const std::string e = check(fixed, {"dataset=kso"});
    CHECK_CONTAINS(e, "(--set dataset)");
    CHECK(e.find("t.yaml:1:") == std::string::npos);
  }
}
