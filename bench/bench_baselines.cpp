// The workload baselines (baselines.identity, .mwem, .dawa) one trial at a time, one thread, on
// ADULT and INCOME (n = 4096) with 2,000 RandomRange queries at eps = 0.1 and 1: the setting in
// which bench/peers.sh times ektelo's (DPBench's) Identity, MWEM and DAWA in the same run.
// As ektelo's plans are timed (Run alone, the workload built before), the trial's workload is
// generated before the clock starts (eight workloads, used in turn); each iteration is one
// run_algorithm: the plugin's whole trial including its answers W x^, as the runner times it.
//   BM_Baseline/<algorithm>/<dataset>/<eps>
// Also the pieces: DAWA's stage 1 (exact partition), greedyH on its buckets, and generating a
// workload (what the first algorithm of a trial pays, the others reading the cache).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/greedy_h.hpp"
#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/linear_queries/trial_workload.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "bench_support.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace {

constexpr std::uint64_t kWorkloads = 8;
constexpr std::uint64_t kSeed = 20240611;

dplab::Params params_for(const dplab::Algorithm& alg, double eps, const std::string& noise) {
  dplab::Params given;
  given.set("eps", eps);
  given.set("workload", std::string("random_range"));
  given.set("queries", std::int64_t{2000});
  if (!noise.empty()) given.set("partition_noise", noise);
  return dplab::with_defaults(alg.info().params, given);
}

void baseline_trial(benchmark::State& state, const std::string& name, const std::string& noise,
                    const std::string& dataset, double eps) {
  const auto* h = dplab::bench::dataset<dplab::Histogram>(state, dataset);
  if (!h) return;
  const dplab::Algorithm& alg = dplab::find_algorithm(name);
  const dplab::Params params = params_for(alg, eps, noise);
  const auto shape = dplab::linear_queries::workload_shape(params, static_cast<std::uint32_t>(h->counts.size()));
  for (std::uint64_t t = 0; t < kWorkloads; ++t) dplab::linear_queries::trial_workload({kSeed, t}, shape);
  dplab::Scratch scratch;  // per thread for the whole run, as the runner does
  std::uint64_t iteration = 0;
  double buckets = 0;
  for (auto _ : state) {
    const std::uint64_t t = iteration % kWorkloads;
    const dplab::AlgorithmRun r =
        dplab::run_algorithm(alg, params, eps, h, dplab::Stream(1, 2, iteration), {kSeed, t}, scratch);
    if (r.outputs.has_scalar("buckets")) buckets += r.outputs.scalar("buckets");
    benchmark::DoNotOptimize(r.outputs.vector("answers").data());
    ++iteration;
  }
  if (buckets > 0) state.counters["buckets"] = buckets / static_cast<double>(iteration);
}

// DAWA's two stages alone, at eps = 1 (stage 1: 1/4 of it).
void BM_DawaPartition(benchmark::State& state, const std::string& dataset, dplab::baselines::PartitionNoise noise) {
  const auto* h = dplab::bench::dataset<dplab::Histogram>(state, dataset);
  if (!h) return;
  dplab::baselines::IntervalValues work;
  dplab::Stream s(1, 2, 3);
  double buckets = 0, runs = 0;
  for (auto _ : state) {
    dplab::PrivacyLedger ledger(1.0);
    dplab::Mechanisms m(s, ledger);
    const auto b = dplab::baselines::private_l1_partition(h->counts, dplab::baselines::IntervalFamily::All, noise, 0.25,
                                                          0.75, m, &work);
    buckets += static_cast<double>(b.size());
    ++runs;
  }
  state.counters["buckets"] = buckets / runs;
}

void BM_GreedyH(benchmark::State& state, const std::string& dataset, dplab::baselines::PartitionNoise noise) {
  const auto* h = dplab::bench::dataset<dplab::Histogram>(state, dataset);
  if (!h) return;
  dplab::Stream s(1, 2, 3);
  dplab::PrivacyLedger ledger(1.0);
  dplab::Mechanisms m(s, ledger);
  const auto b = dplab::baselines::private_l1_partition(h->counts, dplab::baselines::IntervalFamily::All, noise, 0.25,
                                                        0.75, m);
  dplab::linear_queries::WorkloadShape shape;
  shape.kind = "random_range";
  shape.n = static_cast<std::uint32_t>(h->counts.size());
  const auto W = dplab::linear_queries::trial_workload({kSeed, 0}, shape);
  for (auto _ : state) {
    const auto Q = dplab::baselines::reduce_workload(W->W, b);
    const auto r = dplab::baselines::greedy_h(Q);
    benchmark::DoNotOptimize(r.error);
  }
  state.counters["buckets"] = static_cast<double>(b.size());
}

// What the first algorithm of a trial pays when it generates the trial's workload (the others
// find it in trial_workload's cache): 2,000 queries over n = 4096.
void BM_GenerateWorkload(benchmark::State& state, const std::string& kind) {
  dplab::linear_queries::WorkloadShape shape;
  shape.kind = kind;
  std::uint64_t trial = 0;
  for (auto _ : state) {
    dplab::Stream s = dplab::TrialSeeds{kSeed, trial++}.public_stream(shape.key());
    const auto g = dplab::linear_queries::generate_workload(shape, s);
    benchmark::DoNotOptimize(g.sensitivity);
  }
}
BENCHMARK_CAPTURE(BM_GenerateWorkload, hot_normal, std::string("hot_normal"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_GenerateWorkload, random_range, std::string("random_range"))->Unit(benchmark::kMicrosecond);

const bool registered = [] {
  struct Alg {
    const char* label;
    const char* name;
    const char* noise;
  };
  const Alg algs[] = {{"identity", "baselines.identity", ""},
                      {"mwem", "baselines.mwem", ""},
                      {"dawa_dpbench_noise", "baselines.dawa", "reference"},
                      {"dawa_provable", "baselines.dawa", "provable"}};
  for (const Alg& a : algs)
    for (const char* ds : {"adult", "income"})
      for (double eps : {0.1, 1.0}) {
        const std::string name = std::string("BM_Baseline/") + a.label + "/" + ds + "/eps" + (eps < 1 ? "0.1" : "1");
        const std::string alg = a.name, noise = a.noise, dataset = ds;
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) { baseline_trial(st, alg, noise, dataset, eps); })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
  using dplab::baselines::PartitionNoise;
  for (const char* ds : {"adult", "income"})
    for (PartitionNoise noise : {PartitionNoise::Reference, PartitionNoise::Provable}) {
      const std::string suffix = std::string(ds) + (noise == PartitionNoise::Reference ? "/dpbench_noise" : "/provable");
      const std::string dataset = ds;
      benchmark::RegisterBenchmark(("BM_DawaPartition/" + suffix).c_str(),
                                   [=](benchmark::State& st) { BM_DawaPartition(st, dataset, noise); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark(("BM_GreedyH/" + suffix).c_str(),
                                   [=](benchmark::State& st) { BM_GreedyH(st, dataset, noise); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  return true;
}();

}  // namespace
