// dplab merge: joins the files of `dplab run SPEC --shard I/N` (I = 0..N-1) into the result one
// run of SPEC writes: the same metrics, masks, spent budgets and attributes, byte for byte, except
// host, threads and the timings (started, finished, per-trial wall times).
#pragma once
#include <string>
#include <vector>

#include "framework/store.hpp"

namespace dplab {

struct MergeSummary {
  std::size_t shards = 0, points = 0, trials = 0;
};

// Refuses, naming the file and what differs: a file that is not a shard; shards of another spec
// (hash), seed, sweep size, trial count, metrics or --set options; shards computed by other code
// (code version or history); two files of the same shard; missing shards; unfinished shards.
ResultData merge_shards(const std::vector<std::string>& shard_paths);
// merge_shards, written to `out` (refused when `out` holds anything but a result of the same
// spec, or computed trials the shards lack: a result of 8 trials is never replaced by shards of
// 4; unless force).
MergeSummary merge_to_file(const std::string& out, const std::vector<std::string>& shard_paths, bool force);

}  // namespace dplab
