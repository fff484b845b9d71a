// An algorithm of your own, outside dplab's source tree (README "Your own algorithm").
//
// my.gaussian_mean releases the mean of a point set's first coordinate with the Gaussian
// mechanism: every value is clipped to [0, bound], so replacing one record moves the sum by at
// most `bound` (its L2 sensitivity; n is public), and the noisy sum divided by n is
// (eps, delta)-DP. The ledger checks the charge against the declared (eps, delta) budget, and
// the result file records the spent eps and delta of every trial (/trials/spent_delta).
//
// my.forgot_noise is the mistake the ledger exists for: it declares a budget but releases the
// exact mean. dplab runs it and warns that its trials "declared a privacy budget but spent
// nothing" (a real algorithm must never do this; it is here to show the warning).
#include <algorithm>
#include <cmath>

#include "framework/findings.hpp"
#include "framework/registry.hpp"

namespace {

using namespace dplab;

std::vector<ParamSpec> mean_params() {
  return {
      ParamSpec::real("eps", 1.0, "privacy budget epsilon").above(0),
      ParamSpec::real("delta", 1e-5, "privacy budget delta").above(0).below(1),
      ParamSpec::real("bound", 100.0, "values are clipped to [0, bound] (public)").above(0),
  };
}

std::vector<OutputSpec> mean_outputs() {
  OutputSpec mean{"mean", "the released mean of the first coordinate"};
  OutputSpec error{"abs_error", "|released - true mean of the clipped values|"};
  error.evaluation = true;  // computed from the true data: not part of the release
  return {mean, error};
}

double clipped_sum(const PointSet& data, double bound) {
  double s = 0;
  for (std::size_t i = 0; i < data.n; ++i) s += std::clamp(data.row(i)[0], 0.0, bound);
  return s;
}

class GaussianMean : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo a;
    a.name = "my.gaussian_mean";
    a.doc = "mean of the first coordinate, clipped to [0, bound], with the Gaussian mechanism";
    a.params = mean_params();
    a.outputs = mean_outputs();
    a.budget_param = "eps";
    a.delta_param = "delta";
    a.accepts = {DatasetKind::Points};
    a.unauditable = "an example plugin";
    // Every algorithm says whether it is DP as run (dp, not-dp with a finding, or none).
    a.privacy = PrivacyStatus::dp("(eps, delta)-DP: the Gaussian mechanism on a clipped sum of L2 sensitivity "
                                  "bound, n public (replace-one neighbours)");
    return a;
  }
  void run(TrialContext& ctx) const override {
    const auto& data = ctx.dataset<PointSet>();
    const double bound = ctx.params.real("bound"), n = static_cast<double>(data.n);
    // Neighbours replace one record, so n is public and only the sum needs noise (under
    // add/remove-one neighbours n would have to be noised too). L2 sensitivity of the sum: bound.
    const double sum = clipped_sum(data, bound);
    const double noisy = ctx.noise.gaussian(sum, bound, ctx.params.real("eps"), ctx.params.real("delta"), "clipped sum");
    ctx.out.scalar("mean", noisy / n);
    ctx.out.scalar("abs_error", std::fabs(noisy - sum) / n);
  }
};

class ForgotNoise : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo a;
    a.name = "my.forgot_noise";
    a.doc = "a deliberate mistake: declares (eps, delta) but releases the exact mean (dplab warns)";
    a.params = mean_params();
    a.outputs = mean_outputs();
    a.budget_param = "eps";
    a.delta_param = "delta";
    a.accepts = {DatasetKind::Points};
    a.unauditable = "an example plugin";
    // Not DP: the status names a finding, registered below with the evidence.
    a.privacy = PrivacyStatus::not_dp("my.forgot_noise", "releases the exact mean");
    return a;
  }
  void run(TrialContext& ctx) const override {
    const auto& data = ctx.dataset<PointSet>();
    ctx.out.scalar("mean", clipped_sum(data, ctx.params.real("bound")) / static_cast<double>(data.n));
    ctx.out.scalar("abs_error", 0.0);
  }
};

}  // namespace

DPLAB_ALGORITHM(GaussianMean);
DPLAB_ALGORITHM(ForgotNoise);

// A finding states why a not-dp algorithm is not DP (framework/findings.hpp); `dplab list
// findings` and the figures' footnotes show it.
DPLAB_FINDINGS(my, {{
                       .id = "my.forgot_noise",
                       .title = "my.forgot_noise releases the exact mean of the clipped values",
                       .evidence = "run() adds no noise; dplab warns that its trials declared a budget but spent nothing",
                       .docs = "examples/my_plugin/my_algorithm.cpp",
                       .unaudited = "an example plugin (AlgorithmInfo::unauditable)",
                   }});
