// Datasets frozen for a run: the runner loads each dataset once and every trial reads it through
// a const pointer until the run ends, so what is derived from its values (a fingerprint, the
// check that it lies in a box, prepared blocks) can be derived once and keyed by an id instead
// of being recomputed from the values by every trial (a pass over Lifesci's 267,330 values took
// 7.6% of Fig 7.8's run, 2026-11-28). A dataset that is not frozen (built by a test or a tool)
// has id 0 and its users keep deriving from the values.
#pragma once
#include <cstdint>
#include <memory>

#include "datasets/dataset.hpp"

namespace dplab {

// The dataset, registered as frozen with a fresh id until the last copy of the returned pointer
// is gone (then unregistered before its memory can be reused). The caller promises that nobody
// modifies it while a copy is held.
std::shared_ptr<const Dataset> freeze(std::shared_ptr<const Dataset> data);

// The id of a frozen dataset, 0 for any other.
std::uint64_t frozen_id(const Dataset& data);

}  // namespace dplab
