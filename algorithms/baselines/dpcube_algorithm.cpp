// baselines.dpcube: DPCube in 2-D as DPBench runs it (dpcomp_core DPcube.py): the fixed 11 x 11
// grid at alpha eps, the kd-tree partition chosen on that noisy estimate, its leaves measured
// afresh at (1 - alpha) eps (dpcube.hpp describes the steps).
// One difference from DPBench's code: DPcube.py runs UG_engine(gz).Run(..., seed), which builds
// its own numpy RandomState(seed), and draws the leaves' noise from a second RandomState(seed), so
// the leaves' Laplace draws replay the grid's (at alpha = 0.5 the scales are equal: the k-th leaf
// gets the k-th grid cell's noise). Here the two stages draw independent noise through ctx.noise,
// as the composition alpha eps + (1 - alpha) eps assumes (DPBench's 1-D DPcube1D.py does too).
#include <vector>

#include "algorithms/baselines/dpcube.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class DPCube : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.dpcube",
        "DPCube (Xiao et al. 2010/2012): a fixed grid's noisy estimate, a kd-tree partition chosen on it, the "
        "partition's cells measured (DPBench, 2-D)");
    describe_dpcube(i);
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const DPCubeEstimate e =
        dpcube_estimate(pb.data.counts, pb.rows(), pb.cols(), static_cast<std::uint32_t>(ctx.params.integer("gz")),
                        ctx.params.real("alpha"), pb.eps, ctx.noise);
    ctx.out.scalar("leaves", static_cast<double>(e.leaves));
    linear_queries::publish_estimate_2d(ctx, pb, e.xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::DPCube;
DPLAB_ALGORITHM(DPCube);
