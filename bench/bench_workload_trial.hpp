// One trial of a workload baseline (a linear_queries::WorkloadAlgorithm such as baselines.dawa)
// per benchmark iteration, one thread: the unit in which bench/peers.sh compares dplab with
// ektelo's plans. As ektelo's plans are timed (Run alone, the workload built before), the
// trial's workload is generated before the clock starts (kWorkloads workloads, used in turn);
// each iteration is one run_algorithm: the plugin's whole trial including its answers W x^, as
// the runner times it. Shared by bench_baselines.cpp and bench_dpbench.cpp (1-D and 2-D).
#pragma once
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "algorithms/linear_queries/trial_workload.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace dplab::bench {

constexpr std::uint64_t kWorkloads = 8;
constexpr std::uint64_t kWorkloadSeed = 20240611;

// eps, 2,000 queries and `extra` (e.g. partition_noise, root) over the defaults; the 1-D
// algorithms are told the workload (RandomRange), the 2-D ones have one (random rectangles).
inline Params workload_params(const Algorithm& alg, double eps, const Params& extra, bool two_d = false) {
  Params given;
  given.set("eps", eps);
  if (!two_d) given.set("workload", std::string("random_range"));
  given.set("queries", std::int64_t{2000});
  for (const auto& [name, value] : extra.all()) given.set(name, value);
  return with_defaults(alg.info().params, given);
}

// The timed loop, for a 1-D or 2-D histogram whose workloads of `shape` are built beforehand.
template <class Data>
void timed_trials(benchmark::State& state, const Data& h, const Algorithm& alg, const Params& params, double eps,
                  const linear_queries::WorkloadShape& shape) {
  for (std::uint64_t t = 0; t < kWorkloads; ++t) linear_queries::trial_workload({kWorkloadSeed, t}, shape);
  Scratch scratch;  // per thread for the whole run, as the runner does
  std::uint64_t iteration = 0;
  double buckets = 0;
  for (auto _ : state) {
    const std::uint64_t t = iteration % kWorkloads;
    const AlgorithmRun r = run_algorithm(alg, params, eps, &h, Stream(1, 2, iteration), {kWorkloadSeed, t}, scratch);
    if (r.outputs.has_scalar("buckets")) buckets += r.outputs.scalar("buckets");
    benchmark::DoNotOptimize(r.outputs.vector("answers").data());
    ++iteration;
  }
  if (buckets > 0) state.counters["buckets"] = buckets / static_cast<double>(iteration);
}

inline void workload_trial(benchmark::State& state, const Histogram& h, const std::string& name, const Params& extra,
                           double eps) {
  const Algorithm& alg = find_algorithm(name);
  const Params params = workload_params(alg, eps, extra);
  timed_trials(state, h, alg, params, eps,
               linear_queries::workload_shape(params, static_cast<std::uint32_t>(h.counts.size())));
}

// The 2-D twin: eps, 2,000 random rectangles (DPBench's 2-D workload) and `extra`.
inline void workload_trial_2d(benchmark::State& state, const Histogram2D& h, const std::string& name,
                              const Params& extra, double eps) {
  const Algorithm& alg = find_algorithm(name);
  const Params params = workload_params(alg, eps, extra, true);
  timed_trials(state, h, alg, params, eps,
               linear_queries::workload_shape_2d(params, static_cast<std::uint32_t>(h.rows),
                                                 static_cast<std::uint32_t>(h.cols)));
}

}  // namespace dplab::bench
