// Running a spec again, as a new user does, through the binary (no dataset needed): a --set of
// plot options keys no new result and recomputes nothing; `dplab plot RESULT --set plot.x=...`
// redraws with other options, checked like a spec's; a result of another spec says which fields
// changed; `dplab list` is one line per entry, and `dplab list algorithms NAME` shows one.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "framework/store.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::Command;
using dplab::testing::read_file;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

const char* kSpec = R"(name: s
paper: testpaper
algorithm: budget_series.allocation
params: {n: 5}
sweep:
  strategy: [AVG, Geo]
  eps: [1, 2]
trials: 2
seed: 4
metrics: [min_k, sum_k]
plot: {kind: table, rows: strategy, columns: eps, metric: min_k}
)";

int lines_starting_with(const std::string& text, const std::string& prefix) {
  int n = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    n += text.compare(at, prefix.size(), prefix) == 0;
    at = end + 1;
  }
  return n;
}

}  // namespace

TEST_SUITE("cli_e2e_reruns") {
  TEST_CASE("a plot-only --set redraws the same result: no new file, nothing recomputed") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    auto in_dir = [&](const std::string& args) { return run_dplab("-C " + dir.path().string() + " " + args, dir); };
    REQUIRE(in_dir("run s.yaml -q").code == 0);
    const std::string result = dir / "results/testpaper/s.h5";
    REQUIRE(fs::exists(result));
    Command again = in_dir("run s.yaml -q --set plot.metric=sum_k");
    INFO(again.err);
    REQUIRE(again.code == 0);
    CHECK_CONTAINS(again.out, "wrote results/testpaper/s.h5: 4 points x 2 trials (0 computed now, 8 already done)");
    CHECK(fs::directory_iterator(dir / "results/testpaper") != fs::directory_iterator());
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir / "results/testpaper")) files += e.path().extension() == ".h5";
    CHECK(files == 1);
    CHECK_CONTAINS(dplab::read_result(result).meta.plot_json, "\"sum_k\"");
    // An option the table does not have is an error here (it only changes the figure).
    Command ignored = in_dir("run s.yaml -q --set plot.panels=eps");
    CHECK(ignored.code == 1);
    CHECK_CONTAINS(ignored.err, "s.yaml (--set plot.panels): field 'plot.panels': a table plot does not use 'panels'");
  }

  TEST_CASE("dplab plot RESULT --set plot.<option>: other plot options, checked, the file untouched") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    REQUIRE(run_dplab("run " + (dir / "s.yaml") + " -q --out " + (dir / "r.h5"), dir).code == 0);
    const std::string before = read_file(dir / "r.h5");
    Command plot = run_dplab("plot " + (dir / "r.h5") + " --format png --set plot.metric=sum_k", dir);
    INFO(plot.err);
    CHECK(plot.code == 0);
    CHECK(fs::exists(dir / "r.png"));
    CHECK(read_file(dir / "r.h5") == before);
    Command ignored = run_dplab("plot " + (dir / "r.h5") + " --format png --set plot.panels=eps", dir);
    CHECK(ignored.code == 1);
    CHECK_CONTAINS(ignored.err, "(--set plot.panels): field 'plot.panels': a table plot does not use 'panels'");
    Command numbers = run_dplab("plot " + (dir / "r.h5") + " --set params.n=6", dir);
    CHECK(numbers.code == 1);
    CHECK_CONTAINS(numbers.err, "dplab plot changes plot options only (--set plot.<option>=value)");

    // A sweep the table does not show: the run warns with a fix this kind has; plot refuses the
    // mixed table and draws it with the fix.
    Command sweep = run_dplab("run " + (dir / "s.yaml") + " -q --set 'params={}' --set 'sweep.n=[5,10]' --out " + (dir / "m.h5"), dir);
    REQUIRE(sweep.code == 0);
    CHECK_CONTAINS(sweep.err, "warning: ");
    CHECK_CONTAINS(sweep.err, "'n' takes several values (5, 10, ...) on the same cell of this table plot");
    CHECK_CONTAINS(sweep.err, "--set plot.where.n=5");
    CHECK(sweep.err.find("plot.columns=eps") == std::string::npos);  // columns are taken: never suggested
    Command mixed = run_dplab("plot " + (dir / "m.h5") + " --format png", dir);
    CHECK(mixed.code == 1);
    CHECK_CONTAINS(mixed.err, "--set plot.where.n=5");
    Command fixed = run_dplab("plot " + (dir / "m.h5") + " --format png --set plot.where.n=5", dir);
    INFO(fixed.err);
    CHECK(fixed.code == 0);
    CHECK(fs::exists(dir / "m.png"));
  }

  TEST_CASE("a result of another spec: the refusal names the fields that differ") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    REQUIRE(run_dplab("run " + (dir / "s.yaml") + " -q --out " + (dir / "r.h5"), dir).code == 0);
    std::string changed = kSpec;
    changed.replace(changed.find("eps: [1, 2]"), 11, "eps: [1, 2, 3]");
    changed.replace(changed.find("params: {n: 5}"), 14, "params: {n: 6}");
    write_file(dir / "s.yaml", changed);
    Command c = run_dplab("run " + (dir / "s.yaml") + " -q --out " + (dir / "r.h5"), dir);
    CHECK(c.code == 1);
    CHECK_CONTAINS(c.err, "holds results of a different spec (hash ");
    CHECK_CONTAINS(c.err, "params.n (5 in the file, 6 now); sweep.eps ([1, 2] in the file, [1, 2, 3] now)");
    CHECK_CONTAINS(c.err, "use --force to start over or --out for another file");
  }

  TEST_CASE("dplab list: one line per entry; --long in full; one entry by name") {
    TempDir dir;
    Command all = run_dplab("list", dir);
    REQUIRE(all.code == 0);
    CHECK(lines_starting_with(all.out, "  budget_series.allocation: ") == 1);
    CHECK(all.out.find("(0, inf)") == std::string::npos);  // no parameters in the short list
    CHECK(all.out.find("    parameters:") == std::string::npos);
    CHECK(all.out.find("(invalid") == std::string::npos);
    Command full = run_dplab("list algorithms --long", dir);
    CHECK_CONTAINS(full.out, "eps (real in (0, inf), default 1): total privacy budget to allocate");
    Command one = run_dplab("list algorithms budget_series.allocation", dir);
    INFO(one.err);
    REQUIRE(one.code == 0);
    CHECK(one.out.rfind("  budget_series.allocation: ", 0) == 0);
    CHECK_CONTAINS(one.out, "    parameters:\n");
    CHECK_CONTAINS(one.out, "      n (integer in [1, 100000], default 50): number of queries\n");
    CHECK(one.out.find("budget_series.noise_mse") == std::string::npos);
    CHECK(one.out.find("audit fixtures") == std::string::npos);
    CHECK(run_dplab("list budget_series.allocation", dir).out == one.out);  // the category is found
    Command dataset = run_dplab("list datasets iris", dir);
    CHECK_CONTAINS(dataset.out, "    shipped with dplab: ");
    Command typo = run_dplab("list algorithms budget_series.alocation", dir);
    CHECK(typo.code == 1);
    CHECK_CONTAINS(typo.err, "did you mean 'budget_series.allocation'");
  }
}
