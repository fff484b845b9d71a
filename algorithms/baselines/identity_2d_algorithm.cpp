// baselines.identity_2d: DPBench's Identity on a 2-D histogram (Dwork et al. 2006; dpcomp_core
// identity.py is dimension-free). Laplace(1/eps) on every cell (a histogram has L1 sensitivity 1
// under adding or removing a record), then the rectangles are answered on the noisy cells by 2-D
// prefix sums. A rectangle of area a has error variance 2 a / eps^2.
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Identity2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.identity_2d", "Laplace(1/eps) on every cell of a 2-D histogram, answers W x~ (DPBench Identity, 2-D)");
    i.privacy = PrivacyStatus::dp("Laplace(1/eps) on every count of the histogram (L1 sensitivity 1); the answers "
                                  "are computed from the noisy counts");
    return i;
  }
  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    auto& x = ctx.scratch.get<std::vector<double>>("identity_2d: noisy counts");
    x.assign(pb.data.counts.begin(), pb.data.counts.end());
    ctx.noise.laplace(x, 1.0, pb.eps, "identity_2d: every count");
    linear_queries::publish_estimate_2d(ctx, pb, x);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Identity2D;
DPLAB_ALGORITHM(Identity2D);
