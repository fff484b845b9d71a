// The strategies of DAWA's stage 2 (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014, §4): weighted
// hierarchical queries over the buckets, measured by the Laplace mechanism and combined by least
// squares.
//
//  - A binary tree over the buckets; node v asks w_v * (sum of its buckets). The strategy's
//    sensitivity is the largest sum of w_v along a root-to-leaf path.
//  - Error: with y = A x + Lap(Delta_A / eps) and the least-squares estimate, the expected total
//    squared error of the bucket workload Q is (2 Delta_A^2 / eps^2) trace(Q (A^T A)^+ Q^T).
//  - A terminal node is asked as a whole and nothing below it is used (every query weighs its
//    buckets alike, so the workload cannot tell them apart).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/bucket_workload.hpp"

namespace dplab::baselines {

struct HierarchyNode {
  std::uint32_t lo = 0, hi = 0;  // buckets [lo, hi)
  std::int32_t left = -1, right = -1;
  std::uint32_t depth = 0;
  bool terminal = false;  // asked as a whole; its subtree below is not used
  double weight = 0;      // w_v; 0: not asked
};

// A binary tree over [0, buckets): nodes[0] is the root, children have larger ids than their
// parent and nodes of one depth are numbered left to right; a node of s > 1 buckets has children
// of floor(s/2) and ceil(s/2) buckets (DPBench's split for branch 2). Only the nodes reachable
// without passing a terminal node form the strategy.
struct Hierarchy {
  std::uint32_t buckets = 0;
  std::vector<HierarchyNode> nodes;
};

// The tree over [0, buckets) with no weights (leaves are terminal).
Hierarchy binary_tree(std::uint32_t buckets);

// The plain hierarchical strategy (Hay et al. 2010): weight 1 / height on every node, so that
// the deepest path has sensitivity 1.
Hierarchy uniform_hierarchy(std::uint32_t buckets);

// Which nodes are reachable from the root without passing a terminal node (1) or not (0).
std::vector<char> strategy_nodes(const Hierarchy& H);

// trace(Q (A^T A)^+ Q^T) for the strategy A of H's weights: the expected total squared error of
// the least-squares answers to Q divided by 2 Delta_A^2 / eps^2 (infinite when a terminal node
// has weight 0). Exact, computed bottom up by Sherman-Morrison in O(depth (segments + buckets)).
double strategy_error(const BucketWorkload& Q, const Hierarchy& H);
// The same with a pass planned for Q on a tree of H's shape (reused across strategies).
class HierarchyPass;
double strategy_error(HierarchyPass& pass, const Hierarchy& H);
// The errors of up to 8 strategies of the pass's shape at once (HierarchyPass's lanes: each is
// strategy_error's value for it, bit for bit).
std::vector<double> strategy_errors(HierarchyPass& pass, std::span<const Hierarchy> Hs);

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

}  // namespace dplab::baselines
