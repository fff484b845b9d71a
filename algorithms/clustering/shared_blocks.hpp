// The prepared point blocks of a run's dataset (assign.hpp's PointBlocks: the kernels' rows and
// the fixed-point coordinates of the exact sums), built once per dataset and shared by every
// trial and thread of the run, as the dataset itself is. A trial's k-means passes then start
// without preparing (2 ms on Birch3's 100,000 points, a sixth of a budget_series Fig 13 trial),
// and a thread's accumulators carry their exact sums from one trial to the next (a delta from
// the last labels of the previous trial is as exact as one from zero).
#pragma once
#include <memory>
#include <string>

#include "algorithms/clustering/assign.hpp"

namespace dplab::clustering {

// The blocks of `data` (keyed by its addresses, size and a sum of its bits): the data must not
// change while the blocks are in use (a run's dataset).
std::shared_ptr<const PointBlocks> shared_blocks(const PointSet& data);

// The key of a dataset in such per-dataset caches (shared_blocks, shared_filter_tree): for a
// dataset the runner froze (datasets/frozen.hpp), its name and id; for any other, its object and
// value buffer, name, size and the sums of its bits, so that a dataset freed and another built at
// the same addresses (the audit's neighbours, tests) gets its own entry.
std::string dataset_cache_key(const PointSet& data);

}  // namespace dplab::clustering
