// End to end: a point's privacy status goes from the registry to the run, the result file,
// `dplab show --csv`, `dplab export`, Python's dplab.load, the figure's legend and the report;
// a file written before results stored it gets it computed from the registry (show, export and
// dplab.load through the binary). Path publishing needs no dataset; its configurations are
// none (no DP step) and not-dp with two findings (DP on edges: Algorithm 6.2; DP on vertices
// alone: the edges go out as they are).
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "dplab_source_dir.hpp"
#include "framework/result_privacy.hpp"
#include "framework/store.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::testing;
namespace fs = std::filesystem;

namespace {

// With `dp`, the two DP configurations beside the one without.
std::string spec(const std::string& name, bool dp) {
  return "name: " + name + R"(
paper: lu_thesis
id: privacy marks (test)
algorithms:
  - {name: lu_thesis.path_publishing, label: "no DP"}
)" + (dp ? "  - {name: lu_thesis.path_publishing, label: \"DP on edge\", params: {dp_edges: true}}\n"
           "  - {name: lu_thesis.path_publishing, label: \"DP on vertex\", params: {dp_vertices: true}}\n"
         : "") +
         R"(zip:
  vertices: [5, 6]
  edges: [6, 8]
trials: 3
seed: 1
metrics: [good_output]
plot: {kind: line, x: vertices, y: good_output, series: algorithm}
)";
}

// The expected status and finding of a point by its legend label.
std::pair<std::string, std::string> expected(const std::string& label) {
  if (label == "DP on edge") return {"not-dp", "lu_thesis.path_edge_step"};
  if (label == "DP on vertex") return {"not-dp", "lu_thesis.path_vertices_only"};
  return {"none", ""};
}

// Runs spec(name, dp) and draws it as SVG (with `plot_args`, e.g. a --set of the plot); its text.
std::string svg_of(const TempDir& dir, const std::string& name, bool dp, const std::string& plot_args = "") {
  write_file(dir / (name + ".yaml"), spec(name, dp));
  const Command run = run_dplab("run " + dir / (name + ".yaml") + " -q --threads 2 --out " + dir / (name + ".h5"), dir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const Command plot = run_dplab("plot " + dir / (name + ".h5") + " --format svg" + plot_args, dir);
  INFO(plot.err);
  REQUIRE(plot.code == 0);
  return read_file(dir / (name + ".svg"));
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) out.push_back(l);
  return out;
}

// Runs python3 on `script` in `dir` with python/ on the path; its stdout, or "" and a failed check.
std::string python(const TempDir& dir, const std::string& script, const std::string& env = "") {
  write_file(dir / "check.py", script);
  const std::string py = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd = "cd " + dir.path().string() + " && " + env + " PYTHONPATH=" + std::string(DPLAB_SOURCE_DIR) +
                          "/python " + py + " check.py > py.out 2> py.err";
  const int status = std::system(cmd.c_str());
  INFO(read_file(dir / "py.err"));
  CHECK(status == 0);
  return read_file(dir / "py.out");
}

const char* kLoadCheck = R"(import dplab
df = dplab.load("FILE")
for label, group in df.groupby("algorithm"):
    print(label, sorted(set(group["privacy"])), sorted(set(group["privacy_finding"])))
)";

}  // namespace

TEST_SUITE("cli_e2e_privacy") {

TEST_CASE("registry -> run -> file -> show --csv, export, dplab.load; an older file gets the registry's status") {
  TempDir dir;
  write_file(dir / "pp.yaml", spec("pp", true));
  const Command run = run_dplab("run " + dir / "pp.yaml" + " -q --threads 2 --out " + dir / "pp.h5", dir);
  INFO(run.err);
  REQUIRE(run.code == 0);

  // The file stores each point's status as its points table's columns.
  const ResultData r = read_result(dir / "pp.h5");
  const PointColumn* label = r.column("algorithm");
  REQUIRE(label != nullptr);
  REQUIRE(r.column(kPrivacyColumn) != nullptr);
  const auto privacy = privacy_of_points(r);
  REQUIRE(privacy.size() == 6);
  for (std::size_t p = 0; p < r.points; ++p) {
    CAPTURE(label->strings[p]);
    CHECK(privacy[p].status == expected(label->strings[p]).first);
    CHECK(privacy[p].finding == expected(label->strings[p]).second);
  }

  // show --csv: two columns after the paper's value.
  const Command show = run_dplab("show " + dir / "pp.h5" + " --csv", dir);
  REQUIRE(show.code == 0);
  const auto rows = lines(show.out);
  REQUIRE(rows.size() == 1 + 6);
  CHECK(rows[0].ends_with(",metric,mean,sd,ci95_low,ci95_high,trials,paper,privacy,privacy_finding"));
  for (std::size_t i = 1; i < rows.size(); ++i) {
    CAPTURE(rows[i]);
    std::string l = "no DP";
    for (const char* x : {"DP on edge", "DP on vertex"})
      if (contains(rows[i], std::string(x) + ",")) l = x;
    const auto [status, finding] = expected(l);
    CHECK(rows[i].ends_with("," + status + "," + finding));
  }

  // export: the points table's columns, in the tidy table and alone.
  const Command tidy = run_dplab("export " + dir / "pp.h5" + " --per-trial", dir);
  REQUIRE(tidy.code == 0);
  CHECK_CONTAINS(lines(tidy.out)[0], ",privacy,privacy_finding,");  // points columns, by name
  CHECK_CONTAINS(tidy.out, "DP on edge,lu_thesis.path_publishing,");
  CHECK_CONTAINS(tidy.out, ",not-dp,lu_thesis.path_edge_step,");
  const Command points = run_dplab("export " + dir / "pp.h5" + " --points", dir);
  REQUIRE(points.code == 0);
  CHECK(lines(points.out).size() == 1 + 6);
  CHECK(run_dplab("export " + dir / "pp.h5" + " --points --per-trial", dir).code != 0);

  // Python.
  std::string check = kLoadCheck;
  check.replace(check.find("FILE"), 4, "pp.h5");
  const std::string want =
      "DP on edge ['not-dp'] ['lu_thesis.path_edge_step']\n"
      "DP on vertex ['not-dp'] ['lu_thesis.path_vertices_only']\nno DP ['none'] ['']\n";
  CHECK(python(dir, check) == want);

  // A file written before results stored the status: the same columns, from the registry.
  ResultData old = r;
  std::erase_if(old.columns, [](const PointColumn& c) { return c.name == kPrivacyColumn || c.name == kPrivacyFindingColumn; });
  write_result(dir / "old.h5", old);
  REQUIRE(read_result(dir / "old.h5").column(kPrivacyColumn) == nullptr);
  const Command show_old = run_dplab("show " + dir / "old.h5" + " --csv", dir);
  INFO(show_old.err);
  CHECK(show_old.out == show.out);
  check = kLoadCheck;
  check.replace(check.find("FILE"), 4, "old.h5");
  CHECK(python(dir, check, "DPLAB_BIN=" + std::string(DPLAB_BINARY)) == want);
  // ... and a resumed run stores them in the file.
  fs::copy_file(dir / "old.h5", dir / "pp_resumed.h5");
  const Command resumed = run_dplab("run " + dir / "pp.yaml" + " -q --trials 4 --out " + dir / "pp_resumed.h5", dir);
  INFO(resumed.err);
  REQUIRE(resumed.code == 0);
  const ResultData again = read_result(dir / "pp_resumed.h5");
  REQUIRE(again.column(kPrivacyColumn) != nullptr);
  CHECK(again.column(kPrivacyColumn)->strings == r.column(kPrivacyColumn)->strings);
}

TEST_CASE("the figure draws a not-dp series dashed with a dagger and a footnote; a figure without one has neither") {
  TempDir dir;
  // matplotlib writes every text of an SVG as a comment beside its glyphs.
  const std::string marked = svg_of(dir, "pp", true), plain = svg_of(dir, "plain", false);
  CHECK_CONTAINS(marked, "DP on edge \u2020");
  CHECK_CONTAINS(marked, "DP on vertex \u2020");
  CHECK(marked.find("no DP \u2020") == std::string::npos);
  CHECK_CONTAINS(marked, "\u2020 not \u03b5-DP as published: see lu_thesis.path_edge_step");
  CHECK_CONTAINS(marked, "\u2020 not \u03b5-DP as published: see lu_thesis.path_vertices_only");
  CHECK_CONTAINS(marked, "stroke-dasharray");  // the dashed lines
  CHECK_CONTAINS(plain, "no DP");
  CHECK(plain.find("\u2020") == std::string::npos);
  CHECK(plain.find("stroke-dasharray") == std::string::npos);
}

TEST_CASE("a strip plot marks a not-dp category with a dagger, hollow dots and the footnote") {
  TempDir dir;
  const std::string strip = " --set 'plot={kind: strip, x: algorithm, y: good_output, group: vertices}'";
  const std::string marked = svg_of(dir, "pp", true, strip), plain = svg_of(dir, "plain", false, strip);
  CHECK_CONTAINS(marked, "DP on edge \u2020");
  CHECK_CONTAINS(marked, "DP on vertex \u2020");
  CHECK(marked.find("no DP \u2020") == std::string::npos);
  CHECK_CONTAINS(marked, "\u2020 not \u03b5-DP as published: see lu_thesis.path_edge_step");
  CHECK_CONTAINS(marked, "fill-opacity: 0");  // the not-dp categories' hollow dots
  CHECK_CONTAINS(marked, "bar: the mean of the dots");
  CHECK_CONTAINS(plain, "no DP");
  CHECK(plain.find("\u2020") == std::string::npos);
  CHECK(plain.find("fill-opacity: 0") == std::string::npos);
}

TEST_CASE("the report lists each paper's findings with evidence and audit command, and marks not-dp numbers") {
  TempDir dir;
  fs::create_directories(dir.path() / "results" / "lu_thesis");
  write_file(dir / "pp.yaml", spec("pp", true));
  const Command run = run_dplab("run " + dir / "pp.yaml" + " -q --out " + dir / "results/lu_thesis/pp.h5", dir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const Command report = run_dplab("report --results " + dir / "results" + " --out " + dir / "report" +
                                       " --paper lu_thesis --no-figures",
                                   dir);
  INFO(report.err);
  REQUIRE(report.code == 0);
  const std::string html = read_file(dir / "report/index.html");
  CHECK_CONTAINS(html, "<h3>Privacy findings</h3>");
  CHECK_CONTAINS(html, "<b>lu_thesis.path_edge_step</b>");
  CHECK_CONTAINS(html, "<code>dplab audit lu_thesis.path_publishing --param dp_edges=true");
  CHECK_CONTAINS(html, "<b>lu_thesis.alg41_exact_release</b>");
  CHECK_CONTAINS(html, "not shown by the audit: lu_aggregation.aggregation releases error statistics");
  CHECK_CONTAINS(html, "&dagger;");
  CHECK(html.find("<b>wavecluster.privthrem_range</b>") == std::string::npos);  // another paper's
}

}  // TEST_SUITE
