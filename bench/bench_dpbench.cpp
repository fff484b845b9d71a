// DPBench's 1-D algorithms that ektelo also has, one trial at a time, one thread
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
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "bench_workload_trial.hpp"
#include "datasets/user_file.hpp"

namespace {

struct Data {
  std::string label;
  dplab::DatasetRef ref;
};

std::vector<Data> dpbench_data() {
  std::vector<Data> data;
  if (const char* files = std::getenv("DPLAB_BENCH_DPBENCH")) {
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
  for (const char* scale : {"1000", "10000000"}) {
    Data d{std::string("adult_") + scale, {}};
    d.ref.name = "dpbench_adult";
    d.ref.transforms.push_back(dplab::TransformRef{"dpbench_sample", {{"scale", dplab::RawValue{scale, 0}}}, 0});
    data.push_back(d);
  }
  return data;
}

void dpbench_trial(benchmark::State& state, const Data& d, const std::string& name, const dplab::Params& extra) {
  dplab::DatasetRef ref = d.ref;
  if (ref.name.rfind("file:", 0) == 0) {
    try {
      ref.name = dplab::register_user_file(ref.name.substr(5), "histogram", "").name;
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      return;
    }
  }
  const auto* h = dplab::bench::dataset_ref<dplab::Histogram>(state, "dpbench|" + d.label, ref);
  if (!h) return;
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
  for (const Data& d : dpbench_data())
    for (const Alg& a : algs) {
      dplab::Params extra;
      if (a.rootless) extra.set("root", false);
      if (*a.noise) extra.set("partition_noise", std::string(a.noise));
      const std::string name = std::string("BM_DpbenchTrial/") + a.label + "/" + d.label, alg = a.name;
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& st) { dpbench_trial(st, d, alg, extra); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  return true;
}();

}  // namespace
