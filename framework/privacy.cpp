#include "framework/privacy.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab {

const char* privacy_name(Privacy p) {
  switch (p) {
    case Privacy::dp: return "dp";
    case Privacy::not_dp: return "not-dp";
    case Privacy::none: return "none";
    default: return "undeclared";
  }
}

PrivacyRule when_param(const std::string& param, const std::vector<std::string>& values, PrivacyStatus status) {
  std::string text = param + (values.size() == 1 ? " = " : " in {");
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + values[i];
  if (values.size() != 1) text += "}";
  return {text,
          [param, values](const Params& p) {
            return p.has(param) && std::find(values.begin(), values.end(), to_string(p.get(param))) != values.end();
          },
          std::move(status)};
}

PrivacyRule when(std::string when, std::function<bool(const Params&)> holds, PrivacyStatus status) {
  return {std::move(when), std::move(holds), std::move(status)};
}

PrivacyStatus privacy_at(const PrivacyStatus& base, const std::vector<PrivacyRule>& rules, const Params& p) {
  for (const auto& r : rules)
    if (r.holds(p)) return r.status;
  return base;
}

namespace {

void check_status(const std::string& algorithm, const std::string& where, const PrivacyStatus& s) {
  const std::string who = "algorithm '" + algorithm + "'" + where;
  if (s.kind == Privacy::undeclared)
    throw Error(who + " declares no privacy status: set AlgorithmInfo::privacy to PrivacyStatus::dp(why), "
                      "::not_dp(finding, why) or ::none(why) (framework/privacy.hpp)");
  if (s.kind == Privacy::not_dp && s.finding.empty())
    throw Error(who + " is not-dp without a finding: name the finding that states the evidence "
                      "(framework/findings.hpp)");
  if (s.kind != Privacy::not_dp && !s.finding.empty())
    throw Error(who + " is " + privacy_name(s.kind) + " but names the finding '" + s.finding +
                "': only a not-dp status has one");
  if (s.why.empty()) throw Error(who + " declares its privacy status without a why (one line)");
}

}  // namespace

void check_privacy_declaration(const std::string& algorithm, const PrivacyStatus& base,
                               const std::vector<PrivacyRule>& rules) {
  check_status(algorithm, "", base);
  for (const auto& r : rules) {
    if (!r.holds) throw Error("algorithm '" + algorithm + "': privacy rule '" + r.when + "' has no condition");
    check_status(algorithm, " (when " + r.when + ")", r.status);
  }
}

}  // namespace dplab
