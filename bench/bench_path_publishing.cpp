// lu_thesis ch. 6: one publish of a graph-based path (Algorithm 6.3 with splitting) at |V| = 10,
// sparse (|E| = 12) and dense (|E| = 40) networks, a new random network per iteration (drawn
// inside the timed loop, as in a trial: about a microsecond). Modes: 0 = no DP, 1 = DP on
// vertices (eps_v = 1), 2 = DP on edges (eps_e = 1), 3 = both. The thesis ran Python 3.7 on a
// 16-core server and gives its times only as Fig. 6.7's curves. Time per publish: the
// benchmark's time column (microseconds); counters: mean steps of Algorithm 6.4, calls of
// Algorithm 6.6 and the share of good outputs.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "algorithms/path_publishing/publish.hpp"
#include "datasets/generators/hamiltonian_network.hpp"

namespace {

void BM_PathPublish(benchmark::State& state) {
  using namespace dplab;
  using namespace dplab::path_publishing;
  NetworkShape shape;
  shape.vertices = 10;
  shape.edges = static_cast<std::size_t>(state.range(0));
  const int mode = static_cast<int>(state.range(1));
  PublishConfig cfg;
  cfg.dp_vertices = mode & 1;
  cfg.dp_edges = mode & 2;
  cfg.eps_v = cfg.eps_e = 1.0;
  cfg.insert.split = true;
  cfg.insert.step_budget = 20000;
  std::uint64_t trial = 0;
  double steps = 0, splits = 0, good = 0;
  for (auto _ : state) {
    Stream public_stream(2021, 6, trial);
    const Network net = generate_network(public_stream, shape);
    Stream stream(2021, 7, trial++);
    PrivacyLedger ledger(30);
    Mechanisms noise(stream, ledger);
    const Publication pub = publish(net, cfg, noise);
    steps += double(pub.stats.steps);
    splits += pub.stats.splits;
    good += pub.recovery.good;
    benchmark::DoNotOptimize(pub.gp->edges.data());
  }
  const double n = static_cast<double>(trial);
  state.counters["steps"] = steps / n;
  state.counters["splits"] = splits / n;
  state.counters["good"] = good / n;
}
BENCHMARK(BM_PathPublish)
    ->ArgNames({"E", "mode"})
    ->ArgsProduct({{12, 40}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace
