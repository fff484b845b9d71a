// Sweep expansion: a spec becomes a list of points, the cartesian product of its axes
// (algorithms x datasets x sweep axes x zipped groups), each with fully validated parameters.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/params.hpp"
#include "framework/spec.hpp"

namespace dplab {

// A dataset reference validated against the catalogue and the transform registry.
struct ResolvedDataset {
  std::string name;   // catalogue entry
  std::string label;  // coordinate value
  Params params;      // the entry's parameters, defaults filled in
  std::uint64_t seed = 1;
  std::size_t samples = 1;  // independent draws (DatasetRef::samples): trial t runs on draw t mod samples
  std::vector<std::pair<std::string, Params>> transforms;  // in order, defaults filled in
  std::string key;    // canonical text of all the above: identical keys share one loaded dataset
};

struct Point {
  std::size_t index = 0;
  std::string algorithm;  // registered name
  std::string label;      // legend label of the algorithm entry
  std::string dataset;    // the dataset's label; empty when the spec names none
  std::shared_ptr<const ResolvedDataset> data;  // null when the spec names none
  Params params;          // every declared parameter, defaults filled in
  // The point's coordinates on the axes that vary in this spec, in axis order.
  std::vector<std::pair<std::string, Value>> coords;
  std::uint64_t key = 0;  // random-stream key: hash of algorithm, dataset and all parameters
  double budget = 0;      // declared epsilon of each trial (0 for non-private algorithms)
  double delta = 0;       // declared delta of each trial (0: pure eps-DP)
  // Per spec metric, whether this point is measured by it (its entry's 'metrics'); empty: by all.
  std::vector<bool> measured;
};

// Sweeps larger than this are refused unless the caller raises the limit (dplab run --max-points).
constexpr std::size_t kDefaultMaxPoints = 100'000;

// Validates the spec completely against the registry (algorithms, their parameters and ranges,
// datasets and their kinds, metrics) and returns its points in a fixed order. A sweep of more
// than `max_points` points is refused before any point is built.
std::vector<Point> expand(const Spec& spec, std::size_t max_points = kDefaultMaxPoints);

// Validates one dataset reference (used by expand and by `dplab datasets show`).
ResolvedDataset resolve_dataset(const DatasetRef& ref, const std::string& file, const std::string& field);

// "strategy=Geo N=20": the point's coordinates for messages and tables.
std::string describe(const Point& p);

}  // namespace dplab
