// canary.middle_double_count: deliberately NOT eps-DP. It releases the sum of two overlapping
// ranges of the histogram, cells [0, m] and [m, n - 1] with m = n / 2, plus Laplace noise of
// scale 1 / eps: noise sized for sensitivity 1, while a record in the middle cell m, which both
// ranges count, moves the sum by 2. Its true loss is 2 eps, but only on the neighbouring pairs
// that change cell m: an audit whose pairs change a few fixed cells passes it once n is large
// enough to put m elsewhere (issue 26: the old pairs changed cells 1, 0 and n - 1 only, and this
// bug passed at size 8). `dplab audit canary.middle_double_count` must report eps_hat > eps at
// the default size and at --pair-param size=8.
#include "algorithms/canary/fixture.hpp"

namespace dplab::canary {
namespace {

class MiddleDoubleCount : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("canary.middle_double_count",
                                   "CANARY, not eps-DP: the sum of two ranges sharing the middle cell + Lap(1/eps), "
                                   "sized for sensitivity 1 (the middle cell counts twice)",
                                   AlgorithmRole::Canary);
    i.outputs = {{"answer", "the noisy sum of the two ranges", false, ""}};
    i.privacy = PrivacyStatus::not_dp("canary.middle_double_count",
                                      "deliberately noise for sensitivity 1 on a sum that counts the middle cell twice");
    return i;
  }
  void check(const Params&) const override { refuse_specs("canary.middle_double_count"); }
  void run(TrialContext& ctx) const override {
    const auto& x = ctx.dataset<Histogram>().counts;
    const std::size_t m = x.size() / 2;
    double sum = 0;
    for (std::size_t c = 0; c < x.size(); ++c) sum += x[c] * ((c <= m) + (c >= m));
    // The deliberate bug: sensitivity 1 for a sum that counts cell m twice.
    ctx.out.scalar("answer", ctx.noise.laplace(sum, 1.0, ctx.params.real("eps"), "canary: overlapping ranges"));
  }
};

}  // namespace
}  // namespace dplab::canary

using dplab::canary::MiddleDoubleCount;
DPLAB_ALGORITHM(MiddleDoubleCount);
