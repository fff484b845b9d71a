// The cluster counts and exact coordinate sums of a k-means assignment step without labelling
// every point: the filtering algorithm of Kanungo, Mount, Netanyahu, Piatko, Silverman and Wu,
// "An efficient k-means clustering algorithm: analysis and implementation", IEEE TPAMI 24(7),
// 2002. A k-d tree over the points holds each node's bounding box, count and exact fixed-point
// coordinate sums (exact_sums.hpp); a pass walks it with the centroids as candidates, drops a
// candidate once another is nearer for every point of a node's box, and hands a whole node to the
// one candidate left. The noisy Lloyd step needs only the counts and sums it releases
// (noisy_lloyd.hpp), not each point's label, so most of its points are never visited.
//
// The same bits as the point-by-point pass (assign.hpp): a candidate is dropped only when the
// direct formula sum_j (x_j - c_j)^2, computed in double with its roundings, cannot pick it for
// any point of the box (filter_tree.cpp, dominates()); in a leaf where several candidates remain
// each point is labelled by the direct formula over them in index order (ties to the lowest
// index, as everywhere); and the sums are exact integers, so a node's total equals its points
// added one by one. tests/test_filter_tree.cpp compares the two bit for bit, near-ties included.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/clustering/exact_sums.hpp"
#include "datasets/dataset.hpp"

namespace dplab::clustering {

struct FilterTree {
  const double* x = nullptr;  // the data it was built from
  std::size_t n = 0, d = 0;
  std::uint64_t id = 0;  // unique to each build_filter_tree call
  // false when the tree does not apply: the data have no fixed-point form (exact_sums.hpp), a
  // coordinate's magnitude reaches 2^500 (the bounds of filter_tree.cpp assume no overflow),
  // d > kMaxD, or n >= 2^31.
  bool usable = false;
  FixedPointScale scale;
  struct Node {
    std::uint32_t begin = 0, end = 0;  // its points, in tree order
    std::int32_t left = -1, right = -1;  // children (-1: a leaf)
    std::int64_t count = 0;
  };
  std::vector<Node> nodes;     // nodes[0] is the root
  std::vector<double> lo, hi;  // nodes x d: each node's bounding box (least and largest coordinates)
  std::vector<Fixed> sums;     // nodes x d: each node's exact coordinate sums
  std::vector<double> points;  // n x d, in tree order
  std::vector<Fixed> fixed;    // n x d, in tree order

  static constexpr std::size_t kMaxD = 16;
  static constexpr std::size_t kMaxK = 4096;
  static constexpr std::size_t kLeaf = 32;  // at most this many points in a leaf (16-64 cost about the same on Birch3)
};

void build_filter_tree(const PointSet& data, FilterTree& out);

// The tree of a run's dataset, built once and shared by every trial and thread (as
// shared_blocks.hpp's blocks are).
std::shared_ptr<const FilterTree> shared_filter_tree(const PointSet& data);

// counts (k) and sums (k x d, row-major: each cluster's exact sum rounded once to double) of the
// partition of the tree's points by nearest centroid, exactly as assign_and_accumulate computes
// them. Returns false, writing nothing, when the tree does not apply (not usable, other data, k
// above kMaxK or a centroid coordinate not finite or of magnitude 2^500 or more) or does not pay:
// a walk that would label more than max_leaf_share of the points one by one stops, and the
// calling thread's next 32 passes on this tree return false at once (filter_tree.cpp). 1.0 never
// stops (the tests).
bool filter_counts_sums(const FilterTree& tree, const PointSet& data, const std::vector<double>& centroids,
                        std::size_t k, std::vector<double>& counts, std::vector<double>& sums,
                        double max_leaf_share = 0.2);

}  // namespace dplab::clustering
