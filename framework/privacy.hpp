// Whether an algorithm is eps-DP as run (issue 28). Every registered algorithm declares one of
//   dp      eps-DP (or (eps, delta)-DP) for its declared budget, as implemented;
//   not-dp  not eps-DP as published: the id of a finding (framework/findings.hpp) that states the
//           evidence, where it is documented and the `dplab audit` command that shows it;
//   none    a non-private reference that claims no privacy (Lloyd's k-means, a true value, a
//           budget sequence computed from parameters alone),
// each with a one-line why. A status that depends on the parameters is a list of rules: the
// first rule whose condition holds at a point gives its status, else the base status applies
// (PrivTHREM: not-dp with `em_range: data_max`, dp with `public`).
//
//   i.privacy = PrivacyStatus::dp("Laplace(1/eps) on a count of sensitivity 1");
//   i.privacy_rules = {when_param("em_range", {"data_max"},
//                                 PrivacyStatus::not_dp("wavecluster.privthrem_range", "..."))};
//
// register_algorithm refuses an algorithm that declares no status (check_privacy_declaration);
// the run stores each point's status in its result file (columns "privacy", "privacy_finding").
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace dplab {

enum class Privacy { undeclared, dp, not_dp, none };

// "dp", "not-dp", "none" (the values of the result files' "privacy" column); "undeclared".
const char* privacy_name(Privacy p);

struct PrivacyStatus {
  Privacy kind = Privacy::undeclared;
  std::string finding;  // not-dp: the id of its finding; empty otherwise
  std::string why;      // one line: what makes it so

  static PrivacyStatus dp(std::string why) { return {Privacy::dp, "", std::move(why)}; }
  static PrivacyStatus not_dp(std::string finding, std::string why) {
    return {Privacy::not_dp, std::move(finding), std::move(why)};
  }
  static PrivacyStatus none(std::string why) { return {Privacy::none, "", std::move(why)}; }
};

// A parameter-dependent status: `status` wherever `holds` is true at the point's parameters.
struct PrivacyRule {
  std::string when;  // the condition as `dplab list` prints it, e.g. "em_range = data_max"
  std::function<bool(const Params&)> holds;
  PrivacyStatus status;
};

// The rule "param is one of values" (values in their text form: "data_max", "true", "5").
PrivacyRule when_param(const std::string& param, const std::vector<std::string>& values, PrivacyStatus status);
// Any condition, described by `when`.
PrivacyRule when(std::string when, std::function<bool(const Params&)> holds, PrivacyStatus status);

// The status at parameters p: the first rule that holds, else `base`.
PrivacyStatus privacy_at(const PrivacyStatus& base, const std::vector<PrivacyRule>& rules, const Params& p);

// Throws an Error naming the algorithm when its base status or a rule's is undeclared, a not-dp
// status names no finding, a dp or none status names one, or a status has no why. Whether the
// finding ids exist is checked where the findings are known (at run time and by the tests):
// the lists register at static initialisation, in no fixed order relative to the algorithms.
void check_privacy_declaration(const std::string& algorithm, const PrivacyStatus& base,
                               const std::vector<PrivacyRule>& rules);

}  // namespace dplab
