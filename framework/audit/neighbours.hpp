// Neighbouring datasets for `dplab audit`: for each dataset kind, small pairs (D, D') that differ
// in one individual's data, under the relation the algorithms of that kind claim privacy for.
//   histogram        one cell +1 (one record added)
//   points           one point added at a corner of the algorithm's box [lo, hi]^d (where
//                    sensitivities peak), to points in the box's central half or to a
//                    cluster of identical points
//   transactions     one record added or removed
//   bag of words     one document added
//   curator totals   one record added to one curator (a curator's data changes)
//   networks         one edge removed (a non-path edge, and a path edge)
// A pair generator is registered per kind (register_pair_generator); the audit tries every pair
// it returns. Sizes are small on purpose: the ratio of output probabilities is what is tested,
// and an algorithm must run many thousand times per side.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "datasets/dataset.hpp"

namespace dplab::audit {

struct NeighbourPair {
  std::string description;  // e.g. "x = (1, 0, 1), x' = (1, 1, 1)"
  std::shared_ptr<const Dataset> a, b;
};

// The size of the audit's datasets: `size` records or cells (0: the kind's default), `dim`
// dimensions for points.
struct PairShape {
  std::size_t size = 0;
  std::size_t dim = 2;
  // Points: the box [lo, hi]^d of the algorithm's data (AlgorithmInfo::point_domain).
  double lo = -1, hi = 1;
};
// Parses "size=N" / "dim=D" items (dplab audit --pair-param).
PairShape parse_pair_shape(const std::vector<std::string>& items);

using PairGenerator = std::function<std::vector<NeighbourPair>(const PairShape&)>;
bool register_pair_generator(DatasetKind kind, PairGenerator g);
// The generator of a kind, or null when there is none.
const PairGenerator* find_pair_generator(DatasetKind kind);
std::vector<DatasetKind> kinds_with_pairs();

}  // namespace dplab::audit
