// Faults (ctest -L faults): what an independent audit threw at dplab, kept as tests. Every case
// builds its own small fixture: damaged and crafted result files, hostile specs, a full disk
// (ulimit -f), two runs on one result, a data file edited behind the checksum cache, and the
// plotting process of a killed dplab. Each must end in one clear error line and a non-zero exit,
// with nothing already computed lost; none may crash, hang or print a traceback.
#include <doctest/doctest.h>
#include <H5Cpp.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "datasets/catalogue.hpp"
#include "datasets/checksum.hpp"
#include "framework/store.hpp"
#include "faults_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::bytes_of;
using dplab::testing::Command;
using dplab::testing::contains;
using dplab::testing::error_of;
using dplab::testing::kKosSpec;
using dplab::testing::lines_of;
using dplab::testing::put_bytes;
using dplab::testing::read_file;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

// Slow enough to still be running when a second writer arrives (O(n^2) per trial).
const char* kSlowSpec = R"(name: slow
paper: testpaper
algorithm: budget_series.allocation
params: {n: 3000, strategy: Geo, protection: probability}
trials: 2000
seed: 1
metrics: [k]
)";

// One line on stderr, naming `what`, exit code 1 (an error, not a crash: 134/139 are signals).
void expect_one_line_error(const Command& c, const std::string& what) {
  INFO("stderr: " << c.err);
  CHECK(c.code == 1);
  CHECK(lines_of(c.err) == 1);
  CHECK_CONTAINS(c.err, what);
  CHECK_FALSE(contains(c.err, "Traceback"));
  CHECK_FALSE(contains(c.err, "internal error"));
}

// ---- a legacy (format 1: plain HDF5, no header) file with chosen inconsistencies ----
struct Crafted {
  std::uint64_t points = 2, trials = 3;
  std::string axes = "[\"N\"]";
  std::vector<hsize_t> metric_dims = {2, 3};
  std::vector<hsize_t> column_dims = {2};
  std::uint8_t done_value = 1;
};

void write_crafted(const std::string& path, const Crafted& c) {
  H5::Exception::dontPrint();
  H5::H5File f(path, H5F_ACC_TRUNC);
  auto num = [&](H5::H5Object& o, const char* name, const H5::PredType& t, auto v) {
    o.createAttribute(name, t, H5::DataSpace(H5S_SCALAR)).write(t, &v);
  };
  const H5::StrType vlen(H5::PredType::C_S1, H5T_VARIABLE);
  auto text = [&](H5::H5Object& o, const char* name, const std::string& v) {
    o.createAttribute(name, vlen, H5::DataSpace(H5S_SCALAR)).write(vlen, v);
  };
  num(f, "dplab_format", H5::PredType::NATIVE_INT, 1);
  num(f, "points", H5::PredType::NATIVE_UINT64, c.points);
  num(f, "trials", H5::PredType::NATIVE_UINT64, c.trials);
  text(f, "name", "crafted");
  auto doubles = [&](H5::Group& g, const char* name, const std::vector<hsize_t>& dims) {
    hsize_t n = 1;
    for (auto d : dims) n *= d;
    H5::DataSet ds = g.createDataSet(name, H5::PredType::NATIVE_DOUBLE, H5::DataSpace(static_cast<int>(dims.size()), dims.data()));
    if (n && n < 1'000'000) {  // a huge claimed shape stays unwritten (HDF5 stores nothing for it)
      std::vector<double> v(n, 1.0);
      ds.write(v.data(), H5::PredType::NATIVE_DOUBLE);
    }
  };
  H5::Group pts = f.createGroup("points");
  text(pts, "axes", c.axes);
  doubles(pts, "N", c.column_dims);
  H5::Group mg = f.createGroup("metrics");
  doubles(mg, "m", c.metric_dims);
  H5::Group tg = f.createGroup("trials");
  const hsize_t dims[2] = {2, 3};
  std::vector<std::uint8_t> done(6, c.done_value);
  tg.createDataSet("done", H5::PredType::NATIVE_UINT8, H5::DataSpace(2, dims)).write(done.data(), H5::PredType::NATIVE_UINT8);
  doubles(tg, "wall_time", {2, 3});
  doubles(tg, "spent_eps", {2, 3});
}

}  // namespace

TEST_SUITE("faults") {
  TEST_CASE("damaged result files: every flipped bit, zeroed block, cut or extension is refused cleanly") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    const std::string good = dir / "good.h5";
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + good + " -q", dir).code == 0);
    const std::vector<char> b = bytes_of(good);
    REQUIRE(b.size() > 4096);
    const std::string bad = dir / "bad.h5";
    std::vector<std::vector<char>> variants;
    // 64 single-bit flips spread over the whole file, header included.
    for (std::size_t i = 0; i < 64; ++i) {
      auto v = b;
      const std::size_t at = (i * 7919 + 13) % v.size();
      v[at] = static_cast<char>(v[at] ^ (1 << (i % 8)));
      variants.push_back(std::move(v));
    }
    // Zeroed 512-byte blocks, truncations and an appended tail.
    for (std::size_t at : {std::size_t{0}, std::size_t{512}, b.size() / 3, b.size() / 2, b.size() - 512}) {
      auto v = b;
      std::fill(v.begin() + static_cast<long>(at), v.begin() + static_cast<long>(std::min(v.size(), at + 512)), '\0');
      variants.push_back(std::move(v));
    }
    for (std::size_t keep : {std::size_t{0}, std::size_t{100}, std::size_t{600}, b.size() / 2, b.size() - 1})
      variants.push_back(std::vector<char>(b.begin(), b.begin() + static_cast<long>(keep)));
    auto longer = b;
    longer.insert(longer.end(), 100, 'x');
    variants.push_back(longer);

    int refused = 0;
    for (std::size_t i = 0; i < variants.size(); ++i) {
      CAPTURE(i);
      if (variants[i] == b) continue;  // a flip of a header padding byte may leave nothing changed
      put_bytes(bad, variants[i]);
      const std::string e = error_of([&] { dplab::read_result(bad); });
      CHECK_CONTAINS(e, bad);
      refused += !e.empty();
    }
    CHECK(refused >= static_cast<int>(variants.size()) - 2);
    // Through the binary: show, plot and resume give one line each, never a traceback.
    put_bytes(bad, variants[3]);
    expect_one_line_error(run_dplab("show " + bad, dir), "damaged result file");
    expect_one_line_error(run_dplab("plot " + bad + " --format png", dir), "damaged result file");
    expect_one_line_error(run_dplab("run " + dir / "s.yaml --out " + bad + " -q", dir), "--force");
    CHECK(bytes_of(bad) == variants[3]);  // resume refused: the damaged file is left for the user
  }

  TEST_CASE("crafted result files with inconsistent shapes are refused before any buffer is filled") {
    TempDir dir;
    const std::string path = dir / "c.h5";
    write_crafted(path, Crafted{});
    CHECK(dplab::read_result(path).points == 2);  // the crafting itself makes a valid legacy file

    auto refused = [&](const Crafted& c, const std::string& what) {
      write_crafted(path, c);
      CHECK_CONTAINS(error_of([&] { dplab::read_result(path); }), what);
    };
    Crafted c;
    c.points = 1'000'000'000'000ULL;
    refused(c, "larger than the file");
    c = Crafted{};
    c.metric_dims = {2, 4};
    refused(c, "metrics/m");
    c = Crafted{};
    c.metric_dims = {2, 3, 1ULL << 40};
    refused(c, "metrics/m");
    c = Crafted{};
    c.column_dims = {5};
    refused(c, "points/N");
    for (const std::string axes : {"[\"N", "[1, 2", "{\"a\": 1}", "\"N\"", "[\"nonexistent\"]", "[[\"N\"]]"}) {
      CAPTURE(axes);
      c = Crafted{};
      c.axes = axes;
      refused(c, "axes");
    }
    c = Crafted{};
    c.done_value = 7;
    refused(c, "trials/done");
  }

  TEST_CASE("hostile specs: one clear line each, quickly, with bad values quoted briefly") {
    TempDir dir;
    auto spec_error = [&](const std::string& yaml, const std::string& what, const std::string& extra = "") {
      write_file(dir / "h.yaml", yaml);
      const auto t0 = std::chrono::steady_clock::now();
      Command c = run_dplab("run " + dir / "h.yaml --out " + dir / "h.h5 -q" + extra, dir);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      expect_one_line_error(c, what);
      CHECK(s < 10);
      CHECK(c.err.size() < 1500);
      CHECK_FALSE(fs::exists(dir / "h.h5"));
    };
    // A "billion laughs": nine levels of nine aliases is 9^9 nodes once expanded.
    std::string bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i <= 9; ++i) {
      std::string prev = "*a" + std::to_string(i - 1);
      bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
      for (int j = 0; j < 8; ++j) bomb += ", " + prev;
      bomb += "]\n";
    }
    spec_error(bomb + std::string(kKosSpec), "YAML nodes");
    spec_error(std::string(kKosSpec) + "notes: &n [*n]\n", "h.yaml");  // an alias to itself: not YAML
    // Five axes of 100 values: 10^10 points.
    std::string huge = "name: huge\npaper: p\nalgorithm: budget_series.allocation\nmetrics: [k]\nsweep:\n";
    for (const char* axis : {"n", "eps", "n_s", "U_s", "bl_alpha"}) {
      huge += std::string("  ") + axis + ": [";
      for (int i = 1; i <= 100; ++i) huge += (i > 1 ? ", " : "") + std::to_string(i);
      huge += "]\n";
    }
    spec_error(huge, "--max-points");
    // Non-scalar keys.
    std::string key = kKosSpec;
    key.replace(key.find("params: {eps: 1.0}"), 18, "params: {[eps]: 1.0}");
    spec_error(key, "a key must be a single name");
    key = kKosSpec;
    key.replace(key.find("seed: 5"), 7, "? {a: 1}\n: 5");
    spec_error(key, "a key must be a single name");
    // A 5,000-character name: quoted in at most ~80 characters, never a file-system error.
    std::string long_name = kKosSpec;
    long_name.replace(long_name.find("name: faults"), 12, "name: " + std::string(5000, 'n'));
    spec_error(long_name, "(5000 characters)");
    std::string slash = kKosSpec;
    slash.replace(slash.find("name: faults"), 12, "name: ../../etc/x");
    spec_error(slash, "plain name");
    // A 5,000-character bad value.
    std::string value = kKosSpec;
    value.replace(value.find("strategy: [AVG, Geo]"), 20, "strategy: [AVG, " + std::string(5000, 'G') + "]");
    spec_error(value, "(5000 characters)");
    // Trials beyond 32 bits, and points x trials beyond the memory guard.
    spec_error(kKosSpec, "expected an integer from 1 to 10^9", " --trials 4294967297");
    spec_error(kKosSpec, "--max-cells", " --trials 100000000");
    // A budget so small that 1/eps overflows: refused, not run into NaN results.
    spec_error(kKosSpec, "overflows", " --set params.eps=1e-310");
    // Not a spec at all.
    write_file(dir / "big.yaml", std::string(2 << 20, '#'));
    expect_one_line_error(run_dplab("run " + dir / "big.yaml", dir), "more than a spec can be");
    expect_one_line_error(run_dplab("run " + dir.path().string(), dir), "is a directory");
  }

  TEST_CASE("a full disk (ulimit -f) leaves the previous result byte-identical and no temporary file") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    const std::string out = dir / "r.h5";
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + out + " -q", dir).code == 0);
    const auto before = bytes_of(out);
    REQUIRE(before.size() > 8 * 1024);
    // 8 KiB of file size allowed: the grown result (more trials) cannot be written.
    const std::string cmd = "ulimit -f 8; exec " + std::string(DPLAB_BINARY) + " run " + dir / "s.yaml" + " --out " +
                            out + " -q --trials 400 > " + dir / "o.txt" + " 2> " + dir / "e.txt";
    const int status = std::system(("sh -c '" + cmd + "'").c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    const std::string err = read_file(dir / "e.txt");
    INFO(err);
    CHECK(lines_of(err) == 1);
    CHECK_CONTAINS(err, out);
    CHECK_CONTAINS(err, "File too large");
    CHECK(bytes_of(out) == before);
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir.path())) files += contains(e.path().filename().string(), ".tmp.");
    CHECK(files == 0);
    CHECK_FALSE(fs::exists(out + ".lock"));
    // And the result still resumes to the full run once there is room.
    CHECK(run_dplab("run " + dir / "s.yaml --out " + out + " -q --trials 8", dir).code == 0);
    CHECK(dplab::read_result(out).trials == 8);
  }

  TEST_CASE("a second run on the same result is refused, naming the first run's pid") {
    TempDir dir;
    write_file(dir / "slow.yaml", kSlowSpec);
    const std::string out = dir / "r.h5";
    pid_t pid = fork();
    if (pid == 0) {
      const std::string spec = dir / "slow.yaml";
      execl(DPLAB_BINARY, DPLAB_BINARY, "run", spec.c_str(), "--out", out.c_str(), "-q", static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 2000 && !fs::exists(out + ".lock"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE(fs::exists(out + ".lock"));
    Command second = run_dplab("run " + dir / "slow.yaml --out " + out + " -q", dir);
    ::kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE_MESSAGE(WIFSIGNALED(status), "the first run ended before the second started");
    expect_one_line_error(second, "another dplab run is writing this result (pid " + std::to_string(pid) + ")");
    // The lock died with its holder: the next run takes it (a stale lock file is not trusted).
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    write_file(dir / "small.yaml", kKosSpec);
    CHECK(run_dplab("run " + dir / "small.yaml --out " + out + " -q --force", dir).code == 0);
  }

  TEST_CASE("a data file edited behind the cache (same size, modification time restored) is re-hashed") {
    TempDir dir;
    fs::create_directories(dir.path() / "hist");
    const std::string file = dir / "hist/tiny.txt";
    fs::copy_file(DPLAB_TEST_FIXTURES "/datasets/hist/tiny.txt", file);
    dplab::DatasetInfo info = dplab::find_dataset("dpbench_adult");
    info.name = "tiny_hist";
    info.files = {{"hist/tiny.txt", dplab::sha256_file(file)}};
    info.rows = 8;
    info.cols = 1;
    const dplab::DatasetRequest req{dir.path().string(), {}, 1};
    CHECK_NOTHROW(dplab::load_dataset(info, req));  // verified and remembered
    struct stat st {};
    REQUIRE(::stat(file.c_str(), &st) == 0);
    std::string text = read_file(file);
    const auto at = text.find_first_of("123456789");
    REQUIRE(at != std::string::npos);
    text[at] = text[at] == '9' ? '8' : static_cast<char>(text[at] + 1);  // same size, other count
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    write_file(file, text);
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    REQUIRE(::utimensat(AT_FDCWD, file.c_str(), times, 0) == 0);  // mtime restored, ctime moves on
    CHECK_CONTAINS(error_of([&] { dplab::load_dataset(info, req); }), "is corrupt or a different version");
    // --full trusts nothing remembered.
    write_file(file, read_file(DPLAB_TEST_FIXTURES "/datasets/hist/tiny.txt"));
    dplab::set_full_verification(true);
    CHECK_NOTHROW(dplab::load_dataset(info, req));
    dplab::set_full_verification(false);
  }

  TEST_CASE("the plotting process dies with a killed dplab") {
    DPLAB_REQUIRE_DATA("kos");  // kKosSpec runs on the real KOS data
    TempDir dir;
    write_file(dir / "s.yaml", kKosSpec);
    REQUIRE(run_dplab("run " + dir / "s.yaml --out " + dir / "r.h5 -q", dir).code == 0);
    // A stand-in for python that records its pid and waits.
    write_file(dir / "python.sh", "#!/bin/sh\necho $$ > " + dir / "child.pid" + "\nexec sleep 60\n");
    fs::permissions(dir / "python.sh", fs::perms::owner_all);
    pid_t pid = fork();
    if (pid == 0) {
      ::setenv("DPLAB_PYTHON", (dir / "python.sh").c_str(), 1);
      const std::string r = dir / "r.h5";
      execl(DPLAB_BINARY, DPLAB_BINARY, "plot", r.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 2000 && read_file(dir / "child.pid").empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::string text = read_file(dir / "child.pid");
    REQUIRE_FALSE(text.empty());
    const pid_t child = static_cast<pid_t>(std::stol(text));
    ::kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    bool gone = false;
    for (int i = 0; i < 400 && !gone; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      const std::string stat = read_file("/proc/" + std::to_string(child) + "/stat");
      gone = stat.empty() || contains(stat, ") Z ");
    }
    CHECK_MESSAGE(gone, "the plotting process " << child << " outlived dplab");
    if (!gone) ::kill(child, SIGKILL);
  }
}
