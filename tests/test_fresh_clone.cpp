// A fresh clone, as a new user has it: the repository's committed files and nothing else (no
// ../shared beside it, no $DPLAB_DATA). `make demo`'s spec (experiments/demo/iris.yaml) must run
// there end to end on the data that ships in the repository (datasets/embedded/), keep the
// thesis's numbers beside ours, and draw its figures; the data it needs must be tracked by git
// (not ignored like datasets/cache/). The binary under test is this build's; DPLAB_HOME points it
// at the clone, and --data-dir at a folder that does not exist.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "dplab_source_dir.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::Command;
using dplab::testing::read_file;
using dplab::testing::TempDir;

namespace {

// `dplab <args>` with DPLAB_HOME=home and no DPLAB_DATA, from the folder `dir`.
Command run_in_clone(const std::string& home, const std::string& args, const TempDir& dir) {
  Command c;
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string cmd = "cd " + dir.path().string() + " && env -u DPLAB_DATA DPLAB_HOME=" + home + " " +
                          DPLAB_BINARY + " " + args + " > " + out + " 2> " + err;
  const int status = std::system(cmd.c_str());
  c.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.out = read_file(out);
  c.err = read_file(err);
  return c;
}

}  // namespace

TEST_SUITE("cli_e2e_fresh_clone") {
  TEST_CASE("make demo's spec runs from a fresh clone with no data root: trials, HDF5, the thesis's numbers, figures") {
    TempDir dir;
    const std::string src = DPLAB_SOURCE_DIR;
    if (std::system(("git -C " + src + " rev-parse --git-dir > /dev/null 2>&1").c_str()) != 0)
      DPLAB_SKIP("the source tree " << src << " is not a git checkout: no clone to test");
    const std::string clone = dir / "clone";
    REQUIRE(std::system(("git clone --quiet " + src + " " + clone + " > /dev/null 2>&1").c_str()) == 0);
    // What a clone holds under datasets/: the embedded data, never a cache of fetched files.
    CHECK(fs::is_regular_file(clone + "/datasets/embedded/iris/iris.data.txt"));
    CHECK(fs::is_regular_file(clone + "/datasets/embedded/iris/iris.labels.txt"));
    CHECK(fs::is_regular_file(clone + "/datasets/embedded/iris/README.md"));
    CHECK_FALSE(fs::exists(clone + "/datasets/cache"));

    const std::string no_data = dir / "no-data";  // a data root that does not exist
    const std::string out = dir / "demo.h5";
    Command run = run_in_clone(clone, "run " + clone + "/experiments/demo/iris.yaml --trials 3 --threads 2 --data-dir " +
                                          no_data + " --out " + out, dir);
    INFO("run: " << run.err);
    REQUIRE(run.code == 0);
    CHECK_CONTAINS(run.out, "x 3 trials");
    CHECK(fs::is_regular_file(out));

    Command show = run_in_clone(clone, "show " + out + " --csv", dir);
    INFO("show: " << show.err);
    REQUIRE(show.code == 0);
    // The thesis's Iris numbers (results/reference/lu_thesis/fig7_7.csv) beside every eps:
    // Posterior 8.2 iterations, LLOYD 6.1, ratio 1.34.
    CHECK_CONTAINS(show.out, ",3,8.2,not-dp,lu_thesis.alg71_zone\n");
    CHECK_CONTAINS(show.out, ",3,6.1,not-dp,lu_thesis.alg71_zone\n");
    CHECK_CONTAINS(show.out, ",3,1.34,not-dp,lu_thesis.alg71_zone\n");
    // ... beside its provable variant, which is eps-DP as run (issue 28: a method that is not DP
    // is shown beside its provable variant).
    CHECK_CONTAINS(show.out, "\nPosterior (provable),0.1,iterations,");
    CHECK_CONTAINS(show.out, ",3,,dp,\n");

    Command plot = run_in_clone(clone, "plot " + out + " --format png", dir);
    INFO("plot: " << plot.err);
    REQUIRE(plot.code == 0);
    int pngs = 0;
    for (const auto& e : fs::directory_iterator(dir.path()))
      pngs += e.path().extension() == ".png" && read_file(e.path().string()).substr(1, 3) == "PNG";
    CHECK(pngs == 3);  // (a) the ratio over eps, (b) the tables of iterations, as published and provable

    // Without the embedded copy (and no data root) the error names both places and `make data`.
    fs::remove(clone + "/datasets/embedded/iris/iris.labels.txt");
    Command missing = run_in_clone(clone, "run " + clone + "/experiments/demo/iris.yaml --trials 1 --data-dir " + no_data +
                                              " --out " + (dir / "missing.h5"), dir);
    CHECK(missing.code == 1);
    CHECK_CONTAINS(missing.err, "dataset 'iris': file not found at " + no_data + "/iris/iris.labels.txt nor at " + clone +
                                    "/datasets/embedded/iris/iris.labels.txt");
    CHECK_CONTAINS(missing.err, "make data");
  }
}
