// Unit tests of framework/spec: parsing and validation of experiment specs, error messages
// that name the file, line and field, --set overrides and the result hash.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <string>
#include <vector>

#include "core/error.hpp"
#include "framework/spec.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {


// A valid spec; line numbers are referred to by the tests below.
const std::vector<std::string> kBase = {
    "name: t1",                             // 1
    "paper: budget_series",                 // 2
    "id: Test 1",                           // 3
    "description: a small test spec",       // 4
    "algorithm: budget_series.allocation",  // 5
    "params:",                              // 6
    "  eps: 1.0",                           // 7
    "sweep:",                               // 8
    "  strategy: [AVG, Geo]",               // 9
    "trials: 3",                            // 10
    "seed: 42",                             // 11
    "metrics: [k]",                         // 12
    "plot:",                                // 13
    "  kind: line",                         // 14
};

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

std::string base() { return join_lines(kBase); }

// The base spec with line `lineno` (1-based) replaced by `text`.
std::string with_line(int lineno, const std::string& text) {
  auto lines = kBase;
  lines[static_cast<std::size_t>(lineno - 1)] = text;
  return join_lines(lines);
}

// The base spec without line `lineno`.
std::string without_line(int lineno) {
  auto lines = kBase;
  lines.erase(lines.begin() + (lineno - 1));
  return join_lines(lines);
}

std::string spec_error(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    parse_spec(text, "x.yaml", overrides);
  } catch (const Error& e) {
    return e.what();
  }
  FAIL_CHECK("parse_spec accepted:\n" << text);
  return "";
}

}  // namespace


TEST_SUITE("spec") {

TEST_CASE("a valid spec is read completely") {
  Spec s = parse_spec(base(), "x.yaml");
  CHECK(s.file == "x.yaml");
  CHECK(s.name == "t1");
  CHECK(s.paper == "budget_series");
  CHECK(s.id == "Test 1");
  CHECK(s.description == "a small test spec");
  REQUIRE(s.algorithms.size() == 1);
  CHECK(s.algorithms[0].name == "budget_series.allocation");
  CHECK(s.algorithms[0].label == "budget_series.allocation");
  CHECK(s.algorithms[0].line == 5);
  REQUIRE(s.params.count("eps") == 1);
  CHECK(s.params.at("eps").text == "1.0");
  CHECK(s.params.at("eps").line == 7);
  REQUIRE(s.axes.size() == 1);
  CHECK(s.axes[0].names == std::vector<std::string>{"strategy"});
  REQUIRE(s.axes[0].rows.size() == 2);
  CHECK(s.axes[0].rows[0][0].text == "AVG");
  CHECK(s.axes[0].rows[1][0].text == "Geo");
  CHECK(s.axes[0].line == 9);
  CHECK(s.trials == 3);
  CHECK(s.trials_given);
  CHECK(s.seed == 42);
  CHECK(s.metrics == std::vector<std::string>{"k"});
  CHECK(contains(s.plot_json, "line"));
  CHECK(s.datasets.empty());
  CHECK(s.hash.size() == 16);
  CHECK(s.source_text == base());
}

TEST_CASE("defaults: trials 1 (not given), seed 1, no plot") {
  std::string t = "name: a\npaper: p\nalgorithm: budget_series.allocation\nmetrics: k\n";
  Spec s = parse_spec(t, "x.yaml");
  CHECK(s.trials == 1);
  CHECK_FALSE(s.trials_given);
  CHECK(s.seed == 1);
  CHECK(s.metrics == std::vector<std::string>{"k"});
  CHECK(s.plot_json == "{}");
}

TEST_CASE("YAML syntax error names the file and the line") {
  // yaml-cpp notices the unclosed list on the next line.
  std::string e = spec_error(with_line(9, "  strategy: [AVG, Geo"));
  CHECK_MESSAGE((contains(e, "x.yaml:9:") || contains(e, "x.yaml:10:")), e);
  CHECK_CONTAINS(e, "YAML syntax error");
  // A mapping value where none is allowed, on line 4.
  e = spec_error(with_line(4, "description: a: b"));
  CHECK_CONTAINS(e, "x.yaml:4:");
  CHECK_CONTAINS(e, "YAML syntax error");
}

TEST_CASE("a spec that is not a mapping") {
  std::string e = spec_error("- a\n- b\n");
  CHECK_CONTAINS(e, "x.yaml:1:");
  CHECK_CONTAINS(e, "mapping");
}

TEST_CASE("unknown top-level field lists the allowed fields") {
  std::string e = spec_error(with_line(4, "descripton: typo"));
  CHECK_CONTAINS(e, "x.yaml:4:");
  CHECK_CONTAINS(e, "field 'descripton'");
  CHECK_CONTAINS(e, "unknown field 'descripton'");
  CHECK_CONTAINS(e, "allowed: ");
  for (const char* f : {"name", "paper", "description", "algorithm", "params", "sweep", "zip", "trials",
                        "seed", "metrics", "plot"})
    CHECK_CONTAINS(e, f);
}

TEST_CASE("unknown field inside an algorithm entry") {
  std::string e = spec_error(
      with_line(5, "algorithm: {name: budget_series.allocation, lable: x}"));
  CHECK_CONTAINS(e, "x.yaml:5:");
  CHECK_CONTAINS(e, "field 'algorithm.lable'");
  CHECK_CONTAINS(e, "label");
}

TEST_CASE("missing required fields: name, paper, algorithm, metrics") {
  std::string e = spec_error(without_line(1));
  CHECK_CONTAINS(e, "x.yaml:1:");
  CHECK_CONTAINS(e, "field 'name'");
  CHECK_CONTAINS(e, "missing required field 'name'");

  e = spec_error(without_line(2));
  CHECK_CONTAINS(e, "x.yaml:1:");
  CHECK_CONTAINS(e, "field 'paper'");
  CHECK_CONTAINS(e, "missing");

  e = spec_error(without_line(5));
  CHECK_CONTAINS(e, "x.yaml:1:");
  CHECK_CONTAINS(e, "field 'algorithm'");
  CHECK_CONTAINS(e, "missing");

  e = spec_error(without_line(12));
  CHECK_CONTAINS(e, "x.yaml:1:");
  CHECK_CONTAINS(e, "field 'metrics'");
  CHECK_CONTAINS(e, "missing");
}

TEST_CASE("both algorithm and algorithms") {
  auto lines = kBase;
  lines.insert(lines.begin() + 5, "algorithms: [budget_series.allocation]");  // line 6
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:6:");
  CHECK_CONTAINS(e, "field 'algorithms'");
  CHECK_CONTAINS(e, "not both");
}

TEST_CASE("trials must be an integer from 1 to 10^9") {
  std::string e = spec_error(with_line(10, "trials: 0"));
  CHECK_CONTAINS(e, "x.yaml:10:");
  CHECK_CONTAINS(e, "field 'trials'");
  CHECK_CONTAINS(e, "from 1 to 10^9");
  CHECK_CONTAINS(e, "'0'");

  e = spec_error(with_line(10, "trials: abc"));
  CHECK_CONTAINS(e, "x.yaml:10:");
  CHECK_CONTAINS(e, "field 'trials'");
  CHECK_CONTAINS(e, "'abc'");

  e = spec_error(with_line(10, "trials: -2"));
  CHECK_CONTAINS(e, "x.yaml:10:");
  e = spec_error(with_line(10, "trials: 2.5"));
  CHECK_CONTAINS(e, "x.yaml:10:");
  e = spec_error(with_line(10, "trials: [1, 2]"));
  CHECK_CONTAINS(e, "x.yaml:10:");
  CHECK_CONTAINS(e, "field 'trials'");
  e = spec_error(with_line(10, "trials: 1000000001"));
  CHECK_CONTAINS(e, "from 1 to 10^9");
}

TEST_CASE("seed must be a non-negative integer") {
  std::string e = spec_error(with_line(11, "seed: -5"));
  CHECK_CONTAINS(e, "x.yaml:11:");
  CHECK_CONTAINS(e, "field 'seed'");
  CHECK_CONTAINS(e, "[0, 2^64)");
  e = spec_error(with_line(11, "seed: x12"));
  CHECK_CONTAINS(e, "x.yaml:11:");
  CHECK_CONTAINS(e, "field 'seed'");
  Spec s = parse_spec(with_line(11, "seed: 0"), "x.yaml");
  CHECK(s.seed == 0);
  s = parse_spec(with_line(11, "seed: 18446744073709551615"), "x.yaml");
  CHECK(s.seed == 18446744073709551615ULL);
}

TEST_CASE("a seed beyond 64 bits is an error, not silently clamped") {
  // strtoull saturates at 2^64 - 1 (ERANGE): unchecked, seeds 2^64 and 2^64 + 1 would both
  // become 18446744073709551615 and silently give identical runs.
  std::string e = spec_error(with_line(11, "seed: 18446744073709551617"));
  CHECK_CONTAINS(e, "x.yaml:11:");
  CHECK_CONTAINS(e, "field 'seed'");
}

TEST_CASE("a field given twice is an error") {
  // yaml-cpp keeps duplicate keys; unchecked, the second params block (n: 3) would be
  // silently ignored.
  auto lines = kBase;
  lines.insert(lines.begin() + 7, "params:");   // line 8
  lines.insert(lines.begin() + 8, "  n: 3");    // line 9
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:8:");
  CHECK_CONTAINS(e, "params");
}

TEST_CASE("zip groups: values move together; different lengths are an error") {
  auto lines = kBase;
  lines[8 - 1] = "zip:";
  lines[9 - 1] = "  n: [10, 20, 30]";
  lines.insert(lines.begin() + 9, "  U_s: [30, 40]");  // line 10
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:10:");
  CHECK_CONTAINS(e, "field 'zip.U_s'");
  CHECK_CONTAINS(e, "same length");
  CHECK_CONTAINS(e, "'n' has 3");
  CHECK_CONTAINS(e, "'U_s' has 2");

  lines[10 - 1] = "  U_s: [30, 40, 50]";
  Spec s = parse_spec(join_lines(lines), "x.yaml");
  REQUIRE(s.axes.size() == 1);
  CHECK(s.axes[0].names == std::vector<std::string>{"n", "U_s"});
  REQUIRE(s.axes[0].rows.size() == 3);
  CHECK(s.axes[0].rows[1][0].text == "20");
  CHECK(s.axes[0].rows[1][1].text == "40");
  CHECK(s.axes[0].rows[2][1].line == 10);
}

TEST_CASE("zip as a list of groups") {
  auto lines = kBase;
  lines[8 - 1] = "zip:";
  lines[9 - 1] = "  - {n: [10, 20], U_s: [30, 40]}";
  lines.insert(lines.begin() + 9, "  - {r: [0.5], t: [0.1, 0.2]}");  // line 10, bad
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:10:");
  CHECK_CONTAINS(e, "field 'zip[1].t'");
  lines[10 - 1] = "  - {r: [0.5, 0.6], t: [0.1, 0.2]}";
  Spec s = parse_spec(join_lines(lines), "x.yaml");
  REQUIRE(s.axes.size() == 2);
  CHECK(s.axes[1].names == std::vector<std::string>{"r", "t"});
}

TEST_CASE("an empty sweep axis is an error") {
  std::string e = spec_error(with_line(9, "  strategy: []"));
  CHECK_CONTAINS(e, "x.yaml:9:");
  CHECK_CONTAINS(e, "field 'sweep.strategy'");
  CHECK_CONTAINS(e, "at least one value");
}

TEST_CASE("dataset and datasets together are an error") {
  auto lines = kBase;
  lines.insert(lines.begin() + 4, "dataset: kos");      // line 5
  lines.insert(lines.begin() + 5, "datasets: [kos]");   // line 6
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:6:");
  CHECK_CONTAINS(e, "field 'datasets'");
  CHECK_CONTAINS(e, "not both");

  lines.erase(lines.begin() + 5);
  Spec s = parse_spec(join_lines(lines), "x.yaml");
  REQUIRE(s.datasets.size() == 1);
  CHECK(s.datasets[0].name == "kos");
  CHECK(s.datasets[0].label == "kos");
}

TEST_CASE("--set overrides trials and nested keys") {
  Spec s = parse_spec(base(), "x.yaml", {"trials=7"});
  CHECK(s.trials == 7);
  CHECK(s.trials_given);
  CHECK(contains(s.effective_yaml, "trials: 7"));
  CHECK(s.source_text == base());  // the file as written is kept

  s = parse_spec(base(), "x.yaml", {"params.eps=0.5"});
  REQUIRE(s.params.count("eps") == 1);
  CHECK(s.params.at("eps").text == "0.5");

  // A nested key whose parent does not exist yet.
  s = parse_spec(base(), "x.yaml", {"params.n=12", "params.r=0.25"});
  CHECK(s.params.at("n").text == "12");
  CHECK(s.params.at("r").text == "0.25");
  CHECK(s.params.at("eps").text == "1.0");

  // A list value replaces a sweep axis.
  s = parse_spec(base(), "x.yaml", {"sweep.strategy=[Ty, Geo, AVG]"});
  REQUIRE(s.axes.size() == 1);
  REQUIRE(s.axes[0].rows.size() == 3);
  CHECK(s.axes[0].rows[0][0].text == "Ty");

  // Overrides apply in order: the last one wins.
  s = parse_spec(base(), "x.yaml", {"trials=4", "trials=9"});
  CHECK(s.trials == 9);

  // A parent that does not exist at all is created.
  std::string t = "name: a\npaper: p\nalgorithm: budget_series.allocation\nmetrics: k\n";
  s = parse_spec(t, "x.yaml", {"params.eps=0.25"});
  REQUIRE(s.params.count("eps") == 1);
  CHECK(s.params.at("eps").text == "0.25");
}

TEST_CASE("--set errors") {
  std::string e = spec_error(base(), {"trials5"});
  CHECK_CONTAINS(e, "--set 'trials5'");
  CHECK_CONTAINS(e, "key=value");

  e = spec_error(base(), {"=5"});
  CHECK_CONTAINS(e, "key=value");

  e = spec_error(base(), {"params..eps=1"});
  CHECK_CONTAINS(e, "empty component");

  // The override's value is validated and the error names the override, not a file line.
  e = spec_error(base(), {"trials=abc"});
  CHECK_CONTAINS(e, "x.yaml (--set trials)");
  CHECK_CONTAINS(e, "field 'trials'");
  CHECK_CONTAINS(e, "'abc'");

  // An unknown key set from the command line is reported as an unknown field.
  e = spec_error(base(), {"trails=5"});
  CHECK_CONTAINS(e, "unknown field 'trails'");
  CHECK_CONTAINS(e, "--set trails");

  // Descending into a scalar.
  e = spec_error(base(), {"trials.x=5"});
  CHECK_CONTAINS(e, "not a mapping");

  // Invalid YAML as value.
  e = spec_error(base(), {"sweep.strategy=[AVG"});
  CHECK_CONTAINS(e, "--set sweep.strategy");
  CHECK_CONTAINS(e, "not valid YAML");
}

TEST_CASE("plot.kind must be known") {
  std::string e = spec_error(with_line(14, "  kind: pie"));
  CHECK_CONTAINS(e, "x.yaml:14:");
  CHECK_CONTAINS(e, "field 'plot.kind'");
  CHECK_CONTAINS(e, "'pie'");
  CHECK_CONTAINS(e, "bar, line");  // the kinds of plots/kinds/
  auto lines = kBase;
  lines[13 - 1] = "plot: [1, 2]";
  lines.pop_back();  // the plot's "kind" line
  e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:13:");
  CHECK_CONTAINS(e, "field 'plot[0]'");
  CHECK_CONTAINS(e, "expected a mapping of plot options");
  // Several figures from one result: a list of mappings, each named.
  lines[13 - 1] = "plot: [{name: a, kind: line}, {name: b, kind: table}]";
  CHECK_NOTHROW(parse_spec(join_lines(lines), "x.yaml"));
  lines[13 - 1] = "plot: [{name: a, kind: line}, {kind: table}]";
  e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "field 'plot[1].name'");
  for (const char* kind : {"line", "bar", "table"})
    CHECK_NOTHROW(parse_spec(with_line(14, std::string("  kind: ") + kind), "x.yaml"));
}

TEST_CASE("algorithms as a list with labels and own params") {
  auto lines = kBase;
  lines[5 - 1] =
      "algorithms: [budget_series.allocation, {name: budget_series.allocation, label: Mine, "
      "params: {n: 5}, sweep: {r: [0.1, 0.2]}, zip: {t: [0.1], U_s: [1]}}]";
  Spec s = parse_spec(join_lines(lines), "x.yaml");
  REQUIRE(s.algorithms.size() == 2);
  CHECK(s.algorithms[0].label == "budget_series.allocation");
  CHECK(s.algorithms[1].label == "Mine");
  CHECK(s.algorithms[1].params.at("n").text == "5");
  REQUIRE(s.algorithms[1].axes.size() == 2);
  CHECK(s.algorithms[1].axes[0].names == std::vector<std::string>{"r"});
  CHECK(s.algorithms[1].axes[1].names == std::vector<std::string>{"t", "U_s"});

  lines[5 - 1] = "algorithms: []";
  std::string e = spec_error(join_lines(lines));
  CHECK_CONTAINS(e, "x.yaml:5:");
  CHECK_CONTAINS(e, "field 'algorithms'");
}

TEST_CASE("hash ignores trials, plot and text fields but not parameters") {
  const std::string h = parse_spec(base(), "x.yaml").hash;
  CHECK(parse_spec(with_line(10, "trials: 500"), "x.yaml").hash == h);
  CHECK(parse_spec(with_line(14, "  kind: table"), "x.yaml").hash == h);
  CHECK(parse_spec(with_line(4, "description: something else"), "x.yaml").hash == h);
  CHECK(parse_spec(with_line(3, "id: Table 99"), "x.yaml").hash == h);
  CHECK(parse_spec(base(), "other.yaml").hash == h);
  CHECK(parse_spec(base(), "x.yaml", {"trials=2"}).hash == h);

  CHECK(parse_spec(with_line(7, "  eps: 0.5"), "x.yaml").hash != h);
  CHECK(parse_spec(base(), "x.yaml", {"params.eps=0.5"}).hash != h);
  CHECK(parse_spec(with_line(9, "  strategy: [AVG, Ty]"), "x.yaml").hash != h);
  CHECK(parse_spec(with_line(11, "seed: 43"), "x.yaml").hash != h);
  CHECK(parse_spec(with_line(12, "metrics: [k, eps_i]"), "x.yaml").hash != h);
  CHECK(parse_spec(with_line(5, "algorithm: budget_series.us_bounds"), "x.yaml").hash != h);
}

TEST_CASE("load_spec of a missing file") {
  try {
    load_spec("/nonexistent/dir/spec.yaml");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_CONTAINS(std::string(e.what()), "/nonexistent/dir/spec.yaml");
  }
}

}  // TEST_SUITE
