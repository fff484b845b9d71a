// The workload baselines (baselines.identity, .mwem, .dawa) one trial at a time, one thread, on
// ADULT and INCOME (n = 4096) with 2,000 RandomRange queries at eps = 0.1 and 1: the setting in
// which bench/peers.sh times ektelo's (DPBench's) Identity, MWEM and DAWA in the same run.
// One trial per iteration as bench_workload_trial.hpp times it (the workload built before the
// clock, as ektelo's plans are timed). bench_dpbench.cpp times the others on DPBench's data.
//   BM_Baseline/<algorithm>/<dataset>/<eps>
// Also the pieces: DAWA's stage 1 (exact partition), greedyH on its buckets, SF's V-optimal table
// (k = 410 on the whole histogram, scalar and vector scans: the same bits), and generating a
// workload (what the first algorithm of a trial pays, the others reading the cache).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/greedy_h.hpp"
#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/baselines/structure_first.hpp"
#include "algorithms/linear_queries/trial_workload.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "bench_support.hpp"
#include "bench_workload_trial.hpp"
#include "core/simd.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace {

constexpr std::uint64_t kSeed = dplab::bench::kWorkloadSeed;

void baseline_trial(benchmark::State& state, const std::string& name, const std::string& noise,
                    const std::string& dataset, double eps) {
  const auto* h = dplab::bench::dataset<dplab::Histogram>(state, dataset);
  if (!h) return;
  dplab::Params extra;
  if (!noise.empty()) extra.set("partition_noise", noise);
  dplab::bench::workload_trial(state, *h, name, extra, eps);
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

// SF's V-optimal table (structure_first.hpp) as DPBench's k = ceil(n / 10) builds it, at the
// SIMD level given (the scan eight starts at a time: scalar, two AVX2 vectors or one AVX-512).
void BM_VOptimalTable(benchmark::State& state, const std::string& dataset, dplab::simd::Level level) {
  const auto* h = dplab::bench::dataset<dplab::Histogram>(state, dataset);
  if (!h) return;
  if (dplab::simd::supported() < level) {
    state.SkipWithError("this CPU lacks the SIMD level");
    return;
  }
  dplab::simd::set_level(level);
  const auto n = static_cast<std::uint32_t>(h->counts.size());
  for (auto _ : state) {
    const auto t = dplab::baselines::v_optimal_table(h->counts, dplab::baselines::sf_buckets(n));
    benchmark::DoNotOptimize(t.D.back());
  }
  dplab::simd::set_level(dplab::simd::supported());
  state.SetLabel(std::string(dplab::simd::name(level)) + " scan");
}
BENCHMARK_CAPTURE(BM_VOptimalTable, adult_scalar, std::string("dpbench_adult"), dplab::simd::Level::scalar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, adult_avx2, std::string("dpbench_adult"), dplab::simd::Level::avx2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, adult, std::string("dpbench_adult"), dplab::simd::Level::avx512)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, patent_scalar, std::string("dpbench_patent"), dplab::simd::Level::scalar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, patent_avx2, std::string("dpbench_patent"), dplab::simd::Level::avx2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, patent, std::string("dpbench_patent"), dplab::simd::Level::avx512)->Unit(benchmark::kMillisecond);
// MD-SAL: a sparse shape with a heavy head, where the pruning stops late (about 2 s a trial in SF).
BENCHMARK_CAPTURE(BM_VOptimalTable, md_sal_avx2, std::string("dpbench_md_sal"), dplab::simd::Level::avx2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VOptimalTable, md_sal, std::string("dpbench_md_sal"), dplab::simd::Level::avx512)->Unit(benchmark::kMillisecond);

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
