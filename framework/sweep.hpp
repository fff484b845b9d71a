// Sweep expansion: a spec becomes a list of points, the cartesian product of its axes
// (algorithms x datasets x sweep axes x zipped groups), each with fully validated parameters.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "framework/params.hpp"
#include "framework/spec.hpp"

namespace dplab {

struct Point {
  std::size_t index = 0;
  std::string algorithm;  // registered name
  std::string label;      // legend label of the algorithm entry
  std::string dataset;    // empty when the spec names none
  Params params;          // every declared parameter, defaults filled in
  // The point's coordinates on the axes that vary in this spec, in axis order.
  std::vector<std::pair<std::string, Value>> coords;
  std::uint64_t key = 0;  // random-stream key: hash of algorithm, dataset and all parameters
  double budget = 0;      // declared epsilon of each trial (0 for non-private algorithms)
};

// Validates the spec completely against the registry (algorithms, their parameters and ranges,
// datasets and their kinds, metrics) and returns its points in a fixed order.
std::vector<Point> expand(const Spec& spec);

// "strategy=Geo N=20": the point's coordinates for messages and tables.
std::string describe(const Point& p);

}  // namespace dplab
