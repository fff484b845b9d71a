// Faults (ctest -L faults): result files without the checksum frame. A format-1 file (written
// before the frame, or plain HDF5 from another tool) cannot be verified, and a damaged one made
// the HDF5 library crash (SIGSEGV) or spin for minutes inside `dplab show` (issue 26: 7 crashes
// and 1 hang of 216 damaged files). Such files are now parsed in a child process with CPU-time
// and memory limits (framework/legacy_result.hpp): every command ends in exit 0 or one error line,
// within bounded time, whatever the damage.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "dplab_source_dir.hpp"
#include "faults_support.hpp"
#include "framework/store.hpp"

namespace fs = std::filesystem;
using namespace dplab::testing;

namespace {

// The child's CPU limit in these tests (the default scales with the file: 20 s and more).
const std::string kLimit = "DPLAB_LEGACY_SECONDS=1";
// Wall-clock bound of one command: start-up and the child, stopped after 1 s of CPU time (a spin
// costs no more whatever the load), with room for a loaded machine.
constexpr double kBound = 40;

// 216 damaged copies of `b`, as the independent audit made them: 160 single-byte changes (one
// bit, or all eight) spread over the file, 32 runs of 16 zero or 0xff bytes, 24 truncations.
std::vector<std::vector<char>> damaged(const std::vector<char>& b) {
  std::vector<std::vector<char>> out;
  for (std::size_t i = 0; i < 160; ++i) {
    auto v = b;
    const std::size_t at = (i * 7919 + 13) % v.size();
    v[at] = static_cast<char>(v[at] ^ (i % 2 ? 0xff : 1 << (i % 8)));
    out.push_back(std::move(v));
  }
  for (std::size_t i = 0; i < 32; ++i) {
    auto v = b;
    const std::size_t at = (i * 104729 + 101) % v.size();
    for (std::size_t k = at; k < std::min(v.size(), at + 16); ++k) v[k] = i % 2 ? '\0' : static_cast<char>(0xff);
    out.push_back(std::move(v));
  }
  for (std::size_t k = 1; k <= 24; ++k) out.emplace_back(b.begin(), b.begin() + static_cast<long>(k * b.size() / 25));
  return out;
}

// Exit 0, or exit 1 with one line naming the file; never a signal, a timeout or an internal error.
void expect_clean(const Timed& t, const std::string& path) {
  INFO("exit " << t.c.code << " after " << t.seconds << " s, stderr: " << t.c.err);
  CHECK((t.c.code == 0 || t.c.code == 1));
  CHECK(t.seconds < kBound);
  if (t.c.code == 1) {
    CHECK(lines_of(t.c.err) == 1);
    CHECK_CONTAINS(t.c.err, path);
  }
}

}  // namespace

TEST_SUITE("faults_legacy") {
  TEST_CASE("a whole format-1 file: read in a child, drawn, resumed, upgraded; Python refuses it") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + dir / "v2.h5 -q", dir).code == 0);
    const dplab::ResultData r = dplab::read_result(dir / "v2.h5");
    const std::string v1 = dir / "v1.h5";
    write_format1(v1, r);
    REQUIRE(bytes_of(v1)[1] == 'H');  // plain HDF5: no frame

    const dplab::ResultData back = dplab::read_result(v1);  // through the child process
    CHECK(back.points == r.points);
    CHECK(back.trials == r.trials);
    CHECK(back.metrics.size() == r.metrics.size());
    CHECK(back.metrics[0].scalar == r.metrics[0].scalar);
    CHECK(back.meta.spec_hash == r.meta.spec_hash);
    // The same table; the header names the results version: 1 for a file that predates the
    // attribute (every format-1 file), the current one for the fresh run.
    std::string shown_v1 = run_dplab("show " + v1, dir).out;
    const std::string version_now = "(results version " + std::to_string(dplab::kResultsVersion) + ")";
    const auto at = shown_v1.find("(results version 1)");
    REQUIRE(at != std::string::npos);
    shown_v1.replace(at, std::string("(results version 1)").size(), version_now);
    CHECK(shown_v1 == run_dplab("show " + dir / "v2.h5", dir).out);
    CHECK(run_dplab("export " + v1 + " --per-trial", dir).out == run_dplab("export " + dir / "v2.h5 --per-trial", dir).out);
    // The figure: Python reads a checked copy (it refuses format 1 itself).
    const Command plot = run_dplab("plot " + v1 + " --format png", dir);
    CHECK_MESSAGE(plot.code == 0, plot.err);
    CHECK(fs::exists(dir / "v1.png"));
    CHECK(temporaries_in(dir.path()) == 0);
    const std::string py = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string check = "PYTHONPATH=" + std::string(DPLAB_SOURCE_DIR) + "/python " + py +
                              " -c 'import dplab, sys; dplab.load(sys.argv[1])' " + v1 + " 2> " + dir / "py.err";
    CHECK(std::system(check.c_str()) != 0);
    CHECK_CONTAINS(read_file(dir / "py.err"), "dplab upgrade " + v1);
    // A format-1 file holds results version 1 trials, which this dplab (version 2: exact k-means
    // sums) does not mix with its own: a resume is refused, naming both versions, and leaves the
    // file as it was; --force recomputes it and writes format 2. `dplab upgrade` rewrites it as
    // format 2 and keeps its version.
    write_format1(dir / "v1b.h5", r);
    const std::vector<char> before = bytes_of(dir / "v1b.h5");
    const Command resumed = run_dplab("run " + dir / "s.yaml --out " + dir / "v1b.h5 -q --trials 6", dir);
    CHECK(resumed.code != 0);
    CHECK_CONTAINS(resumed.err, "holds trials of results version 1");
    CHECK_CONTAINS(resumed.err, "--force");
    CHECK(bytes_of(dir / "v1b.h5") == before);
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + dir / "v1b.h5 -q --trials 6 --force", dir).code == 0);
    CHECK(bytes_of(dir / "v1b.h5")[0] == 'D');  // "DPLAB-RESULT"
    CHECK(dplab::read_result(dir / "v1b.h5").trials == 6);
    CHECK(dplab::read_result(dir / "v1b.h5").meta.results_version == dplab::kResultsVersion);
    const Command up = run_dplab("upgrade " + v1, dir);
    CHECK_MESSAGE(up.code == 0, up.err);
    CHECK(bytes_of(v1)[0] == 'D');
    CHECK(dplab::read_result(v1).metrics[0].scalar == r.metrics[0].scalar);
    CHECK(dplab::read_result(v1).meta.results_version == 1);
    CHECK(std::system(check.c_str()) == 0);
  }

  TEST_CASE("216 damaged format-1 files: no command crashes or hangs") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + dir / "v2.h5 -q", dir).code == 0);
    write_format1(dir / "v1.h5", dplab::read_result(dir / "v2.h5"));
    const auto variants = damaged(bytes_of(dir / "v1.h5"));
    REQUIRE(variants.size() == 216);
    fs::create_directories(dir.path() / "results/testpaper");

    // Every variant read as `dplab show` reads it (read_result, the child process behind it).
    ::setenv("DPLAB_LEGACY_SECONDS", "1", 1);
    std::vector<std::string> refused, worst;  // worst: crashed the HDF5 library or hit the CPU limit
    int crashed = 0, slow = 0;
    for (std::size_t i = 0; i < variants.size(); ++i) {
      CAPTURE(i);
      const std::string path = dir / ("d" + std::to_string(i) + ".h5");
      put_bytes(path, variants[i]);
      const auto t0 = std::chrono::steady_clock::now();
      std::string err;
      try {
        dplab::read_result(path);
      } catch (const dplab::Error& e) {
        err = e.what();
      }
      CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < kBound);
      if (err.empty()) continue;  // read: damage in the data (no checksum finds it) or in unused space
      CHECK_CONTAINS(err, path);
      CHECK(err.find('\n') == std::string::npos);
      crashed += contains(err, "crashed");
      slow += contains(err, "did not finish");
      (contains(err, "crashed") || contains(err, "did not finish") ? worst : refused).push_back(path);
    }
    ::unsetenv("DPLAB_LEGACY_SECONDS");
    MESSAGE("read_result: " << 216 - refused.size() - worst.size() << " read, " << refused.size() + worst.size() << " refused ("
                << crashed << " crashed the HDF5 library, " << slow << " stopped at the CPU limit)");
    CHECK(refused.size() + worst.size() >= 20);

    // Every command that reads a result, through the binary, on 6 of the refused files, the worst first.
    std::vector<std::string> sample = worst;
    sample.insert(sample.end(), refused.begin(), refused.end());
    sample.resize(std::min<std::size_t>(sample.size(), 6));
    for (const auto& path : sample) {
      CAPTURE(path);
      const auto before = bytes_of(path);
      expect_clean(run_dplab_timed("show " + path, dir, 60, kLimit), path);
      expect_clean(run_dplab_timed("export " + path + " --per-trial --out " + dir / "x.csv", dir, 60, kLimit), path);
      expect_clean(run_dplab_timed("plot " + path + " --format png", dir, 60, kLimit), path);
      expect_clean(run_dplab_timed("merge " + dir / "m.h5 " + path, dir, 60, kLimit), path);
      expect_clean(run_dplab_timed("upgrade " + path, dir, 60, kLimit), path);
      const Timed resume = run_dplab_timed("run " + dir / "s.yaml --out " + path + " -q", dir, 60, kLimit);
      expect_clean(resume, path);
      if (resume.c.code == 1) {  // (a file refused only at the CPU limit may read on another try)
        CHECK_CONTAINS(resume.c.err, "--force");
        CHECK(bytes_of(path) == before);  // refused files are left for the user
      }
      fs::copy_file(path, dir.path() / "results/testpaper" / fs::path(path).filename());
    }
    // The report reads each and draws each (through dplab plot): every one is said on the page.
    const Timed rep = run_dplab_timed("report --results " + dir / "results --out " + dir / "report", dir, 300, kLimit);
    INFO(rep.c.err);
    CHECK(rep.c.code == 0);
    const std::string page = read_file(dir / "report/index.html");
    for (const auto& path : sample) CHECK_CONTAINS(page, fs::path(path).filename().string());
    CHECK(temporaries_in(dir.path()) == 0);
  }
}
