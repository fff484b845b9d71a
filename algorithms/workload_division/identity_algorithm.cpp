// workload_division.identity: the DPBench Identity baseline (Dwork et al. 2006). Laplace(1/eps)
// on every cell of x (a histogram has L1 sensitivity 1), then the workload is answered on the
// noisy vector: W x~. Expected L1 error of query q: E|sum of |q| Laplace(1/eps)|.
#include "algorithms/workload_division/problem.hpp"

namespace dplab::wd {
namespace {

class Identity : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    return problem_info("workload_division.identity", "Laplace(1/eps) on every count of x, answers W x~ (DPBench Identity)");
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = workload_problem(ctx);
    std::vector<double> x = pb.data.counts;
    ctx.noise.laplace(x, 1.0, pb.eps, "identity: every count");
    publish_answers(ctx, pb, pb.workload.W.answer(x));
  }
};

}  // namespace
}  // namespace dplab::wd

using dplab::wd::Identity;
DPLAB_ALGORITHM(Identity);
