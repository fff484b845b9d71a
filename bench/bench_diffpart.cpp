// DiffPart (Algorithm 1, B = 1, f = 10) single thread on the full stm_like set (1,210,096
// records, |I| = 1,012: the STM of diffpart Table 2) and on MSNBC (989,818 records, |I| = 17).
// The paper sanitised STM in under 35 s on a 2.26 GHz Core 2 Duo (§5.2); our goal is at least
// 10x faster (< 3.5 s). The counter speedup_vs_35s is 35 s over the measured time per run.
//
// C2 is the benchmark argument in hundredths. On STM's tree the paper's C2 = 1.1 is refused
// (generated empty partitions multiply: see diffpart.hpp, expected_empty_leaves); 3.5 is about
// the smallest value it accepts and 4.5 the first round value above subcritical_C2(10) = 4.41,
// where a split of a height-1 node generates fewer than one empty sub-partition on average.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "algorithms/diffpart/diffpart.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"
#include "bench_support.hpp"

namespace {

void run_diffpart(benchmark::State& state, const char* name) {
  const dplab::Transactions* data = dplab::bench::dataset<dplab::Transactions>(state, name);
  if (!data) return;
  dplab::diffpart::DiffPartConfig cfg;
  cfg.B = 1.0;
  cfg.fanout = 10;
  cfg.C2 = static_cast<double>(state.range(0)) / 100;
  dplab::diffpart::Workspace ws;
  dplab::diffpart::DiffPartStats stats;
  double seconds = 0;
  std::uint64_t trial = 0;
  for (auto _ : state) {
    dplab::Stream stream(2011, 1, trial++);
    dplab::PrivacyLedger ledger(cfg.B);
    dplab::Mechanisms noise(stream, ledger);
    stats = {};
    const auto t0 = std::chrono::steady_clock::now();
    auto release = dplab::diffpart::sanitize(*data, cfg, stream, noise, &stats, nullptr, &ws);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    benchmark::DoNotOptimize(release.counts.data());
  }
  state.counters["seconds"] = seconds / static_cast<double>(trial);
  state.counters["speedup_vs_35s"] = 35.0 / (seconds / static_cast<double>(trial));
  state.counters["leaf_partitions"] = static_cast<double>(stats.released);
  state.counters["released_records"] = stats.released_records;
  state.counters["partitions"] = static_cast<double>(stats.splits);
  state.counters["generated_empty"] = static_cast<double>(stats.generated_empty);
}

void BM_DiffPartStmLike(benchmark::State& state) { run_diffpart(state, "stm_like"); }
BENCHMARK(BM_DiffPartStmLike)->Arg(350)->Arg(450)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DiffPartMsnbc(benchmark::State& state) { run_diffpart(state, "msnbc"); }
BENCHMARK(BM_DiffPartMsnbc)->Arg(110)->Arg(450)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
