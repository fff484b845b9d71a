// The total budget of lu_thesis §7.6's baselines (BLUM, DWORK, SU, PrivGene, GUPT). The thesis
// gives the methods that cannot converge "the overall privacy budget of Algorithm 7.1" (§7.6.1),
// which spends eps on each of its steps: eps_0 plus eps per iteration (Theorem 7.5), eps being
// the figures' x axis. budget_match chooses how that total is fixed:
//   public (the figures): eps (1 + public_iterations), a number written in the spec before the
//           run -- the thesis's own average LLOYD count for the dataset (Fig 7.9b), rounded --
//           so the total is the same whatever the data (data-independent) and equal for every
//           method, Algorithm 7.1's provable variant included (its T = public_iterations);
//   total:  eps is the whole budget;
//   lloyd:  eps (1 + match_ratio I), I Lloyd's iterations from the trial's shared initial
//           centroids on the exact data: the thesis's reading, but the total then depends on the
//           data (and budget_spent releases I), so the method is not eps-DP for any declared eps
//           as run; kept to reproduce the earlier figures.
#pragma once
#include <string>
#include <vector>

#include "core/params.hpp"
#include "datasets/dataset.hpp"
#include "framework/privacy.hpp"
#include "framework/trial.hpp"

namespace dplab::clustering {

// eps, budget_match, public_iterations, match_ratio, budget_cap (the ledger's limit under lloyd).
std::vector<ParamSpec> matched_budget_params();
// For `dplab audit` (AlgorithmInfo::audit_params): the default total, eps (1 + Lloyd's
// iterations on the exact data) under a cap of 1000, depends on the data, and a cap of 1000
// is no claim an audit can refute; audited with eps the whole budget (budget_match: total,
// eps = 1; the budget rule sets the cap to 1).
std::vector<std::string> matched_budget_audit_params();

// The privacy rules every baseline of §7.6 with a matched budget shares: budget_match: lloyd
// makes the total a function of the data (lu_thesis.kmeans_budget_lloyd).
PrivacyRule matched_budget_privacy_rule();

// The baseline's total budget for this trial.
double matched_budget(const PointSet& data, const TrialSeeds& seeds, const Params& params);

// The budget declared before the run (AlgorithmInfo::budget_of): the total under public and
// total, the cap under lloyd (whose total is known only once Lloyd has run on the data).
double declared_matched_budget(const Params& params);

}  // namespace dplab::clustering
