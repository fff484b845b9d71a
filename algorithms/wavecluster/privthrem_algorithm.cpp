// wavecluster.privthrem: Private Quantization with Noisy Threshold using the Exponential
// Mechanism (§4.4, Alg. 4). alpha eps on the count grid; (1 - alpha) eps on ONE exponential-
// mechanism draw of the threshold d' over the intervals between the sorted positive values of the
// true W, quality -|rank(x) - k| with k = (1 - p)|L| (Alg. 4 line 13), sensitivity 1, uniform
// inside the chosen interval; then the cells of W' above d' are significant. (The authors' code
// averages ten draws, which spends ten times the budget; one draw is what Theorem 5.5 covers.)
//
// em_range: data_max is the paper's output range (0, max W]. Its upper end is the data's
// maximum, so two neighbouring datasets have different output ranges and a threshold above the
// smaller maximum has probability 0 under one and > 0 under the other: no finite eps bounds the
// ratio (README, wavecluster section). em_range: public uses (0, em_upper] with a public bound
// instead (the last interval (max W, em_upper] has rank 0), which is eps-DP: for every x the
// quality moves by at most 1 between neighbours (one value of W moves by 1/2; if it enters or
// leaves L, k moves by 1 - p and the rank by 1 in the same direction, or only one of them moves).
#include <cmath>
#include <optional>

#include "algorithms/wavecluster/technique.hpp"

namespace dplab::wavecluster {
namespace {

class PrivTHREM : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "wavecluster.privthrem";
    i.doc = "PrivTHREM (wavecluster Alg. 4): noisy grid (alpha eps) and an exponential-mechanism threshold (rest)";
    i.params = clustering_params();
    i.params.push_back(ParamSpec::real("eps", 1.0, "privacy budget").above(0));
    i.params.push_back(ParamSpec::real("alpha", 0.7, "share of eps for the count grid (§4.4: 70/30); the rest is for the threshold")
                           .above(0)
                           .below(1));
    i.params.push_back(ParamSpec::text("em_range", "data_max",
                                       "output range of the threshold: data_max (the paper's (0, max W], not eps-DP) or "
                                       "public ((0, em_upper], eps-DP)")
                           .one_of({"data_max", "public"}));
    i.params.push_back(ParamSpec::real("em_upper", 0, "public upper bound of W for em_range: public (> 0)").at_least(0));
    i.outputs = clustering_outputs();
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.audit_params = audit_box();
    i.privacy = PrivacyStatus::dp(
        "Laplace on the count grid at alpha eps, the threshold by the exponential mechanism at (1 - alpha) eps over "
        "a public range (em_range: public)");
    i.privacy_rules = {when_param("em_range", {"data_max"},
                                  PrivacyStatus::not_dp("wavecluster.privthrem_range",
                                                        "the threshold's range (0, max W] is the data's (the paper's "
                                                        "Algorithm 4)"))};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const TrialInput in = trial_input(ctx);
    const double eps = ctx.params.real("eps"), alpha = ctx.params.real("alpha");
    std::optional<double> upper;
    if (ctx.params.text("em_range") == "public") {
      upper = ctx.params.real("em_upper");
      if (!(*upper > 0)) throw Error("em_range: public needs em_upper > 0, a public upper bound of the values of W");
    }
    const std::vector<double> m = true_counts(in);
    std::vector<double> noisy = m;
    ctx.noise.laplace(noisy, 1.0, alpha * eps, "PrivTHREM: noisy count grid (Alg. 4 line 2)");
    const std::vector<double> w_noisy = haar_approximation(noisy, in.fine.nx);

    const std::vector<double> w = haar_approximation(m, in.fine.nx);
    const std::vector<double> l = positive_sorted(w);
    const double k = (1 - in.p / 100) * double(l.size());
    const ThresholdIntervals t = threshold_intervals(l, k, upper);
    const double d = ctx.noise.exponential_intervals(t.edges, t.scores, 1.0, (1 - alpha) * eps,
                                                     "PrivTHREM: exponential-mechanism threshold (Alg. 4 line 4)");
    const Clustering found = cluster_cells(w_noisy, in.coarse.nx, d, true, in.connectivity);
    publish(ctx, in, cluster_by_percentile(w, in), found);
  }
};

}  // namespace
}  // namespace dplab::wavecluster

using dplab::wavecluster::PrivTHREM;
DPLAB_ALGORITHM(PrivTHREM);
