// baselines.dawa: DAWA (Li, Hay, Miklau, Wang, "A data- and workload-aware algorithm for range
// queries under differential privacy", PVLDB 7(5) 2014), a baseline of workload_division §5 and
// of DPBench; the two stages are dawa.hpp's.
//   Stage 1 (eps1 = ratio eps): private L1 partition of the domain into buckets (l1_partition;
//   partition_noise chooses the noise our privacy proof needs, the default, or DPBench's, which
//   is what workload_division compared against but is not eps1-DP; l1_partition.hpp).
//   Stage 2 (eps2 = (1 - ratio) eps): the workload mapped onto the buckets (bucket_workload), a
//   hierarchical strategy chosen for it by greedyH (greedy_h), Laplace noise of scale
//   Delta_A / eps2 on its answers, least squares, bucket totals spread evenly over their cells,
//   W applied by prefix sums (hierarchy).
#include <string>
#include <vector>

#include "algorithms/baselines/dawa.hpp"
#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

class Dawa : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.dawa",
        "DAWA (Li et al. 2014): private L1 partition, then greedyH hierarchy on the buckets and least squares");
    i.params.push_back(ParamSpec::real("ratio", 0.25, "share of eps for the partition (stage 1), DAWA's default 0.25")
                           .above(0)
                           .below(1));
    i.params.push_back(ParamSpec::text("partition", "exact",
                                       "candidate buckets: exact (all intervals, DPBench's L1 partition) or dyadic "
                                       "(lengths that are powers of two, DAWA's approximation)")
                           .one_of({"exact", "dyadic"}));
    i.params.push_back(ParamSpec::text("partition_noise", "provable",
                                       "noise on the partition's bucket costs: provable (eps1-DP: twice DPBench's "
                                       "scale, singletons noised, no floor) or reference (DPBench's DAWA, which "
                                       "workload_division compared against; not eps1-DP, see l1_partition.hpp)")
                           .one_of({"reference", "provable"}));
    // Diagnostics: DAWA releases the workload's answers only (`dplab audit` leaves these out).
    add_dawa_diagnostics(i);
    // For `dplab audit`: half the budget on the partition, eps1 = 1 (the budgets of
    // l1_partition.hpp's example). A wrong partition noise loses a multiple of eps1 (2.71 eps1
    // for DPBench's), and the release shows it only through the partition's ties: at the
    // default eps1 = eps / 4 that is about 1.3 eps on events of probability 0.1 and below (eps_hat
    // 1.28 with the audit's default time budget, 0.94 at 20,000 search runs), at eps1 = eps / 2
    // about 1.9 eps (eps_hat 3.83 with the default budget, 3.25 at 5,000 search runs).
    i.audit_params.push_back("eps=2");
    i.audit_params.push_back("ratio=0.5");
    i.privacy = PrivacyStatus::dp(
        "private L1 partition at eps1 with the provable cost noise (l1_partition.hpp), greedyH's strategy answered "
        "by Laplace at eps2, eps1 + eps2 = eps");
    i.privacy_rules = {when_param("partition_noise", {"reference"},
                                  PrivacyStatus::not_dp("workload_division.dawa_partition_noise",
                                                        "DPBench's partition noise: singleton buckets noiseless, "
                                                        "costs floored, half the scale eps1 needs"))};
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const double ratio = ctx.params.real("ratio");
    DawaOptions o;
    o.eps1 = ratio * pb.eps;
    o.eps2 = pb.eps - o.eps1;
    o.family = interval_family(ctx.params.text("partition"));
    o.noise = partition_noise(ctx.params.text("partition_noise"));
    // The dyadic candidates' costs live in this thread's scratch across trials.
    o.costs = &ctx.scratch.get<IntervalValues>("dawa: candidate costs");
    const DawaEstimate e = dawa(pb.data.counts, pb.W(), o, ctx.noise);
    publish_dawa_diagnostics(ctx, e);
    linear_queries::publish_answers(ctx, pb, pb.W().answer(e.xhat));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Dawa;
DPLAB_ALGORITHM(Dawa);
