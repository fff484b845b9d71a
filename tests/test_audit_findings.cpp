// Every privacy finding that names a `dplab audit` command (framework/findings.hpp) is run as
// stated: it must find the violation, with the eps_hat the registry (and so
// docs/privacy-findings.md) states, to the two decimals it prints. The audits' seeds are fixed, so
// the numbers are the same on every run; a change of the code that moves one fails here and the
// finding is updated with the new number.
//
// False failures: each audit's eps_hat is a lower bound at confidence 0.999 (false alarm < 1e-3
// for a correct algorithm); these algorithms are not eps-DP, and with fixed seeds the outcome is
// deterministic.
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "framework/audit/audit.hpp"
#include "framework/audit/neighbours.hpp"
#include "framework/findings.hpp"

using namespace dplab;
using namespace dplab::audit;

namespace {

// The options of "dplab audit NAME --param k=v ... --pair-param k=v ... --samples N
// --confidence C --seed S" (the only options the findings use).
AuditOptions parse_command(const std::string& command) {
  std::istringstream in(command);
  std::string dplab, audit, word;
  in >> dplab >> audit;
  AuditOptions o;
  in >> o.algorithm;
  std::vector<std::string> shape;
  while (in >> word) {
    std::string value;
    REQUIRE_MESSAGE(static_cast<bool>(in >> value), command << ": " << word << " without a value");
    if (word == "--param") o.params.push_back(value);
    else if (word == "--pair-param") shape.push_back(value);
    else if (word == "--samples") o.samples = std::stoul(value);
    else if (word == "--confidence") o.alpha = 1 - std::stod(value);
    else if (word == "--seed") o.seed = std::stoull(value);
    else FAIL("an option the test does not know: " << word);
  }
  o.shape = parse_pair_shape(shape);
  return o;
}

}  // namespace

TEST_SUITE("audit_findings") {

TEST_CASE("every finding's audit command shows its violation with the eps_hat the registry states") {
  int run = 0;
  for (const Finding* f : all_findings()) {
    if (f->audit.empty()) continue;
    CAPTURE(f->id);
    CAPTURE(f->audit);
    const AuditReport r = run_audit(parse_command(f->audit));
    MESSAGE(f->id << ": eps_hat " << r.eps_hat << " against " << r.claimed_eps << " (" << r.best.event << ", "
                  << r.best.count_d << " vs " << r.best.count_d_prime << " of " << r.best.n << "), " << r.seconds << " s");
    CHECK(r.violation());
    CHECK(r.claimed_eps == doctest::Approx(f->claimed_eps).epsilon(1e-6));
    CHECK(std::fabs(r.eps_hat - f->eps_hat) < 0.005 + 1e-9);
    ++run;
  }
  CHECK(run >= 9);
}

}  // TEST_SUITE
