// MPI ranks (a build with -DDPLAB_WITH_MPI=ON and OpenMPI's mpirun; otherwise every case reports a
// skip): `mpirun -np K dplab run SPEC` writes the data one process writes, for K = 1, 2, 3 on
// loopback; a rank that dies ends the job with one clear line and a file that resumes.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "framework/cluster.hpp"
#include "framework/store.hpp"
#include "result_compare.hpp"
#include "test_support.hpp"

namespace {

using dplab::testing::check_same_result;
using dplab::testing::Command;
using dplab::testing::done_cells;
using dplab::testing::read_file;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

// 120 trials of a few ms each, a vector metric (k) and a scalar one.
const char* kSpec = R"(name: ranks
paper: testpaper
algorithm: budget_series.allocation
params: {n: 600, strategy: Geo, protection: probability}
sweep:
  eps: [0.5, 1.0, 2.0]
trials: 40
seed: 11
metrics: [k, min_k]
)";

bool have_mpirun() { return std::system("command -v mpirun > /dev/null 2>&1") == 0; }

// mpirun -np K dplab <args>, as root too (OpenMPI refuses root unless told), oversubscribed (more
// ranks than this machine's cores), bounded in time so a hung job fails the test.
Command run_mpi(int ranks, const std::string& args, const TempDir& dir) {
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  ::setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 1);  // no CMA in containers
  // When a rank dies mpirun sends the others SIGTERM, then SIGKILL after this many seconds (1 by
  // default): room for rank 0's last checkpoint and its line on a loaded machine.
  ::setenv("OMPI_MCA_odls_base_sigkill_timeout", "3", 1);
  Command c;
  const std::string out = dir / "mpi.out", err = dir / "mpi.err";
  const std::string cmd = "timeout 300 mpirun --oversubscribe -np " + std::to_string(ranks) + " " + DPLAB_BINARY + " " +
                          args + " > " + out + " 2> " + err;
  const int status = std::system(cmd.c_str());
  c.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.out = read_file(out);
  c.err = read_file(err);
  return c;
}

#define REQUIRE_MPI()                                                                                         \
  do {                                                                                                        \
    if (!dplab::built_with_mpi()) DPLAB_SKIP("dplab built without MPI (cmake -DDPLAB_WITH_MPI=ON)");           \
    if (!have_mpirun()) DPLAB_SKIP("no mpirun on PATH (scripts/install-deps.sh installs OpenMPI)");             \
  } while (0)

}  // namespace

TEST_SUITE("cli_e2e_mpi") {
  TEST_CASE("mpirun -np 1, 2, 3 writes the data of one process") {
    REQUIRE_MPI();
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    const Command one = run_dplab("run " + dir / "s.yaml" + " -q --threads 2 --out " + dir / "one.h5", dir);
    REQUIRE_MESSAGE(one.code == 0, one.err);
    const auto reference = dplab::read_result(dir / "one.h5");
    const std::string csv = run_dplab("show --csv " + dir / "one.h5", dir).out;
    for (int k : {1, 2, 3}) {
      CAPTURE(k);
      const std::string out = dir / ("k" + std::to_string(k) + ".h5");
      const Command c = run_mpi(k, "run " + dir / "s.yaml" + " --threads 1 --out " + out, dir);
      REQUIRE_MESSAGE(c.code == 0, c.err);
      CHECK_CONTAINS(c.out, "120 computed now");
      // Rank 0 alone reports: one summary line, one progress summary.
      CHECK(c.out.find("wrote ") == c.out.rfind("wrote "));
      if (k > 1) CHECK_CONTAINS(c.err, "in " + std::to_string(k) + " MPI ranks");
      const auto r = dplab::read_result(out);
      check_same_result(r, reference);
      CHECK(r.meta.threads == k);
      CHECK(run_dplab("show --csv " + out, dir).out == csv);
    }
  }

  TEST_CASE("a rank that dies ends the job with one clear line; the file resumes to the same data") {
    REQUIRE_MPI();
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    REQUIRE(run_dplab("run " + dir / "s.yaml" + " -q --out " + dir / "full.h5", dir).code == 0);
    // Rank 1 dies by SIGKILL after 5 trials of its first block.
    const std::string out = dir / "r.h5";
    const Command c = run_mpi(3, "run " + dir / "s.yaml" + " -q --threads 1 --checkpoint-seconds 0 --abort-rank 1 "
                                 "--abort-after 5 --out " + out, dir);
    CHECK(c.code != 0);
    MESSAGE("mpirun's stderr:\n" << c.err);
    std::size_t ours = 0;
    for (std::size_t at = c.err.find("dplab run:"); at != std::string::npos; at = c.err.find("dplab run:", at + 1)) ++ours;
    CHECK(ours == 1);
    CHECK_CONTAINS(c.err, "the MPI job was stopped (SIGTERM");
    CHECK_CONTAINS(c.err, "run the same command again to resume");
    REQUIRE(std::filesystem::exists(out));
    const auto partial = dplab::read_result(out);
    const std::size_t saved = done_cells(partial);
    MESSAGE(saved << " of 120 trials saved when rank 1 died");
    CHECK(saved < 120);
    CHECK_CONTAINS(c.err, std::to_string(saved) + " trials saved in " + out);
    // Resumed by a job of another size: the data of one uninterrupted process.
    const Command again = run_mpi(2, "run " + dir / "s.yaml" + " -q --threads 1 --out " + out, dir);
    REQUIRE_MESSAGE(again.code == 0, again.err);
    CHECK_CONTAINS(again.out, std::to_string(saved) + " already done");
    check_same_result(dplab::read_result(out), dplab::read_result(dir / "full.h5"));
  }

  TEST_CASE("a bad spec or a result held by another run: one line from rank 0, the other ranks silent") {
    REQUIRE_MPI();
    TempDir dir;
    write_file(dir / "bad.yaml", std::string(kSpec) + "unknown_field: 1\n");
    const Command c = run_mpi(3, "run " + dir / "bad.yaml" + " -q --out " + dir / "bad.h5", dir);
    CHECK(c.code == 1);
    std::size_t ours = 0;
    for (std::size_t at = c.err.find("dplab run:"); at != std::string::npos; at = c.err.find("dplab run:", at + 1)) ++ours;
    CHECK(ours == 1);
    CHECK_CONTAINS(c.err, "unknown_field");
    CHECK_FALSE(std::filesystem::exists(dir / "bad.h5"));
  }
}
