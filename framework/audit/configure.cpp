#include "framework/audit/configure.hpp"

#include <sstream>

#include "core/error.hpp"

namespace dplab::audit {

namespace {

// key=value items into `given`; `what` names their origin in errors.
void parse_into(const AlgorithmInfo& info, const std::vector<std::string>& items, const std::string& what,
                Params& given) {
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw Error(what + " " + quote(item) + ": expected key=value");
    const std::string key = item.substr(0, eq);
    const ParamSpec* spec = find_param(info.params, key);
    if (!spec) {
      std::string known;
      for (const auto& p : info.params) known += (known.empty() ? "" : ", ") + p.name;
      throw Error(what + " " + quote(item) + ": " + info.name + " has no parameter " + quote(key) + " (parameters: " +
                  known + ")");
    }
    auto parsed = spec->parse(item.substr(eq + 1));
    if (auto* err = std::get_if<std::string>(&parsed)) throw Error(what + " " + quote(item) + ": " + *err);
    given.set(key, std::get<Value>(parsed));
  }
}

std::string number_text(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

}  // namespace

Configuration configure(const AlgorithmInfo& info, const std::vector<std::string>& user_params) {
  Params user, declared;
  parse_into(info, user_params, "--param", user);
  parse_into(info, info.audit_params, info.name + ": audit_params", declared);
  Configuration c;
  Params given = user;
  for (const auto& [k, v] : declared.all()) {
    if (user.has(k)) continue;
    given.set(k, v);
    c.chosen.push_back(k + "=" + to_string(v) + " (declared by the algorithm for audits)");
  }
  const std::string& budget = info.budget_param;
  if (!budget.empty() && !given.has(budget)) {
    const ParamSpec* spec = find_param(info.params, budget);
    auto parsed = spec->parse(number_text(kAuditBudget));
    if (auto* v = std::get_if<Value>(&parsed)) {
      given.set(budget, *v);
      if (canonical(*v) != canonical(spec->default_value))
        c.chosen.push_back(budget + "=" + to_string(*v) + " (the audit's budget: most power near eps = 1)");
    }
  }
  c.params = with_defaults(info.params, given);
  return c;
}

std::string params_text(const Params& p) {
  std::string out;
  for (const auto& [k, v] : p.all()) out += (out.empty() ? "" : ", ") + k + "=" + to_string(v);
  return out;
}

}  // namespace dplab::audit
