// Shards: `dplab run SPEC --shard I/N` computes a fixed part of the items; `dplab merge` joins the
// N files into the result one run writes (the same bits except host, threads and timings), and
// refuses files that are not the shards of one run.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/error.hpp"
#include "framework/merge.hpp"
#include "framework/runner.hpp"
#include "framework/store.hpp"
#include "result_compare.hpp"
#include "test_support.hpp"

namespace {

using dplab::testing::check_same_result;
using dplab::testing::Command;
using dplab::testing::done_cells;
using dplab::testing::error_of;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

// A vector metric (k) and a scalar one; the cost of a trial grows with eps.
const char* kSpec = R"(name: sharded
paper: testpaper
algorithm: budget_series.allocation
params: {n: 40, strategy: Geo, protection: probability}
sweep:
  eps: [0.5, 1.0, 2.0]
trials: 14
seed: 5
metrics: [k, min_k]
)";

dplab::RunOptions options(const std::string& spec, const std::string& out, std::size_t i = 0, std::size_t n = 0) {
  dplab::RunOptions o;
  o.spec_path = spec;
  o.out = out;
  o.threads = 2;
  o.quiet = true;
  o.shard_index = i;
  o.shard_count = n;
  return o;
}

std::vector<std::string> run_shards(const TempDir& dir, const std::string& spec, std::size_t n,
                                    const std::string& stem = "s") {
  std::vector<std::string> files;
  for (std::size_t i = 0; i < n; ++i) {
    files.push_back(dir / (stem + std::to_string(i) + ".h5"));
    dplab::run(options(spec, files.back(), i, n));
  }
  return files;
}

}  // namespace

TEST_SUITE("shards") {
  TEST_CASE("N shards partition the items, and merged they equal one run") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    dplab::run(options(dir / "s.yaml", dir / "whole.h5"));
    const auto whole = dplab::read_result(dir / "whole.h5");
    for (std::size_t n : {1u, 3u, 5u}) {
      CAPTURE(n);
      const auto files = run_shards(dir, dir / "s.yaml", n, "n" + std::to_string(n) + "-");
      std::size_t total = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const auto s = dplab::read_result(files[i]);
        CHECK(s.meta.shard == std::to_string(i) + "/" + std::to_string(n));
        total += done_cells(s);
        // Every shard has trials of every point (trial-major interleaving).
        if (n < 5)
          for (std::size_t p = 0; p < s.points; ++p) {
            std::size_t here = 0;
            for (std::size_t t = 0; t < s.trials; ++t) here += s.done[s.cell(p, t)];
            CHECK(here > 0);
          }
      }
      CHECK(total == whole.points * whole.trials);
      std::vector<std::string> reversed(files.rbegin(), files.rend());  // order does not matter
      dplab::merge_to_file(dir / "merged.h5", reversed, false);
      const auto merged = dplab::read_result(dir / "merged.h5");
      check_same_result(merged, whole);
      CHECK(merged.meta.shard.empty());
      CHECK(merged.meta.threads == static_cast<int>(2 * n));
    }
  }

  TEST_CASE("a shard resumes its own items only; a file of another shard or a whole run is refused") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    const auto files = run_shards(dir, dir / "s.yaml", 2);
    const auto again = dplab::run(options(dir / "s.yaml", files[0], 0, 2));
    CHECK(again.computed == 0);
    CHECK(again.already_done == 21);
    CHECK_CONTAINS(error_of([&] { dplab::run(options(dir / "s.yaml", files[0], 1, 2)); }), "holds shard 0/2, not shard 1/2");
    CHECK_CONTAINS(error_of([&] { dplab::run(options(dir / "s.yaml", files[0])); }), "not a whole run");
    CHECK_CONTAINS(error_of([&] { dplab::run(options(dir / "s.yaml", dir / "x.h5", 2, 2)); }), "below the count");
  }

  TEST_CASE("merge refuses what is not the shards of one run") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    const auto files = run_shards(dir, dir / "s.yaml", 3);
    const std::string out = dir / "m.h5";
    // A missing shard, a repeated one.
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {files[0], files[2]}, false); }), "shard(s) 1 of 3 missing");
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {files[0], files[1], files[1], files[2]}, false); }),
                   "is given twice");
    // Another spec (another seed: another hash).
    std::string other = kSpec;
    other.replace(other.find("seed: 5"), 7, "seed: 6");
    write_file(dir / "o.yaml", other);
    const auto others = run_shards(dir, dir / "o.yaml", 3, "o");
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {files[0], others[1], files[2]}, false); }),
                   "the spec (hash) differs");
    // Another split.
    const auto halves = run_shards(dir, dir / "s.yaml", 2, "h");
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {files[0], halves[1], files[2]}, false); }),
                   "of a split into 2");
    // Another code version.
    {
      auto r = dplab::read_result(files[1]);
      r.meta.code_version = "v0.0-other";
      dplab::write_result(dir / "code.h5", r);
    }
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {files[0], dir / "code.h5", files[2]}, false); }),
                   "the code that computed it differs");
    // An unfinished shard: says which command finishes it.
    {
      auto r = dplab::read_result(files[2]);
      for (std::size_t c = 0; c < r.done.size(); ++c)
        if (r.done[c]) { r.done[c] = 0; break; }
      dplab::write_result(dir / "part.h5", r);
    }
    const std::string part = error_of([&] { dplab::merge_to_file(out, {files[0], files[1], dir / "part.h5"}, false); });
    CHECK_CONTAINS(part, "holds 13 of its 14 trials");
    CHECK_CONTAINS(part, "--shard 2/3");
    // A whole run is no shard.
    dplab::run(options(dir / "s.yaml", dir / "whole.h5"));
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(out, {dir / "whole.h5"}, false); }), "not a shard");
    // Nothing was written by the refused merges; OUT of another spec is not overwritten.
    CHECK_FALSE(std::filesystem::exists(out));
    dplab::run(options(dir / "o.yaml", dir / "taken.h5"));
    CHECK_CONTAINS(error_of([&] { dplab::merge_to_file(dir / "taken.h5", files, false); }), "different spec");
    dplab::merge_to_file(dir / "taken.h5", files, true);
    check_same_result(dplab::read_result(dir / "taken.h5"), dplab::read_result(dir / "whole.h5"));
  }
}

TEST_SUITE("cli_e2e_shards") {
  TEST_CASE("dplab run --shard and dplab merge: the same show --csv as one run") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    REQUIRE(run_dplab("run " + dir / "s.yaml" + " -q --out " + dir / "whole.h5", dir).code == 0);
    // Default names: results/<paper>/<name>.shard-I-of-N.h5, relative to the working directory.
    for (int i = 0; i < 2; ++i) {
      const Command c = run_dplab("-C " + dir.path().string() + " run s.yaml -q --shard " + std::to_string(i) + "/2", dir);
      REQUIRE_MESSAGE(c.code == 0, c.err);
    }
    const std::string a = dir / "results/testpaper/sharded.shard-0-of-2.h5", b = dir / "results/testpaper/sharded.shard-1-of-2.h5";
    REQUIRE(std::filesystem::exists(a));
    REQUIRE(std::filesystem::exists(b));
    const Command m = run_dplab("merge " + dir / "merged.h5 " + b + " " + a, dir);
    REQUIRE_MESSAGE(m.code == 0, m.err);
    CHECK_CONTAINS(m.out, "from 2 shards");
    // spec_path differs (s.yaml vs its absolute path): compare the data through show --csv.
    const Command x = run_dplab("show --csv " + dir / "whole.h5", dir), y = run_dplab("show --csv " + dir / "merged.h5", dir);
    REQUIRE(x.code == 0);
    CHECK(x.out == y.out);
    CHECK(x.out.size() > 100);
    const Command bad = run_dplab("run " + dir / "s.yaml" + " --shard 3/3", dir);
    CHECK(bad.code != 0);
    CHECK_CONTAINS(bad.err, "expected I/N with 0 <= I < N");
    const Command one = run_dplab("merge " + dir / "m2.h5 " + a, dir);
    CHECK(one.code == 1);
    CHECK_CONTAINS(one.err, "shard(s) 1 of 2 missing");
  }
}
