// Stage 2 of DAWA (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014): answer the workload on the
// reduced domain of stage 1's buckets with a weighted hierarchical strategy chosen for it
// (Algorithm greedyH), measured by the Laplace mechanism and combined by least squares.
//
//  - Reduced workload: the estimate is uniform inside a bucket, so a query counting c of
//    a bucket's |b| cells asks for c/|b| of the bucket's total.
//  - Strategy: a binary tree over the buckets; node v asks w_v * (sum of its buckets). Its
//    sensitivity is the largest sum of w_v along a root-to-leaf path.
//  - Error: with y = A x + Lap(Delta_A / eps) and the least-squares estimate, the expected total
//    squared error of the reduced workload Q is (2 Delta_A^2 / eps^2) trace(Q (A^T A)^+ Q^T).
//  - greedyH: bottom up, every node v splits its subtree's unit of sensitivity into
//    1 - p for its own query and p for its children's (already chosen, then scaled by p)
//    strategies, with p in (0, 1] minimising trace(Q_v (A_v^T A_v)^+ Q_v^T) for the workload
//    restricted to v's buckets. Sherman-Morrison gives that error from the children's in closed
//    form (see greedy_h.cpp), so each depth of the tree costs one pass over the reduced
//    workload. A node all of whose queries weigh its buckets equally (each query covers all or
//    none of it, alike) is only asked as a whole: the workload cannot tell its buckets apart.
//    DPBench's greedyH (the code the workload_division paper ran) differs in two details we do
//    not copy: it weighs the node query's terms of that error by a heuristic 2^(-depth/2),
//    and it evaluates u^T M u with M = (Q^T Q)^2 where the error needs Q^T Q.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/workload_division/l1_partition.hpp"
#include "algorithms/workload_division/workload.hpp"

namespace dplab::wd {

// The workload on buckets: row i lists (bucket, coefficient) by increasing bucket.
struct ReducedWorkload {
  std::uint32_t buckets = 0;
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> cols;
  std::vector<double> coef;
  std::size_t queries() const { return offsets.size() - 1; }
};

// Q[i][k] = (cells of bucket k counted by query i) / |bucket k|.
ReducedWorkload reduce_workload(const Workload& W, const Buckets& b);

struct HierarchyNode {
  std::uint32_t lo = 0, hi = 0;  // buckets [lo, hi)
  std::int32_t left = -1, right = -1;
  std::uint32_t depth = 0;
  bool terminal = false;  // asked as a whole; its subtree below is not used
  double weight = 0;      // w_v; 0: not asked
};

// A binary tree over [0, buckets): nodes[0] is the root, children have larger ids than their
// parent, a node of s > 1 buckets has children
// of floor(s/2) and ceil(s/2) buckets. Only the nodes reachable without passing a terminal node
// form the strategy.
struct Hierarchy {
  std::uint32_t buckets = 0;
  std::vector<HierarchyNode> nodes;
};

// The tree over [0, buckets) with no weights (leaves are terminal).
Hierarchy binary_tree(std::uint32_t buckets);

// The plain hierarchical strategy (Hay et al. 2010): weight 1 / height on every node, so that
// the deepest path has sensitivity 1.
Hierarchy uniform_hierarchy(std::uint32_t buckets);

// DAWA's greedyH for the reduced workload; every root-to-terminal path's weights sum to 1.
Hierarchy greedy_h(const ReducedWorkload& Q);

// trace(Q (A^T A)^+ Q^T) for the strategy A of H's weights: the expected total squared error of
// the least-squares answers to Q divided by 2 Delta_A^2 / eps^2 (infinite when a terminal node
// has weight 0 and a query weighs it).
double strategy_error(const ReducedWorkload& Q, const Hierarchy& H);

// Delta_A: the largest sum of weights over the strategy's nodes covering one bucket.
double strategy_sensitivity(const Hierarchy& H);

// Indices of the strategy's nodes (reachable without passing a terminal node) with weight > 0,
// in the order of H.nodes: the rows of A.
std::vector<std::uint32_t> strategy_rows(const Hierarchy& H);

// Least-squares estimate of the terminal nodes' totals from y (one noisy answer per row of
// strategy_rows, y_r = w_v * total_v + noise, equal noise variance): returns one total per
// node of H (meaningful at terminal nodes). Solved on the tree in two passes: bottom up, each
// node's estimate from its own subtree alone (inverse-variance combination of its own answer and
// its children's sum); top down, each parent's final total is split among its children in
// proportion to their variances. This is the minimum-norm least-squares solution of A z = y
// summed over each terminal node.
std::vector<double> strategy_least_squares(const Hierarchy& H, std::span<const double> y);

}  // namespace dplab::wd
