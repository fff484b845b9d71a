// Everything one trial of an algorithm may touch. Randomness comes only from `stream`, noise
// only through `noise` (which charges `ledger`), data only through `data` (shared read-only by
// all threads).
#pragma once
#include <cstdint>
#include <string>

#include "datasets/dataset.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "framework/outputs.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "framework/scratch.hpp"

namespace dplab {

// Where a trial sits in the run: the spec's seed and the trial index. A public stream keyed by
// these and by a description of what it generates (a workload, a query set) is the same for
// every algorithm, budget and dataset of the run at that trial, so that competing algorithms
// are compared on identical public inputs (common random numbers). Public streams must only
// generate data-independent inputs; anything that touches the data goes through `noise`.
struct TrialSeeds {
  std::uint64_t seed = 0;
  std::uint64_t trial = 0;
  Stream public_stream(const std::string& what) const {
    return Stream(seed, hash64("public:" + what), trial);
  }
};

struct TrialContext {
  const Params& params;
  const Dataset* data;  // null when the spec names no dataset
  Stream& stream;
  PrivacyLedger& ledger;
  Mechanisms& noise;
  Scratch& scratch;
  Outputs& out;
  TrialSeeds seeds;

  // The dataset as the type the algorithm needs, with a clear error otherwise.
  template <class T>
  const T& dataset() const {
    if (!data) throw Error("this algorithm needs a dataset, but the spec names none");
    const T* p = dynamic_cast<const T*>(data);
    if (!p)
      throw Error("dataset '" + data->name + "' is of kind " + kind_name(data->kind()) +
                  ", which this algorithm cannot use");
    return *p;
  }
};

}  // namespace dplab
