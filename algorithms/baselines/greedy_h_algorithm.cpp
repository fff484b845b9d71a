// baselines.greedy_h: GreedyH as DPBench runs it on its own (dawa/__init__.py greedyH_only_engine:
// DAWA's estimate engine with no partition engine, the whole budget on it): DAWA's second stage
// (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014; dawa.hpp greedy_h_estimate) on the identity partition,
// every cell its own bucket. greedyH chooses a weighted hierarchy for the workload (greedy_h.hpp:
// it depends on the public workload alone here), its node counts get Laplace(Delta_A / eps), least
// squares gives the terminal nodes' totals, each spread evenly over its cells, and the estimate
// answers the workload.
//
// The strategy is dplab's greedyH, the one DAWA uses here: the best of a family of decays around
// DPBench's heuristic (greedy_h.hpp; 0.80-1.00 times the strategy error of DPBench's on its own
// cases), not DPBench's single decay. GreedyH's error does not depend on the data, so any
// difference from DPBench's shows at every scale (bench/dpbench_ektelo.sh compares the two).
#include <numeric>
#include <vector>

#include "algorithms/baselines/dawa.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

class GreedyH : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.greedy_h",
        "greedyH's weighted hierarchy for the workload on the cells, Laplace on its node counts, least squares "
        "(DAWA's stage 2 on the identity partition; DPBench GreedyH)");
    // Diagnostic (`dplab audit` leaves it out): it depends on the public workload only.
    i.outputs.push_back({"strategy_error", "trace(W (A^T A)^+ W^T) of greedyH's strategy", false, ""});
    i.outputs.back().internal = true;
    i.privacy = PrivacyStatus::dp("greedyH's strategy depends on the public workload only; its answers (a record is in "
                                  "one cell, hence in the nodes above it: L1 sensitivity Delta_A) get "
                                  "Laplace(Delta_A / eps); least squares is post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::size_t n = pb.data.counts.size();
    Buckets cells;  // the identity partition: [c, c + 1) for every cell c
    std::vector<std::uint32_t> bounds(n + 1);
    std::iota(bounds.begin(), bounds.end(), std::uint32_t{0});
    cells.bounds = std::move(bounds);
    DawaEstimate e = greedy_h_estimate(pb.data.counts, pb.W(), cells, pb.eps, ctx.noise);
    ctx.out.scalar("strategy_error", e.strategy_error);
    // Terminal nodes spread a noisy total evenly over their cells: snapped, so that tied ranges
    // stay tied (publish_estimate).
    linear_queries::publish_estimate(ctx, pb, std::move(e.xhat));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::GreedyH;
DPLAB_ALGORITHM(GreedyH);
