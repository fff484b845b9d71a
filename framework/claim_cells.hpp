// Internals of claim evaluation shared by framework/claims.cpp (the driver) and
// framework/claim_cells.cpp (one planner per check kind). Not a public interface.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "framework/claim_intervals.hpp"
#include "framework/claims.hpp"
#include "framework/reference.hpp"
#include "framework/store.hpp"

namespace dplab::claim_detail {

using Group = std::map<std::string, std::string>;  // a cell: for_each column = value

// A claim that cannot be decided yet: not run, with the reason.
struct NotRun {
  std::string why;
};

struct Row {
  std::size_t point = 0, element = 0;
  std::size_t series = 0;  // index into Loaded::series
  long index = -1;         // 1-based element of a vector metric, -1 for a scalar
};

// A side of a comparison: a combination of rows (all of a selection's rows for reduce: mean,
// one row each for min and max), with its name for the numbers.
struct Unit {
  Combination combo;
  std::string name;
};

// One result file, with the per-trial series of the rows claims have used.
struct Loaded {
  ResultData data;
  Reference ref;
  std::vector<TrialSeries> series;
  using Key = std::tuple<std::size_t, std::string, std::size_t, bool>;
  std::map<Key, std::size_t> index;

  const PointColumn& column_of(const std::string& col, const Claim& c) const;
  std::string point_text(std::size_t p) const;  // "algorithm=X N=5" over the axes
  // The series of point p's metric (element), or of its per-trial squared deviations (variance).
  std::size_t series_of(std::size_t p, const std::string& metric, std::size_t element, bool variance);
  // The rows a selection picks with the cell's conditions added; NotRun when it picks none.
  std::vector<Row> rows(const ClaimSelect& s, const Group& extra, const Claim& c);
  // The values a column takes in those rows, in numeric (else text) order.
  std::vector<std::string> values_of(const ClaimSelect& s, const std::string& col, const Claim& c, const Group& extra);
  std::vector<Unit> units(const ClaimSelect& s, const Group& extra, const Claim& c);
  // A derived series: per trial, log(a / (factor b)) of two combinations (scale: log). NotRun
  // when a value is not positive.
  std::size_t log_ratio_series(const Combination& a, const Combination& b, double factor, const Claim& c);
};

struct CellVerdict {
  Tri tri = Tri::unknown;
  std::string text;      // the numbers of the cell
  std::string interval;  // the interval that decided it
  double slack = 0;      // how far inside (holds) or beyond (fails) the boundary
};
using Decide = std::function<CellVerdict(const SimultaneousIntervals&)>;

// What a claim adds to its report beyond the numbers (the paper's printed precision).
struct Notes {
  std::string precision;
};

// Registers the combinations one cell needs in `iv` and returns how the cell decides once
// they are computed (framework/claim_cells.cpp).
Decide plan_cell(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv, Notes& notes);

std::string fmt(double x);
std::string fmt_interval(double lo, double hi);
bool as_number(const std::string& s, double& x);
bool matches(const ClaimCondition& c, const std::string& text);
std::string describe(const ClaimSelect& s);
std::string group_name(const Group& g);
std::size_t sample_size(const TrialSeries& s);
Combination difference(const Combination& a, const Combination& b, double factor);

}  // namespace dplab::claim_detail
