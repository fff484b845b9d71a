#include "algorithms/budget_series/allocation_params.hpp"

#include "algorithms/budget_series/protections.hpp"

namespace dplab::budget_series {

std::vector<ParamSpec> allocation_param_specs() {
  return {
      ParamSpec::text("strategy", "AVG", "allocation strategy as named in the paper")
          .checked_by(is_strategy, kStrategyGrammar),
      ParamSpec::real("r", 0, "geometric ratio; 0 = ideal (n-1)/n (eq. 14)").at_least(0).below(1),
      ParamSpec::real("t", 0, "Taylor first term; 0 = ideal e^((1-n)/2) (eq. 16)").at_least(0).below(1),
      ParamSpec::real("U_s", 0, "upper bound of normalised noise for AC- (eq. 26); 0 = none").at_least(0),
      ParamSpec::real("bl_alpha", 1, "compounding factor of bl- (the paper uses 1)").at_least(0),
      ParamSpec::text("flip", "auto", "Flip- direction: auto = horizontal for Geo, vertical for Ty")
          .one_of({"auto", "horizontal", "vertical"}),
      ParamSpec::text("protection", "none", "sequence protection of §6: random (6.2), probability (6.3), noisy_n (6.4)")
          .one_of({"none", "random", "probability", "noisy_n"}),
  };
}

StrategyParams strategy_params(const Params& p, int n, double eps) {
  StrategyParams sp;
  sp.n = n;
  sp.eps = eps;
  sp.r = p.real("r");
  sp.t = p.real("t");
  sp.U_s = p.has("U_s") ? p.real("U_s") : 0.0;
  sp.bl_alpha = p.real("bl_alpha");
  sp.flip = parse_flip(p.text("flip"));
  return sp;
}

Protection protection(const Params& p) {
  const std::string& s = p.text("protection");
  if (s == "random") return Protection::Random;
  if (s == "probability") return Protection::Probability;
  if (s == "noisy_n") return Protection::NoisyN;
  return Protection::None;
}

std::vector<double> protected_proportions(const Params& p, const StrategyParams& sp, Stream& stream) {
  std::vector<double> k = proportions(p.text("strategy"), sp);
  switch (protection(p)) {
    case Protection::Random: return random_arrangement(std::move(k), stream);
    case Protection::Probability: return probability_perturbation(k, stream);
    default: return k;
  }
}

void check_allocation(const Params& p, int n, double eps) {
  (void)proportions(p.text("strategy"), strategy_params(p, n, eps));
}

}  // namespace dplab::budget_series
