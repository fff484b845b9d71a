// Runs of the audited algorithm for `dplab audit`: run i of a side draws from
// Stream(seed, key, i), so what the audit sees is the same for any thread count. The search
// keeps every run's features (a FeatureTable); the test only counts the chosen events, run by
// run, so that it can afford many more runs than memory would hold.
#pragma once
#include <cstdint>
#include <vector>

#include "framework/audit/events.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::audit {

// What every run shares: the algorithm with its parameters and budget, the public inputs'
// seed, and the release's features.
struct RunSetup {
  const Algorithm* alg = nullptr;
  const Params* params = nullptr;
  double budget = 0, delta = 0;
  const FeatureLayout* layout = nullptr;
  std::uint64_t seed = 1;
  int threads = 0;  // 0: OpenMP default
  Mechanisms::Noise noise = Mechanisms::Noise::fast;
};

// Runs 0 .. count-1 of the stream `key` on one dataset, their features kept.
FeatureTable sample_table(const RunSetup& s, const Dataset& data, std::uint64_t key, std::size_t count);

// How many of runs 0 .. count-1 of the stream `key` satisfy each event.
std::vector<std::size_t> count_events(const RunSetup& s, const Dataset& data, std::uint64_t key, std::size_t count,
                                      const std::vector<Event>& events);

// CPU seconds this process has used (all threads).
double process_cpu_seconds();

// CPU seconds one run costs, measured on `runs` runs of a pilot stream (never used otherwise).
double cpu_seconds_per_run(const RunSetup& s, const Dataset& data, std::size_t runs);

}  // namespace dplab::audit
