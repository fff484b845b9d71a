// workload_division.laplace_workload: the Laplace mechanism on the workload's answers
// (Definition 4): W x + Lap(Delta_W / eps) on every answer, Delta_W the largest column L1 norm.
#include "algorithms/workload_division/problem.hpp"

namespace dplab::wd {
namespace {

class LaplaceWorkload : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    return problem_info("workload_division.laplace_workload",
                        "Laplace(Delta_W/eps) on every answer of W x (Definition 4)");
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = workload_problem(ctx);
    std::vector<double> y = pb.workload.W.answer(pb.data.counts);
    const double delta = pb.workload.W.sensitivity();
    if (delta > 0) ctx.noise.laplace(y, delta, pb.eps, "laplace workload: every answer");
    publish_answers(ctx, pb, std::move(y));
  }
};

}  // namespace
}  // namespace dplab::wd

using dplab::wd::LaplaceWorkload;
DPLAB_ALGORITHM(LaplaceWorkload);
