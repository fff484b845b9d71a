// Python that runs, not only reads (python/dplab/cli.py): dplab.run returns the result as the
// same tidy table as `dplab export --per-trial` and raises DplabError with the binary's message;
// dplab.audit returns eps_hat, the verdict and the note; `dplab python-path` names the package's
// folder; a Python without h5py or pandas gets one clear message; `cmake --install` puts the
// package where the system python3 looks under the install prefix, with the installed binary.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "dplab_source_dir.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::Command;
using dplab::testing::read_file;
using dplab::testing::run_shell;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {


// The python3 with h5py and pandas (scripts/install-deps.sh: Debian's), as dplab plot picks it.
std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

std::string strip(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

TEST_SUITE("cli_e2e_python") {
  TEST_CASE("dplab.run and dplab.audit through the binary") {
    TempDir dir;
    const auto path = run_dplab("python-path", dir);
    REQUIRE(path.code == 0);
    const std::string pythonpath = strip(path.out);
    CHECK(fs::exists(pythonpath + "/dplab/__init__.py"));
    write_file(dir / "s.yaml",
               "name: s\npaper: testpaper\nalgorithm: budget_series.allocation\nparams: {n: 5}\n"
               "sweep: {strategy: [AVG, Geo]}\ntrials: 2\nseed: 3\nmetrics: [min_k, k]\n");
    write_file(dir / "check.py", R"(import dplab
df = dplab.run("s.yaml", trials=3, set={"sweep.eps": [1, 2]}, out="r.h5")
print("rows", len(df), sorted(df.metric.unique()), sorted(df.eps.unique()), sorted(set(df.trial)))
print("same as load", df.equals(dplab.load("r.h5")))
print("again", len(dplab.run("s.yaml", trials=3, set={"sweep.eps": [1, 2]}, out="r.h5")))
try:
    dplab.run("s.yaml", set={"params.n": 0})
except dplab.DplabError as e:
    print("error", e)
a = dplab.audit("canary.unmarked_evaluation", eps=1, samples=4000, threads=2, confidence=0.999)
print("audit", a["algorithm"], a["claimed_eps"], a["violation"], a["eps_hat"] > 1, a["verdict"].startswith("VIOLATION"),
      "true_count" in a["note"])
b = dplab.audit("mechanism.laplace", eps=0.5, samples=4000, threads=2, confidence=0.999)
print("audit", b["algorithm"], b["claimed_eps"], b["violation"], b["eps_hat"] <= 0.5, b["note"] == "")
try:
    dplab.audit("mechanism.laplace", epsilon=1, samples=400)
except dplab.DplabError as e:
    print("error", e)
)");
    const Command py = run_shell(dir, "env DPLAB_BIN=" + std::string(DPLAB_BINARY) + " PYTHONPATH=" + pythonpath + " " + python() + " check.py");
    INFO(py.out << py.err);
    REQUIRE(py.code == 0);
    // 2 strategies x 2 eps x 3 trials: min_k, k (5 elements), wall_time and spent_eps per trial.
    CHECK_CONTAINS(py.out, "rows 96 ['k', 'min_k', 'spent_eps', 'wall_time'] [1.0, 2.0] [0, 1, 2]\n");
    CHECK_CONTAINS(py.out, "again 96\n");  // a resumed run: the same file, nothing to compute
    CHECK_CONTAINS(py.out, "same as load True\n");  // the tidy table of dplab.load (and so of export --per-trial)
    CHECK_CONTAINS(py.out, "s.yaml (--set params.n): field 'params.n': ");
    CHECK_CONTAINS(py.out, "audit canary.unmarked_evaluation 1.0 True True True True\n");
    CHECK_CONTAINS(py.out, "audit mechanism.laplace 0.5 False True True\n");
    CHECK_CONTAINS(py.out, "error dplab audit: --param 'epsilon=1': mechanism.laplace has no parameter 'epsilon'");
  }

  TEST_CASE("a Python without h5py or pandas is told what to install") {
    TempDir dir;
    const std::string pythonpath = strip(run_dplab("python-path", dir).out);
    const Command no_h5py = run_shell(dir, "env PYTHONPATH=" + pythonpath + " " + python() +
                                      " -c \"import sys; sys.modules['h5py'] = None; import dplab\"");
    CHECK(no_h5py.code != 0);
    CHECK_CONTAINS(no_h5py.err, "ImportError: dplab needs h5py, numpy and pandas, and this Python (");
    CHECK_CONTAINS(no_h5py.err, "cannot import h5py");
    CHECK_CONTAINS(no_h5py.err, "pip install h5py pandas");
    const Command no_pandas = run_shell(dir, "env PYTHONPATH=" + pythonpath + " " + python() +
                                        " -c \"import sys; sys.modules['pandas'] = None; import dplab; dplab.load('x.h5')\"");
    CHECK(no_pandas.code != 0);
    CHECK_CONTAINS(no_pandas.err, "cannot import pandas");
  }

  TEST_CASE("cmake --install: the package where the system python3 looks, knowing the installed binary") {
    TempDir dir;
    const std::string build = fs::path(DPLAB_BINARY).parent_path().string();
    const std::string prefix = dir / "prefix";
    const Command install = run_shell(dir, "cmake --install " + build + " --prefix " + prefix);
    INFO(install.out << install.err);
    REQUIRE(install.code == 0);
    // The relative site folder CMake chose (DPLAB_PYTHON_SITE), found from the installed file.
    std::string site;
    for (const auto& e : fs::recursive_directory_iterator(prefix + "/lib"))
      if (e.path().filename() == "_installed.py") site = fs::relative(e.path().parent_path().parent_path(), prefix).string();
    REQUIRE_FALSE(site.empty());
    CHECK_CONTAINS(read_file(prefix + "/" + site + "/dplab/_installed.py"), "BINARY = '" + prefix + "/bin/dplab'");
    const Command found = run_shell(dir, "env -u DPLAB_BIN PYTHONPATH=" + prefix + "/" + site + " " + python() +
                                    " -c \"import dplab; print(dplab.binary())\"");
    INFO(found.err);
    CHECK(found.out == prefix + "/bin/dplab\n");
    // With the configured prefix (make: /usr/local) that folder is on the system python3's own
    // path: no PYTHONPATH needed.
    const std::string cache = read_file(build + "/CMakeCache.txt");
    const auto at = cache.find("CMAKE_INSTALL_PREFIX:PATH=");
    REQUIRE(at != std::string::npos);
    const std::string configured = cache.substr(at + 26, cache.find('\n', at) - at - 26);
    const Command path = run_shell(dir, python() + " -c \"import sys; print('\\n'.join(sys.path))\"");
    CHECK_CONTAINS(path.out, configured + "/" + site + "\n");
    // dplab python-path of the installed binary names share/dplab/python.
    const Command pp = run_shell(dir, "env -u DPLAB_HOME " + prefix + "/bin/dplab python-path");
    CHECK(pp.out == prefix + "/share/dplab/python\n");
  }
}
