// The hierarchical strategy of Hay, Rastogi, Miklau and Suciu ("Boosting the accuracy of
// differentially private histograms through consistency", PVLDB 2010) on a complete b-ary tree,
// as DPBench runs it for H (b = 2) and Hb (b from Qardaji, Yang and Li, "Understanding
// hierarchical methods for differentially private histograms", PVLDB 2013):
//  - the n cells are padded with empty cells to b^h leaves, h = ceil(log_b n);
//  - every node of the h + 1 levels counts its leaves (a record is in one node per level, so the
//    tree's L1 sensitivity is h + 1) and gets Laplace((h + 1) / eps) (the budget split evenly
//    over the levels, DPBench HB.py build_tree). ektelo's H2 and HB (selection.HierarchicalRanges,
//    include_root=False) leave the root out: h levels, Laplace(h / eps), the total then being the
//    sum of the root's children (option root_measured = false below);
//  - the leaves are estimated by constrained inference (Hay et al. 2010, Theorem 3: the
//    least-squares estimate consistent with the tree), in two passes, bottom up
//        z[v] = ((b - 1) b^(l-1) y[v] + (b^(l-1) - 1) sum_{children c} z[c]) / (b^l - 1)
//    for a node v at height l (leaves: l = 1, z = y), then top down
//        hbar[c] = z[c] + (hbar[parent] - sum_{children of parent} z) / b.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::baselines {

// Smallest h >= 0 with b^h >= n (n >= 1, b >= 2).
std::uint32_t tree_height(std::uint64_t n, std::uint32_t b);

// Qardaji et al. 2013's branching factor (their Eq. 3, DPBench HB.py find_best_branching): the
// b in 2..n minimising (b - 1) h^3 - 2 (b + 1) h^2 / 3 with h = tree_height(n, b), the smallest
// such b on ties. (DPBench computes h as ceil(log(n, b)) in floating point; the integer height
// here is the exact ceiling.) n = 1 gives 2.
std::uint32_t qardaji_branching(std::uint64_t n);

// The counts of every node, level by level from the root (level l has b^l nodes; node j of level
// l has children b j .. b j + b - 1 on level l + 1), of x padded with zeros to b^h leaves.
std::vector<double> tree_counts(std::span<const double> x, std::uint32_t b, std::uint32_t h);

// The least-squares consistent leaves (Hay et al. 2010 Theorem 3) of noisy node counts y laid
// out as tree_counts; returns the first n of the b^h leaves. With root_measured = false, y[0] is
// ignored (the root was not measured: its estimate is the sum of its children's, h >= 1).
std::vector<double> tree_inference(std::span<const double> y, std::uint32_t b, std::uint32_t h, std::size_t n,
                                   bool root_measured = true);

}  // namespace dplab::baselines
