// Privacy findings: a published method that is not eps-DP as published, with the evidence. One
// registry of them, filled per paper (algorithms/findings/<paper>.cpp, one DPLAB_FINDINGS line
// each), read by the algorithms' not-dp statuses (framework/privacy.hpp: a status names its
// finding by id), `dplab list findings`, the figures' footnotes, the report and
// docs/privacy-findings.md (generated: `dplab list findings --markdown`).
#pragma once
#include <limits>
#include <string>
#include <vector>

#include "core/macros.hpp"

namespace dplab {

struct Finding {
  std::string id;        // "<paper>.<what>", e.g. "wavecluster.privthrem_range"
  std::string title;     // one line: what is not eps-DP, and why in a phrase
  std::string evidence;  // what shows it, with the numbers measured and where they come from
  std::string docs;      // the docs page and section that explain it, "docs/papers/wavecluster.md#privacy-findings"
  // The `dplab audit ...` command that shows the violation, with the claimed eps and the eps_hat
  // it printed (confidence 0.999); empty when the audit cannot see it, and then `unaudited` says why.
  std::string audit;
  double claimed_eps = std::numeric_limits<double>::quiet_NaN();
  double eps_hat = std::numeric_limits<double>::quiet_NaN();
  std::string unaudited;

  std::string paper() const { return id.substr(0, id.find('.')); }
};

// Adds a paper's findings; throws on a duplicate id, an id without a "<paper>." prefix, a
// missing title, evidence or docs, or an audit command without its numbers (and without the
// reason when there is none).
bool register_findings(const std::vector<Finding>& findings);

// Every finding, by id.
std::vector<const Finding*> all_findings();
const Finding* find_finding_or_null(const std::string& id);
// Throws "unknown finding 'x': did you mean ...".
const Finding& find_finding(const std::string& id);

// The Markdown page docs/privacy-findings.md: every finding with its evidence, grouped by paper,
// and which algorithm (at which parameters) it makes not-dp.
std::string findings_markdown();

}  // namespace dplab

// The list is designated initializers of Finding ({.id = ..., .title = ..., ...}); a finding
// leaves out the fields it does not have (audit and its numbers, or unaudited).
#define DPLAB_FINDINGS(paper, ...)                                                              \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmissing-field-initializers\"") \
  [[maybe_unused]] static const bool DPLAB_CONCAT(dplab_registered_findings_, paper) =         \
      ::dplab::register_findings(__VA_ARGS__);                                                  \
  _Pragma("GCC diagnostic pop")
