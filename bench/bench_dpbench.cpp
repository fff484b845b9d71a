// DPBench's 1-D and 2-D algorithms that ektelo also has, one trial at a time, one thread
// (bench_workload_trial.hpp), at DPBench's setting: eps 0.1, 2,000 RandomRange queries, ADULT's
// shape (4,096 cells) sampled at 10^3 and 10^7 records. bench/peers.sh times ektelo's plans on the
// very same files (bench/dpbench_ektelo.py, CPU time of Run) right before each of these, for the
// speed ratio ektelo/dplab per algorithm (issue 33).
//   BM_DpbenchTrial/<algorithm>/<data>
// DPLAB_BENCH_DPBENCH="label=path ..." names the histogram files (one count per line) to run on:
// peers.sh passes the samples of bench/dpbench_samples.py, which ektelo reads too. Without it
// (`make bench`), dplab draws ADULT at the two scales itself (dpbench_sample: the same law, another
// draw). H2 and Hb run without the root, as ektelo builds them; DAWA with DPBench's partition
// noise (ektelo's) and with the provable one.
//   BM_Dpbench2DTrial/<algorithm>/<data>: the 2-D algorithms ektelo runs at 64 x 64 cells, 2,000
// random rectangles; DPLAB_BENCH_DPBENCH_2D names the 2-D files (one row of counts per line).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <initializer_list>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_support.hpp"
#include "bench_workload_trial.hpp"
#include "datasets/user_file.hpp"

namespace {

struct Data {
  std::string label;
  dplab::DatasetRef ref;
};

// `variable` names "label=path ..." files; without it, `shape` drawn at `scales` (dpbench_sample).
std::vector<Data> dpbench_data(const char* variable, const char* shape, const char* prefix,
                               std::initializer_list<const char*> scales) {
  std::vector<Data> data;
  if (const char* files = std::getenv(variable)) {
    std::istringstream in(files);
    for (std::string item; in >> item;) {
      const auto eq = item.find('=');
      if (eq == std::string::npos) continue;
      Data d{item.substr(0, eq), {}};
      // A user file: registered (and its checksum taken) when the benchmark first loads it.
      d.ref.name = "file:" + item.substr(eq + 1);
      data.push_back(d);
    }
    return data;
  }
  for (const char* scale : scales) {
    Data d{std::string(prefix) + scale, {}};
    d.ref.name = shape;
    d.ref.transforms.push_back(dplab::TransformRef{"dpbench_sample", {{"scale", dplab::RawValue{scale, 0}}}, 0});
    data.push_back(d);
  }
  return data;
}

template <class Hist>
void dpbench_trial(benchmark::State& state, const Data& d, const std::string& name, const dplab::Params& extra) {
  constexpr bool two_d = std::is_same_v<Hist, dplab::Histogram2D>;
  dplab::DatasetRef ref = d.ref;
  if (ref.name.rfind("file:", 0) == 0) {
    try {
      ref.name = dplab::register_user_file(ref.name.substr(5), two_d ? "histogram2d" : "histogram", "").name;
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      return;
    }
  }
  const auto* h = dplab::bench::dataset_ref<Hist>(state, std::string(two_d ? "dpbench2d|" : "dpbench|") + d.label, ref);
  if (!h) return;
  if constexpr (two_d)
    dplab::bench::workload_trial_2d(state, *h, name, extra, 0.1);
  else
    dplab::bench::workload_trial(state, *h, name, extra, 0.1);
}

const bool registered = [] {
  struct Alg {
    const char* label;
    const char* name;
    bool rootless;      // H2, Hb: no root, as ektelo's
    const char* noise;  // DAWA's partition_noise, or ""
  };
  const Alg algs[] = {{"identity", "baselines.identity", false, ""},
                      {"uniform", "baselines.uniform", false, ""},
                      {"h2", "baselines.h2", true, ""},
                      {"hb", "baselines.hb", true, ""},
                      {"privelet", "baselines.privelet", false, ""},
                      {"ahp", "baselines.ahp", false, ""},
                      {"dawa_dpbench_noise", "baselines.dawa", false, "reference"},
                      {"dawa_provable", "baselines.dawa", false, "provable"},
                      {"greedy_h", "baselines.greedy_h", false, ""},
                      {"mwem", "baselines.mwem", false, ""}};
  auto add = [](const char* family, const Alg& a, const Data& d, auto trial) {
    dplab::Params extra;
    if (a.rootless) extra.set("root", false);
    if (*a.noise) extra.set("partition_noise", std::string(a.noise));
    const std::string name = std::string(family) + "/" + a.label + "/" + d.label, alg = a.name;
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) { trial(st, d, alg, extra); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  };
  for (const Data& d : dpbench_data("DPLAB_BENCH_DPBENCH", "dpbench_adult", "adult_", {"1000", "10000000"}))
    for (const Alg& a : algs) add("BM_DpbenchTrial", a, d, dpbench_trial<dplab::Histogram>);
  // 2-D: the algorithms whose ektelo plans run at 64 x 64 cells (bench/peers.sh passes the
  // cross-check's samples coarsened to 64 x 64; without them GOWALLA is drawn at 256 x 256).
  const Alg algs_2d[] = {{"identity_2d", "baselines.identity_2d", false, ""},
                         {"ugrid", "baselines.ugrid", false, ""},
                         {"agrid", "baselines.agrid", false, ""},
                         {"ahp_2d", "baselines.ahp_2d", false, ""},
                         {"dawa_2d_dpbench_noise", "baselines.dawa_2d", false, "reference"},
                         {"dawa_2d_provable", "baselines.dawa_2d", false, "provable"},
                         {"mwem_2d", "baselines.mwem_2d", false, ""}};
  for (const Data& d : dpbench_data("DPLAB_BENCH_DPBENCH_2D", "dpbench2d_checkin", "gowalla_", {"10000", "100000000"}))
    for (const Alg& a : algs_2d) add("BM_Dpbench2DTrial", a, d, dpbench_trial<dplab::Histogram2D>);
  return true;
}();

}  // namespace
