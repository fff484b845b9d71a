// baselines.ahp: AHP (Zhang et al., SDM 2014) in 1-D as DPBench runs it (ahp.hpp): a noisy
// histogram with eps1 = ratio eps, thresholded, sorted and clustered greedily; then each
// cluster's total with Laplace(1/eps2) spread over its cells, and the workload answered on that
// estimate. Defaults ratio = 0.85, eta = 0.35: DPBench's (ahp/__init__.py ahp_engine), which the
// DPBench paper uses for AHP; its AHP* (parameters looked up from the true scale x eps) is not
// here yet.
#include "algorithms/baselines/ahp.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class AHP : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.ahp", "noisy histogram (eps1 = ratio eps), thresholded, sorted and greedily clustered; Laplace on "
                         "each cluster's total (eps2), spread evenly (AHP, Zhang et al. 2014; DPBench)");
    describe_ahp(i);
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    std::vector<double> estimate =
        ahp_estimate(pb.data.counts, pb.eps, ctx.params.real("ratio"), ctx.params.real("eta"), ctx.noise);
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::AHP;
DPLAB_ALGORITHM(AHP);
