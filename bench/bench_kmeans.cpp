// The k-means assignment step on Birch3 (100,000 points, k = 20), single thread: the hot path
// of budget_series Figs 13-14. Target: at most 3 ms per iteration (bench/run.sh compares with
// scikit-learn's Lloyd iteration on the same data in the same run).
#include <benchmark/benchmark.h>

#include "algorithms/budget_series/dp_kmeans.hpp"
#include "algorithms/clustering/assign.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace {

// Birch3 scaled to [-1, 1] (loaded once), or null with the benchmark marked skipped.
const dplab::PointSet* birch3_scaled(benchmark::State& state) {
  static std::shared_ptr<const dplab::Dataset> ds;
  static std::string error;
  if (!ds && error.empty()) {
    try {
      dplab::DatasetRef ref;
      ref.name = "birch3";
      ref.transforms.push_back(dplab::TransformRef{"scale", {}, 0});
      ds = dplab::load_resolved(dplab::resolve_dataset(ref, "bench", "dataset"));
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  if (!ds) state.SkipWithError(error.c_str());
  return ds ? &dynamic_cast<const dplab::PointSet&>(*ds) : nullptr;
}

void BM_KmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = birch3_scaled(state);
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  const std::size_t k = static_cast<std::size_t>(state.range(0));
  dplab::Stream s(1, 2, 3);
  std::vector<double> centroids = dplab::budget_series::uniform_centroids(s, k, data.d);
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  for (auto _ : state) {
    dplab::clustering::assign_and_accumulate(data, centroids, k, acc, scratch);
    dplab::clustering::update_means(acc, data.d, centroids);
    benchmark::DoNotOptimize(centroids.data());
  }
}
BENCHMARK(BM_KmeansIterationBirch3)->Arg(20)->Unit(benchmark::kMillisecond);

// One whole DP iteration (assignment + the two Laplace releases + update).
void BM_DpKmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = birch3_scaled(state);
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  dplab::Stream s(1, 2, 3);
  std::vector<double> centroids = dplab::budget_series::uniform_centroids(s, 20, data.d);
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  for (auto _ : state) {
    dplab::PrivacyLedger ledger(0.5);
    dplab::Mechanisms noise(s, ledger);
    dplab::budget_series::dp_kmeans(data, 20, {0.5}, centroids, noise, acc, scratch);
    benchmark::DoNotOptimize(centroids.data());
  }
}
BENCHMARK(BM_DpKmeansIterationBirch3)->Unit(benchmark::kMillisecond);

}  // namespace
