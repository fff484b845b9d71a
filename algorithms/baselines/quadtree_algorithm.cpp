// baselines.quadtree: QuadTree (Cormode, Procopiuc, Srivastava, Shen, Yu, "Differentially private
// spatial decompositions", ICDE 2012) as DPBench runs it on a 2-D histogram (dpcomp_core
// QuadTree.py):
//   - The domain is padded with empty cells to l x l, l a power of two, and cut into a full
//     quadtree of height h = log2 l down to single cells: the nodes of height k (leaves k = 0)
//     are the (l / 2^k)^2 blocks of 2^k x 2^k cells.
//   - Geometric budget (Cormode et al. §4.2): the nodes of height k get
//       eps_k = 2^((h - k)/3) eps (2^(1/3) - 1) / (2^((h+1)/3) - 1),
//     so the root gets the least, the leaves the most, and sum_k eps_k = eps. One level's
//     nodes are disjoint: each level is one Laplace release of sensitivity 1 at eps_k.
//   - Post-processing (Cormode et al. §3.3 as DPBench simplifies it): (1) weighted averaging,
//     bottom up: a node's count y and its 4 children's averaged counts z_c are combined as
//       z = a y + (1 - a) sum_c z_c,   a = 4 eps_k^2 / (4 eps_k^2 + eps_{k-1}^2)
//     (inverse-variance weights when the children's sum is taken to have variance
//     4 * 2 / eps_{k-1}^2); (2) mean consistency, top down: the root keeps z, and each child
//     moves by a quarter of the gap between its parent's final count and the children's sum,
//       z_c += (z_parent - sum_c' z_c') / 4.
//   - The leaves' final counts are the estimate of x (the padding cropped off).
// The tree and the mean consistency are tree_2d.hpp's. Padding: dpcomp_core pads to 2^ceil(log2(floor(sqrt(rows cols)))), which fails when one side
// is longer than that; here l is the least power of two >= both sides (the same l on square
// domains, such as DPBench's 256 x 256 datasets).
#include <vector>

#include "algorithms/baselines/tree_2d.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class QuadTree : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.quadtree",
        "QuadTree (Cormode et al. 2012): full quadtree to single cells, geometric budget, weighted averaging and "
        "mean consistency (DPBench, 2-D)");
    i.privacy = PrivacyStatus::dp(
        "each level of the quadtree is one Laplace release of disjoint blocks at eps_k, sum_k eps_k = eps "
        "(geometric budget); the rest is post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    Tree2D t = build_tree_2d(pb.data.counts, pb.rows(), pb.cols(), 2);
    const int h = t.h;
    for (int k = 0; k <= h; ++k) ctx.noise.laplace(t.level[k], 1.0, geometric_level_eps(pb.eps, h, k), "quadtree: one level");

    // Weighted averaging, bottom up (the leaves keep their noisy counts).
    weighted_averaging(t, h, [&](int k) {
      const double ek = geometric_level_eps(pb.eps, h, k), ec = geometric_level_eps(pb.eps, h, k - 1);
      return 4 * ek * ek / (4 * ek * ek + ec * ec);
    });
    mean_consistency(t, h);  // the root keeps its count
    linear_queries::publish_estimate_2d(ctx, pb, tree_leaves(t, pb.rows(), pb.cols()));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::QuadTree;
DPLAB_ALGORITHM(QuadTree);
