// Experiment specs (YAML). One spec is one table or figure of a paper:
//
//   name: table2                 # file stem; results/<paper>/<name>.h5
//   paper: budget_series
//   id: Table 2                  # as printed in the paper
//   description: ...
//   dataset: kos                 # or datasets: [a, b] (an axis); each may be a mapping with
//                                # name, label, params, seed, transforms (see DatasetRef)
//   algorithm: budget_series.noise_mse
//   # or algorithms: [name, {name: x, label: "as in legend", params: {...}, sweep: {...}}]
//   params: {eps: 1.0}           # fixed parameters
//   sweep: {strategy: [AVG, Geo]}        # cartesian product, in this order
//   zip: {N: [20, 50, 100], U_s: [30, 95, 200]}   # values that move together (or a list of groups)
//   trials: 100
//   seed: 20211208
//   metrics: [mse]
//   plot: {kind: table, ...}     # options for plots/ (kept as given)
//
// Parsing validates everything against the registry before any trial runs; errors name the
// file, the line, the field and what is allowed.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace dplab {

// A parameter value as written in the spec, typed later against the algorithm's declaration.
struct RawValue {
  std::string text;
  int line = 0;
};

// One or more parameters whose values move together (a single sweep axis is a group of one).
struct AxisGroup {
  std::vector<std::string> names;
  std::vector<std::vector<RawValue>> rows;  // rows[j][k] is the j-th value of names[k]
  int line = 0;
};

// A dataset as a spec names it: a catalogue entry, its parameters (generators), a seed for
// generators and random transforms, and transforms applied in order.
//   dataset: unbalance
//   dataset: {name: r15, label: DS1, seed: 3, transforms: [{upsample: {factor: 50}}, scale]}
// `samples: S` (default 1) draws S independent versions of a random dataset (a generator, a
// random transform such as dpbench_sample) and runs trial t on version t mod S: DPBench's
// protocol of several data samples per setting, each run several times (Hay et al. 2016; its
// sigmod2016.py runs 5 dataset seeds x 5 execution seeds). Intervals then treat the S versions
// as the independent units (framework/stats.hpp summarize_clusters).
struct TransformRef {
  std::string name;
  std::map<std::string, RawValue> params;
  int line = 0;
};
struct DatasetRef {
  std::string name;
  std::string label;  // the point coordinate and legend label; defaults to the name
  std::map<std::string, RawValue> params;
  std::uint64_t seed = 1;
  std::size_t samples = 1;  // independent draws of the data; trial t runs on draw t mod samples
  std::vector<TransformRef> transforms;
  int line = 0;
};

struct AlgorithmEntry {
  std::string name;   // registered algorithm
  std::string label;  // legend label; defaults to the name
  std::map<std::string, RawValue> params;
  std::vector<AxisGroup> axes;
  // Labels of the spec's datasets this entry runs on; empty: all of them (e.g. an algorithm
  // that is only feasible on some datasets, like diffpart's Basic).
  std::vector<std::string> only_datasets;
  // The spec's metrics this entry's points are measured by; empty: all of them (e.g. the
  // convergence metrics of lu_thesis Figs 7.8-7.10, which only Algorithm 7.1 has, in the run of
  // Fig 7.7 that every method shares). The others are stored as not measured at its points.
  std::vector<std::string> only_metrics;
  int line = 0;
};

struct Spec {
  std::string file;         // where it was read from
  std::string source_text;  // the file as written
  std::string effective_yaml;  // after --set overrides
  std::string name, paper, id, description;
  std::vector<DatasetRef> datasets;
  std::vector<AlgorithmEntry> algorithms;
  std::map<std::string, RawValue> params;
  std::vector<AxisGroup> axes;
  std::int64_t trials = 1;
  bool trials_given = false;
  std::uint64_t seed = 1;
  std::string noise = "fast";  // Mechanisms noise mode: "fast" or "secure" (docs/audit-and-secure-noise.md)
  std::vector<std::string> metrics;
  std::string plot_json = "{}";
  int plot_line = 0;        // where the plot section starts, for framework/plot_check errors
  // The line of every option under plot ("plot.x", "plot[1].panels[0].where"): kFromCommandLine
  // for one that --set gave. Errors point at the option's own line.
  std::map<std::string, int> plot_lines;
  std::string reference;    // reference CSV path (default results/reference/<paper>/<name>.csv)
  std::string hash;         // of everything that affects results (not trials, plot or text)
};

// The top-level fields that change the numbers, and so key a result (Spec::hash): not trials
// (more trials extend a result), the plot, the text or the reference.
const std::vector<std::string>& result_keys();

// Reads and validates a spec. `overrides` are "key.path=value" strings (value in YAML syntax)
// applied before validation, e.g. "trials=5", "params.eps=0.5", "sweep.N=[3,4]".
Spec load_spec(const std::string& path, const std::vector<std::string>& overrides = {});
Spec parse_spec(const std::string& text, const std::string& file,
                const std::vector<std::string>& overrides = {});

}  // namespace dplab
