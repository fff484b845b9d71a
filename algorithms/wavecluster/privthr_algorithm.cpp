// wavecluster.privthr: Private Quantization with Refined Noisy Density Threshold (§4.3, Alg. 3).
// alpha eps on the count grid; (1 - alpha) eps on |Z|, the number of non-positive cells of the
// true W (sensitivity 1: one point moves one cell of W by 1/2); the round(|Z|'/2) smallest
// positive noisy values are dropped before the percentile (about half the zero cells turn
// positive under symmetric noise, §5.2.1). Theorem 5.3: eps in all.
#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/wavecluster/technique.hpp"

namespace dplab::wavecluster {
namespace {

class PrivTHR : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "wavecluster.privthr";
    i.doc = "PrivTHR (wavecluster Alg. 3): noisy grid (alpha eps) and noisy |Z| (rest) to drop |Z|'/2 noise-made positives";
    i.params = clustering_params();
    i.params.push_back(ParamSpec::real("eps", 1.0, "privacy budget").above(0));
    i.params.push_back(ParamSpec::real("alpha", 0.9, "share of eps for the count grid (§7.4: 0.9 is best); the rest is for |Z|")
                           .above(0)
                           .below(1));
    i.outputs = clustering_outputs();
    i.outputs.push_back({"noisy_zero_cells", "|Z|', the noisy count of non-positive cells of the true W", false, ""});
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.audit_params = audit_box();
    i.privacy = PrivacyStatus::dp(
        "Laplace on the count grid at alpha eps and on |Z| (sensitivity 1) at (1 - alpha) eps, then post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const TrialInput in = trial_input(ctx);
    const double eps = ctx.params.real("eps"), alpha = ctx.params.real("alpha");
    const std::vector<double> m = true_counts(in);
    std::vector<double> noisy = m;
    ctx.noise.laplace(noisy, 1.0, alpha * eps, "PrivTHR: noisy count grid (Alg. 3 line 2)");
    const std::vector<double> w_noisy = haar_approximation(noisy, in.fine.nx);

    const std::vector<double> w = haar_approximation(m, in.fine.nx);
    const double zero = double(std::count_if(w.begin(), w.end(), [](double v) { return v <= 0; }));
    const double noisy_zero = ctx.noise.laplace(zero, 1.0, (1 - alpha) * eps, "PrivTHR: noisy |Z| (Alg. 3 line 5)");

    std::vector<double> l = positive_sorted(w_noisy);
    const double drop = std::clamp(std::round(noisy_zero / 2), 0.0, double(l.size()));
    l.erase(l.begin(), l.begin() + static_cast<std::ptrdiff_t>(drop));
    const double t = l.empty() ? std::numeric_limits<double>::infinity() : percentile(l, in.p, in.rule);
    const Clustering found = cluster_cells(w_noisy, in.coarse.nx, t, false, in.connectivity);
    publish(ctx, in, cluster_by_percentile(w, in), found);
    ctx.out.scalar("noisy_zero_cells", noisy_zero);
  }
};

}  // namespace
}  // namespace dplab::wavecluster

using dplab::wavecluster::PrivTHR;
DPLAB_ALGORITHM(PrivTHR);
