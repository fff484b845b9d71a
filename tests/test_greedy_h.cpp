// greedyH (DAWA stage 2, algorithms/baselines/greedy_h.hpp) against DPBench's: on cases whose
// partition, workload and DPBench strategy were computed once by running ektelo's code
// (bench/dpbench_greedy_h_fixture.py -> tests/fixtures/greedy_h/), our strategy's exact error
// trace(Q (A^T A)^+ Q^T) must be at most DPBench's. Also: the node split against a fine grid.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/greedy_h.hpp"
#include "algorithms/baselines/hierarchy.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "datasets/text_file.hpp"
#include "dplab_test_paths.hpp"

using namespace dplab;
using namespace dplab::baselines;

namespace {

struct FixtureCase {
  std::string name;
  linear_queries::Workload W;
  Buckets buckets;
  double dpbench_objective = 0;
};

FixtureCase read_case(const std::filesystem::path& path) {
  FixtureCase c;
  c.name = path.filename().string();
  std::istringstream in(read_text_file(path.string()));
  std::string line, key;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    ls >> key;
    if (key == "n") {
      ls >> c.W.n;
    } else if (key == "bounds") {
      c.buckets.bounds.clear();
      std::uint32_t b;
      while (ls >> b) c.buckets.bounds.push_back(b);
    } else if (key == "queries") {
      std::size_t m = 0;
      ls >> m;
      // A line lists the query's runs "<begin> <end> ...": one for a range, several for a 2-D
      // rectangle read along the Hilbert curve (the fixture script's dawa-2d cases).
      for (std::size_t i = 0; i < m && std::getline(in, line); ++i) {
        std::istringstream q(line);
        std::uint32_t begin = 0, end = 0;
        while (q >> begin >> end) c.W.runs.push_back({begin, end});
        c.W.offsets.push_back(c.W.runs.size());
      }
    } else if (key == "dpbench_objective") {
      ls >> c.dpbench_objective;
    }
  }
  return c;
}

// The fixture's cases, and those of $DPLAB_GREEDY_H_MORE if set (a folder written by
// bench/dpbench_greedy_h_fixture.py ... more: 24 further cases, checked once for docs/papers/workload_division.md;
// or ... hepth-1e5: ektelo's DAWA trials of the cross-check's HEPTH cell, bench/dawa_hepth_stage2.sh;
// or ... dawa-2d: ektelo's 2-D DAWA trials of the 64 x 64 cross-check, bench/dawa_2d_stage2.sh).
std::vector<std::filesystem::path> fixture_files() {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> dirs = {std::string(DPLAB_TEST_FIXTURES) + "/greedy_h"};
  if (const char* more = std::getenv("DPLAB_GREEDY_H_MORE")) dirs.push_back(more);
  for (const auto& dir : dirs)
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().string().ends_with(".txt.gz")) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_SUITE("greedy_h") {

TEST_CASE("ours is at least as good as DPBench's greedyH on its own cases") {
  const auto files = fixture_files();
  REQUIRE(files.size() >= 6);
  for (const auto& f : files) {
    const FixtureCase c = read_case(f);
    CAPTURE(c.name);
    REQUIRE(c.W.queries() == 2000);
    REQUIRE(c.buckets.bounds.back() == c.W.n);
    REQUIRE(c.dpbench_objective > 0);
    const BucketWorkload Q = reduce_workload(c.W, c.buckets);
    const GreedyHResult ours = greedy_h(Q);
    CHECK(strategy_sensitivity(ours.H) == doctest::Approx(1.0).epsilon(1e-12));
    // Undamped local minimum (the previous greedyH) and DPBench's decay alone, for the record.
    const double undamped = strategy_error(Q, greedy_h_with(Q, 1, 0));
    const double decay2 = strategy_error(Q, greedy_h_with(Q, 2, 0));
    MESSAGE(c.name << ": " << Q.buckets << " buckets; DPBench " << c.dpbench_objective << ", ours "
                   << ours.error << " (" << ours.error / c.dpbench_objective << "x, base " << ours.base
                   << ", exponent " << ours.exponent << "); undamped " << undamped / c.dpbench_objective
                   << "x, decay 2 alone " << decay2 / c.dpbench_objective << "x");
    CHECK(ours.error <= c.dpbench_objective * (1 + 1e-9));
  }
}

TEST_CASE("the node split is the minimum over p in [0.01, 1]") {
  // Against 20,000 grid points (and the ends): never worse than the grid by more than rounding.
  Stream s(3, 1, 4);
  int interior = 0;
  for (int rep = 0; rep < 3000; ++rep) {
    const double k = std::exp(6 * s.uniform() - 2), d = std::pow(2.0, -static_cast<double>(s.below(12)) / 2);
    const double sv = std::exp(8 * s.uniform());
    // m up to what the undamped error allows (m <= s k), often close to it (interior minima),
    // m0 a share of it; sometimes above, as the damped heuristic can produce.
    const double share = rep % 3 == 0 ? 1 + s.uniform() : rep % 3 == 1 ? 1 - std::pow(10.0, -6 * s.uniform()) : s.uniform();
    const double m = sv * k * share, m0 = m * s.uniform();
    auto err = [&](double p) {
      const double q = (1 - p) * (1 - p);
      return (sv - ((m - m0) * d + m0) * q * d / (p * p + q * d * k)) / (p * p);
    };
    const double p = best_split(sv, k, m, m0, d);
    REQUIRE(p >= 0.01 - 1e-15);
    REQUIRE(p <= 1);
    double grid = err(1.0);
    for (int i = 0; i <= 20000; ++i) grid = std::min(grid, err(0.01 + 0.99 * i / 20000.0));
    CHECK(err(p) <= grid + 1e-9 * std::fabs(grid) + 1e-12);
    interior += p > 0.0101 && p < 0.9999;
  }
  CHECK(interior > 100);  // the interior root is exercised (135 of 3,000 here), not only the ends
}

}  // TEST_SUITE
