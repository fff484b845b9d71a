// Everything one trial of an algorithm may touch. Randomness comes only from `stream`, noise
// only through `noise` (which charges `ledger`), data only through `data` (shared read-only by
// all threads).
#pragma once
#include <cstdint>

#include "datasets/dataset.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "framework/outputs.hpp"
#include "framework/params.hpp"
#include "framework/rng.hpp"
#include "framework/scratch.hpp"

namespace dplab {

struct TrialContext {
  const Params& params;
  const Dataset* data;  // null when the spec names no dataset
  Stream& stream;
  PrivacyLedger& ledger;
  Mechanisms& noise;
  Scratch& scratch;
  Outputs& out;

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
