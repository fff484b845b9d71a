// Load times of the two largest text datasets from the real files: Birch3 (100,000 x 2 points,
// 1.4 MB of text) and MSNBC (989,818 sessions, 2.3 MB gzip / 10.6 MB of text). Goal: well under
// a second each (datasets/parse.hpp). Skipped when ../shared/datasets is not next to the source
// tree. The sha256 check is remembered after the first load (datasets/checksum.hpp), so the
// timed iterations measure decompression and parsing.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "datasets/catalogue.hpp"
#include "framework/registry.hpp"
#include "dplab_source_dir.hpp"

namespace {

std::string real_root() {
  const auto p = std::filesystem::path(DPLAB_SOURCE_DIR) / ".." / "shared" / "datasets";
  std::error_code ec;
  return std::filesystem::is_directory(p, ec) ? p.string() : "";
}

void load_real(benchmark::State& state, const char* name) {
  const std::string root = real_root();
  if (root.empty()) {
    state.SkipWithError("../shared/datasets not found next to the source tree");
    return;
  }
  const dplab::DatasetInfo& info = dplab::find_dataset(name);
  const dplab::DatasetRequest req{.root = root, .params = {}, .seed = 1};
  dplab::load_dataset(info, req);  // verifies and remembers the checksum outside the timing
  for (auto _ : state) {
    auto ds = dplab::load_dataset(info, req);
    benchmark::DoNotOptimize(ds.get());
  }
  state.counters["rows"] = static_cast<double>(info.rows);
}

void BM_LoadBirch3(benchmark::State& state) { load_real(state, "birch3"); }
BENCHMARK(BM_LoadBirch3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LoadMsnbc(benchmark::State& state) { load_real(state, "msnbc"); }
BENCHMARK(BM_LoadMsnbc)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
