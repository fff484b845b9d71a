// The default audit (`dplab audit NAME`, every setting default but the runs) on every known
// violation (framework/audit/known_findings.hpp) and on every algorithm that is DP as run:
// each known violation must be reported, each DP-as-run algorithm must pass (issue 31).
// Runs: fixed and reduced (audit_support.hpp, fixed seeds), the same for every algorithm unless
// a comment says why: search kSearch runs per side of each pair, test as many runs as the search
// spent. The known violations at the default confidence 0.95 (what a user's default audit
// reports); the false-alarm check at 0.999: a DP-as-run algorithm is flagged with probability
// below 1e-3 per audit (Clopper-Pearson with Bonferroni over the tested events, audit.hpp), so
// the check fails falsely with probability below 1e-3 x (algorithms audited) < 0.03, and, the
// seeds being fixed, the same way on every run. (The default confidence's false alarms are
// measured in docs/audit-and-secure-noise.md.)
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "audit_support.hpp"
#include "test_support.hpp"
#include "framework/audit/configure.hpp"
#include "framework/audit/known_findings.hpp"
#include "framework/registry.hpp"

using namespace dplab;
using namespace dplab::audit;

namespace {

constexpr std::size_t kSearch = 2000;

// Runs beyond kSearch, and why.
testing::AuditRuns runs_for(const std::string& name, double confidence) {
  // Leaks in the tails: the sensitivity-1 sums lose up to 1.5 eps at d = 2, beyond eps only
  // where a centroid lies far out. At 10,000 runs eps_hat 0.97-1.02 over seeds 8-12 (caught at
  // 2 of 5); at 100,000 runs (about 10 s) caught at seeds 7-20 (results/summary/audit-seeds*.md).
  if (name == "budget_series.dp_kmeans_paper_sums") return {100000, 0, 0, confidence};
  // DAWA's default (provable partition noise) is audited at the runs its reference variant used
  // to be (eps_hat 0.90 at 0.999); the reference variant is marginal and not run here
  // (known_findings.cpp).
  if (name == "baselines.dawa") return {5000, 0, 0, confidence};
  return {kSearch, 0, 0, confidence};
}

// Whether the known finding's parameters are the algorithm's defaults.
bool at_defaults(const KnownFinding& k) {
  const AlgorithmInfo info = find_algorithm(k.algorithm).info();
  return params_text(configure(info, k.params).params) == params_text(configure(info, {}).params);
}

}  // namespace

TEST_SUITE("audit_known") {

TEST_CASE("the default audit reports every known violation") {
  int run = 0;
  for (const KnownFinding& k : known_findings()) {
    const std::string label = audit_label(k.algorithm, k.params);
    if (k.marginal) {
      // Caught at some seeds and not at others (known_findings.hpp): its eps_hat range is
      // checked in tests/test_audit_canaries.cpp.
      MESSAGE(label << ": not run here, a marginal violation (tests/test_audit_canaries.cpp)");
      continue;
    }
    ++run;
    CAPTURE(label);
    const AuditReport r = testing::audit_of(k.algorithm, k.params, runs_for(k.algorithm, 0.95));
    CHECK_MESSAGE(r.violation(), label << " (" << k.why << ") passed: eps_hat " << r.eps_hat);
  }
  CHECK(run >= 9);
}

TEST_CASE("every known violation is declared not eps-DP as run") {
  // The algorithms' privacy statuses (framework/privacy.hpp) and the audit's list must agree.
  for (const KnownFinding& k : known_findings()) {
    const AlgorithmInfo info = find_algorithm(k.algorithm).info();
    CAPTURE(audit_label(k.algorithm, k.params));
    CHECK(privacy_status(info, configure(info, k.params).params).kind == Privacy::not_dp);
  }
}

TEST_CASE("every algorithm that is DP as run passes the default audit") {
  // DP as run: the algorithm's declared status at the audit's configuration of its defaults
  // (framework/privacy.hpp), less the known violations at their defaults.
  std::set<std::string> violating_defaults;
  for (const KnownFinding& k : known_findings())
    if (at_defaults(k)) violating_defaults.insert(k.algorithm);
  int audited = 0;
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    const AlgorithmInfo info = find_algorithm(name).info();
    if (info.role == AlgorithmRole::Canary || violating_defaults.count(name)) continue;
    if (const std::string why = unauditable_reason(info); !why.empty()) {
      MESSAGE(name << ": not audited: " << why);
      continue;
    }
    if (privacy_status(info, configure(info, {}).params).kind != Privacy::dp) continue;
    CAPTURE(name);
    const AuditReport r = testing::audit_of(name, {}, runs_for(name, 0.999));
    CHECK_FALSE(r.violation());
    ++audited;
  }
  CHECK(audited >= 15);
}

}  // TEST_SUITE
