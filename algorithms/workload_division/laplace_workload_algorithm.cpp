// workload_division.laplace_workload: the Laplace mechanism on the workload's answers
// (Definition 4): W x + Lap(Delta_W / eps) on every answer, Delta_W the largest column L1 norm.
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::workload_division {
namespace {

class LaplaceWorkload : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info("workload_division.laplace_workload",
                                                   "Laplace(Delta_W/eps) on every answer of W x (Definition 4)");
    i.privacy = PrivacyStatus::dp("Laplace(Delta_W / eps) on every answer, Delta_W the workload's L1 sensitivity "
                                  "(Definition 4)");
    return i;
  }
  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    std::vector<double> y = pb.W().answer(pb.data.counts);
    const double delta = pb.workload->sensitivity;
    if (delta > 0) ctx.noise.laplace(y, delta, pb.eps, "laplace workload: every answer");
    linear_queries::publish_answers(ctx, pb, std::move(y));
  }
};

}  // namespace
}  // namespace dplab::workload_division

using dplab::workload_division::LaplaceWorkload;
DPLAB_ALGORITHM(LaplaceWorkload);
