// canary.unmarked_evaluation: an eps-DP release plus an evaluation output that is not marked as
// one. It releases the histogram's total count + Lap(1 / eps) (eps-DP) and also `true_count`,
// the exact count computed for evaluation, without OutputSpec::evaluation: the mistake a copy of
// an example algorithm makes. `dplab audit` then sees the exact count as released, reports a
// violation on it, and must say that the output reads the true data and may need
// `evaluation = true` (not that the noisy count is wrong).
#include "algorithms/canary/fixture.hpp"

namespace dplab::canary {
namespace {

class UnmarkedEvaluation : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("canary.unmarked_evaluation",
                                   "CANARY: an eps-DP noisy count plus the true count as an output not marked evaluation",
                                   AlgorithmRole::Canary);
    // The deliberate bug: true_count is computed from the true data but not marked evaluation.
    i.outputs = {{"answer", "the noisy total count", false, ""},
                 {"true_count", "the exact total count of the input (for evaluation)", false, ""}};
    // As run it publishes the exact count: no privacy (the noisy answer alone would be eps-DP).
    i.privacy = PrivacyStatus::none("releases the exact count as true_count, an output not marked evaluation "
                                    "(the fixture's deliberate mistake); its noisy answer alone is eps-DP");
    return i;
  }
  void check(const Params&) const override { refuse_specs("canary.unmarked_evaluation"); }
  void run(TrialContext& ctx) const override {
    const double count = total(ctx.dataset<Histogram>());
    ctx.out.scalar("answer", ctx.noise.laplace(count, 1.0, ctx.params.real("eps"), "canary: total count"));
    ctx.out.scalar("true_count", count);
  }
};

}  // namespace
}  // namespace dplab::canary

using dplab::canary::UnmarkedEvaluation;
DPLAB_ALGORITHM(UnmarkedEvaluation);
