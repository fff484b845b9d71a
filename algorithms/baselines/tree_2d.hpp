// A full b-ary tree of square blocks over a 2-D histogram, the structure of QuadTree (b = 2,
// Cormode et al. 2012) and of 2-D Hb (b chosen by Qardaji et al. 2013), as DPBench builds them
// (dpcomp_core QuadTree.py, HB2D.py):
//   - the rows x cols histogram is padded with empty cells to l x l, l = b^h the least power of
//     b >= both sides;
//   - the nodes of height k (leaves k = 0) are the (l / b^k)^2 blocks of b^k x b^k cells, each
//     with b^2 children of height k - 1;
//   - level[k] holds their counts, row-major by block (true counts from build_tree_2d; the
//     algorithm adds the noise and post-processes in place).
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace dplab::baselines {

struct Tree2D {
  std::uint32_t b = 2;  // branching per axis: b^2 children per node
  int h = 0;            // height of the root
  std::size_t l = 1;    // padded side, b^h
  std::vector<std::vector<double>> level;  // level[k]: (l / b^k)^2 counts

  // Nodes a side at height k.
  std::size_t side(int k) const;
  // The sum of the b^2 children of node (i, j) of height k >= 1.
  double children_sum(int k, std::size_t i, std::size_t j) const;
  // Adds `shift` to each child of node (i, j) of height k >= 1.
  void shift_children(int k, std::size_t i, std::size_t j, double shift);
};

// The tree of branching b over x (rows x cols, row-major) with its true counts.
Tree2D build_tree_2d(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::uint32_t b);

// Weighted averaging (Hay et al. 2010 §3.3; Cormode et al. 2012 §3.3), bottom up over heights
// 1 .. top: a node's noisy count y and its children's averaged counts combine as
// z = a(k) y + (1 - a(k)) sum_c z_c, a(k) the weight of the node's own count at height k.
void weighted_averaging(Tree2D& t, int top, const std::function<double(int)>& a);

// Mean consistency (Hay et al. 2010, §3.3; Cormode et al. 2012 §3.3), top down from the nodes of
// height `top`, which keep their counts: each child moves by its share of the gap between its
// parent's (final) count and the children's sum, z_c += (z_parent - sum_c' z_c') / b^2.
void mean_consistency(Tree2D& t, int top);

// The leaves' counts with the padding cropped off: the estimate of x.
std::vector<double> tree_leaves(const Tree2D& t, std::uint32_t rows, std::uint32_t cols);

// Cormode et al.'s (2012 §4.2) geometric budget: the nodes of height k (leaves 0) of a tree of
// height h get 2^((h - k)/3) eps (2^(1/3) - 1) / (2^((h + 1)/3) - 1), so the root gets the least,
// the leaves the most, and the h + 1 levels sum to eps.
double geometric_level_eps(double eps, int h, int k);

// The least h with b^h >= n (the height of a b-ary tree over n cells a side).
int tree_height(std::uint64_t n, std::uint64_t b);

// Hb's branching for a domain of side n (Qardaji et al. 2013 §5.1 as DPBench's HB2D.py reads it):
// the b in 2..n minimising b (n - 1) tree_height(n, b)^2, the least on ties (2 when n < 2).
std::uint32_t hb_branching(std::uint64_t n);

}  // namespace dplab::baselines
