// One pass over the bucket workload for all the nodes of one depth of a hierarchy: the
// quadratic forms that greedyH and the strategy error need (greedy_h.cpp, hierarchy.cpp).
//
// For the nodes v of depth d (disjoint bucket ranges), query weights w_i (1 by default) and a
// vector U over buckets, with M = Q^T diag(w) Q and q_iv(U) = sum_{j in v} Q_ij U_j:
//   quad[v]    = sum_i w_i q_iv(U)^2                          = U_v^T M_vv U_v
//   split[v]   = sum_i w_i (q_i,left(U)^2 + q_i,right(U)^2)   (the block-diagonal part over v's children)
//   full_sq[v] = sum of w_i c^2 over the queries that weigh all of v's buckets with one coefficient c
//   mixed[v]   = some query weighs v's buckets unequally (covers part of v, or with two coefficients)
//
// Where each segment of each query falls among the nodes does not depend on U or w, so it is
// worked out once (the plan): per depth, the (query, node, buckets) pieces of the segments that
// cut a node, and the ranges of nodes each segment covers whole. A pass then costs
// O(buckets + pieces): a query adds to the at most two nodes each of its segments cuts, and the
// nodes it covers whole are summed per node once per choice of weights.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/hierarchy.hpp"

namespace dplab::baselines {

class HierarchyPass {
 public:
  // Every node of `tree` (its shape only: weights and terminal flags do not matter) takes part;
  // Q must outlive the pass.
  HierarchyPass(const BucketWorkload& Q, const Hierarchy& tree);

  // The number of nodes of the tree it was planned for (strategies must have that shape).
  std::size_t tree_nodes() const { return tree_nodes_; }

  std::size_t depths() const { return depths_.size(); }
  // The nodes of depth d, left to right.
  const std::vector<std::uint32_t>& nodes(std::size_t d) const { return depths_[d].nodes; }
  // Whether some query weighs the buckets of the a-th node of depth d unequally.
  bool mixed(std::size_t d, std::size_t a) const { return depths_[d].mixed[a] != 0; }

  // Per-query weights w (size Q.queries(); integer values keep the sums exact), or empty for 1.
  void set_weights(std::span<const double> w);

  // Fills quad, split, full_sq (indexed like nodes(d)).
  void run(std::size_t d, std::span<const double> U) { run(d, U, 1); }
  // The same for `lanes` vectors U_0 .. U_{lanes-1} at once, interleaved: U[j * lanes + c] is
  // U_c's bucket j; quad and split are then interleaved too (quad[a * lanes + c], node a of
  // depth d for U_c), full_sq (which does not depend on U) is per node. Each lane's sums are
  // taken in the order of a single run, so a lane's values are those bits (the pieces and the
  // nodes are read once for all the lanes: greedyH tries its candidates side by side).
  void run(std::size_t d, std::span<const double> U, std::size_t lanes);

  std::vector<double> quad, split, full_sq;

 private:
  // The part [from, to) of a segment with coefficient coef of query `query` inside node `node`
  // (an index into its depth's list), where the segment cuts the node.
  struct Piece {
    std::uint32_t query, node, from, to;
    double coef;
  };
  // A segment of `query` covering nodes [first, last) of the depth whole.
  struct Cover {
    std::uint32_t query, first, last;
    double coef;
  };
  // A (query, node) with a single piece, the common case: its share of quad and split is
  // w c^2 times squares of prefix-sum differences, [from, cut) and [cut, to) the children's parts.
  struct Single {
    std::uint32_t node, from, cut, to;
  };
  // A piece of a (query, node) with several, as a pass reads it: [from, to) and its parts in the
  // node's children, [from, left) and [right, to) (left = from when the piece has no part in the
  // left child, right = to when none in the right: an empty part adds 0).
  struct Part {
    std::uint32_t from, to, left, right;
    double coef;
  };
  // The parts [begin, end) of one (query, node) with several pieces.
  struct Group {
    std::uint32_t query, node, begin, end;
  };
  struct Depth {
    std::vector<std::uint32_t> nodes, lo, hi, mid;
    std::vector<char> mixed;
    std::vector<Single> singles;
    std::vector<std::uint32_t> single_query;
    std::vector<double> single_coef, single_w;  // single_w = w_i c^2 (set_weights)
    std::vector<Piece> pieces;  // while planning: every piece, by query then node
    std::vector<Part> parts;    // the pieces of the (query, node) with several, by query then node
    std::vector<Group> groups;
    std::vector<Cover> covers;
    std::vector<double> covered;  // per node: sum of w_i c^2 over the covers (set_weights)
  };
  void plan(Depth& D);
  // Sizes quad, split, full_sq (zeroed) and the prefix sums for `lanes` vectors; returns the latter.
  double* start_run(const Depth& D, std::size_t lanes);
  template <std::size_t C>
  void run_lanes(const Depth& D, std::span<const double> U);
  void run_lanes_avx512(const Depth& D, std::span<const double> U, std::size_t lanes);
  const BucketWorkload& Q_;
  std::size_t tree_nodes_ = 0;
  std::vector<Depth> depths_;
  std::vector<double> weights_;  // empty: all 1
  bool unit_weights_ = false;    // covered sums are those of weights 1
  std::vector<double> prefix_;
};

}  // namespace dplab::baselines
