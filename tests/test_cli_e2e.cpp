// End to end through the dplab binary: run, show --csv, plot, replay, resume after kill -9,
// and one clear error line (non-zero exit, result untouched) for each kind of bad input.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "dplab_source_dir.hpp"
#include "framework/store.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

using dplab::testing::Command;
using dplab::testing::run_dplab;
using dplab::testing::read_file;
using dplab::testing::TempDir;
using dplab::testing::write_file;

// A small Table 2: two strategies x two (N, U_s) pairs on the real KOS data, 5 rounds.
const char* kSmallTable2 = R"(name: small_table2
paper: budget_series
id: Table 2 (small)
dataset: kos
algorithm: budget_series.noise_mse
params:
  eps: 1.0
sweep:
  strategy: [AVG, AC-Geo]
zip:
  N: [20, 50]
  U_s: [30, 95]
trials: 5
seed: 3
metrics: [sum_squared_error, expected_mse]
plot: {kind: table, rows: strategy, columns: N, metric: sum_squared_error}
)";

// Slow enough to be killed mid-run: probability perturbation is O(n^2) per trial.
const char* kSlow = R"(name: slow
paper: testpaper
algorithm: budget_series.allocation
params: {n: 1500, strategy: Geo, protection: probability}
sweep:
  eps: [0.5, 1.0]
trials: 150
seed: 11
metrics: [k, min_k]
)";

int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

std::vector<double> flat_metric(const std::string& path, const std::string& name) {
  auto r = dplab::read_result(path);
  for (const auto& m : r.metrics)
    if (m.name == name) {
      if (!m.is_vector) return m.scalar;
      std::vector<double> flat;
      for (const auto& c : m.vectors) flat.insert(flat.end(), c.begin(), c.end());
      return flat;
    }
  return {};
}

std::size_t done_count(const std::string& path) {
  auto r = dplab::read_result(path);
  std::size_t n = 0;
  for (auto d : r.done) n += d;
  return n;
}

// Expects one error line naming every fragment, a non-zero exit and `guarded` untouched.
void expect_error(const TempDir& dir, const std::string& args, std::vector<std::string> fragments,
                  const std::string& guarded = "") {
  const std::string before = guarded.empty() ? "" : read_file(guarded);
  Command c = run_dplab(args, dir);
  INFO("dplab " << args << "\nstderr: " << c.err);
  CHECK(c.code != 0);
  CHECK(count_lines(c.err) == 1);
  for (const auto& f : fragments) CHECK(c.err.find(f) != std::string::npos);
  if (!guarded.empty()) CHECK(read_file(guarded) == before);
}

}  // namespace

TEST_SUITE("cli_e2e") {
  TEST_CASE("run, show --csv, plot and replay a small spec") {
    DPLAB_REQUIRE_DATA("kos");  // the real KOS data (Table 2)
    TempDir dir;
    write_file(dir / "t2.yaml", kSmallTable2);
    Command run = run_dplab("run " + dir / "t2.yaml" + " --out " + dir / "t2.h5" + " --threads 2", dir);
    INFO(run.err);
    REQUIRE(run.code == 0);
    CHECK(run.out.find("4 points x 5 trials") != std::string::npos);

    Command show = run_dplab("show " + dir / "t2.h5" + " --csv", dir);
    REQUIRE(show.code == 0);
    std::stringstream ss(show.out);
    std::string header;
    std::getline(ss, header);
    CHECK(header == "strategy,N,U_s,metric,mean,sd,ci95_low,ci95_high,trials,paper,privacy,privacy_finding");
    CHECK(count_lines(show.out) == 1 + 4 * 2);
    // AVG at N = 20: expected_mse is 2 N^3 = 16000 (up to rounding) in all 5 trials, so sd 0.
    const auto at = show.out.find("AVG,20,30,expected_mse,");
    REQUIRE(at != std::string::npos);
    std::vector<std::string> cells;
    std::stringstream row(show.out.substr(at, show.out.find('\n', at) - at));
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    REQUIRE(cells.size() == 11);  // no paper value, then the privacy status; the empty finding ends the line
    CHECK(std::stod(cells[4]) == doctest::Approx(16000).epsilon(1e-12));
    CHECK(cells[5] == "0");
    CHECK(cells[8] == "5");
    CHECK(cells[9] == "");
    CHECK(cells[10] == "dp");

    Command plot = run_dplab("plot " + dir / "t2.h5" + " --format png", dir);
    INFO(plot.err);
    CHECK(plot.code == 0);
    const std::string png = read_file(dir / "t2.png");  // named after the result file
    REQUIRE(png.size() > 1000);
    CHECK(png.substr(1, 3) == "PNG");

    Command replay = run_dplab("run " + dir / "t2.yaml" + " --point 3 --trial 2", dir);
    REQUIRE(replay.code == 0);
    const double stored = flat_metric(dir / "t2.h5", "sum_squared_error")[3 * 5 + 2];
    CHECK(replay.out.find("metric sum_squared_error: " + dplab::to_string(dplab::Value(stored))) != std::string::npos);
    CHECK(replay.out.find("spent epsilon: 1") != std::string::npos);
  }

  TEST_CASE("a figure's caption keeps a dataset label whole and repeats nothing the title says") {
    // lu_thesis Fig 4.4: the label "N(500, 1)" holds ", " and the title ends in "0.01)"; the
    // caption used to cut the label at ", " and drop its "1)" as said by the title.
    TempDir dir;
    write_file(dir / "cap.yaml", R"yaml(name: cap
paper: lu_thesis
id: Figure 4.4 (small)
dataset: {name: aggregation_values, label: "10^4 curators x 5 values N(500, 1)", params: {curators: 200}}
algorithm: lu_aggregation.aggregation
params: {runs: 10, Pr_u: 1.0e-4, Pr_s: 0.01, ratio: 0.75, c: 5}
sweep:
  eps: [1, 10]
trials: 2
seed: 4
metrics: [mae]
plot: {kind: line, x: eps, y: mae, suptitle: "Figure 4.4: data utility vs eps (ratio = 0.75, Pr_s = 0.01)"}
)yaml");
    Command run = run_dplab("run " + dir / "cap.yaml" + " --out " + dir / "cap.h5" + " --threads 1", dir);
    INFO(run.err);
    REQUIRE(run.code == 0);
    Command plot = run_dplab("plot " + dir / "cap.h5" + " --format svg", dir);
    INFO(plot.err);
    REQUIRE(plot.code == 0);
    const std::string svg = read_file(dir / "cap.svg");  // text stays text in our SVGs
    CHECK(svg.find(">10^4 curators x 5 values N(500, 1), Pr_u = 1.0e-4, c = 5, runs = 10<") != std::string::npos);
    CHECK(svg.find("ratio = 0.75, Pr_s = 0.01)") != std::string::npos);  // the title, once
  }

  TEST_CASE("a run killed mid-way resumes to the same data as an uninterrupted run") {
    TempDir dir;
    write_file(dir / "slow.yaml", kSlow);
    Command full = run_dplab("run " + dir / "slow.yaml" + " --out " + dir / "full.h5 -q", dir);
    REQUIRE(full.code == 0);

    // Simulated crash right after 37 trials, with a checkpoint after every trial.
    Command crash = run_dplab("run " + dir / "slow.yaml" + " --out " + dir / "r.h5 -q --abort-after 37 --checkpoint-seconds 0", dir);
    CHECK(crash.code == 137);
    // What the last finished checkpoint held (a checkpoint still being written when the process
    // died is lost with it, as after a real crash).
    const auto saved = done_count(dir / "r.h5");
    CHECK(saved > 0);
    CHECK(saved <= 37);
    Command resume = run_dplab("run " + dir / "slow.yaml" + " --out " + dir / "r.h5", dir);
    REQUIRE(resume.code == 0);
    CHECK(resume.out.find(std::to_string(saved) + " already done") != std::string::npos);
    CHECK(flat_metric(dir / "r.h5", "k") == flat_metric(dir / "full.h5", "k"));
    CHECK(flat_metric(dir / "r.h5", "min_k") == flat_metric(dir / "full.h5", "min_k"));

    // A real kill -9 while checkpoints are being written: as soon as the first checkpoint holds
    // a trial (polled every 2 ms; the whole run takes over a second), so the kill always lands
    // mid-run.
    const std::string out = dir / "k.h5";
    pid_t pid = fork();
    if (pid == 0) {
      std::string spec = dir / "slow.yaml";
      execl(DPLAB_BINARY, DPLAB_BINARY, "run", spec.c_str(), "--out", out.c_str(), "-q",
            "--checkpoint-seconds", "0.05", static_cast<char*>(nullptr));
      _exit(127);
    }
    std::size_t partial = 0;
    for (int i = 0; i < 5000 && partial == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      if (std::filesystem::exists(out)) partial = done_count(out);
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE_MESSAGE(WIFSIGNALED(status), "the run ended before kill -9 reached it");
    partial = done_count(out);
    CHECK(partial > 0);
    CHECK(partial < 300);
    MESSAGE("killed with " << partial << " of 300 trials saved");
    Command again = run_dplab("run " + dir / "slow.yaml" + " --out " + out + " -q", dir);
    REQUIRE(again.code == 0);
    CHECK(flat_metric(out, "k") == flat_metric(dir / "full.h5", "k"));
  }

  TEST_CASE("dplab claims --seeds stops at SIGTERM instead of going on to the next seed") {
    // A synthetic home: the slow spec as paper `synth`'s result `slow`, one claim on it.
    TempDir dir;
    const std::string home = dir / "home";
    fs::create_directories(home + "/experiments/synth");
    fs::create_directories(home + "/results/reference/synth");
    std::string spec = kSlow;
    spec.replace(spec.find("paper: testpaper"), 16, "paper: synth");
    write_file(home + "/experiments/synth/slow.yaml", spec);
    write_file(home + "/results/reference/synth/claims.yaml",
               "title: synthetic\nclaims:\n  - id: c\n    says: s\n    result: slow\n    check: compare\n"
               "    a: {metric: k, where: {eps: 1.0}}\n    b: {metric: k, where: {eps: 0.5}}\n    relation: \">\"\n");
    const std::string log = dir / "claims.out";
    pid_t pid = fork();
    if (pid == 0) {
      ::setenv("DPLAB_HOME", home.c_str(), 1);
      if (!std::freopen(log.c_str(), "w", stdout)) _exit(126);
      // 2 x 5,000 trials a seed: far longer than the half second before the signal.
      execl(DPLAB_BINARY, DPLAB_BINARY, "-C", home.c_str(), "claims", "--paper", "synth", "--seeds", "3", "--trials",
            "5000", "--threads", "1", static_cast<char*>(nullptr));
      _exit(127);
    }
    bool started = false;
    for (int i = 0; i < 5000 && !started; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      started = read_file(log).find("(+1)") != std::string::npos;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ::kill(pid, SIGTERM);
    // It must end on its own (the old code caught the interruption as a spec that cannot run and
    // started seed + 2, which runs for many seconds): give it 10 s, then kill it and fail.
    int status = 0;
    bool ended = false;
    for (int i = 0; i < 1000 && !ended; ++i) {
      ended = waitpid(pid, &status, WNOHANG) == pid;
      if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!ended) {
      ::kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
    }
    const std::string out = read_file(log);
    INFO(out);
    REQUIRE(started);
    CHECK(ended);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) != 0);
    CHECK(out.find("(+2)") == std::string::npos);
    // What it computed is kept: the interrupted seed resumes.
    CHECK(done_count(home + "/results/seeds/seed+1-trials5000/synth/slow.h5") > 0);
  }

  TEST_CASE("bad input: one clear line, non-zero exit, existing result untouched") {
    DPLAB_REQUIRE_DATA("kos");  // the real KOS data (Table 2)
    TempDir dir;
    write_file(dir / "t2.yaml", kSmallTable2);
    REQUIRE(run_dplab("run " + dir / "t2.yaml" + " --out " + dir / "t2.h5 -q", dir).code == 0);
    const std::string result = dir / "t2.h5";
    const std::string with_out = " --out " + result;

    write_file(dir / "bad_yaml.yaml", "name: x\npaper: [unclosed\nalgorithm: y\n");
    expect_error(dir, "run " + dir / "bad_yaml.yaml" + with_out, {"bad_yaml.yaml:", "YAML syntax error"}, result);

    std::string unknown = kSmallTable2;
    unknown.replace(unknown.find("budget_series.noise_mse"), 23, "budget_series.noise_mes");
    write_file(dir / "unknown.yaml", unknown);
    expect_error(dir, "run " + dir / "unknown.yaml" + with_out,
                 {"unknown.yaml:5", "unknown algorithm 'budget_series.noise_mes'", "did you mean 'budget_series.noise_mse'"}, result);

    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set params.eps=0",
                 {"params.eps", "out of range", "(0, inf)"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set params.eps=-1", {"params.eps", "out of range"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set params.eps=.nan", {"params.eps", "NaN"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set params.epsilon=1",
                 {"has no parameter 'epsilon'", "eps"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set sweep.strategy=[AVG,Foo]",
                 {"sweep.strategy", "'Foo' is not allowed"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set metrics=[sum_squared_error,f2]", {"unknown metric 'f2'"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set dataset=kso",
                 {"unknown dataset 'kso'", "did you mean 'kos'"}, result);
    expect_error(dir, "run " + dir / "t2.yaml" + with_out + " --set seed=2", {"different spec", "--force"}, result);

    std::string missing = kSmallTable2;
    missing.replace(missing.find("metrics:"), 8, "metricz:");
    write_file(dir / "missing.yaml", missing);
    expect_error(dir, "run " + dir / "missing.yaml" + with_out, {"missing.yaml:", "unknown field 'metricz'"}, result);

    expect_error(dir, "run " + dir / "t2.yaml" + " --out /proc/dplab-nonexistent/r.h5",
                 {"/proc/dplab-nonexistent/r.h5", "cannot create output directory"});
    expect_error(dir, "run " + dir / "nope.yaml", {"nope.yaml", "cannot read spec file"});
    expect_error(dir, "run " + dir / "t2.yaml --trials 0", {"--trials must be >= 1"});
    write_file(dir / "garbage.h5", "not hdf5 at all");
    expect_error(dir, "show " + dir / "garbage.h5", {"garbage.h5", "not a dplab result file"});
    expect_error(dir, "run " + dir / "t2.yaml --out " + dir / "garbage.h5",
                 {"garbage.h5", "not a dplab result file"}, dir / "garbage.h5");
    CHECK(run_dplab("list nonsense", dir).code != 0);
  }

  TEST_CASE("overridden runs are honest: own file, recorded, paper values only where every parameter matches") {
    DPLAB_REQUIRE_DATA("kos");  // the real KOS data (Table 2)
    TempDir dir;
    const std::string spec = std::string(DPLAB_SOURCE_DIR) + "/experiments/budget_series/table2.yaml";
    auto in_dir = [&](const std::string& args) { return run_dplab("--chdir " + dir.path().string() + " " + args, dir); };
    // The paper's settings: every row carries the printed value.
    REQUIRE(in_dir("run " + spec + " --trials 2 -q").code == 0);
    Command paper = in_dir("show results/budget_series/table2.h5 --csv");
    REQUIRE(paper.code == 0);
    CHECK_CONTAINS(paper.out, "AVG,20,30,sum_squared_error,");
    CHECK_CONTAINS(paper.out, ",15300,dp,\n");
    // eps = 2: its own file, the override recorded and shown, no paper value anywhere.
    Command run = in_dir("run " + spec + " --trials 2 -q --set params.eps=2");
    INFO(run.err);
    REQUIRE(run.code == 0);
    CHECK_CONTAINS(run.out, "results/budget_series/table2@params.eps=2.h5");
    Command show = in_dir("show results/budget_series/table2@params.eps=2.h5");
    CHECK_CONTAINS(show.out, "overridden: --set params.eps=2");
    Command csv = in_dir("show results/budget_series/table2@params.eps=2.h5 --csv");
    // The paper column is the third from the end (privacy and privacy_finding follow it).
    auto paper_cell = [](const std::string& line) {
      std::vector<std::string> cells;
      std::stringstream ls(line);
      for (std::string c; std::getline(ls, c, ',');) cells.push_back(c);
      if (line.back() == ',') cells.push_back("");
      return cells.size() < 3 ? std::string() : cells[cells.size() - 3];
    };
    CHECK(paper_cell("AVG,20,30,sum_squared_error,1,0,1,1,2,15300,dp,") == "15300");
    int with_paper = 0;
    std::stringstream rows(csv.out);
    for (std::string line; std::getline(rows, line);) with_paper += !line.empty() && !paper_cell(line).empty();
    CHECK(with_paper == 1);  // the header alone
    CHECK(dplab::read_result(dir / "results/budget_series/table2.h5").trials == 2);  // the paper run untouched
    Command plot = in_dir("plot results/budget_series/table2@params.eps=2.h5 --format png");
    CHECK(plot.code == 0);
    CHECK(fs::exists(dir / "results/budget_series/table2@params.eps=2.png"));
    // A sweep over eps: the paper's value beside the eps = 1 rows only.
    Command sweep = in_dir("run " + spec + " --trials 2 -q --set sweep.eps=[1,2] --set params={} --out s.h5");
    REQUIRE(sweep.code == 0);
    // The table does not show eps: the override runs, with a warning that its figure will not fit.
    CHECK_CONTAINS(sweep.err, "warning:");
    CHECK_CONTAINS(sweep.err, "'eps' takes several values");
    Command swept = in_dir("show s.h5 --csv");
    std::stringstream srows(swept.out);
    std::string head;
    std::getline(srows, head);
    std::vector<std::string> names;
    std::stringstream hs(head);
    for (std::string c; std::getline(hs, c, ',');) names.push_back(c);
    const auto eps_at = std::find(names.begin(), names.end(), "eps") - names.begin();
    REQUIRE(eps_at < static_cast<long>(names.size()));
    int paper_rows = 0, rows_seen = 0;
    for (std::string line; std::getline(srows, line);) {
      std::vector<std::string> cells;
      std::stringstream ls(line);
      for (std::string c; std::getline(ls, c, ',');) cells.push_back(c);
      if (line.back() == ',') cells.push_back("");
      REQUIRE(cells.size() == names.size());
      ++rows_seen;
      CHECK(cells[cells.size() - 2] == "dp");  // privacy
      if (cells[cells.size() - 3].empty()) continue;  // paper
      CHECK(cells[static_cast<std::size_t>(eps_at)] == "1");
      ++paper_rows;
    }
    CHECK(rows_seen == 2 * 15 * 3);
    CHECK(paper_rows == 15);
    // A domain rule that depends on the parameters alone fails before any trial runs.
    Command rule = in_dir("run " + spec + " --trials 2 -q --set params.eps=0.5");
    CHECK(rule.code == 1);
    CHECK_CONTAINS(rule.err, "Lemma 2");
    CHECK_CONTAINS(rule.err, "strategy=AC-Geo");
    CHECK_FALSE(fs::exists(dir / "results/budget_series/table2@params.eps=0.5.h5"));
  }

  TEST_CASE("export --per-trial and python/dplab give the same tidy table, with the parameters' types") {
    TempDir dir;
    write_file(dir / "a.yaml", R"(name: a
paper: testpaper
algorithm: budget_series.allocation
params: {n: 5, strategy: Geo, calibrate: false}
sweep:
  eps: [0.5, 1.0]
trials: 3
seed: 2
metrics: [k, min_k]
)");
    REQUIRE(run_dplab("run " + dir / "a.yaml" + " -q --out " + dir / "a.h5", dir).code == 0);
    Command csv = run_dplab("export " + dir / "a.h5" + " --per-trial --out " + dir / "a.csv", dir);
    INFO(csv.err);
    REQUIRE(csv.code == 0);
    const std::string text = read_file(dir / "a.csv");
    CHECK(text.substr(0, text.find('\n')).ends_with(",trial,metric,index,value"));
    // 2 points x 3 trials x (5 elements of k + min_k + wall_time + spent_eps), and the header.
    CHECK(count_lines(text) == 1 + 2 * 3 * 8);
    CHECK(text.find(",k,5,") != std::string::npos);
    CHECK(text.find(",k,6,") == std::string::npos);
    CHECK(run_dplab("export " + dir / "a.h5", dir).code != 0);  // --per-trial is required
    write_file(dir / "check.py", R"(import sys
import pandas as pd
import dplab
df = dplab.load("a.h5")
ex = pd.read_csv("a.csv", keep_default_na=False, float_precision="round_trip")
assert len(df) == len(ex) == 48, (len(df), len(ex))
assert str(df["n"].dtype) == "Int64" and str(df["eps"].dtype) == "float64", df.dtypes
assert str(df["calibrate"].dtype) == "boolean" and not df["calibrate"].any()
assert list(df["metric"]) == list(ex["metric"])
assert [str(i) if i is not pd.NA else "" for i in df["index"]] == [str(i) for i in ex["index"]]
assert (df["value"] == ex["value"].astype(float)).all()  # exact: reals are written to round-trip
print("OK", len(df))
)");
    const std::string py = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string cmd = "cd " + dir.path().string() + " && PYTHONPATH=" + std::string(DPLAB_SOURCE_DIR) +
                            "/python " + py + " check.py > py.out 2> py.err";
    const int status = std::system(cmd.c_str());
    INFO(read_file(dir / "py.err"));
    CHECK(status == 0);
    CHECK(read_file(dir / "py.out") == "OK 48\n");
  }

  TEST_CASE("help, version and list") {
    TempDir dir;
    for (const char* cmd : {"list", "run", "show", "plot"}) {
      Command c = run_dplab(std::string(cmd) + " --help", dir);
      CHECK(c.code == 0);
      CHECK(c.out.find("dplab " + std::string(cmd)) != std::string::npos);
    }
    Command v = run_dplab("--version", dir);
    CHECK(v.code == 0);
    CHECK(v.out.rfind("dplab ", 0) == 0);
    Command l = run_dplab("list --long", dir);
    CHECK(l.code == 0);
    for (const char* s : {"budget_series.allocation", "budget_series.noise_mse", "budget_series.us_bounds",
                          "kos [bag-of-words]", "experiments/budget_series/table2.yaml", "(0, inf)"})
      CHECK(l.out.find(s) != std::string::npos);
    CHECK(l.out.find("(invalid") == std::string::npos);
  }
}
