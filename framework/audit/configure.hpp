// The parameters `dplab audit NAME` runs an algorithm with. Nothing here depends on the
// algorithm's name: in order of precedence,
//   1. the user's --param key=value;
//   2. the algorithm's declared AlgorithmInfo::audit_params (a public input without a usable
//      default, e.g. WaveCluster's bounding box; a budget that does not depend on the data
//      where the default's does; sizes that keep a run cheap without changing the claim);
//   3. the budget rule: the budget parameter is set to kAuditBudget = 1. An eps-DP claim holds
//      for every eps, and an audit of a given size has most power near eps = 1: a loss of
//      c eps shows as a probability ratio e^{c eps} that is close to 1 at small eps (about
//      1 / eps^2 times more runs to see) and confined to outputs of probability about e^{-eps}
//      at large eps (lu_thesis Algorithm 5.1 at its default eps = 10 loses 2 eps only on
//      outputs of probability below e^{-10});
//   4. the algorithm's defaults.
// The report lists every value set by 2 and 3.
#pragma once
#include <string>
#include <vector>

#include "framework/registry.hpp"

namespace dplab::audit {

constexpr double kAuditBudget = 1.0;

struct Configuration {
  Params params;                    // every parameter
  std::vector<std::string> chosen;  // "key=value (why)" for each value the audit chose
};

Configuration configure(const AlgorithmInfo& info, const std::vector<std::string>& user_params);

// "k=v, ..." of every parameter.
std::string params_text(const Params& p);

}  // namespace dplab::audit
