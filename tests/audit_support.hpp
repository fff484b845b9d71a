// Shared by the audit suites (tests/test_audit*.cpp): one audit at fixed seeds and a given
// number of runs, logged, the seeds fixed so that the outcome is the same on every run.
// Confidence 0.999 unless given (alpha = 1e-3): a correct algorithm is flagged with probability
// below 1e-3 per audit (audit.hpp); the default audit's 0.95 where a test asks what the
// default reports. DPLAB_AUDIT_SAMPLES=M (make audit) multiplies every run count by M.
#pragma once
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "framework/audit/audit.hpp"

namespace dplab::testing {

inline std::size_t audit_scaled(std::size_t samples) {
  const char* m = std::getenv("DPLAB_AUDIT_SAMPLES");
  return m ? samples * static_cast<std::size_t>(std::max(1, std::atoi(m))) : samples;
}

struct AuditRuns {
  std::size_t search = 0;      // runs per side of each pair searched
  std::size_t test = 0;        // runs per side of each tested pair (0: the search's total)
  std::size_t max_pairs = 0;   // 0: the whole family
  double confidence = 0.999;
};

inline audit::AuditReport audit_of(const std::string& name, std::vector<std::string> params, AuditRuns runs,
                                   audit::PairShape shape = {}, Mechanisms::Noise noise = Mechanisms::Noise::fast) {
  audit::AuditOptions o;
  o.noise = noise;
  o.algorithm = name;
  o.params = std::move(params);
  o.samples = audit_scaled(runs.search);
  o.test_samples = runs.test ? audit_scaled(runs.test) : 0;
  o.max_pairs = runs.max_pairs;
  o.alpha = 1 - runs.confidence;
  o.seed = 7;
  o.shape = shape;
  audit::AuditReport r = audit::run_audit(o);
  MESSAGE(name << " (" << r.params << "): eps " << r.claimed_eps << ", eps_hat " << r.eps_hat << " at "
               << r.confidence << "; " << r.pairs_searched << " pairs x " << r.search_samples << " search runs, "
               << r.test_samples << " test runs; " << r.best.event << " on " << r.best.pair << " ("
               << r.best.count_d << " vs " << r.best.count_d_prime << " of " << r.best.n << "), " << r.seconds
               << " s");
  return r;
}

}  // namespace dplab::testing
