// The k-means assignment step on Birch3 (100,000 points, k = 20), single thread: the hot path
// of budget_series Figs 13-14. Target: at least 3x scikit-learn's Lloyd iteration on the same
// data in the same run (bench/run.sh). .../scalar: the same with the vector paths off.
#include <benchmark/benchmark.h>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"
#include "bench_support.hpp"
#include "core/simd.hpp"

namespace {

// Lloyd's first kLloydIterations iterations from the same uniform start, as scikit-learn's
// reference (bench/sklearn_kmeans.py) runs them: the time per iteration does not depend on how
// many iterations the benchmark library chose (a converged state assigns differently).
constexpr int kLloydIterations = 20;

void BM_KmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = dplab::bench::dataset<dplab::PointSet>(state, "birch3", {"scale"});
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  const std::size_t k = static_cast<std::size_t>(state.range(0));
  dplab::Stream s(1, 2, 3);
  const std::vector<double> start = dplab::clustering::uniform_centroids(s, k, data.d, {-1, 1});
  std::vector<double> centroids;
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  for (auto _ : state) {
    centroids = start;
    for (int it = 0; it < kLloydIterations; ++it) {
      dplab::clustering::assign_and_accumulate(data, centroids, k, acc, scratch);
      dplab::clustering::update_means(acc, data.d, centroids);
    }
    benchmark::DoNotOptimize(centroids.data());
  }
  state.counters["lloyd_iterations"] = kLloydIterations;  // bench/run.sh divides the time by it
}
BENCHMARK(BM_KmeansIterationBirch3)->Arg(3)->Arg(5)->Arg(8)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_KmeansIterationBirch3Scalar(benchmark::State& state) {
  const dplab::simd::Level saved = dplab::simd::level();
  dplab::simd::set_level(dplab::simd::Level::scalar);
  BM_KmeansIterationBirch3(state);
  dplab::simd::set_level(saved);
}
BENCHMARK(BM_KmeansIterationBirch3Scalar)->Arg(3)->Arg(5)->Arg(8)->Arg(20)->Unit(benchmark::kMillisecond);

// One whole DP iteration (assignment + the two Laplace releases + update).
void BM_DpKmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = dplab::bench::dataset<dplab::PointSet>(state, "birch3", {"scale"});
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  dplab::Stream s(1, 2, 3);
  std::vector<double> centroids = dplab::clustering::uniform_centroids(s, 20, data.d, {-1, 1});
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  for (auto _ : state) {
    dplab::PrivacyLedger ledger(0.5);
    dplab::Mechanisms noise(s, ledger);
    dplab::clustering::noisy_lloyd_step(data, 20, 0.25, 0.25, {-1, 1}, centroids, noise, acc, scratch);
    benchmark::DoNotOptimize(centroids.data());
  }
}
BENCHMARK(BM_DpKmeansIterationBirch3)->Unit(benchmark::kMillisecond);

}  // namespace
