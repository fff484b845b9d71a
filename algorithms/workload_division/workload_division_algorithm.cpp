// workload_division.workload_division: the paper's algorithm (§3.2 and §4, Algorithm 1). The
// workload is divided recursively by its most queried cell (division.hpp); every part W_j is
// answered by the Laplace mechanism at its budget eps_j, W_j x + Lap(Delta_{W_j} / eps_j).
// The parts all read x, so their budgets compose sequentially and add up to eps (eq. 4).
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/workload_division/division.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::workload_division {
namespace {

class WorkloadDivision : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info("workload_division.workload_division",
                                   "recursive division of the workload and budget by the most queried cell (Algorithm 1)");
    i.params.push_back(ParamSpec::real("g", 0, "Algorithm 1's correction in |W1| = (|W| + Delta_W + g)/4 (the paper gives no value)"));
    i.params.push_back(ParamSpec::text("stop_rule", "expected_error",
                                       "when to stop dividing: expected_error (L1 bound with the halved budgets) "
                                       "or pseudocode (Algorithm 1 lines 6-7 literally)")
                           .one_of({"expected_error", "pseudocode"}));
    i.outputs.push_back({"parts", "number of parts (leaves) the workload was divided into", false, ""});
    i.outputs.push_back({"expected_error", "expected average L1 error per query of the division (§3.2)", false, ""});
    i.privacy = PrivacyStatus::dp(
        "each part answered by the Laplace mechanism at its budget, the budgets adding up to eps (eq. 4); the "
        "division reads only the public workload");
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const Workload& W = pb.W();
    const std::vector<Leaf> leaves =
        divide_workload(W, pb.eps, ctx.params.real("g"), parse_stop_rule(ctx.params.text("stop_rule")), ctx.stream);
    // W x once (prefix sums), then each part's answers get their own noise.
    std::vector<double> answers = W.answer(pb.data.counts), y;
    for (const Leaf& leaf : leaves) {
      y.resize(leaf.rows.size());
      for (std::size_t k = 0; k < leaf.rows.size(); ++k) y[k] = answers[leaf.rows[k]];
      if (leaf.sensitivity > 0) ctx.noise.laplace(y, leaf.sensitivity, leaf.eps, "workload part");
      else ctx.noise.ledger().charge(leaf.eps, "workload part (empty queries, no noise needed)");
      for (std::size_t k = 0; k < leaf.rows.size(); ++k) answers[leaf.rows[k]] = y[k];
    }
    ctx.out.scalar("parts", static_cast<double>(leaves.size()));
    ctx.out.scalar("expected_error", expected_error(leaves));
    linear_queries::publish_answers(ctx, pb, std::move(answers));
  }
};

}  // namespace
}  // namespace dplab::workload_division

using dplab::workload_division::WorkloadDivision;
DPLAB_ALGORITHM(WorkloadDivision);
