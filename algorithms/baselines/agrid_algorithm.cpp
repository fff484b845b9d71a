// baselines.agrid: AGrid, the adaptive grid of Qardaji, Yang, Li ("Differentially private grids
// for geospatial data", ICDE 2013, §IV-B), as DPBench runs it on a 2-D histogram (dpcomp_core
// AG.py); the same two levels as the point version wavecluster uses (adaptive_grid.hpp, whose
// size rules and constrained inference this reuses), laid on histogram cells:
//   - Level 1: m1 = max(10, [sqrt(N eps / c) / 4]) (c = 10), square cells of side
//     g1 = [sqrt(rows cols) / m1] cut the domain (grid_cells.hpp); each count gets
//     Lap(1 / (alpha eps)).
//   - Level 2: a level-1 cell of noisy count N' is cut into about m2^2 square cells,
//     m2 = [sqrt(N' (1 - alpha) eps / c2)] (c2 = 5; 1 when N' <= 0); each count gets
//     Lap(1 / ((1 - alpha) eps)).
//   [x] is AG.py's int(x - 1) + 1 (floor for x >= 1; grid_rounding.hpp) by default, ceil(x)
//   with `rounding: up` (the WaveCluster grid's rule, which this plugin used before).
//   - Constrained inference per level-1 cell (inverse-variance average of its count and its
//     leaves' sum, the difference spread equally over the leaves), then each leaf's count spread
//     evenly over its histogram cells.
// Each level is one Laplace release of disjoint cells (sensitivity 1).
//
// Differences from dpcomp_core, both recorded in docs: (1) the scale N, which Qardaji et al. and
// DPBench take as known (not eps-DP for add/remove-one neighbours), is released with a share
// `scale_share` of eps and the grid gets the rest (ugrid_algorithm.cpp); (2) the inference
// weighs the leaves' sum by the number k of leaves the level-1 cell was actually cut into (the
// inverse-variance average of Qardaji et al.), where AG.py uses the requested m2^2 also when
// clipping at the cell's edge leaves k != m2^2 cells.
#include <numeric>

#include "algorithms/baselines/adaptive_grid.hpp"
#include "algorithms/baselines/grid_cells.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class AGrid : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.agrid",
        "AGrid (Qardaji et al. 2013): two-level adaptive grid with constrained inference (DPBench, 2-D)");
    i.params.push_back(ParamSpec::real("alpha", 0.5, "share of the grid's budget for level 1 (0.5)").above(0).below(1));
    i.params.push_back(ParamSpec::real("c", 10, "level-1 constant: m1 = max(10, [sqrt(N eps / c) / 4]) (10)").above(0));
    i.params.push_back(ParamSpec::real("c2", 5, "level-2 constant: m2 = [sqrt(N' (1 - alpha) eps / c2)] (5)").above(0));
    i.params.push_back(ParamSpec::text("rounding", "dpbench",
                                       "[x] in m1, m2 and the cell sides: dpbench = int(x - 1) + 1 as AG.py (floor), "
                                       "up = ceil(x)")
                           .one_of({"dpbench", "up"}));
    i.params.push_back(ParamSpec::real("scale_share", 0.05,
                                       "share of eps that releases the scale N for m1 (Qardaji et al. and DPBench "
                                       "take N as known, which is not eps-DP)")
                           .above(0)
                           .below(1));
    i.outputs.push_back({"leaves", "number of level-2 cells", false, ""});
    i.privacy = PrivacyStatus::dp(
        "N with Laplace at scale_share eps; level 1 and level 2, each a Laplace release of disjoint cells at alpha "
        "and 1 - alpha of the rest; the cell sizes are functions of noisy counts");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    AdaptiveGridOptions o;
    o.alpha = ctx.params.real("alpha");
    o.c1 = ctx.params.real("c");
    o.c2 = ctx.params.real("c2");
    o.rounding = grid_rounding(ctx.params.text("rounding"));
    const double share = ctx.params.real("scale_share");
    const double eps_n = share * pb.eps, eps_g = pb.eps - eps_n;
    const double eps1 = o.alpha * eps_g, eps2 = eps_g - eps1;
    const auto& x = pb.data.counts;
    const std::uint32_t cols = pb.cols();
    const double N = ctx.noise.laplace(std::accumulate(x.begin(), x.end(), 0.0), 1.0, eps_n, "agrid: scale N");
    auto& P = ctx.scratch.get<std::vector<double>>("agrid: summed-area table");
    linear_queries::prefix_sums_2d(x, pb.rows(), cols, P);

    // Level 1.
    const Rect domain{0, pb.rows(), 0, cols};
    const double m1 = static_cast<double>(adaptive_grid_m1(N, eps_g, o));
    const std::vector<Rect> level1 = grid_cells(domain, grid_side(domain, m1 * m1, o.rounding));
    std::vector<double> noisy1 = cell_sums(P, cols, level1);
    ctx.noise.laplace(noisy1, 1.0, eps1, "agrid: level 1");

    // Level 2: every level-1 cell's leaves, one release (they partition the domain).
    std::vector<Rect> leaves;
    std::vector<std::size_t> first{0};
    for (std::size_t k = 0; k < level1.size(); ++k) {
      const double m2 = static_cast<double>(adaptive_grid_m2(noisy1[k], eps2, o));
      const std::vector<Rect> sub = grid_cells(level1[k], grid_side(level1[k], m2 * m2, o.rounding));
      leaves.insert(leaves.end(), sub.begin(), sub.end());
      first.push_back(leaves.size());
    }
    std::vector<double> noisy2 = cell_sums(P, cols, leaves);
    ctx.noise.laplace(noisy2, 1.0, eps2, "agrid: level 2");

    auto& xhat = ctx.scratch.get<std::vector<double>>("agrid: estimate");
    xhat.assign(x.size(), 0.0);
    for (std::size_t k = 0; k < level1.size(); ++k) {
      adaptive_grid_inference(noisy1[k], std::span<double>(noisy2).subspan(first[k], first[k + 1] - first[k]), o.alpha);
      for (std::size_t j = first[k]; j < first[k + 1]; ++j) spread_evenly(xhat, cols, leaves[j], noisy2[j]);
    }
    ctx.out.scalar("leaves", static_cast<double>(leaves.size()));
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::AGrid;
DPLAB_ALGORITHM(AGrid);
