// Audit fixtures: algorithms that exist only to be audited by `dplab audit` (framework/audit/).
// A spec can never run them: check() refuses every sweep point, and `dplab list` shows them
// apart. They read a 1-D histogram, whose neighbours differ by one record in one cell.
#pragma once
#include <numeric>
#include <string>

#include "framework/registry.hpp"

namespace dplab::canary {

inline AlgorithmInfo fixture_info(std::string name, std::string doc, AlgorithmRole role) {
  AlgorithmInfo i;
  i.name = std::move(name);
  i.doc = std::move(doc);
  i.params = {ParamSpec::real("eps", 1.0, "privacy budget").above(0)};
  i.budget_param = "eps";
  i.accepts = {DatasetKind::Histogram};
  i.role = role;
  // A mechanism fixture is its mechanism used as the algorithms use it; a canary declares its
  // own not-dp status and finding.
  if (role == AlgorithmRole::Mechanism)
    i.privacy = PrivacyStatus::dp("one mechanism of framework/mechanisms.hpp at its eps, on a query of the "
                                  "sensitivity it is calibrated to");
  return i;
}

inline void refuse_specs(const std::string& name) {
  throw Error(name + " is an audit fixture: run it with 'dplab audit " + name + "', never from a spec");
}

inline double total(const Histogram& h) { return std::accumulate(h.counts.begin(), h.counts.end(), 0.0); }

}  // namespace dplab::canary
