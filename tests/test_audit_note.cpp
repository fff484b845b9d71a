// `dplab audit` on an algorithm that forgot to mark an evaluation output (canary.unmarked_evaluation:
// an eps-DP noisy count plus the exact count as a plain output, the mistake a copy of an example
// makes): the violation is reported, and the report says that the event reads an output that
// looks computed from the true data and may need `evaluation = true`. A violation on a released
// output (canary.halved_laplace) gets no such note.
#include <doctest/doctest.h>

#include <algorithm>

#include "framework/audit/audit.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::audit;

namespace {

// Whether the event reads that output (an event over the whole release reads them all).
bool reads(const EventResult& e, const std::string& output) {
  return std::find(e.outputs.begin(), e.outputs.end(), output) != e.outputs.end();
}

AuditReport audit_of(const std::string& name, std::size_t samples) {
  AuditOptions o;
  o.algorithm = name;
  o.params = {"eps=1"};
  o.samples = samples;
  o.alpha = 1e-3;
  o.seed = 11;
  return run_audit(o);
}

}  // namespace

TEST_SUITE("audit_notes") {
  TEST_CASE("a violation on an output that reads the true data says it may need evaluation = true") {
    // The exact count differs by one record between neighbours: every run tells them apart, so a
    // few thousand runs give eps_hat far above 1 (false failure: the audit's own 1e-3).
    const AuditReport r = audit_of("canary.unmarked_evaluation", 4000);
    CHECK(r.violation());
    CHECK(reads(r.best, "true_count"));
    CHECK_CONTAINS(r.note, "the event reads output 'true_count' (\"the exact total count of the input (for evaluation)\")");
    CHECK_CONTAINS(r.note, "mark it evaluation = true in the algorithm's OutputSpec");
    // Through the binary: the note is a line of the report.
    testing::TempDir dir;
    const auto c = testing::run_dplab("audit canary.unmarked_evaluation --samples 4000 --threads 2", dir);
    CHECK(c.code == 1);
    CHECK_CONTAINS(c.out, "\nnote:       the event reads output 'true_count'");
  }

  TEST_CASE("a violation on a released output gets no note") {
    const AuditReport r = audit_of("canary.halved_laplace", 40000);  // as the audit suite's canary test
    CHECK(r.violation());
    CHECK(reads(r.best, "answer"));
    CHECK(r.note.empty());
  }
}
