// WaveCluster on 1,000,000 points at g = 80 (wavecluster's Gowalla setting), single thread:
// quantisation, level-1 Haar, the percentile threshold and 8-neighbour connected components,
// on the Gowalla substitute. bench/run.sh times the Python reference (numpy histogram2d +
// PyWavelets dwt2 + scipy.ndimage.label, bench/wavecluster_reference.py) in the same run.
// Target: dplab at least 10x faster.
#include <benchmark/benchmark.h>

#include "algorithms/wavecluster/wavecluster.hpp"
#include "bench_support.hpp"

namespace {

using namespace dplab;
using namespace dplab::wavecluster;

void BM_WaveCluster1M(benchmark::State& state) {
  const PointSet* data = bench::dataset<PointSet>(state, "gowalla_1m_substitute");
  if (!data) return;
  const std::size_t g = static_cast<std::size_t>(state.range(0));
  const CellGrid fine{0, 256, 0, 256, g, g};
  Clustering c;
  for (auto _ : state) {
    const std::vector<double> m = quantise(*data, fine);
    const std::vector<double> w = haar_approximation(m, g);
    const std::vector<double> l = positive_sorted(w);
    c = cluster_cells(w, g / 2, percentile(l, 31, PercentileRule::Weibull), false, 8);
    benchmark::DoNotOptimize(c.labels.data());
  }
  state.counters["points"] = double(data->n);
  state.counters["k"] = double(c.significant);
  state.counters["clusters"] = double(c.clusters);
}
BENCHMARK(BM_WaveCluster1M)->Arg(80)->Unit(benchmark::kMillisecond);

// The steps apart: quantisation dominates (one pass over the points); the rest works on 6,400 cells.
void BM_WaveClusterQuantise1M(benchmark::State& state) {
  const PointSet* data = bench::dataset<PointSet>(state, "gowalla_1m_substitute");
  if (!data) return;
  const CellGrid fine{0, 256, 0, 256, 80, 80};
  for (auto _ : state) benchmark::DoNotOptimize(quantise(*data, fine).data());
}
BENCHMARK(BM_WaveClusterQuantise1M)->Unit(benchmark::kMillisecond);

}  // namespace
