// canary.halved_laplace: deliberately NOT eps-DP. It releases the histogram's total count (a
// query of sensitivity 1) with Laplace noise of scale 1 / (factor eps), half what eps needs at
// the default factor 2, while its ledger is charged eps: the ledger cannot see a wrong
// sensitivity, and the audit must. Its true privacy loss is factor x eps (on every neighbouring
// pair, on every event {answer > t} beyond the larger count); `dplab audit canary.halved_laplace`
// must report eps_hat > eps. A factor just above 1 is the reference leak whose detection rate
// states the default audit's power (docs/audit-and-secure-noise.md).
#include "algorithms/canary/fixture.hpp"

namespace dplab::canary {
namespace {

class HalvedLaplace : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("canary.halved_laplace",
                                   "CANARY, not eps-DP: the total count + Lap(1 / (2 eps)), half the scale eps needs",
                                   AlgorithmRole::Canary);
    i.params.push_back(ParamSpec::real("factor", 2.0, "the true loss over eps: noise scale 1 / (factor eps)").above(0));
    i.outputs = {{"answer", "the noisy total count", false, ""}};
    i.privacy = PrivacyStatus::not_dp("canary.halved_laplace", "deliberately half the Laplace scale eps needs");
    return i;
  }
  void check(const Params&) const override { refuse_specs("canary.halved_laplace"); }
  void run(TrialContext& ctx) const override {
    const double eps = ctx.params.real("eps");
    // The deliberate bug: sensitivity 1 / factor for a count whose sensitivity is 1.
    ctx.out.scalar("answer", ctx.noise.laplace(total(ctx.dataset<Histogram>()), 1 / ctx.params.real("factor"), eps,
                                               "canary: halved Laplace"));
  }
};

}  // namespace
}  // namespace dplab::canary

using dplab::canary::HalvedLaplace;
DPLAB_ALGORITHM(HalvedLaplace);
