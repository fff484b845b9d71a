// The k-means assignment step on Birch3 (100,000 points scaled to [-1, 1]^2), single thread: the
// hot path of budget_series Figs 13-14. Targets (issue 30): a Lloyd iteration at least 10x
// scikit-learn's on OpenBLAS and 15x on Debian's reference BLAS, CPU time against CPU time in the
// same run (bench/run.sh). .../scalar: the same with the vector paths off. BM_DpKmeansSu is
// diffprivlib's DP k-means (Su et al.'s budget split and iteration count) done by dplab, for
// bench/run.sh's same-run comparison with diffprivlib's KMeans. With DPLAB_BENCH_EXPORT set to a
// directory, the data and the Lloyd start are written there (birch3.data.txt, birch3.init.txt)
// so that the Python peers run on exactly these numbers.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/dplloyd_budgets.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "algorithms/clustering/population_cost.hpp"
#include "bench_support.hpp"
#include "core/simd.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace {

// Lloyd's first kLloydIterations iterations from the same uniform start, as scikit-learn's
// reference (bench/sklearn_kmeans.py) runs them (its start is exported: the same one): the time
// per iteration does not depend on how many iterations the benchmark library chose (a converged
// state assigns differently).
constexpr int kLloydIterations = 20;
constexpr dplab::clustering::Box kBox{-1, 1};

// Birch3 as budget_series scales it, exported once for the Python peers when asked.
const dplab::PointSet* birch3(benchmark::State& state) {
  const dplab::PointSet* data = dplab::bench::dataset<dplab::PointSet>(state, "birch3", {"scale"});
  static bool exported = false;
  const char* dir = std::getenv("DPLAB_BENCH_EXPORT");
  if (data && dir && !exported) {
    exported = true;
    std::ofstream x(std::string(dir) + "/birch3.data.txt");
    x.precision(17);
    for (std::size_t i = 0; i < data->n; ++i) x << data->x[2 * i] << ' ' << data->x[2 * i + 1] << '\n';
    dplab::Stream s(1, 2, 3);
    const std::vector<double> start = dplab::clustering::uniform_centroids(s, 20, 2, kBox);
    std::ofstream c(std::string(dir) + "/birch3.init.txt");
    c.precision(17);
    for (std::size_t i = 0; i < 20; ++i) c << start[2 * i] << ' ' << start[2 * i + 1] << '\n';
  }
  return data;
}

void BM_KmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = birch3(state);
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  const std::size_t k = static_cast<std::size_t>(state.range(0));
  dplab::Stream s(1, 2, 3);
  const std::vector<double> start = dplab::clustering::uniform_centroids(s, k, data.d, kBox);
  std::vector<double> centroids;
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  // Prepared once, as every Lloyd run of the framework does (lloyd_reference, convergent k-means,
  // dp_kmeans): the kernels' rows, and the exact sums' delta updates between iterations. The
  // preparation is outside the clock, as scikit-learn's own (validation, copying) is.
  dplab::clustering::PointBlocks blocks;
  const bool prepared = state.range(1) != 0;
  if (prepared) dplab::clustering::prepare_blocks(data, blocks);
  for (auto _ : state) {
    centroids = start;
    acc.exact_blocks = 0;  // each timed run starts afresh, as the first iteration of a run does
    for (int it = 0; it < kLloydIterations; ++it) {
      dplab::clustering::assign_and_accumulate(data, centroids, k, acc, scratch, prepared ? &blocks : nullptr);
      dplab::clustering::update_means(acc, data.d, centroids);
    }
    benchmark::DoNotOptimize(centroids.data());
  }
  state.counters["lloyd_iterations"] = kLloydIterations;  // bench/run.sh divides the time by it
}
// Args: k, prepared (1: the points prepared once, as the framework's runs have them; 0: not).
BENCHMARK(BM_KmeansIterationBirch3)
    ->Args({3, 1})->Args({5, 1})->Args({15, 1})->Args({20, 1})->Args({3, 0})->Args({20, 0})
    ->Unit(benchmark::kMillisecond);

void BM_KmeansIterationBirch3Scalar(benchmark::State& state) {
  const dplab::simd::Level saved = dplab::simd::level();
  dplab::simd::set_level(dplab::simd::Level::scalar);
  BM_KmeansIterationBirch3(state);
  dplab::simd::set_level(saved);
}
BENCHMARK(BM_KmeansIterationBirch3Scalar)->Args({3, 1})->Args({20, 1})->Unit(benchmark::kMillisecond);

// The k-means cost J (lu_thesis eq. 7.1; PrivGene's fitness) of 20 centroids on Birch3.
void BM_KmeansCostBirch3(benchmark::State& state) {
  const dplab::PointSet* data = birch3(state);
  if (!data) return;
  dplab::Stream s(1, 2, 3);
  const std::vector<double> c = dplab::clustering::uniform_centroids(s, 20, 2, kBox);
  for (auto _ : state) benchmark::DoNotOptimize(dplab::clustering::kmeans_cost(*data, c, 20));
}
BENCHMARK(BM_KmeansCostBirch3)->Unit(benchmark::kMillisecond);

// The same cost with the points prepared once in the kernels' layout (prepare_blocks), as PrivGene
// and every Lloyd run now take them: the per-pass centring and transposition saved. k = 5 is
// PrivGene's k on Birch2 in lu_thesis Fig 7.7, k = 20 the line above's.
void BM_KmeansCostBirch3Prepared(benchmark::State& state) {
  const dplab::PointSet* data = birch3(state);
  if (!data) return;
  const auto k = static_cast<std::size_t>(state.range(0));
  dplab::Stream s(1, 2, 3);
  const std::vector<double> c = dplab::clustering::uniform_centroids(s, k, 2, kBox);
  dplab::clustering::PointBlocks blocks;
  dplab::clustering::prepare_blocks(*data, blocks);
  for (auto _ : state) benchmark::DoNotOptimize(dplab::clustering::kmeans_cost(*data, c, k, &blocks));
}
BENCHMARK(BM_KmeansCostBirch3Prepared)->Arg(5)->Arg(20)->Unit(benchmark::kMillisecond);

// The cost's two paths (assignment_cost's CostPath; the same bits) on 12,000 uniform points in
// [0, 1]^d, the size of lu_thesis's Birch2, at PrivGene's (d, k) in Fig 7.7 and its substitutes
// (2-D with k = 3, 5, 15; 3-D and 10-D with k = 3) and around them (k = 2 to 8, 16-D) to find
// where the paths cross. Args: d, k, path (1: ranked, 2: least). assign.cpp's least_pays picks
// the path from these timings.
void BM_KmeansCostPaths(benchmark::State& state) {
  const auto d = static_cast<std::size_t>(state.range(0)), k = static_cast<std::size_t>(state.range(1));
  const auto path = static_cast<dplab::clustering::CostPath>(state.range(2));
  dplab::Stream s(4, 5, 6);
  dplab::PointSet data;
  data.n = 12000;
  data.d = d;
  data.x = dplab::clustering::uniform_centroids(s, data.n, d, {0, 1});
  const std::vector<double> c = dplab::clustering::uniform_centroids(s, k, d, {0, 1});
  dplab::clustering::PointBlocks blocks;
  dplab::clustering::prepare_blocks(data, blocks);
  std::vector<double> scratch;
  std::vector<float> kernel_scratch;
  for (auto _ : state)
    benchmark::DoNotOptimize(dplab::clustering::assignment_cost(data, c, k, scratch, kernel_scratch, &blocks, path));
}
BENCHMARK(BM_KmeansCostPaths)
    ->ArgsProduct({{2}, {3, 5, 8, 15}, {1, 2}})
    ->ArgsProduct({{3}, {2, 3, 5}, {1, 2}})
    ->ArgsProduct({{10}, {1, 3, 5, 8}, {1, 2}})
    ->ArgsProduct({{16}, {3, 8}, {1, 2}})
    ->Unit(benchmark::kMicrosecond);

// A PrivGene generation's m = 200 costs (population_cost.hpp), on uniform points in [0, 1]^d of
// the size of lu_thesis's substitutes (Lifesci: 26,733 x 10; Image: 34,112 x 3) and Birch2
// (12,000 x 2): ten random parents, their offspring by crossover and one mutated coordinate, as
// privgene.cpp makes them. Args: d, k, n, way (0: kmeans_cost one candidate at a time; 1:
// population_costs, the parents' centroids' distances stored once). The same bits either way.
void BM_PopulationCosts(benchmark::State& state) {
  const auto d = static_cast<std::size_t>(state.range(0)), k = static_cast<std::size_t>(state.range(1));
  dplab::Stream s(4, 5, 6);
  dplab::PointSet data;
  data.n = static_cast<std::size_t>(state.range(2));
  data.d = d;
  data.x = dplab::clustering::uniform_centroids(s, data.n, d, {0, 1});
  dplab::clustering::PointBlocks blocks;
  dplab::clustering::prepare_blocks(data, blocks);
  const std::size_t len = k * d;
  std::vector<std::vector<double>> parents(10), population;
  for (auto& p : parents) p = dplab::clustering::uniform_centroids(s, k, d, {0, 1});
  while (population.size() < 200) {
    const std::size_t a = s.below(10);
    std::size_t b = s.below(9);
    if (b >= a) ++b;
    std::vector<double> x = parents[a], y = parents[b];
    for (std::size_t j = 1 + s.below(len - 1); j < len; ++j) std::swap(x[j], y[j]);
    for (auto* child : {&x, &y}) {
      (*child)[s.below(len)] = s.uniform();
      population.push_back(*child);
    }
  }
  for (auto _ : state) {
    if (state.range(3) == 1) {
      benchmark::DoNotOptimize(dplab::clustering::population_costs(data, population, k, blocks));
    } else {
      for (const auto& cand : population)
        benchmark::DoNotOptimize(dplab::clustering::kmeans_cost(data, cand, k, &blocks));
    }
  }
}
BENCHMARK(BM_PopulationCosts)
    ->ArgsProduct({{10}, {3}, {26733}, {0, 1}})
    ->ArgsProduct({{3}, {3}, {34112}, {0, 1}})
    ->ArgsProduct({{2}, {5}, {12000}, {0, 1}})
    ->ArgsProduct({{2}, {15}, {5000}, {0, 1}})
    ->ArgsProduct({{4}, {3}, {150, 1000, 2000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

// One whole DP iteration (assignment + the two Laplace releases + update). Arg 0: the counts and
// sums from every point's label (assign_and_accumulate); 1: from the filter tree, as dp_kmeans
// and the noisy Lloyd plugins take them (filter_tree.hpp; the same bits).
void BM_DpKmeansIterationBirch3(benchmark::State& state) {
  const dplab::PointSet* loaded = birch3(state);
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  dplab::Stream s(1, 2, 3);
  std::vector<double> centroids = dplab::clustering::uniform_centroids(s, 20, data.d, kBox);
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  dplab::clustering::PointBlocks blocks;  // prepared once, as dp_kmeans does for a trial's N passes
  dplab::clustering::prepare_blocks(data, blocks);
  dplab::clustering::FilterTree tree;
  if (state.range(0) == 1) dplab::clustering::build_filter_tree(data, tree);
  const dplab::clustering::FilterTree* filter = state.range(0) == 1 ? &tree : nullptr;
  for (auto _ : state) {
    dplab::PrivacyLedger ledger(0.5);
    dplab::Mechanisms noise(s, ledger);
    dplab::clustering::noisy_lloyd_step(data, 20, 0.25, 0.25, kBox, centroids, noise, acc, scratch, &blocks, filter);
    benchmark::DoNotOptimize(centroids.data());
  }
}
BENCHMARK(BM_DpKmeansIterationBirch3)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// One DP k-means fit as diffprivlib's KMeans does it (Su et al.'s iteration count and count/sum
// split for eps = 0.5, k = 20, on the same data): a uniform start in the box, the noisy Lloyd
// iterations, then the k-means cost of the result. Each fit draws new noise (trial = fit), so
// the counter "cost" is the mean over the fits timed.
void BM_DpKmeansSu(benchmark::State& state) {
  const dplab::PointSet* loaded = birch3(state);
  if (!loaded) return;
  const dplab::PointSet& data = *loaded;
  const std::size_t k = 20;
  const double eps = 0.5;
  const auto schedule = dplab::clustering::su_budgets(eps, data.n, k, data.d);
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  double cost = 0;
  std::uint64_t fit = 0;
  // The data prepared once, as a run shares them among its trials (shared_blocks.hpp), and its
  // filter tree (the plugins' noisy iterations take their counts and sums from it).
  dplab::clustering::PointBlocks blocks;
  dplab::clustering::prepare_blocks(data, blocks);
  dplab::clustering::FilterTree tree;
  dplab::clustering::build_filter_tree(data, tree);
  for (auto _ : state) {
    dplab::Stream s(7, 8, fit++);
    std::vector<double> centroids = dplab::clustering::uniform_centroids(s, k, data.d, kBox);
    dplab::PrivacyLedger ledger(eps);
    dplab::Mechanisms noise(s, ledger);
    dplab::clustering::noisy_lloyd(data, k, schedule.budgets, kBox, centroids, noise, acc, scratch, &blocks, &tree);
    cost += dplab::clustering::kmeans_cost(data, centroids, k, &blocks);
  }
  state.counters["cost"] = cost / static_cast<double>(state.iterations());
  state.counters["dp_iterations"] = schedule.iterations;
}
BENCHMARK(BM_DpKmeansSu)->Unit(benchmark::kMillisecond);

}  // namespace
