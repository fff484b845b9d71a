// HybridTree (Cormode, Procopiuc, Srivastava, Shen, Yu, "Differentially private spatial
// decompositions", ICDE 2012, §6: the "hybrid" of a kd-tree and a quadtree) as DPBench runs it
// (dpcomp_core's first public commit, monolithic/HybridTree.py on the authors' Spatial_DP code:
// KTree.py, Kd_pure.py, Kd_standard.py, Kd_hybrid.py, Differential.py), on the cells of a 2-D
// histogram:
//   - Every node is a box of cells with a noisy count; a node splits into up to 4 children: first
//     across its primary axis (rows at even depths, columns at odd ones), then each half across
//     the other axis.
//   - The top `switch_level` levels split at private medians (kd-tree): each median is the
//     exponential mechanism over the box's inner cell boundaries b, score -|rank(b) - rm|,
//     rank(b) the records before b and rm = ceil(n / 2) the median's rank of the box's n
//     records (sensitivity 1), at eps_s / 2 for the primary and eps_s / 2 for each half
//     (disjoint), eps_s = ratio eps / switch_level a level. Below, the splits are at the box's
//     middle (quadtree), data-independent and free.
//   - Counts: the node at depth d gets Laplace(1 / eps_d), eps_d the geometric budget
//     (Cormode et al. §4.2, tree_2d.hpp's geometric_level_eps) of (1 - ratio) eps over depths
//     0 .. H. A node is a leaf at depth H, when its noisy count is <= 1 (DPBench's minPartSize)
//     or when it is one cell; a leaf above depth H is measured again with the budget of the
//     depths below it, sum_{d' > d} eps_d', and that count replaces its first one (DPBench).
//   - Post-processing: Hay et al.'s (2010) consistency as DPBench's KTree.adjustConsistency runs
//     it (hybrid_consistency below).
// Each record is in one node a depth, so a path from the root pays the whole budget once:
// eps-DP (nested parallel composition in the ledger).
//
// Where this differs from DPBench's code (its trees are over points with real coordinates):
//   - splits are cell boundaries, every inner boundary weighted alike (DPBench draws a real split
//     point, each gap between consecutive points weighted by its length, and spreads a leaf's
//     count by area, cutting cells at the leaves' edges);
//   - a box one cell wide along an axis is not split across it (two children, or a leaf at one
//     cell); DPBench's real boxes are never that thin;
//   - the root is the whole domain. DPBench's root is the data's bounding box (min and max of the
//     records' coordinates) and a node with no true record stops splitting: neither is eps-DP.
//     grow_hybrid_tree's `reference` reproduces both (baselines.hybridtree structure = reference).
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/linear_queries/rect_workload.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::baselines {

using linear_queries::Rect;

struct HybridNode {
  Rect box;
  int depth = 0;
  double count = 0;                   // noisy count, then post-processed
  std::uint32_t first = 0, kids = 0;  // children: nodes[first .. first + kids)
};

struct HybridBudget {
  double eps = 1;          // total
  double ratio = 0.3;      // share for the medians (DPBench: 0.3)
  int switch_level = 5;    // kd levels (DPBench: 5)
  int height = 6;          // H: the deepest leaves' depth
  // eps_s: each kd level's median budget; count(d): the depth-d counts' budget.
  double median_eps() const { return ratio * eps / switch_level; }
  double count_eps(int d) const;
  double count_eps_below(int d) const;  // sum over d' = d + 1 .. H
};

// DPBench's height rule (HybridTree.py): H = max_height, but ceil(ln rows) when floor(ln rows) is
// below it: the natural log, so 6 for 256 rows (log2 would give 8).
int hybrid_tree_height(std::uint32_t rows, int max_height);

// The exponential mechanism's scores of the inner boundaries b = lo + 1 .. hi - 1 of `box` along
// `axis` (0: rows, 1: columns): -|rank(b) - ceil(n / 2)|, from x's summed-area table P.
std::vector<double> median_scores(const std::vector<double>& P, std::uint32_t cols, const Rect& box, int axis);

// Grows the tree over x (its summed-area table P, rows x cols), drawing every noise through
// `noise` (and charging its ledger, a parallel scope per split). `reference`: DPBench's data
// bounding box as the root and no split of a node without a true record (not eps-DP).
std::vector<HybridNode> grow_hybrid_tree(const std::vector<double>& P, std::uint32_t rows, std::uint32_t cols,
                                         const HybridBudget& b, Mechanisms& noise, bool reference);

// Hay et al.'s constrained inference as DPBench's KTree.adjustConsistency runs it: bottom up,
// z = (f^l - f^(l-1)) / (f^l - 1) y + (f^(l-1) - 1) / (f^l - 1) sum_c z_c with l = H - depth and
// f the fan-out (4 in DPBench; 2 here for a box one cell wide); then top down, each child moves
// by (z_parent - sum_c z_c) / f. Hay et al. number the leaves' level 1; with l = H - depth the
// parents of depth-H leaves get l = 1 and keep their own count (DPBench's off-by-one, kept).
void hybrid_consistency(std::vector<HybridNode>& t, int H);

// The leaves' counts spread evenly over their cells (rows x cols, row-major; 0 outside the root).
std::vector<double> hybrid_leaves(const std::vector<HybridNode>& t, std::uint32_t rows, std::uint32_t cols);

}  // namespace dplab::baselines
