// lu_thesis ch. 7 k-means on one thread: one run of Algorithm 7.1 (Prior and Posterior zones,
// eps = 0.5 per step) and of Lloyd's algorithm from the same initial centroids, on S1 (5,000 x 2,
// k = 15) and on the 34,112-point Image substitute (Gaussian mixture 34,112 x 3, k = 3), both
// scaled to [0, 1] as in the specs. bench/run.sh times scikit-learn's Lloyd on the same data and
// initial centroids in the same run: with DPLAB_BENCH_EXPORT set to a directory, this writes
// <set>.data.txt and <set>.init.txt there for it.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/convergent_kmeans/convergent_kmeans.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace {

struct Set {
  std::shared_ptr<const dplab::Dataset> data;
  std::size_t k = 0;
  std::vector<double> init;
  std::string error;
};

// The two sets, and their initial centroids (k data points, Algorithm 7.1 line 1), loaded once;
// exported for the scikit-learn reference when asked. The Image substitute keeps sd 9, the
// spread of the specs before issue 27 recalibrated them (10.17), so that timings stay comparable
// across sessions.
const Set& set(const std::string& which) {
  static std::map<std::string, Set> sets;
  auto it = sets.find(which);
  if (it != sets.end()) return it->second;
  Set s;
  try {
    dplab::DatasetRef ref;
    if (which == "s1") {
      ref.name = "s1";
      s.k = 15;
    } else {
      ref.name = "gaussian_mixture";
      ref.params = {{"n", {"34112", 0}}, {"d", {"3", 0}}, {"k", {"3", 0}}, {"sd", {"9", 0}}};
      s.k = 3;
    }
    ref.transforms.push_back(dplab::TransformRef{"scale", {{"low", {"0", 0}}, {"high", {"1", 0}}}, 0});
    s.data = dplab::load_resolved(dplab::resolve_dataset(ref, "bench", "dataset"));
    const auto& pts = dynamic_cast<const dplab::PointSet&>(*s.data);
    dplab::Stream st(2024, 7, 0);
    s.init = dplab::clustering::sample_data_points(st, pts, s.k);
    if (const char* dir = std::getenv("DPLAB_BENCH_EXPORT")) {
      std::ofstream x(std::string(dir) + "/" + which + ".data.txt"), c(std::string(dir) + "/" + which + ".init.txt");
      x.precision(17);
      c.precision(17);
      for (std::size_t i = 0; i < pts.n; ++i)
        for (std::size_t j = 0; j < pts.d; ++j) x << pts.x[i * pts.d + j] << (j + 1 < pts.d ? ' ' : '\n');
      for (std::size_t i = 0; i < s.k; ++i)
        for (std::size_t j = 0; j < pts.d; ++j) c << s.init[i * pts.d + j] << (j + 1 < pts.d ? ' ' : '\n');
    }
  } catch (const std::exception& e) {
    s.error = e.what();
  }
  return sets.emplace(which, std::move(s)).first->second;
}

void BM_Algorithm71(benchmark::State& state, const char* which, dplab::convergent_kmeans::ZoneKind zone) {
  const Set& s = set(which);
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return;
  }
  const auto& data = dynamic_cast<const dplab::PointSet&>(*s.data);
  dplab::convergent_kmeans::Options opt;
  opt.zone = zone;
  opt.eps = opt.eps0 = 0.5;
  dplab::convergent_kmeans::Workspace ws;
  std::uint64_t run = 0;
  double iterations = 0;
  for (auto _ : state) {
    dplab::Stream stream(1, 2, run++);
    dplab::PrivacyLedger ledger(1000);
    dplab::Mechanisms noise(stream, ledger);
    const auto r = dplab::convergent_kmeans::run_algorithm71(data, s.k, s.init, opt, stream, noise, ws);
    iterations += r.assignment_steps;  // the work: every assignment pass
    benchmark::DoNotOptimize(r.centroids.data());
  }
  state.counters["kmeans_iterations"] = iterations / static_cast<double>(state.iterations());
}
BENCHMARK_CAPTURE(BM_Algorithm71, s1_prior, "s1", dplab::convergent_kmeans::ZoneKind::Prior)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm71, s1_posterior, "s1", dplab::convergent_kmeans::ZoneKind::Posterior)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm71, image_prior, "image", dplab::convergent_kmeans::ZoneKind::Prior)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm71, image_posterior, "image", dplab::convergent_kmeans::ZoneKind::Posterior)->Unit(benchmark::kMillisecond);

// Lloyd's algorithm to convergence from the same initial centroids.
void BM_LloydToConvergence(benchmark::State& state, const char* which) {
  const Set& s = set(which);
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return;
  }
  const auto& data = dynamic_cast<const dplab::PointSet&>(*s.data);
  dplab::clustering::Accumulators acc;
  std::vector<double> scratch;
  std::vector<std::int32_t> previous;
  int iterations = 0;
  for (auto _ : state) {
    std::vector<double> c = s.init;
    // Passes, the confirming one included (as scikit-learn's n_iter_ counts them): the work done.
    iterations = dplab::clustering::lloyd_until_stable(data, s.k, c, 100000, acc, scratch, previous).passes;
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["kmeans_iterations"] = iterations;
}
BENCHMARK_CAPTURE(BM_LloydToConvergence, s1, "s1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LloydToConvergence, image, "image")->Unit(benchmark::kMillisecond);

}  // namespace
