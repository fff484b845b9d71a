// The audit on the mechanism fixtures (algorithms/canary/mechanism_fixtures.cpp), with fast and
// secure noise: each passes at its eps, and the audit has power on it (eps_hat close to the
// loss some event has). Then hand-tuned audits that add evidence beyond the defaults (the
// default audits: tests/test_audit_known.cpp). Confidence 0.999, fixed seeds (audit_support.hpp).
#include <doctest/doctest.h>

#include "audit_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::audit;

TEST_SUITE("audit_mechanisms") {

TEST_CASE("the mechanisms pass at their eps, with fast and secure noise") {
  for (const auto noise : {Mechanisms::Noise::fast, Mechanisms::Noise::secure})
    for (const char* m : {"mechanism.laplace", "mechanism.geometric", "mechanism.exponential", "mechanism.exceedances"}) {
      CAPTURE(m);
      CAPTURE(noise == Mechanisms::Noise::secure);
      const AuditReport r = testing::audit_of(m, {"eps=1"}, {5000, 100000, 3});
      CHECK_FALSE(r.violation());
      // The audit has power: Laplace, geometric and exceedances lose eps on some event, the
      // exponential mechanism on counts at most eps / 2.
      CHECK(r.eps_hat > (testing::contains(m, "exponential") ? 0.25 : 0.6));
    }
}

TEST_CASE("DPBench's DAWA partition noise is caught at the budgets of tests/test_dawa.cpp, the provable noise passes") {
  // eps1 = 1 and eps2 = 1/1.2 (eps = 1.833), the pair (1, 0, 1): the all-singletons partition
  // is e^2.71 times likelier than on (1, 1, 1), and the released answers show it (their ties).
  const std::vector<std::string> p = {"eps=1.8333333", "ratio=0.5454545"};
  std::vector<std::string> ref = p, prov = p;
  ref.push_back("partition_noise=reference");
  prov.push_back("partition_noise=provable");
  const AuditReport r = testing::audit_of("baselines.dawa", ref, {5000}, {3});
  CHECK(r.violation());
  CHECK_FALSE(testing::audit_of("baselines.dawa", prov, {5000}, {3}).violation());
}

TEST_CASE("the paper's sensitivity-1 k-means sums in 8 dimensions, against sensitivity d") {
  // Loss up to (d + 1) eps / 2 = 4.5 eps at d = 8; budget_series.dp_kmeans (sensitivity d) passes.
  const PairShape shape{0, 8};
  CHECK(testing::audit_of("budget_series.dp_kmeans_paper_sums", {"eps=1"}, {5000}, shape).violation());
  CHECK_FALSE(testing::audit_of("budget_series.dp_kmeans", {"eps=1", "k=1", "N=1"}, {5000}, shape).violation());
}

}  // TEST_SUITE
