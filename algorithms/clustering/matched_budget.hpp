// The budget of lu_thesis §7.6's non-convergent baselines (BLUM, DWORK, SU, PrivGene): "we take
// the overall privacy budget of Algorithm 7.1 as the overall privacy budget for the methods that
// cannot converge" (§7.6.1), where Algorithm 7.1 spends eps on each of its steps: eps_0 plus
// eps per iteration (Theorem 7.5). A baseline cannot see Algorithm 7.1's run, so with
// budget_match: lloyd its total is eps (1 + ratio I), I the iterations of Lloyd's algorithm from
// the trial's shared initial centroids (Algorithm 7.1's own count is close to Lloyd's: the
// thesis measures 0.95-0.97 for Prior, Fig 7.9) and ratio the parameter match_ratio. Like
// Algorithm 7.1's own total, this budget depends on the data. budget_match: total makes eps the
// whole budget.
#pragma once
#include <vector>

#include "core/params.hpp"
#include "datasets/dataset.hpp"
#include "framework/privacy.hpp"
#include "framework/trial.hpp"

namespace dplab::clustering {

// eps, budget_match, match_ratio, budget_cap (the ledger's limit, the plugins' budget_param).
std::vector<ParamSpec> matched_budget_params();

// The privacy rules every baseline of §7.6 with a matched budget shares: budget_match: lloyd
// makes the total a function of the data (lu_thesis.kmeans_budget_lloyd).
PrivacyRule matched_budget_privacy_rule();

// The baseline's total budget for this trial.
double matched_budget(const PointSet& data, const TrialSeeds& seeds, const Params& params);

}  // namespace dplab::clustering
