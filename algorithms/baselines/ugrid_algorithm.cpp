// baselines.ugrid: UGrid, the uniform grid of Qardaji, Yang, Li ("Differentially private grids
// for geospatial data", ICDE 2013, §IV-A), as DPBench runs it on a 2-D histogram (dpcomp_core
// UG.py): the domain is cut into about M = N eps / c square cells (c = 10, the paper's guideline
// m = sqrt(N eps / c) cells a side), each cell's count gets Lap(1/eps) and is spread evenly over
// its cells. The cell side is g = int(s - 1) + 1 histogram cells, s = sqrt(rows cols / M), as
// UG.py (and ektelo) write it: floor(s) for s >= 1 (grid_rounding.hpp); `rounding: up` takes
// ceil(s) instead (dplab's rule before; 3 where DPBench's gives 2 at 10^6 records and eps 0.1,
// the difference docs/benchmarks.md measured against ektelo). The last row and column of grid
// cells are clipped (grid_cells.hpp).
//
// The scale N. Qardaji et al. and dpcomp_core take N as known; for add/remove-one neighbours that
// is not eps-DP (the cell side, hence the output's structure, is a function of the exact N).
// Here a share `scale_share` of eps releases N + Lap(1 / (scale_share eps)) and the grid gets
// the rest, eps_g = (1 - scale_share) eps, in M = N' eps_g / c: eps-DP by sequential composition
// (the grid cells are disjoint: one Laplace release of sensitivity 1).
#include <numeric>

#include "algorithms/baselines/grid_cells.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class UGrid : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.ugrid",
        "UGrid (Qardaji et al. 2013): about N eps / c equal square cells, Laplace on each, spread evenly (DPBench)");
    i.params.push_back(ParamSpec::real("c", 10, "Qardaji et al.'s constant: M = N eps / c cells (10)").above(0));
    i.params.push_back(ParamSpec::text("rounding", "dpbench",
                                       "cell side from s = sqrt(cells / M): dpbench = int(s - 1) + 1 as UG.py (floor), "
                                       "up = ceil(s)")
                           .one_of({"dpbench", "up"}));
    i.params.push_back(ParamSpec::real("scale_share", 0.05,
                                       "share of eps that releases the scale N for the grid size (Qardaji et al. "
                                       "and DPBench take N as known, which is not eps-DP)")
                           .above(0)
                           .below(1));
    i.outputs.push_back({"cells", "number of grid cells", false, ""});
    i.privacy = PrivacyStatus::dp(
        "N released with Laplace at scale_share eps; the disjoint grid cells with Laplace(1/eps_g), "
        "eps_g = (1 - scale_share) eps; the cell side is a function of the noisy N");
    return i;
  }
  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const double share = ctx.params.real("scale_share");
    const double eps_n = share * pb.eps, eps_g = pb.eps - eps_n;
    const auto& x = pb.data.counts;
    const double N = ctx.noise.laplace(std::accumulate(x.begin(), x.end(), 0.0), 1.0, eps_n, "ugrid: scale N");

    const Rect domain{0, pb.rows(), 0, pb.cols()};
    const std::vector<Rect> cells = grid_cells(domain, grid_side(domain, N * eps_g / ctx.params.real("c"),
                                                                        grid_rounding(ctx.params.text("rounding"))));
    auto& P = ctx.scratch.get<std::vector<double>>("ugrid: summed-area table");
    linear_queries::prefix_sums_2d(x, pb.rows(), pb.cols(), P);
    std::vector<double> counts = cell_sums(P, pb.cols(), cells);
    ctx.noise.laplace(counts, 1.0, eps_g, "ugrid: grid cells");

    auto& xhat = ctx.scratch.get<std::vector<double>>("ugrid: estimate");
    xhat.assign(x.size(), 0.0);
    for (std::size_t k = 0; k < cells.size(); ++k) spread_evenly(xhat, pb.cols(), cells[k], counts[k]);
    ctx.out.scalar("cells", static_cast<double>(cells.size()));
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::UGrid;
DPLAB_ALGORITHM(UGrid);
