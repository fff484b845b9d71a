// baselines.ahp_2d: AHP (Zhang et al., SDM 2014) in 2-D as DPBench runs it (dpcomp_core
// ahp/__init__.py ahpND_engine): the 1-D AHP of ahp.hpp on the row-major flattening of the
// rows x cols histogram (n = rows cols cells in the threshold eta ln(n) / eps1), its estimate read
// back as a 2-D histogram that answers the rectangles. The clusters ignore where the cells lie:
// only their noisy counts group them. Defaults as in 1-D (DPBench's ratio 0.85, eta 0.35); AHP*
// (parameters looked up from the true scale x eps, ahpND_adaptive_engine) is not here.
#include <vector>

#include "algorithms/baselines/ahp.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class AHP2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.ahp_2d", "AHP (Zhang et al. 2014) in 2-D: 1-D AHP on the row-major flattened histogram (DPBench)");
    describe_ahp(i);
    return i;
  }
  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const std::vector<double> xhat =
        ahp_estimate(pb.data.counts, pb.eps, ctx.params.real("ratio"), ctx.params.real("eta"), ctx.noise);
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::AHP2D;
DPLAB_ALGORITHM(AHP2D);
