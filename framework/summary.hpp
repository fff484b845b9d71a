// The statistics of a result file, computed once for every consumer (`dplab show`, its CSV,
// the figures, the report): one row per point, metric and vector index, with the mean, the
// standard deviation and the 95% confidence interval over the trials done, and the paper's
// value where results/reference/ has one. Figures never recompute these: `dplab plot` hands
// the rows to plots/ (see cli/plot.cpp).
#pragma once
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "framework/reference.hpp"
#include "framework/stats.hpp"
#include "framework/store.hpp"

namespace dplab {

struct SummaryRow {
  std::size_t point = 0;
  std::string metric;   // a metric of the file, or "wall_time" (seconds of the algorithm)
  long index = -1;      // 1-based element of a vector metric; -1 for a scalar
  // The metric's declared value of that element (K = 10, 20, ...; MetricData::index_values);
  // NaN when it declares none (then the index is the position).
  double index_value = std::numeric_limits<double>::quiet_NaN();
  // Empty, or the baseline the values are reduced against ("algorithm=Identity"): the
  // per-trial reduction 1 - y / y_baseline, paired by trial (trials share their public inputs).
  std::string baseline;
  Summary stats;
  std::optional<double> paper;
};

struct SummaryOptions {
  bool wall_time = false;  // also summarise /trials/wall_time as metric "wall_time"
  // Reductions against baselines: each a set of column = value that picks the baseline point
  // of every other point (the one with the same coordinates on every other axis).
  std::vector<std::map<std::string, std::string>> baselines;
};

// Deterministic algorithms (bounds tables) compute the same value at every trial: one trial is
// an exact value, not a sample of one.
bool deterministic_point(const ResultData& r, std::size_t p);

// The independent draws of point p's data its trials cycle through (column "data_samples",
// DatasetRef::samples; 1 when the result has no such column): the clusters of its intervals.
std::size_t data_samples_at(const ResultData& r, std::size_t p);

// Value of trial t of point p, element i (0-based) of metric m; NaN when absent.
double value_at(const ResultData& r, const MetricData& m, std::size_t p, std::size_t t, std::size_t i);

// Number of elements of metric m at point p (the longest vector over done trials; 1 for a scalar).
std::size_t length_at(const ResultData& r, const MetricData& m, std::size_t p);

// The text of point p's value in column c, as show and the reference matching use it.
std::string cell_text(const PointColumn& c, std::size_t p);

// The paper's numbers for a result: results/reference/<paper>/<name>.csv under `home` (it may
// have been corrected since the run), else the copy embedded in the result file.
Reference load_reference(const ResultData& r, const std::string& home);

// The rows as JSON ({"rows": [{point, metric, index, index_value, baseline, n, mean, sd, lo, hi, paper}]},
// NaN and absent values as null): what plots/ draws; with `privacy` (framework/result_privacy.hpp:
// privacy_json), also {"privacy": ...}, what the figures mark.
std::string summary_json(const std::vector<SummaryRow>& rows, const std::string& privacy = "");

// "algorithm=Identity" (keys in order): how a baseline is named in SummaryRow::baseline.
std::string baseline_name(const std::map<std::string, std::string>& baseline);

// The declared index value of element i (0-based) of metric m at point p; NaN when none.
double index_value_at(const MetricData& m, std::size_t p, std::size_t i);

// Throws an Error naming the file when a baseline matches no point or a point has no baseline.
std::vector<SummaryRow> summarize_result(const ResultData& r, const Reference& ref,
                                         const SummaryOptions& opts = {});

}  // namespace dplab
