// dplab audit --all [--markdown FILE]: the default audit of every auditable algorithm and of
// every known violation (framework/audit/known_findings.hpp), one row each, with the verdict
// expected: a violation for the known ones, a pass for the others. The markdown table is what
// docs/audit-table.md holds (scripts/audit_table.sh regenerates it).
#pragma once
#include <string>

#include "framework/audit/audit.hpp"

namespace dplab::cli {

// Runs every row with the options' budget, seed, confidence, events, noise and threads (the
// algorithm and its parameters are the row's). Exit code: 0 when every verdict is the expected
// one, 1 otherwise.
int audit_all(const audit::AuditOptions& base, const std::string& markdown_path);

}  // namespace dplab::cli
