// WaveCluster on 1,000,000 points at g = 80 (wavecluster's Gowalla setting), single thread:
// quantisation, level-1 Haar, the percentile threshold and 8-neighbour connected components,
// on the Gowalla substitute. bench/run.sh times the Python reference (numpy histogram2d +
// PyWavelets dwt2 + scipy.ndimage.label, bench/wavecluster_reference.py) in the same run.
// Target: dplab at least 10x faster.
#include <benchmark/benchmark.h>

#include "algorithms/wavecluster/wavecluster.hpp"
#include "bench_support.hpp"
#include "framework/runner.hpp"

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

namespace {

// One whole trial of each technique on the Gowalla substitute (eps = 1): what Figs 5-8 repeat
// 70 times per technique on this dataset.
void BM_TechniqueTrialGowalla(benchmark::State& state) {
  const dplab::PointSet* data = dplab::bench::dataset<dplab::PointSet>(state, "gowalla_1m_substitute");
  if (!data) return;
  static const char* const names[] = {"wavecluster.baseline", "wavecluster.privqt", "wavecluster.privthr",
                                      "wavecluster.privthrem"};
  const char* name = names[state.range(0)];
  dplab::Params p;
  p.set("g", dplab::Value(std::int64_t{80}));
  p.set("p", dplab::Value(31.0));
  p.set("xmin", dplab::Value(0.0));
  p.set("xmax", dplab::Value(256.0));
  p.set("ymin", dplab::Value(0.0));
  p.set("ymax", dplab::Value(256.0));
  p.set("eps", dplab::Value(1.0));
  std::uint64_t t = 0;
  for (auto _ : state) {
    auto r = dplab::run_algorithm(name, p, data, dplab::Stream(1, 2, t++));
    benchmark::DoNotOptimize(r.spent_eps);
  }
  state.SetLabel(name);
}
BENCHMARK(BM_TechniqueTrialGowalla)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace
