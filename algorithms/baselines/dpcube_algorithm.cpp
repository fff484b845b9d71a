// baselines.dpcube: DPCube (Xiao, Gardner, Xiong, "DPCube: releasing differentially private data
// cubes for health information", ICDE 2012 demo; Xiao, Xiong, Yuan, "Differentially private data
// release through multidimensional partitioning", SDM 2010) as DPBench runs it in 2-D
// (dpcomp_core DPcube.py):
//   1. A first estimate X1: UGrid with a fixed cell side gz = 11 (no use of the scale) at
//      alpha eps: each 11 x 11 cell's count + Lap(1 / (alpha eps)), spread evenly.
//   2. A kd-tree partition computed on X1 alone (post-processing): a box of len_r x len_c cells
//      is cut across its longer side (rows when len_r > len_c) at the position minimising
//      SSE(left) + SSE(right) + 2 / eps2, SSE the sum of squared deviations of X1 from the box's
//      mean, if that beats SSE(box) + 1 / eps2 (the box's own bias plus the noise of measuring
//      it), eps2 = (1 - alpha) eps; otherwise the box is a leaf.
//   3. Each leaf's true count + Lap(1 / eps2), spread evenly over the leaf: the leaves partition
//      the domain, one Laplace release of sensitivity 1.
// Step 3 measures the leaves afresh and drops X1, as DPBench does (Xiao et al. also combine the
// two); eps-DP: alpha eps + (1 - alpha) eps.
#include <vector>

#include "algorithms/baselines/grid_cells.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

// SSE of X1 over a box from the summed-area tables of X1 (P1) and of X1^2 (P2).
struct BoxCost {
  const std::vector<double>& P1;
  const std::vector<double>& P2;
  std::uint32_t cols;
  double operator()(const Rect& b) const {
    const double s = linear_queries::rect_sum(P1, cols, b);
    return linear_queries::rect_sum(P2, cols, b) - s * s / static_cast<double>(b.area());
  }
};

// DPBench's recursive split of `box` (step 2); appends the leaves.
void split(const Rect& box, const BoxCost& cost, double eps2, std::vector<Rect>& leaves) {
  const bool along_rows = box.r1 - box.r0 > box.c1 - box.c0;
  double best = cost(box) + 1 / eps2;
  std::uint32_t at = 0;  // 0: no split (a split position is always > the box's start)
  const std::uint32_t lo = along_rows ? box.r0 : box.c0, hi = along_rows ? box.r1 : box.c1;
  for (std::uint32_t k = lo + 1; k < hi; ++k) {
    Rect a = box, b = box;
    if (along_rows) a.r1 = b.r0 = k;
    else a.c1 = b.c0 = k;
    const double c = cost(a) + cost(b) + 2 / eps2;
    if (c < best) best = c, at = k;
  }
  if (at == 0) {
    leaves.push_back(box);
    return;
  }
  Rect a = box, b = box;
  if (along_rows) a.r1 = b.r0 = at;
  else a.c1 = b.c0 = at;
  split(a, cost, eps2, leaves);
  split(b, cost, eps2, leaves);
}

class DPCube : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.dpcube",
        "DPCube (Xiao et al. 2010/2012): a fixed grid's noisy estimate, a kd-tree partition chosen on it, the "
        "partition's cells measured (DPBench, 2-D)");
    i.params.push_back(ParamSpec::integer("gz", 11, "cell side of the first, uniform grid (DPBench: 11)").at_least(1).at_most(1 << 20));
    i.params.push_back(ParamSpec::real("alpha", 0.5, "share of eps for the first grid (DPBench: 0.5)").above(0).below(1));
    i.outputs.push_back({"leaves", "number of cells of the kd-tree partition", false, ""});
    i.privacy = PrivacyStatus::dp(
        "the fixed grid with Laplace at alpha eps; the partition is a function of that release; its disjoint cells "
        "with Laplace at (1 - alpha) eps");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const std::uint32_t rows = pb.rows(), cols = pb.cols();
    const double alpha = ctx.params.real("alpha"), eps1 = alpha * pb.eps, eps2 = pb.eps - eps1;
    const auto& x = pb.data.counts;
    auto& P = ctx.scratch.get<std::vector<double>>("dpcube: summed-area table of x");
    linear_queries::prefix_sums_2d(x, rows, cols, P);

    // 1. The fixed grid's estimate X1.
    const Rect domain{0, rows, 0, cols};
    const std::vector<Rect> grid = grid_cells(domain, static_cast<std::uint32_t>(ctx.params.integer("gz")));
    std::vector<double> g = cell_sums(P, cols, grid);
    ctx.noise.laplace(g, 1.0, eps1, "dpcube: fixed grid");
    std::vector<double> X1(x.size()), X1sq(x.size());
    for (std::size_t k = 0; k < grid.size(); ++k) spread_evenly(X1, cols, grid[k], g[k]);
    for (std::size_t i = 0; i < X1.size(); ++i) X1sq[i] = X1[i] * X1[i];

    // 2. The kd-tree partition on X1.
    std::vector<double> P1, P2;
    linear_queries::prefix_sums_2d(X1, rows, cols, P1);
    linear_queries::prefix_sums_2d(X1sq, rows, cols, P2);
    std::vector<Rect> leaves;
    split(domain, BoxCost{P1, P2, cols}, eps2, leaves);

    // 3. The leaves measured.
    std::vector<double> counts = cell_sums(P, cols, leaves);
    ctx.noise.laplace(counts, 1.0, eps2, "dpcube: partition cells");
    auto& xhat = ctx.scratch.get<std::vector<double>>("dpcube: estimate");
    xhat.assign(x.size(), 0.0);
    for (std::size_t k = 0; k < leaves.size(); ++k) spread_evenly(xhat, cols, leaves[k], counts[k]);
    ctx.out.scalar("leaves", static_cast<double>(leaves.size()));
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::DPCube;
DPLAB_ALGORITHM(DPCube);
