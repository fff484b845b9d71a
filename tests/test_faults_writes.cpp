// Faults (ctest -L faults): what replaces a file, and what a refused or killed run leaves
// (issue 26, items 2, 3, 4 and 6). Every write that replaces a file goes through one path
// (framework/replace_file.hpp): a full disk leaves the previous file byte-identical and no
// temporary; a temporary left by kill -9 is removed by the next write to the same file; `dplab
// merge` never drops computed trials; a run that computed nothing writes nothing.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "faults_support.hpp"
#include "framework/store.hpp"

namespace fs = std::filesystem;
using namespace dplab::testing;

namespace {

// `dplab <args>` under `ulimit -f <blocks>` (a full disk as the writer sees it: EFBIG).
Command under_file_limit(const std::string& args, const TempDir& dir, int blocks) {
  const std::string cmd = "ulimit -f " + std::to_string(blocks) + "; exec " + std::string(DPLAB_BINARY) + " " + args +
                          " > " + dir / "o.txt" + " 2> " + dir / "e.txt";
  const int status = std::system(("sh -c '" + cmd + "'").c_str());
  Command c;
  c.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.out = read_file(dir / "o.txt");
  c.err = read_file(dir / "e.txt");
  return c;
}

void expect_one_line_error(const Command& c, const std::string& what) {
  INFO("exit " << c.code << ", stderr: " << c.err);
  CHECK(c.code == 1);
  CHECK(lines_of(c.err) == 1);
  CHECK_CONTAINS(c.err, what);
}

// The text between the first pair of backquotes in `s`.
std::string quoted_command(const std::string& s) {
  const auto a = s.find('`'), b = s.find('`', a + 1);
  return a == std::string::npos || b == std::string::npos ? "" : s.substr(a + 1, b - a - 1);
}

}  // namespace

TEST_SUITE("faults_writes") {
  TEST_CASE("dplab merge never replaces a result by one with fewer trials (unless --force)") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    const std::string out = dir / "r.h5";
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + out + " -q --trials 8", dir).code == 0);
    for (const char* shard : {"0/2", "1/2"})
      REQUIRE(run_dplab("run " + dir / "s.yaml -q --trials 4 --shard " + shard + " --out " + dir / "s" +
                            std::string(1, shard[0]) + ".h5",
                        dir).code == 0);
    const auto before = bytes_of(out);
    expect_one_line_error(run_dplab("merge " + out + " " + dir / "s0.h5 " + dir / "s1.h5", dir),
                          "holds 16 computed trial(s) beyond the shards' 4 per point");
    CHECK(bytes_of(out) == before);
    // Shards that extend it replace it; --force replaces it regardless.
    for (const char* shard : {"0/2", "1/2"})
      REQUIRE(run_dplab("run " + dir / "s.yaml -q --trials 12 --shard " + shard + " --out " + dir / "t" +
                            std::string(1, shard[0]) + ".h5",
                        dir).code == 0);
    CHECK(run_dplab("merge " + out + " " + dir / "t0.h5 " + dir / "t1.h5", dir).code == 0);
    CHECK(dplab::read_result(out).trials == 12);
    CHECK(run_dplab("merge " + out + " " + dir / "s0.h5 " + dir / "s1.h5 --force", dir).code == 0);
    CHECK(dplab::read_result(out).trials == 4);
  }

  TEST_CASE("a full disk: export --out, report and plot leave the previous file byte-identical") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    fs::create_directories(dir.path() / "results/testpaper");
    const std::string result = dir / "results/testpaper/writes.h5";
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + result + " -q --trials 200", dir).code == 0);

    const std::string csv = dir / "x.csv";
    write_file(csv, "an earlier export\n");
    expect_one_line_error(under_file_limit("export " + result + " --per-trial --out " + csv, dir, 8), "File too large");
    CHECK(read_file(csv) == "an earlier export\n");
    expect_one_line_error(under_file_limit("export " + result + " --per-trial --out " + dir / "new.csv", dir, 8), "new.csv");
    CHECK_FALSE(fs::exists(dir / "new.csv"));

    const std::string page = dir / "report/index.html";
    fs::create_directories(dir.path() / "report");
    write_file(page, "an earlier report\n");
    expect_one_line_error(
        under_file_limit("report --no-figures --results " + dir / "results --out " + dir / "report", dir, 2), "index.html");
    CHECK(read_file(page) == "an earlier report\n");

    const std::string png = dir / "results/testpaper/writes.png";
    REQUIRE(run_dplab("plot " + result + " --format png", dir).code == 0);
    const auto figure = bytes_of(png);
    REQUIRE(figure.size() > 4096);
    const Command c = under_file_limit("plot " + result + " --format png", dir, 2);
    CHECK(c.code != 0);
    CHECK(bytes_of(png) == figure);
    CHECK(temporaries_in(dir.path()) == 0);
  }

  TEST_CASE("kill -9 during checkpoints: the next run removes the temporaries whose process is gone") {
    TempDir dir;
    // Cheap trials and a 3.5 MB file: at --checkpoint-seconds 0 the run is mostly writing.
    write_file(dir / "c.yaml",
               "name: ckpt\npaper: testpaper\nalgorithm: budget_series.allocation\n"
               "params: {n: 20, strategy: Geo, protection: probability}\ntrials: 20000\nseed: 1\nmetrics: [k]\n");
    const std::string out = dir / "c.h5";
    int left = 0;
    for (int kill = 0; kill < 11; ++kill) {
      const pid_t pid = fork();
      if (pid == 0) {
        const std::string spec = dir / "c.yaml";
        execl(DPLAB_BINARY, DPLAB_BINARY, "run", spec.c_str(), "--out", out.c_str(), "-q", "--checkpoint-seconds", "0",
              static_cast<char*>(nullptr));
        _exit(127);
      }
      // Once it holds the result's lock, a little more: the kill lands in one of its writes.
      for (int i = 0; i < 4000 && read_file(out + ".lock") != std::to_string(pid) + "\n"; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      std::this_thread::sleep_for(std::chrono::milliseconds(150 + 23 * kill));
      ::kill(pid, SIGKILL);
      int status = 0;
      waitpid(pid, &status, 0);
      left += fs::exists(out + ".tmp." + std::to_string(pid));
      if (temporaries_in(dir.path()) >= 3) break;
    }
    MESSAGE(left << " kills left a temporary (each removed by the next run)");
    // A temporary of a process that is gone and one of a live process (this one), made by hand:
    // the first is stale, the second is not.
    const pid_t gone = fork();
    if (gone == 0) _exit(0);
    waitpid(gone, nullptr, 0);
    write_file(out + ".tmp." + std::to_string(gone), "stale");
    write_file(out + ".tmp." + std::to_string(::getpid()), "live");
    REQUIRE(run_dplab("run " + dir / "c.yaml --out " + out + " -q", dir).code == 0);
    CHECK(temporaries_in(dir.path()) == 1);
    CHECK(fs::exists(out + ".tmp." + std::to_string(::getpid())));
    CHECK(dplab::read_result(out).trials == 20000);
  }

  TEST_CASE("a secure run refused by a mechanism writes no result; an unfinished shard says how to finish it") {
    DPLAB_REQUIRE_DATA("adult");  // the secure run loads the real Adult data before its mechanism refuses
    TempDir dir;
    write_file(dir / "sec.yaml",
               "name: sec\npaper: testpaper\ndataset: adult\nalgorithm: baselines.dawa\nparams: {eps: 1.0}\n"
               "trials: 2\nseed: 1\nmetrics: [buckets]\nnoise: secure\n");
    expect_one_line_error(run_dplab("run " + dir / "sec.yaml --out " + dir / "sec.h5 -q", dir), "no exact (secure) sampler");
    CHECK_FALSE(fs::exists(dir / "sec.h5"));
    CHECK(temporaries_in(dir.path()) == 0);

    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    write_file(dir / "s.yaml", kKosSpec);
    const std::string s0 = dir / "shard 0.h5", s1 = dir / "s1.h5";  // a name the shell must quote
    REQUIRE(run_dplab("run " + dir / "s.yaml -q --trials 6 --set params.eps=2 --shard 0/2 --out '" + s0 +
                          "' --threads 1 --checkpoint-seconds 0 --abort-after 3",
                      dir).code != 0);
    REQUIRE(run_dplab("run " + dir / "s.yaml -q --trials 6 --set params.eps=2 --shard 1/2 --out " + s1, dir).code == 0);
    const Command m = run_dplab("merge " + dir / "m.h5 '" + s0 + "' " + s1, dir);
    expect_one_line_error(m, "of its 12 trials");
    const std::string resume = quoted_command(m.err);
    CHECK_CONTAINS(resume, "--out '" + s0 + "'");
    CHECK_CONTAINS(resume, "--trials 6");
    CHECK_CONTAINS(resume, "--set params.eps=2");
    // The command as given finishes the shard, and then the merge goes through.
    REQUIRE(resume.rfind("dplab ", 0) == 0);
    const Command again = run_dplab(resume.substr(6) + " -q", dir);
    CHECK_MESSAGE(again.code == 0, again.err);
    CHECK(run_dplab("merge " + dir / "m.h5 '" + s0 + "' " + s1, dir).code == 0);
  }
}
