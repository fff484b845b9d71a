// budget_series.us_bounds: Tables 3-5, the meaningful range of U_s (Lemma 3) for N iterations
// and the alpha of eq. 29 that the U_s actually used implies.
#include "algorithms/budget_series/allocation_params.hpp"
#include "algorithms/budget_series/series.hpp"
#include "framework/registry.hpp"

namespace dplab::budget_series {
namespace {

class UsBoundsTable : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "budget_series.us_bounds";
    i.doc = "boundaries of U_s per total iterations N (Lemma 3; Tables 3-5)";
    i.params = {
        ParamSpec::integer("N", 10, "total iterations (queries)").at_least(2).at_most(100000),
        ParamSpec::real("eps", 0.3, "total privacy budget").above(0),
        ParamSpec::real("U_s_set", 0, "the U_s the paper used for this N (checked against the bounds)").at_least(0),
    };
    for (auto& p : allocation_param_specs())
      if (p.name != "U_s" && p.name != "protection") i.params.push_back(p);
    for (auto& p : i.params)
      if (p.name == "strategy") {
        // The bounds are those of the sequence AC- would optimise, so no AC- prefix here.
        p.default_value = std::string("Geo");
        p.checked_by([](const std::string& s) { return is_strategy(s) && s.rfind("AC-", 0) != 0; },
                     "a strategy without the AC- prefix (the sequence AC- optimises), e.g. Geo, bl-Ty");
      }
    i.outputs = {
        {"lower", "lower boundary sqrt(2) N / eps (Lemma 2)", false, ""},
        {"upper", "upper boundary sqrt(2) / eps_min of the strategy's calibrated sequence (Lemma 3)", false, ""},
        {"U_s", "the U_s used in the experiments (as given)", false, ""},
        {"alpha", "compounding factor of eq. 29 that AC- uses with that U_s", false, ""},
    };
    i.deterministic = true;
    i.privacy = PrivacyStatus::none("no private input: the bounds of Lemmas 2-3 computed from its parameters");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const Params& p = ctx.params;
    const int N = static_cast<int>(p.integer("N"));
    const double eps = p.real("eps");
    StrategyParams sp = strategy_params(p, N, eps);
    std::vector<double> k = proportions(p.text("strategy"), sp);
    UsBounds b = us_bounds(k, eps);
    const double U_s = p.real("U_s_set");
    ctx.out.scalar("lower", b.lower);
    ctx.out.scalar("upper", b.upper);
    ctx.out.scalar("U_s", U_s);
    ctx.out.scalar("alpha", U_s > 0 ? acceptable_alpha(k, eps, U_s) : 0.0);
  }
};

}  // namespace
}  // namespace dplab::budget_series

using dplab::budget_series::UsBoundsTable;
DPLAB_ALGORITHM(UsBoundsTable);
