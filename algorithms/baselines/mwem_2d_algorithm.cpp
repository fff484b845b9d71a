// baselines.mwem_2d: MWEM (Hardt, Ligett, McSherry 2012, Algorithm 1) on a 2-D histogram, as
// DPBench runs it in 2-D (dpcomp_core mwemND.py: the same algorithm on the flattened domain):
// mwem.hpp's MWEM, unchanged, on the rows x cols cells in row-major order, with the workload's
// rectangles as their runs (one run per row of a rectangle). Same conventions as baselines.mwem
// (public scale N, 100 MW passes over all measurements per round, measured queries leave the
// candidates, the last estimate A_T) and the same privacy status: the public N is not eps-DP for
// add/remove-one neighbours (finding workload_division.mwem_public_n, shown on baselines.mwem).
#include "algorithms/baselines/mwem.hpp"
#include "algorithms/baselines/mwem_params.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Mwem2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.mwem_2d",
        "MWEM (Hardt et al. 2012) on a 2-D histogram, DPBench's conventions (public scale N, 100 MW passes per "
        "round); answers W A");
    for (auto& p : mwem_params()) i.params.push_back(std::move(p));
    i.privacy = PrivacyStatus::not_dp("workload_division.mwem_public_n",
                                      "the estimate's scale N = sum x is taken as public (DPBench), as in "
                                      "baselines.mwem: add/remove-one neighbours are told apart");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    MwemOptions options;
    options.rounds = ctx.params.integer("rounds");
    options.update_passes = ctx.params.integer("update_passes");
    const MwemEstimate estimate = parse_mwem_estimate(ctx.params.text("estimate"));
    // The runs of the rectangles over the row-major cells: the workload mwem() selects from.
    const MwemResult r = mwem(pb.workload->W, pb.data.counts, pb.eps, options, ctx.noise);
    linear_queries::publish_estimate_2d(ctx, pb, estimate == MwemEstimate::Last ? r.last : r.average);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Mwem2D;
DPLAB_ALGORITHM(Mwem2D);
