// StructureFirst (Xu, Zhang, Xiao, Yang, Yu, Winslett, "Differentially private histogram
// publication", ICDE 2012 / VLDBJ 2013), the mean (V-optimal) variant, as DPBench runs it: the
// authors' code in DPBench (thirdparty/xiaokui: struct.cpp structureFirst, DP.cpp, HTree.cpp).
// The paper's text was not read this session; what follows is the code's.
//
//  1. k = ceil(0.1 n) buckets (K_RATIO), F a bound on every count (counts above F are clipped to
//     it for the structure), and the budget split eps1 / eps2 by sf_eps1 below.
//  2. The V-optimal dynamic programme on the clipped counts: D[k][i], the least sum of squared
//     errors (SSE) of [0, i] cut into k + 1 intervals.
//  3. The boundaries drawn right to left (DP.cpp adjustBoundery): with `right` the start of the
//     bucket drawn last (n at first), the start j of bucket k in [k, right) is drawn by the
//     exponential mechanism with score -(D[k-1][j-1] + SSE[j, right)), sensitivity 2F + 1 (one
//     record moves an SSE of counts in [0, F] by at most 2F + 1) and budget eps1 / k_total each:
//     (k - 1) eps1 / k in all.
//  4. Each bucket (disjoint: parallel composition) is published by Hay et al.'s Boost at eps2:
//     a binary tree over its cells padded to a power of two (h + 1 levels, h = ceil(log2 m)),
//     Laplace((h + 1) / eps2) on every node holding a real cell, consistent leaves
//     (hierarchical_tree.hpp). With one bucket the whole eps goes to step 4 (DP.cpp).
//
// The dynamic programme is DPBench's, O(k n^2) at worst, with an exact pruning of the inner loop
// (structure_first.cpp). The SSE of intervals of an unsorted sequence does not satisfy the
// quadrangle inequality (unlike 1-D k-means on sorted points), so the divide-and-conquer and
// SMAWK speed-ups do not apply (tried: wrong minima on tests/test_dpbench_1d_more.cpp's data).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::baselines {

// DPBench's k: ceil(n * k_ratio) in floating point, as struct.cpp computes it (K_RATIO 0.1:
// ceil(n / 10) for every n below 5,000).
std::uint32_t sf_buckets(std::uint32_t n, double k_ratio = 0.1);

// DPBench's eps1 (DP.cpp getOptEps1): the e on the grid eps/20, 2 eps/20, ... (accumulated, while
// below eps) minimising
//   8 (k-1)^2 (2F+1)^2 / (e (8 (k-1) (2F+1) - e n F^2)) + 2 k / (eps - e)^2,
// the first (smallest) on ties. Once the first term's denominator is negative at e = eps / 20
// (F above about 320 (k - 1) / (n eps), i.e. 32 / eps with k = n / 10) the smallest e wins:
// eps1 = eps / 20, as on DPBench's datasets at eps = 0.1 (n = 4,096 and 131 records or more);
// below, eps1 is larger. Returns eps / 20 when no candidate is finite (k = 1, F = 0: eps1 is then
// unused).
double sf_eps1(std::uint32_t n, std::uint32_t k, double eps, double F);

// The V-optimal table: row r (0 .. k-1) holds D[r][i] for i = 0 .. n-1 (+infinity where i < r).
struct VOptimalTable {
  std::uint32_t n = 0, k = 0;
  std::vector<double> prefix, prefix_sq;  // of the counts, length n + 1
  std::vector<double> D;                  // row-major k x n
  double sse(std::uint32_t lo, std::uint32_t hi) const;  // SSE of [lo, hi), 0 for one cell
  double at(std::uint32_t r, std::uint32_t i) const { return D[std::size_t(r) * n + i]; }
};
VOptimalTable v_optimal_table(std::span<const double> counts, std::uint32_t k);

// The candidates of step 3 for bucket r (1 .. k-1) given `right`: starts j = r .. right-1 (entry
// j - r) and their errors D[r-1][j-1] + SSE[j, right).
std::vector<double> boundary_errors(const VOptimalTable& t, std::uint32_t r, std::uint32_t right);

}  // namespace dplab::baselines
