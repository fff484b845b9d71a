// Parameters shared by every budget_series plugin that allocates a budget over queries or
// iterations (allocation curves, the noise table, DP k-means): declared once here.
#pragma once
#include <string>
#include <vector>

#include "algorithms/budget_series/strategy.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace dplab::budget_series {

// strategy, r, t, U_s, bl_alpha, flip, protection.
std::vector<ParamSpec> allocation_param_specs();
// Reads those parameters (n and eps are the caller's).
StrategyParams strategy_params(const Params& p, int n, double eps);

enum class Protection { None, Random, Probability, NoisyN };
Protection protection(const Params& p);

// Proportions with the §6.2/§6.3 protection applied (noisy n, §6.4, is applied by the caller
// through StrategyParams::n_shape because it spends budget).
std::vector<double> protected_proportions(const Params& p, const StrategyParams& sp, Stream& stream);

// The rules of the strategy that depend on the parameters alone, for Algorithm::check: builds
// the (unprotected) sequence for n queries, which throws when, e.g., AC-'s U_s is below Lemma 2's
// bound sqrt(2) n / eps.
void check_allocation(const Params& p, int n, double eps);

}  // namespace dplab::budget_series
