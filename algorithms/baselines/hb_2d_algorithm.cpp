// baselines.hb_2d: Hb in 2-D (Qardaji, Yang, Li, "Understanding hierarchical methods for
// differentially private histograms", PVLDB 6(14) 2013), as DPBench runs it (dpcomp_core
// HB2D.py): Hay et al.'s hierarchical method (PVLDB 2010) on a b-ary tree of square blocks
// (tree_2d.hpp) whose branching b minimises the paper's variance estimate.
//   - b: for a side of n = sqrt(rows cols) cells, the b in 2..n minimising b (n - 1) h(b)^2,
//     h(b) = ceil(log_b n) (Qardaji et al. §5.1 as DPBench reads it; the least such b on ties).
//     On DPBench's 256 x 256 domain b = 7 (63 * 255, against 64 * 255 for b = 4 and 16), so the
//     domain is padded to 343 x 343.
//   - Every level below the root (heights 0 .. h-1) is one Laplace release of disjoint blocks at
//     eps / h (the root, the total, is not measured).
//   - Weighted averaging bottom up (Hay et al. §3.3 for a uniform budget; height k, leaves 0):
//       z = a y + (1 - a) sum_c z_c,  a = (B^(k+1) - B^k) / (B^(k+1) - 1),  B = b^2;
//     then mean consistency from the root's children down (tree_2d.hpp).
// The height h is the least with b^h >= both sides (an integer computation: dpcomp_core's
// ceil(log(n, b)) in floating point is one too high when log_b n is an integer that the
// division of logarithms rounds up, e.g. n = 125, b = 5).
#include <cmath>
#include <vector>

#include "algorithms/baselines/tree_2d.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Hb2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.hb_2d",
        "Hb (Qardaji et al. 2013) in 2-D: hierarchical method on a b-ary tree of square blocks, b minimising the "
        "variance estimate, weighted averaging and mean consistency (DPBench)");
    i.params.push_back(ParamSpec::integer("branching", 0, "b per axis; 0: the b minimising b (n - 1) h^2 (DPBench)")
                           .at_least(0)
                           .at_most(65536));
    i.outputs.push_back({"branching", "the branching b per axis used", false, ""});
    i.privacy = PrivacyStatus::dp(
        "each of the h levels below the root is one Laplace release of disjoint blocks at eps / h; b depends on the "
        "domain size only (public); the rest is post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const auto n = static_cast<std::uint64_t>(std::sqrt(double(pb.rows()) * pb.cols()));
    const std::int64_t given = ctx.params.integer("branching");
    const std::uint32_t b = given > 0 ? static_cast<std::uint32_t>(given) : hb_branching(n);
    if (b < 2) throw Error("baselines.hb_2d: branching must be >= 2 (or 0 for the best), got " + std::to_string(b));
    Tree2D t = build_tree_2d(pb.data.counts, pb.rows(), pb.cols(), b);
    const int h = t.h;
    if (h == 0) {  // a single cell: its count alone
      ctx.noise.laplace(t.level[0], 1.0, pb.eps, "hb_2d: the cell");
    } else {
      for (int k = 0; k < h; ++k) ctx.noise.laplace(t.level[k], 1.0, pb.eps / h, "hb_2d: one level");
      const double B = double(b) * b;
      weighted_averaging(t, h - 1, [B](int k) { return (std::pow(B, k + 1) - std::pow(B, k)) / (std::pow(B, k + 1) - 1); });
      mean_consistency(t, h - 1);  // the root is not measured: its children keep their counts
    }
    ctx.out.scalar("branching", b);
    linear_queries::publish_estimate_2d(ctx, pb, tree_leaves(t, pb.rows(), pb.cols()));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Hb2D;
DPLAB_ALGORITHM(Hb2D);
