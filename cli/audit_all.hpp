// dplab audit --all [--markdown FILE]: the default audit of every auditable algorithm and of
// every known violation (framework/audit/known_findings.hpp), one row each, with the verdict
// expected: a violation for the known ones, a pass for the others. The markdown table is what
// docs/audit-table.md holds (scripts/audit_table.sh regenerates it).
#pragma once
#include <string>
#include <vector>

#include "framework/audit/audit.hpp"

namespace dplab::cli {

// Runs every row with the options' budget, seed, confidence, events, noise and threads (the
// algorithm and its parameters are the row's). With `only` (label prefixes, e.g. "baselines."),
// just the rows whose label starts with one of them; with a markdown file too, the other rows are
// kept as that file has them (it must carry this run's settings in its first line), so that new
// algorithms get rows without rerunning every audit. Exit code: 0 when every verdict run is the
// expected one and the table has a row for every audit, 1 otherwise.
int audit_all(const audit::AuditOptions& base, const std::string& markdown_path,
              const std::vector<std::string>& only = {});

}  // namespace dplab::cli
