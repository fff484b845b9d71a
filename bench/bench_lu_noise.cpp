// The inner loop of lu_thesis chs. 4-5: the noise of one release through n = 10^4 curators and
// c = 5 aggregators, each noise present with its probability (Algorithm 4.1 at the thesis's
// Pr_u = 1e-4, Pr_s = 1e-2; Orig: always), drawn by Mechanisms::laplace_sum (a binomial count
// and a Laplace sum per layer, never a coin per curator), in ns per run. bench/run.sh compares
// it with straightforward numpy in the same run (bench/lu_noise_numpy.py). The naive C++ loop
// (a coin per curator) is here for scale.
#include <benchmark/benchmark.h>

#include "core/rng.hpp"
#include "core/samplers.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"

namespace {

constexpr std::uint64_t kCurators = 10000, kAggregators = 5;
constexpr double kSensitivity = 501.7, kEps = 10, kRatio = 0.75;

void run_layers(benchmark::State& state, double pr_u, double pr_s) {
  dplab::Stream stream(1, 2, 3);
  dplab::PrivacyLedger ledger(1e300);
  dplab::Mechanisms noise(stream, ledger);
  double sink = 0;
  for (auto _ : state) {
    sink += noise.laplace_sum(kCurators, kSensitivity, pr_u, kRatio * kEps, "curators").noise;
    sink += noise.laplace_sum(kAggregators, kSensitivity, pr_s, (1 - kRatio) * kEps, "aggregators").noise;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}

void BM_LuThisWorkRun(benchmark::State& state) { run_layers(state, 1e-4, 1e-2); }
BENCHMARK(BM_LuThisWorkRun);

void BM_LuOrigRun(benchmark::State& state) { run_layers(state, 1.0, 1.0); }
BENCHMARK(BM_LuOrigRun);

// ThisWork at Pr_u = 0.3 (the binomial's inversion path and the gamma sums).
void BM_LuThisWorkRunDense(benchmark::State& state) { run_layers(state, 0.3, 0.3); }
BENCHMARK(BM_LuThisWorkRunDense);

// The same law with a coin per curator and aggregator, as a straightforward loop would draw it.
void BM_LuThisWorkRunNaive(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  const double bu = kSensitivity / (kRatio * kEps), bs = kSensitivity / ((1 - kRatio) * kEps);
  double sink = 0;
  for (auto _ : state) {
    for (std::uint64_t i = 0; i < kCurators; ++i)
      if (s.uniform() < 1e-4) sink += dplab::sample_laplace(s, bu);
    for (std::uint64_t j = 0; j < kAggregators; ++j)
      if (s.uniform() < 1e-2) sink += dplab::sample_laplace(s, bs);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LuThisWorkRunNaive);

}  // namespace
