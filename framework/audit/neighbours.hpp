// Neighbouring datasets for `dplab audit`: for each dataset kind, a family of small pairs
// (D, D') that differ in one individual's data, under the relation the algorithms of that kind
// claim privacy for, changing every position a leak may hide in:
//   histogram        each cell +1 (one record added), on three base histograms: alternating
//                    1, 0, 1, ... (an empty cell between occupied ones: DAWA's partition),
//                    all zero, all five; 3 n pairs
//   2-D histogram    the same on a side x side grid (size = side, default 4): each cell +1 on
//                    a checkerboard, all zero, all five; 3 side^2 pairs
//   points           one point added at several positions of the algorithm's box [lo, hi]^d
//                    (two corners, a mixed corner, an axis end, the centre, a copy of a point)
//                    to points in the box's central half, one of them removed, and four
//                    positions added to a tight cluster (where one record moves a mean the
//                    most, or the densest spot gains a record), and four spread points with
//                    one doubled (a data-read range doubles); 12 pairs
//   transactions     three records added (every item, one item, two items), each base record
//                    removed
//   bag of words     a document added (every word once, one word), each document removed
//   curator totals   a record of the largest value added to each curator, a smaller one added
//                    and one removed
//   networks         each edge removed (path and non-path edges)
// A pair generator is registered per kind (register_pair_generator); the audit shuffles the
// family with its seed and tries as many pairs as its budget of runs allows. Sizes are small on
// purpose: the ratio of output probabilities is what is tested, and an algorithm must run many
// thousand times per side.
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
  std::string description;  // e.g. "x = (1, 0, 1, 0), x' = (1, 1, 1, 0)"
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

// For the generators: "(1, 0, 1)", a dataset under a name, the points family.
std::string vector_text(const std::vector<double>& v);
template <class T>
std::shared_ptr<const Dataset> named(T d, const std::string& name) {
  d.name = name;
  return std::make_shared<const T>(std::move(d));
}
std::vector<NeighbourPair> point_pairs(const PairShape& s);

}  // namespace dplab::audit
