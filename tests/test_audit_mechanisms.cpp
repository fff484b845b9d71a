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
      const AuditReport r = testing::audit_of(m, {"eps=1"}, {5000, 100000, 3}, {}, noise);
      CHECK_FALSE(r.violation());
      // The audit has power: Laplace, geometric and exceedances lose eps on some event, the
      // exponential mechanism on counts at most eps / 2.
      CHECK(r.eps_hat > (testing::contains(m, "exponential") ? 0.25 : 0.6));
    }
}

TEST_CASE("DAWA with the provable partition noise passes at the budgets of tests/test_dawa.cpp") {
  // eps1 = 1 and eps2 = 1/1.2 (eps = 1.833) on 3 cells, where DPBench's reference noise makes the
  // all-singletons partition of (1, 0, 1) e^2.71 times likelier than on (1, 1, 1): the finding
  // workload_division.dawa_partition_noise audits the reference noise at these budgets
  // (tests/test_audit_findings.cpp), the default audit at its own (tests/test_audit_known.cpp).
  const std::vector<std::string> p = {"eps=1.8333333", "ratio=0.5454545", "partition_noise=provable"};
  CHECK_FALSE(testing::audit_of("baselines.dawa", p, {5000}, {3}).violation());
}

TEST_CASE("the paper's sensitivity-1 k-means sums in 8 dimensions, against sensitivity d") {
  // Loss up to (d + 1) eps / 2 = 4.5 eps at d = 8; budget_series.dp_kmeans (sensitivity d) passes.
  const PairShape shape{0, 8};
  CHECK(testing::audit_of("budget_series.dp_kmeans_paper_sums", {"eps=1"}, {5000}, shape).violation());
  CHECK_FALSE(testing::audit_of("budget_series.dp_kmeans", {"eps=1", "k=1", "N=1"}, {5000}, shape).violation());
}

TEST_CASE("lu_thesis Algorithm 5.1: local sensitivities are caught, the value-bound variant passes") {
  // The curator-totals pair: 4 curators with records of value 0.5, and one record of value 1 added
  // to curator 0, whose noise grows from Lap(0.5 / eps) to Lap(1 / eps) while its sum moves by 1:
  // the release is not eps-DP (loss about 2 eps in the tails). With every curator at the public
  // record bound (1) it is eps-DP.
  for (const char* eps : {"eps=1", "eps=2"}) {
    CAPTURE(eps);
    CHECK(testing::audit_of("lu_budget_bounds.aggregation", {eps, "sensitivity=local"}, {20000}).violation());
    CHECK_FALSE(testing::audit_of("lu_budget_bounds.aggregation", {eps, "sensitivity=value_bound"}, {20000}).violation());
  }
}

TEST_CASE("wavecluster PrivTHREM with the public threshold range passes") {
  // The provable variant drawn beside the paper's in Figs 5-8: the exponential mechanism over
  // (0, em_upper] with em_upper = N/2 (the pairs hold at most 21 points; every W value is at most
  // N/2).
  const AuditReport r = testing::audit_of("wavecluster.privthrem", {"em_range=public", "em_upper=11"}, {2000});
  CHECK_FALSE(r.violation());
}

}  // TEST_SUITE
