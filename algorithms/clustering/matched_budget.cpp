#include "algorithms/clustering/matched_budget.hpp"

#include "algorithms/clustering/lloyd_reference.hpp"

namespace dplab::clustering {

std::vector<ParamSpec> matched_budget_params() {
  return {
      ParamSpec::real("eps", 0.1, "budget of one step of Algorithm 7.1 (the figures' x axis)").above(0),
      ParamSpec::text("budget_match", "total",
                      "'public': total = eps (1 + public_iterations), the same for every method and dataset-"
                      "independent; 'total': eps is the whole budget; 'lloyd': eps (1 + match_ratio x Lloyd's "
                      "iterations on the exact data), the thesis's reading, data-dependent (not eps-DP as run)")
          .one_of({"public", "total", "lloyd"}),
      ParamSpec::integer("public_iterations", 10,
                         "budget_match: public: the iterations of Algorithm 7.1 the total pays for (the specs: the "
                         "thesis's LLOYD average for the dataset, Fig 7.9b, rounded)")
          .at_least(1)
          .at_most(100000),
      ParamSpec::real("match_ratio", 1.0, "budget_match: lloyd: Algorithm 7.1's iterations as a multiple of Lloyd's")
          .above(0),
      ParamSpec::real("budget_cap", 1000.0,
                      "budget_match: lloyd: the ledger's limit (the matched total depends on the data, so only a cap "
                      "is declared)")
          .above(0),
  };
}

std::vector<std::string> matched_budget_audit_params() { return {"budget_match=total", "eps=1"}; }
PrivacyRule matched_budget_privacy_rule() {
  return when_param("budget_match", {"lloyd"},
                    PrivacyStatus::not_dp("lu_thesis.kmeans_budget_lloyd",
                                          "the total eps (1 + Lloyd's iterations on the exact data) is a function of "
                                          "the data, released as budget_spent"));
}

double matched_budget(const PointSet& data, const TrialSeeds& seeds, const Params& params) {
  const std::string& match = params.text("budget_match");
  if (match != "lloyd") return declared_matched_budget(params);
  const auto ref = lloyd_reference(data, seeds, params);
  return params.real("eps") * (1 + params.real("match_ratio") * lloyd_iterations(*ref, params));
}

double declared_matched_budget(const Params& params) {
  const std::string& match = params.text("budget_match");
  const double eps = params.real("eps");
  if (match == "public") return eps * (1 + static_cast<double>(params.integer("public_iterations")));
  if (match == "total") return eps;
  return params.real("budget_cap");
}

}  // namespace dplab::clustering
