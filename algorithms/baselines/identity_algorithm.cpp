// baselines.identity: DPBench's Identity (Dwork et al. 2006). Laplace(1/eps) on every cell of x
// (a histogram has L1 sensitivity 1), then the workload is answered on the noisy vector, W x~,
// by prefix sums. Expected L1 error of query q: E|sum of |q| Laplace(1/eps)|.
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class Identity : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.identity", "Laplace(1/eps) on every count of x, answers W x~ (DPBench Identity)");
    i.privacy = PrivacyStatus::dp("Laplace(1/eps) on every count of the histogram (L1 sensitivity 1); the answers "
                                  "are computed from the noisy counts");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    auto& x = ctx.scratch.get<std::vector<double>>("identity: noisy counts");
    auto& prefix = ctx.scratch.get<std::vector<double>>("identity: prefix sums");
    x.assign(pb.data.counts.begin(), pb.data.counts.end());
    ctx.noise.laplace(x, 1.0, pb.eps, "identity: every count");
    std::vector<double> answers;
    pb.W().answer(x, prefix, answers);
    linear_queries::publish_answers(ctx, pb, std::move(answers));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Identity;
DPLAB_ALGORITHM(Identity);
