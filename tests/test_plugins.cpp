// Own algorithms outside the source tree, end to end: `cmake --install` into a fresh prefix,
// examples/my_plugin built against the installed tree (find_package(dplab), dplab_add_plugin),
// and its spec run by the installed binary from another folder with DPLAB_HOME unset, with
// --plugins and with DPLAB_PLUGIN_PATH. Checks that the dlopen'ed plugin fills the binary's own
// registries (its algorithms run), the (eps, delta) ledger end to end (/trials/spent_delta),
// the unspent-budget warning, the code version and plugin record in the result file, a user
// data file in a real run, and a clear error for a bad plugin and a clashing one.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "datasets/checksum.hpp"
#include "dplab_source_dir.hpp"
#include "dplab_test_paths.hpp"
#include "framework/store.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::contains;
using dplab::testing::read_file;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

struct Shell {
  int code = -1;
  std::string out;  // stdout and stderr
};

// Runs `cmd` with /bin/sh in `dir`, DPLAB_HOME and DPLAB_PLUGIN_PATH unset unless `env` sets them.
Shell sh(const TempDir& dir, const std::string& cmd, const std::string& env = "") {
  const std::string log = dir / "cmd.log";
  const std::string full = "cd " + dir.path().string() + " && env -u DPLAB_HOME -u DPLAB_PLUGIN_PATH " + env + " " +
                           cmd + " > " + log + " 2>&1";
  const int status = std::system(full.c_str());
  Shell s;
  s.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  s.out = read_file(log);
  return s;
}

const dplab::MetricData* metric(const dplab::ResultData& r, const std::string& name) {
  for (const auto& m : r.metrics)
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace

TEST_SUITE("cli_e2e_plugins") {
  TEST_CASE("an out-of-tree plugin built against the installed dplab runs its spec") {
    TempDir dir;
    const std::string prefix = dir / "prefix";
    const std::string build = fs::path(DPLAB_BINARY).parent_path().string();
    Shell s = sh(dir, "cmake --install " + build + " --prefix " + prefix);
    INFO(s.out);
    REQUIRE(s.code == 0);
    const std::string dplab = prefix + "/bin/dplab";
    for (const char* f : {"/bin/dplab", "/include/dplab/framework/registry.hpp", "/include/dplab/core/params.hpp",
                          "/include/dplab/datasets/dataset.hpp", "/lib/cmake/dplab/dplabConfig.cmake",
                          "/lib/cmake/dplab/dplabConfigVersion.cmake", "/share/dplab/experiments/diffpart/fig8.yaml",
                          "/share/dplab/plots/plot.py", "/share/dplab/plots/kinds/line.yaml",
                          "/share/dplab/python/dplab/__init__.py", "/share/dplab/results/reference",
                          "/share/dplab/examples/my_plugin/my_algorithm.cpp"})
      CHECK_MESSAGE(fs::exists(prefix + f), (prefix + f));

    // The installed binary finds share/dplab beside itself, also when the prefix moves.
    s = sh(dir, dplab + " list experiments");
    CHECK_CONTAINS(s.out, "experiments (" + prefix + "/share/dplab/experiments):");
    fs::copy(prefix, dir / "moved", fs::copy_options::recursive);
    s = sh(dir, dir / "moved/bin/dplab" + " list experiments");
    CHECK_CONTAINS(s.out, "experiments (" + (dir / "moved") + "/share/dplab/experiments):");

    // The researcher's project: a copy of examples/my_plugin, away from the source tree.
    const std::string proj = dir / "proj";
    fs::copy(std::string(DPLAB_SOURCE_DIR) + "/examples/my_plugin", proj, fs::copy_options::recursive);
    s = sh(dir, "cmake -S " + proj + " -B " + proj + "/build -DCMAKE_PREFIX_PATH=" + prefix +
                    " -DCMAKE_BUILD_TYPE=Release && cmake --build " + proj + "/build");
    INFO(s.out);
    REQUIRE(s.code == 0);
    const std::string so = proj + "/build/my_plugin.so";
    REQUIRE(fs::exists(so));
    // dplab_add_plugin warns but never makes warnings errors (that is for dplab's own tree).
    const std::string flags = read_file(proj + "/build/CMakeFiles/my_plugin.dir/flags.make");
    CHECK_CONTAINS(flags, "-Wall");
    CHECK(!contains(flags, "-Werror"));

    // Without the plugin: the spec's algorithm is unknown, and the error says how to load it.
    s = sh(dir, dplab + " run " + proj + "/my_spec.yaml --trials 2");
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "unknown algorithm 'my.gaussian_mean'");
    CHECK_CONTAINS(s.out, "--plugins DIR");

    // With it, from a folder that is neither the source tree nor the prefix, DPLAB_HOME unset.
    const std::string out = dir / "my.h5";
    s = sh(dir, dplab + " --plugins " + proj + "/build run " + proj + "/my_spec.yaml --trials 4 --threads 2 --out " + out);
    INFO(s.out);
    REQUIRE(s.code == 0);
    CHECK_CONTAINS(s.out, "warning: 12 trial(s) of forgot the noise declared a privacy budget but spent nothing");
    CHECK(!contains(s.out, "of Gaussian mean declared"));
    const dplab::ResultData r = dplab::read_result(out);
    CHECK_CONTAINS(r.meta.code_version, "-dirty+plugins(my_plugin.so@" + dplab::sha256_file(so).substr(0, 12) + ")");
    const std::string canonical = fs::weakly_canonical(so).string();
    CHECK(r.meta.plugins == dplab::sha256_file(so) + "  " + canonical + "\n");
    REQUIRE(r.has_delta);
    const dplab::PointColumn* alg = r.column("algorithm_name");
    const dplab::PointColumn* eps = r.column("eps");
    REQUIRE(alg);
    REQUIRE(eps);
    const dplab::MetricData* err = metric(r, "abs_error");
    REQUIRE(err);
    for (std::size_t p = 0; p < r.points; ++p)
      for (std::size_t t = 0; t < r.trials; ++t) {
        const std::size_t c = r.cell(p, t);
        REQUIRE(r.done[c]);
        if (alg->strings[p] == "my.gaussian_mean") {
          CHECK(r.spent_eps[c] == doctest::Approx(eps->numbers[p]).epsilon(1e-12));
          CHECK(r.spent_delta[c] == doctest::Approx(1e-5).epsilon(1e-12));
          CHECK(err->scalar[c] > 0);
        } else {
          CHECK(r.spent_eps[c] == 0);
          CHECK(r.spent_delta[c] == 0);
          CHECK(err->scalar[c] == 0);
        }
      }
    // show names the plugins; export carries spent_delta; plot finds share/dplab beside the binary.
    s = sh(dir, dplab + " show " + out);
    CHECK(s.code == 0);
    CHECK_CONTAINS(s.out, "plugins (sha256, path):");
    CHECK_CONTAINS(s.out, canonical);
    s = sh(dir, dplab + " export " + out + " --per-trial");
    CHECK(s.code == 0);
    CHECK_CONTAINS(s.out, ",spent_delta,,1e-05\n");
    s = sh(dir, dplab + " plot " + out + " --format png");
    INFO(s.out);
    CHECK(s.code == 0);
    CHECK(fs::exists(dir / "my.png"));

    // The plugin rebuilt with other code (same file name): adding trials to the result made with
    // the old one is refused, naming the change; --allow-code-change adds them, with a warning.
    const std::string old_sha = dplab::sha256_file(so);
    const std::string source = read_file(proj + "/my_algorithm.cpp");
    std::string changed = source;  // another doc string: other bytes in the .so, the same file name
    const auto doc_at = changed.find("with the Gaussian mechanism\"");
    REQUIRE(doc_at != std::string::npos);
    changed.insert(doc_at + 27, " (rebuilt)");
    write_file(proj + "/my_algorithm.cpp", changed);
    s = sh(dir, "cmake --build " + proj + "/build");
    REQUIRE(s.code == 0);
    REQUIRE(dplab::sha256_file(so) != old_sha);
    const std::string before = read_file(out);
    s = sh(dir, dplab + " --plugins " + proj + "/build run " + proj + "/my_spec.yaml --trials 6 --threads 2 --out " + out);
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "trials were computed by other plugin code (my_plugin.so sha256 " + old_sha.substr(0, 12) + "... -> " +
                              dplab::sha256_file(so).substr(0, 12) + "...)");
    CHECK_CONTAINS(s.out, "--allow-code-change");
    CHECK(read_file(out) == before);  // nothing written
    s = sh(dir, dplab + " --plugins " + proj + "/build run " + proj + "/my_spec.yaml --trials 6 --threads 2 --allow-code-change --out " + out);
    INFO(s.out);
    CHECK(s.code == 0);
    CHECK_CONTAINS(s.out, "warning: " + out + " holds trials computed by code ");
    CHECK(dplab::read_result(out).meta.code_history.find(",") != std::string::npos);  // both codes recorded
    write_file(proj + "/my_algorithm.cpp", source);
    s = sh(dir, "cmake --build " + proj + "/build");
    REQUIRE(s.code == 0);

    // DPLAB_PLUGIN_PATH loads it too; a user data file (no C++) runs with it.
    write_file(dir / "values.csv", "value\n10\n20\n30\n40\n");
    write_file(dir / "file_spec.yaml",
               "name: file_spec\npaper: my_paper\ndataset: {file: values.csv, kind: points, header: true}\n"
               "algorithm: my.gaussian_mean\nparams: {eps: 1, delta: 1.0e-6, bound: 50}\ntrials: 3\nmetrics: [mean]\n");
    s = sh(dir, dplab + " run file_spec.yaml --out file.h5", "DPLAB_PLUGIN_PATH=/nonexistent-never-mind:" + proj + "/build");
    CHECK(s.code == 1);  // a folder that does not exist is an error, not silently skipped
    CHECK_CONTAINS(s.out, "plugin folder '/nonexistent-never-mind' (from DPLAB_PLUGIN_PATH) does not exist");
    s = sh(dir, dplab + " run file_spec.yaml --out file.h5", "DPLAB_PLUGIN_PATH=" + proj + "/build");
    INFO(s.out);
    REQUIRE(s.code == 0);
    const dplab::ResultData fr = dplab::read_result(dir / "file.h5");
    CHECK_CONTAINS(fr.meta.spec_text, "sha256: " + dplab::sha256_file(dir / "values.csv"));
    CHECK(fr.spent_delta.at(0) == doctest::Approx(1e-6).epsilon(1e-12));

    // A bad plugin: the file and dlerror(); a plugin whose names are taken: the clash.
    fs::create_directories(dir / "bad");
    write_file(dir / "bad/broken.so", std::string(200, 'x'));  // not an ELF file
    s = sh(dir, dplab + " --plugins " + (dir / "bad") + " list algorithms");
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "cannot load plugin " + fs::weakly_canonical(dir / "bad/broken.so").string() + " (from --plugins): ");
    CHECK_CONTAINS(s.out, "invalid ELF header");
    fs::create_directories(dir / "twice");
    fs::copy_file(so, dir / "twice/copy.so");
    s = sh(dir, dplab + " --plugins " + proj + "/build --plugins " + (dir / "twice") + " list algorithms");
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "copy.so (from --plugins): duplicate registration of 'my.gaussian_mean'; duplicate registration of 'my.forgot_noise'");
    s = sh(dir, dplab + " --plugins " + (dir / "empty-none") + " list");
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "does not exist");

    // dplab.load reads the plugin's result like any other.
    write_file(dir / "check.py",
               "import dplab\ndf = dplab.load('my.h5')\n"
               "d = df[df.metric == 'spent_delta']\n"
               "print(sorted(set(d.value)), len(df[df.metric == 'abs_error']))\n");
    const std::string py = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    s = sh(dir, "PYTHONPATH=" + prefix + "/share/dplab/python " + py + " check.py");
    INFO(s.out);
    CHECK(s.code == 0);
    CHECK(s.out == "[0.0, 1e-05] 36\n");  // 6 points x 6 trials (4, then 2 more with the rebuilt plugin)
  }
}
