#include "algorithms/clustering/matched_budget.hpp"

#include "algorithms/clustering/lloyd_reference.hpp"

namespace dplab::clustering {

std::vector<ParamSpec> matched_budget_params() {
  return {
      ParamSpec::real("eps", 0.1, "budget of one step of Algorithm 7.1 (the figures' x axis)").above(0),
      ParamSpec::text("budget_match", "lloyd",
                      "'lloyd': total = eps (1 + match_ratio x Lloyd's iterations from the same initial centroids), "
                      "the budget Algorithm 7.1 spends (§7.6.1); 'total': eps is the whole budget")
          .one_of({"lloyd", "total"}),
      ParamSpec::real("match_ratio", 1.0, "Algorithm 7.1's iterations as a multiple of Lloyd's (budget_match: lloyd)")
          .above(0),
      ParamSpec::real("budget_cap", 1000.0,
                      "the ledger's limit (the matched total depends on the data, so only a cap is declared)")
          .above(0),
  };
}

PrivacyRule matched_budget_privacy_rule() {
  return when_param("budget_match", {"lloyd"},
                    PrivacyStatus::not_dp("lu_thesis.kmeans_budget_lloyd",
                                          "the total eps (1 + Lloyd's iterations on the exact data) is a function of "
                                          "the data, released as budget_spent"));
}

double matched_budget(const PointSet& data, const TrialSeeds& seeds, const Params& params) {
  const double eps = params.real("eps");
  if (params.text("budget_match") == "total") return eps;
  const auto ref = lloyd_reference(data, seeds, params);
  return eps * (1 + params.real("match_ratio") * ref->iterations);
}

}  // namespace dplab::clustering
