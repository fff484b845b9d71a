// lu_budget_bounds.aggregation: lu_thesis Algorithm 5.1. Every curator i sends
// f(x_i) + Lap(Df_L(x_i) / eps) to the aggregator (lines 1-2), which adds them up (lines 3-4).
// The curators' noises protect disjoint data (parallel composition: the ledger holds eps); the
// global budgets the three bounds give for this release are outputs, with the loss the release
// actually has when a whole curator is the neighbour (Theorem 5.1's setting).
//
// With `sensitivity: local` (as published) a curator's noise scale depends on its own data, and
// `dplab audit` finds the release is not eps-DP under one added record; `value_bound` is the
// provable variant (every curator at the public record bound), `global` SumEpsilon's Df_G(X).
#include "algorithms/lu_budget_bounds/bounds.hpp"
#include "framework/registry.hpp"

namespace dplab::lu_budget_bounds {
namespace {

class Aggregation : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "lu_budget_bounds.aggregation";
    i.doc = "lu_thesis Algorithm 5.1: each curator perturbs its own sum (or count) with its local sensitivity; the aggregator adds them";
    i.params = {
        ParamSpec::real("eps", 10.0, "each curator's local budget eps_i").above(0),
        ParamSpec::text("query", "sum", "sum (of the records) or count (of the records)").one_of({"sum", "count"}),
        ParamSpec::text("sensitivity", "local",
                        "curators' noise: local (Df_L(x_i), Algorithm 5.1 as published: not eps-DP), value_bound (the "
                        "public record bound for every curator: eps-DP per record) or global (Df_G(X), SumEpsilon)")
            .one_of({"local", "value_bound", "global"}),
    };
    i.outputs = {
        {"answers", "the released total (one element)", true, "q"},
        {"truth", "the true total f(X) (one element)", true, "q", false, false, /*evaluation=*/true},
        {"eps_max_epsilon", "MaxEpsilon's global budget, max_i eps_i", false, ""},
        {"eps_this_work", "Theorem 5.1's global budget, max_i |U| Df_L(x_i) / f(x_i) eps_i", false, "", false, false, /*evaluation=*/true},
        {"eps_sum_epsilon", "SumEpsilon's global budget, sum_i eps_i", false, ""},
        {"eps_curator_level", "the release's privacy loss when a whole curator joins or leaves: eps max_j f(x_j) / max_i Df_i "
                              "(Theorem 5.1 claims eps_this_work for this neighbour)", false, "", false, false, /*evaluation=*/true},
    };
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Ratings, DatasetKind::CuratorTotals};
    i.privacy = PrivacyStatus::dp("every curator's sum or count with Laplace noise at a public bound, the record bound "
                                  "(value_bound) or the global sensitivity Df_G "
                                  "(SumEpsilon's calibration), parallel composition over disjoint curators");
    i.privacy_rules = {when_param("sensitivity", {"local"},
                                  PrivacyStatus::not_dp("lu_thesis.alg51_local_sensitivity",
                                                        "Algorithm 5.1: each curator's noise scale Df_L(x_i) is a "
                                                        "function of its own data"))};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const double eps = ctx.params.real("eps");
    const auto totals = curator_totals(*ctx.data);
    const std::string sensitivity = ctx.params.text("sensitivity");
    const bool global = sensitivity == "global";
    const CuratorQuery q = query_of(*totals, parse_query(ctx.params.text("query")),
                                    global ? Sensitivity::Local : parse_sensitivity(sensitivity));
    const BoundNoise noise = bound_noise(q, global ? Bound::SumEpsilon : Bound::ThisWork, eps);
    const auto drawn = ctx.noise.laplace_sum(local_groups(q, noise), 1.0, eps, "Algorithm 5.1: each curator's local noise");
    ctx.out.vector("answers", {q.grand_total + drawn.noise});
    ctx.out.vector("truth", {q.grand_total});
    ctx.out.scalar("eps_max_epsilon", bound_noise(q, Bound::MaxEpsilon, eps).eps_global);
    ctx.out.scalar("eps_this_work", bound_noise(q, Bound::ThisWork, eps).eps_global);
    ctx.out.scalar("eps_sum_epsilon", bound_noise(q, Bound::SumEpsilon, eps).eps_global);
    ctx.out.scalar("eps_curator_level", curator_level_loss(q, widest_noise_sensitivity(q, noise), eps));
  }
};

}  // namespace
}  // namespace dplab::lu_budget_bounds

using dplab::lu_budget_bounds::Aggregation;
DPLAB_ALGORITHM(Aggregation);
