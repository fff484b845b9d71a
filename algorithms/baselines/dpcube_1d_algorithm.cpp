// baselines.dpcube_1d: DPCube in 1-D as DPBench runs it (dpcomp_core DPcube1D.py,
// DPcube1D_engine, defaults gz = 11, alpha = 0.5): the 1 x n case of dpcube.hpp. Blocks of gz
// consecutive cells from cell 0 (the last block the n mod gz cells left over, its noisy count
// spread over them) at alpha eps; the cuts between cells chosen on that estimate by DPBench's
// recursive rule; each interval's count measured afresh at (1 - alpha) eps.
// Where DPBench's 1-D code differs from its 2-D code (DPcube.py), read side by side:
//   - the first grid is DPcube1D.GetsynData, not UG_engine: the same cells (gz-wide blocks, the
//     last clipped) as UG's gz x gz cells on a 1 x n domain, so one layout serves both here;
//   - the split has one axis: no choice of the longer side (a 1 x n box is always cut between
//     columns), the same cost (Compute over [left, right]) and stop rule;
//   - the noise: 1-D draws the grid's and the leaves' Laplace from one RandomState(seed) in turn
//     (independent), while 2-D seeds the leaves' RandomState with the grid's seed again, replaying
//     its draws (dpcube_algorithm.cpp). Here both plugins draw independently through ctx.noise;
//   - DPBench keeps the estimate in float64 in 1-D, float32 in 2-D; here both are double.
// The workload is answered on the estimate, snapped (publish_estimate, workload_problem.hpp).
#include "algorithms/baselines/dpcube.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

class DPCube1D : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.dpcube_1d",
        "DPCube (Xiao et al. 2010/2012) in 1-D: blocks of gz cells with Laplace at alpha eps, intervals cut on that "
        "estimate, each interval measured at (1 - alpha) eps (DPBench's DPcube1D)");
    describe_dpcube(i);
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    DPCubeEstimate e = dpcube_estimate(x, 1, static_cast<std::uint32_t>(x.size()),
                                       static_cast<std::uint32_t>(ctx.params.integer("gz")), ctx.params.real("alpha"),
                                       pb.eps, ctx.noise);
    ctx.out.scalar("leaves", static_cast<double>(e.leaves));
    linear_queries::publish_estimate(ctx, pb, std::move(e.xhat));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::DPCube1D;
DPLAB_ALGORITHM(DPCube1D);
