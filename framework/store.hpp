// The HDF5 result store: one file per spec run.
//
//   /                 attributes: dplab_format, name, paper, id, description, spec_text (effective
//                     YAML), spec_source, spec_path, spec_hash, overrides, code_version, code_history, seed,
//                     threads, host, started, finished, plot_json, reference_csv, points, trials,
//                     results_version (kResultsVersion; absent: 1), shard ("I/N", only in a file
//                     of dplab run --shard I/N)
//   /points/<column>  one entry per point: "algorithm" (legend label), "algorithm_name",
//                     "dataset", "key" and every parameter (float64, or strings for text/bool);
//                     attribute "axes": JSON list of the columns that vary (the coordinates)
//   /metrics/<name>   float64 [points x trials] or [points x trials x length] for vector
//                     metrics (NaN-padded); attributes doc, index
//   /trials/done      uint8 [points x trials]: completion mask
//   /trials/wall_time float64 seconds, /trials/spent_eps float64: per trial
//   /trials/spent_delta float64: per trial, only for (eps, delta) algorithms
//   /index/<name>     float64 [points x length]: the values of a vector metric's index at each
//                     point (K = 10, 20, ...; NaN-padded), for metrics that declare them
//                     (MetricInfo::index_values); absent: the index is the 1-based position
//   attribute plugins: "<sha256>  <path>" per plugin loaded by the run (framework/plugin_loader)
//
// Files are written whole to a temporary name and renamed, so a crash at any moment leaves
// either the previous checkpoint or the new one, never a torn file.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/value.hpp"

namespace dplab {

// The version of the bits a result's trials depend on beyond the spec, seed and code: the random
// streams' generator and the summation orders that fix the bits of sums. A run refuses to resume
// a file of another version (its trials would mix two generators), and dplab merge refuses to
// join shards of different versions. A change of either (issue 30: a faster generator, exact
// k-means sums) must raise it and add its line here.
//   1  Philox4x64-10 streams (Random123); k-means cluster sums in double, added in point order.
//   2  k-means cluster sums exact (fixed point, rounded once: algorithms/clustering/exact_sums.hpp)
//      and the k-means cost added in eight running sums (point i to sum i mod 8, then pairwise);
//      streams unchanged.
//   3  streams: AES-128 in counter mode under a key derived by Philox4x64-10 (core/rng.hpp,
//      core/aes_ctr.hpp), two words a block; every random draw changes. Sums as version 2.
//   4  secure noise only (`noise: secure`): the exact discrete Laplace by inversion, one word a
//      draw (core/geometric_inversion.hpp), instead of Canonne-Kamath-Steinke's Algorithm 2;
//      granular Laplace and the discrete Gaussian draw through it. Fast-noise trials are those
//      of version 3, so a version-3 file of a fast-noise spec resumes (resumable_version).
constexpr int kResultsVersion = 4;

// Whether trials of results version `file` and of this dplab (kResultsVersion) can share a
// result file, for a spec of noise mode `noise` ("fast" or "secure"): the same version, or
// version 3 with fast noise (version 4 changed only the secure samplers).
bool resumable_version(int file, const std::string& noise);

struct RunMeta {
  std::string name, paper, id, description;
  std::string spec_text, spec_source, spec_path, spec_hash;
  std::string code_version, host, started, finished;
  std::string code_history;  // every code version that computed trials of this file, oldest first
  std::string plot_json = "{}", reference_csv;
  std::string overrides;     // the run's --set assignments, "; "-separated (empty: the spec as written)
  std::string plugins;       // plugins loaded by the run, one "<sha256>  <path>" line each (empty: none)
  std::string shard;         // "I/N" in a shard's file (dplab run --shard), stored only there
  std::uint64_t seed = 0;
  int threads = 1;
  int results_version = kResultsVersion;  // of the trials in the file (1 in files written before it existed)
};

struct PointColumn {
  std::string name;
  bool text = false;                // strings, else float64
  std::vector<std::string> strings; // one per point when text
  std::vector<double> numbers;      // one per point otherwise (NaN where not applicable)
  // The parameter's type as declared (integer, real, boolean, text), so readers (python/dplab)
  // restore it: an integer stored as float64, a boolean as "true"/"false". Empty: unknown.
  std::string type;
};

struct MetricData {
  std::string name, doc, index;
  bool is_vector = false;
  bool raw = false;  // raw per-trial values for figures (OutputSpec::raw): not summarised
  std::vector<double> scalar;               // [P*T] when scalar
  std::vector<std::vector<double>> vectors; // [P*T] cells when vector
  // [P] the index values of a vector metric at each point (MetricInfo::index_values); empty
  // when the metric declares none (the index is then the 1-based position).
  std::vector<std::vector<double>> index_values;
  // [P] whether each point is measured by the metric (an algorithm entry's 'metrics', stored as
  // /measured/<name>); empty when every point is. A point not measured holds NaN and has no
  // summary row.
  std::vector<std::uint8_t> measured;
  bool measured_at(std::size_t p) const { return measured.empty() || measured[p] != 0; }
};

struct ResultData {
  RunMeta meta;
  std::size_t points = 0, trials = 0;
  std::vector<PointColumn> columns;
  std::vector<std::string> axes;  // names of the columns that are coordinates
  std::vector<MetricData> metrics;
  std::vector<std::uint8_t> done;   // [P*T]
  std::vector<double> wall_time;    // [P*T]
  std::vector<double> spent_eps;    // [P*T]
  // Delta spent per trial, stored (/trials/spent_delta) only when some point declares a delta
  // budget (AlgorithmInfo::delta_param): pure eps-DP results have none.
  bool has_delta = false;
  std::vector<double> spent_delta;  // [P*T] when has_delta

  std::size_t cell(std::size_t p, std::size_t t) const { return p * trials + t; }
  const PointColumn* column(const std::string& n) const;
  // Grows the trial dimension to `t` (never shrinks: computed trials are never dropped).
  void resize_trials(std::size_t t);
};

void write_result(const std::string& path, const ResultData& r);
ResultData read_result(const std::string& path);
bool is_result_file(const std::string& path);

}  // namespace dplab
