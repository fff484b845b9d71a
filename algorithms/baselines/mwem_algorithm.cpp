// baselines.mwem: MWEM (Hardt, Ligett, McSherry 2012, Algorithm 1) with DPBench's conventions
// (public scale N, 100 MW passes over all measurements per round, measured queries leave the
// candidates, the last estimate A_T); see mwem.hpp. Answers W A with A the estimate.
#include "algorithms/baselines/mwem.hpp"
#include "algorithms/baselines/mwem_params.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

class Mwem : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.mwem",
        "MWEM (Hardt et al. 2012): T rounds of exponential-mechanism selection, Laplace measurement "
        "and multiplicative-weights update of a histogram of public scale N; answers W A");
    for (auto& p : mwem_params()) i.params.push_back(std::move(p));
    i.params.push_back(ParamSpec::boolean("exclude_measured", true,
                                          "a measured query is no longer a candidate (DPBench); needs rounds <= queries"));
    i.privacy = PrivacyStatus::not_dp("workload_division.mwem_public_n",
                                      "the estimate's scale N = sum x is taken as public (DPBench): add/remove-one "
                                      "neighbours are told apart");
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    MwemOptions options;
    options.rounds = ctx.params.integer("rounds");
    options.update_passes = ctx.params.integer("update_passes");
    options.exclude_measured = ctx.params.boolean("exclude_measured");
    const MwemEstimate estimate = parse_mwem_estimate(ctx.params.text("estimate"));
    MwemResult r = mwem(pb.W(), pb.data.counts, pb.eps, options, ctx.noise);
    const auto& A = estimate == MwemEstimate::Last ? r.last : r.average;
    linear_queries::publish_answers(ctx, pb, pb.W().answer(A));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Mwem;
DPLAB_ALGORITHM(Mwem);
