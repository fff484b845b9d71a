// The trial runner: OpenMP over (point, trial) work items with a dynamic schedule, datasets
// loaded once and shared read-only, one Scratch per thread, periodic atomic checkpoints, and
// resumption of interrupted runs (only missing trials are computed).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "datasets/dataset.hpp"
#include "framework/outputs.hpp"
#include "framework/registry.hpp"
#include "core/rng.hpp"
#include "framework/scratch.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

namespace dplab {

struct RunOptions {
  std::string spec_path;
  std::vector<std::string> overrides;  // --set key=value
  std::optional<std::int64_t> trials;  // --trials
  int threads = 0;                     // 0: OpenMP default
  std::string out;                     // default results/<paper>/<name>.h5
  bool force = false;                  // start over even if the result holds another spec
  // Add trials to a result whose trials came from plugins that have since changed (their sha256
  // differs): refused without it, since the result would mix two plugin codes unseen.
  bool allow_code_change = false;
  bool quiet = false;
  double checkpoint_seconds = 5.0;     // 0: after every trial (tests)
  std::int64_t abort_after = -1;       // testing: die like kill -9 after this many new trials
  // Bounds that turn a mistaken spec into an error instead of exhausting memory (--max-points,
  // --max-cells): sweep points, and points x trials (memory is reserved for every cell).
  std::size_t max_points = kDefaultMaxPoints;
  std::size_t max_cells = 100'000'000;
  // --shard I/N: only the items (point p, trial t) with (p + t) mod N == I, into a file
  // of their own (dplab merge joins the N files). shard_count 0: every item.
  std::size_t shard_index = 0, shard_count = 0;
  // The MPI job this process is a rank of (framework/cluster.hpp); nullptr: this process alone.
  class Cluster* cluster = nullptr;
  int abort_rank = 0;                  // testing: the rank --abort-after applies to
};

struct RunSummary {
  std::string out;
  std::size_t points = 0, trials = 0, computed = 0, already_done = 0;
  double seconds = 0;
  bool worker = false;  // an MPI rank other than 0: rank 0 reports the run
  int ranks = 1;
};

// Metric values and bookkeeping of one trial.
struct TrialResult {
  std::vector<std::vector<double>> metrics;  // in spec.metrics order
  double wall_time = 0, spent_eps = 0, spent_delta = 0;
  Outputs outputs;                           // kept for --point/--trial replay
};

// One run of an algorithm on resolved parameters (defaults applied) with a ledger of `budget`:
// noise from `stream`, public inputs from `seeds`. run_trial is this plus the spec's metrics.
struct AlgorithmRun {
  Outputs outputs;
  double wall_time = 0, spent_eps = 0;  // wall time of the algorithm alone
  double spent_delta = 0;
  std::size_t charges = 0;
};
AlgorithmRun run_algorithm(const Algorithm& alg, const Params& params, double budget, const Dataset* data,
                           Stream stream, const TrialSeeds& seeds, Scratch& scratch, double delta_budget = 0,
                           Mechanisms::Noise noise_mode = Mechanisms::Noise::fast);
// The same for a registered algorithm and some of its parameters (the others defaulted), the
// budget being its budget parameter (0 for non-private algorithms), outside any spec (tests).
AlgorithmRun run_algorithm(const std::string& name, const Params& given, const Dataset* data, Stream stream,
                           const TrialSeeds& seeds = {});

// Loaded datasets by ResolvedDataset::key, and by sample_key for the further draws of a dataset
// with `samples` > 1.
using DatasetMap = std::map<std::string, std::shared_ptr<const Dataset>>;

// Loads a catalogue entry and applies its transforms. `sample` picks one of the dataset's
// independent draws (ResolvedDataset::samples): draw 0 is the dataset as a spec of one draw
// loads it; draw k > 0 gets its own generator seed and transform streams.
std::shared_ptr<const Dataset> load_resolved(const ResolvedDataset& ref, std::size_t sample = 0);
// The DatasetMap key of a dataset's draw `sample` (draw 0: ResolvedDataset::key itself).
std::string sample_key(const ResolvedDataset& ref, std::size_t sample);
DatasetMap load_datasets(const std::vector<Point>& points, bool quiet);

// The order of the points within a trial: round-robin over their datasets, each dataset's points
// in sweep order. Points of one dataset share what is built once per dataset and trial (diffpart's
// raw query answers: BuildOnceCache), so two threads on consecutive points of one dataset meant
// one building while the other waited (diffpart Fig 6 ran at a CPU / wall of 1.16); interleaved,
// each thread builds for its own dataset. A spec with one dataset (or none) keeps sweep order.
// The order changes when items are computed, never what they compute (results are bit-identical
// for any schedule).
std::vector<std::size_t> point_order(const std::vector<Point>& points);
// Every (point, trial) of a run in the order the runner computes them: trial-major, each trial's
// points in point_order, except that each trial's first point of every dataset (point_order's
// first round) comes one trial early, before the previous trial's other points. Points of one
// dataset and trial share what is built once per trial (the trial's Lloyd reference,
// lloyd_reference.hpp): by the time a trial's later points ask for it, it has been built, rather
// than one thread building it while the other waits (lloyd_iterations, whose two LLOYD entries
// per dataset share one Lloyd run, ran at a CPU / wall of 1.49, 2026-11-27).
// Each item is (point, trial).
std::vector<std::pair<std::size_t, std::size_t>> item_order(const std::vector<Point>& points, std::size_t trials);
// The data trial `trial` of point p runs on: the point's dataset, its draw trial mod samples.
const Dataset* dataset_of(const DatasetMap& data, const Point& p, std::uint64_t trial);
TrialResult run_trial(const Spec& spec, const Point& point, std::uint64_t trial,
                      const Dataset* data, Scratch& scratch);
// A run stopped by SIGINT or SIGTERM (what it computed is saved): callers that run several
// specs stop too instead of going on to the next.
class Interrupted : public Error {
 public:
  using Error::Error;
};

RunSummary run(const RunOptions& opts);
// results/<paper>/<name>.h5, or results/<paper>/<name>@<overrides>.h5 for a run with --set.
// A shard's default is results/<paper>/<name>.shard-<I>-of-<N>.h5.
std::string default_output(const Spec& spec, const std::vector<std::string>& overrides = {},
                           std::size_t shard_index = 0, std::size_t shard_count = 0);
// "3/32" for --shard 3/32; "" without shards.
std::string shard_label(std::size_t index, std::size_t count);
// Whether item (p, t) belongs to shard index/count: diagonals (p + t) mod N, so that with
// at least N trials every shard gets about trials/N trials of every point, cheap and costly
// alike, whatever the number of points (t * points + p would give each shard only some points
// when N divides the number of points).
inline bool in_shard(std::size_t p, std::size_t t, std::size_t /*points*/, std::size_t index, std::size_t count) {
  return count == 0 || (p + t) % count == index;
}
// "--set a=1; --set b=2": how overrides are recorded in a result.
std::string joined_overrides(const std::vector<std::string>& overrides);

}  // namespace dplab
