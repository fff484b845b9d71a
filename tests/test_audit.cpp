// Tests of `dplab audit` (framework/audit/): the Clopper-Pearson bounds, the neighbouring pairs,
// the release features, and the audit itself: it must find what is broken (the canaries,
// DPBench's DAWA partition noise, the paper's sensitivity-1 k-means sums) and pass what is right
// (the mechanisms and every auditable algorithm's default configuration).
//
// False alarms: eps_hat is a lower bound holding with probability >= 1 - alpha (Clopper-Pearson,
// Bonferroni over every event tested), so a correct algorithm is flagged with probability
// < alpha = 1e-3 per audit; the seeds are fixed, so the outcome is the same on every run.
// DPLAB_AUDIT_SAMPLES=M (make audit) multiplies every sample count by M.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "framework/audit/audit.hpp"
#include "framework/audit/events.hpp"
#include "framework/registry.hpp"
#include "dplab_source_dir.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::audit;

namespace {

std::size_t scaled(std::size_t samples) {
  const char* m = std::getenv("DPLAB_AUDIT_SAMPLES");
  return m ? samples * static_cast<std::size_t>(std::max(1, std::atoi(m))) : samples;
}

AuditReport audit_of(const std::string& name, std::vector<std::string> params, std::size_t samples,
                     PairShape shape = {}, Mechanisms::Noise noise = Mechanisms::Noise::fast) {
  AuditOptions o;
  o.noise = noise;
  o.algorithm = name;
  o.params = std::move(params);
  o.samples = scaled(samples);
  o.alpha = 1e-3;
  o.seed = 7;
  o.shape = shape;
  AuditReport r = run_audit(o);
  MESSAGE(name << " (" << r.params << "): eps " << r.claimed_eps << ", eps_hat " << r.eps_hat << " at "
               << r.confidence << ", " << r.samples << " samples; " << r.best.event << " on " << r.best.pair
               << " (" << r.best.count_d << " vs " << r.best.count_d_prime << " of " << r.best.n << "), "
               << r.seconds << " s");
  return r;
}

}  // namespace

TEST_SUITE("audit") {

TEST_CASE("Clopper-Pearson bounds") {
  // k = 0: the upper bound solves (1 - p)^n = alpha.
  CHECK(clopper_pearson_upper(0, 100, 0.05) == doctest::Approx(1 - std::pow(0.05, 0.01)));
  CHECK(clopper_pearson_lower(0, 100, 0.05) == 0.0);
  CHECK(clopper_pearson_lower(100, 100, 0.05) == doctest::Approx(std::pow(0.05, 0.01)));
  // k = 50 of 100, one-sided 97.5%: the two-sided 95% interval (0.3983, 0.6017) of the tables.
  CHECK(clopper_pearson_lower(50, 100, 0.025) == doctest::Approx(0.3983).epsilon(1e-3));
  CHECK(clopper_pearson_upper(50, 100, 0.025) == doctest::Approx(0.6017).epsilon(1e-3));
  // Equal counts never give a positive bound; more samples tighten it towards ln(p1 / p2).
  CHECK(log_ratio_lower(500, 500, 1000, 0.01) < 0);
  CHECK(log_ratio_lower(0, 10, 1000, 0.01) == -INFINITY);
  const double small = log_ratio_lower(200, 100, 1000, 0.01), large = log_ratio_lower(20000, 10000, 100000, 0.01);
  CHECK(small < large);
  CHECK(large < std::log(2.0));
  CHECK(large > std::log(2.0) - 0.05);
}

TEST_CASE("neighbouring pairs differ in one individual's data") {
  for (const auto& p : (*find_pair_generator(DatasetKind::Histogram))({})) {
    const auto& a = dynamic_cast<const Histogram&>(*p.a).counts;
    const auto& b = dynamic_cast<const Histogram&>(*p.b).counts;
    REQUIRE(a.size() == b.size());
    double moved = 0;
    for (std::size_t i = 0; i < a.size(); ++i) moved += std::fabs(a[i] - b[i]);
    CHECK(moved == 1.0);
  }
  CHECK(dynamic_cast<const Histogram&>(*(*find_pair_generator(DatasetKind::Histogram))({})[0].a).counts ==
        std::vector<double>{1, 0, 1});  // the pair of tests/test_dawa.cpp
  for (const auto& p : (*find_pair_generator(DatasetKind::Points))({0, 3})) {
    const auto& a = dynamic_cast<const PointSet&>(*p.a);
    const auto& b = dynamic_cast<const PointSet&>(*p.b);
    CHECK(b.n == a.n + 1);
    CHECK(std::equal(a.x.begin(), a.x.end(), b.x.begin()));
    CHECK(b.d == 3);
  }
  for (const auto& p : (*find_pair_generator(DatasetKind::Transactions))({}))
    CHECK(dynamic_cast<const Transactions&>(*p.b).records() == dynamic_cast<const Transactions&>(*p.a).records() + 1);
  // Networks: one edge removed (a non-path edge, then a path edge); the path is unchanged.
  const auto nets = (*find_pair_generator(DatasetKind::Network))({});
  REQUIRE(nets.size() == 2);
  for (const auto& p : nets) {
    const auto& a = dynamic_cast<const Network&>(*p.a);
    const auto& b = dynamic_cast<const Network&>(*p.b);
    CHECK(b.edges.size() + 1 == a.edges.size());
    CHECK(a.path == b.path);
  }
  CHECK_CONTAINS(testing::error_of([] { parse_pair_shape({"dims=3"}); }), "allowed: size, dim");
}

TEST_CASE("release features: evaluation outputs are not part of the release") {
  const AlgorithmInfo info = find_algorithm("baselines.identity").info();
  const FeatureLayout layout(info);
  for (const auto& n : layout.names()) CHECK_FALSE(testing::contains(n, "truth"));
  Outputs out;
  out.scalar("sensitivity", 1);
  out.vector("answers", {3, -1, 4});
  out.vector("truth", {1, 1, 1});
  std::vector<double> row(layout.size());
  const auto h = layout.extract(out, row.data());
  const auto& names = layout.names();
  auto at = [&](const std::string& n) { return row[static_cast<std::size_t>(std::find(names.begin(), names.end(), n) - names.begin())]; };
  CHECK(at("sum(answers)") == 6);
  CHECK(at("argmax(answers)") == 2);
  CHECK(at("length(answers)") == 3);
  CHECK(at("answers[3]") == -INFINITY);  // absent coordinate
  out.vector("truth", {9, 9, 9});        // the truth does not change the release's hash
  CHECK(layout.extract(out, row.data()) == h);
  out.vector("answers", {3, -1, 5});
  CHECK(layout.extract(out, row.data()) != h);
}

TEST_CASE("what cannot be audited says why") {
  CHECK_CONTAINS(unauditable_reason(find_algorithm("wavecluster.wavecluster").info()), "not private");
  CHECK_CONTAINS(unauditable_reason(find_algorithm("budget_series.allocation").info()), "no dataset");
  CHECK_CONTAINS(testing::error_of([] { audit_of("wavecluster.wavecluster", {}, 1000); }), "cannot be audited");
  CHECK_CONTAINS(testing::error_of([] { audit_of("mechanism.laplace", {"epsilon=1"}, 1000); }),
                 "has no parameter 'epsilon'");
  CHECK_CONTAINS(testing::error_of([] { audit_of("mechanism.laplace", {"eps=-1"}, 1000); }), "eps");
  // Fixtures refuse specs.
  CHECK_CONTAINS(testing::error_of([] { find_algorithm("canary.halved_laplace").check(Params{}); }), "audit fixture");
}

TEST_CASE("the canary is caught") {
  // True loss 2 eps: eps_hat must exceed eps.
  const AuditReport r = audit_of("canary.halved_laplace", {"eps=1"}, 40000);
  CHECK(r.violation());
  CHECK(r.eps_hat > 1.2);
  CHECK(r.eps_hat <= 2.0 + 1e-9);  // a lower bound of the true loss (false failure < 1e-3)
}

TEST_CASE("the mechanisms pass at their eps") {
  for (const char* m : {"mechanism.laplace", "mechanism.geometric", "mechanism.exponential", "mechanism.exceedances"}) {
    CAPTURE(m);
    const AuditReport r = audit_of(m, {"eps=1"}, 40000);
    CHECK_FALSE(r.violation());
    // The audit has power: Laplace, geometric and exceedances lose eps on some event (seen:
    // eps_hat 0.92, 0.94, 0.75), the exponential mechanism on counts at most eps / 2 (0.30).
    CHECK(r.eps_hat > 0.25);
  }
}

TEST_CASE("secure noise: the exact samplers pass at their eps, the canary is still caught") {
  for (const char* m : {"mechanism.laplace", "mechanism.geometric"}) {
    CAPTURE(m);
    const AuditReport r = audit_of(m, {"eps=1"}, 40000, {}, Mechanisms::Noise::secure);
    CHECK_FALSE(r.violation());
    CHECK(r.eps_hat > 0.5);  // seen: 0.94, 0.94
  }
  const AuditReport c = audit_of("canary.halved_laplace", {"eps=1"}, 40000, {}, Mechanisms::Noise::secure);
  CHECK(c.violation());
  // The secure exponential mechanism and exceedances (core/secure_exponential.hpp).
  for (const char* m : {"mechanism.exponential", "mechanism.exceedances"}) {
    CAPTURE(m);
    const AuditReport r = audit_of(m, {"eps=1"}, 40000, {}, Mechanisms::Noise::secure);
    CHECK_FALSE(r.violation());
    CHECK(r.eps_hat > 0.25);
  }
}

TEST_CASE("DPBench's DAWA partition noise is caught, the provable noise passes") {
  // The budgets of tests/test_dawa.cpp, eps1 = 1 and eps2 = 1/1.2 (eps = 1.833): the
  // all-singletons partition of (1, 0, 1) is e^2.71 times likelier than on (1, 1, 1).
  const std::vector<std::string> p = {"eps=1.8333333", "ratio=0.5454545", "queries=20"};
  std::vector<std::string> ref = p, prov = p;
  ref.push_back("partition_noise=reference");
  prov.push_back("partition_noise=provable");
  CHECK(audit_of("baselines.dawa", ref, 60000).violation());
  CHECK_FALSE(audit_of("baselines.dawa", prov, 20000).violation());
}

TEST_CASE("the paper's sensitivity-1 k-means sums are caught in 8 dimensions") {
  // Loss up to (d + 1) eps / 2 = 4.5 eps at d = 8; budget_series.dp_kmeans (sensitivity d) passes.
  const PairShape shape{0, 8};
  CHECK(audit_of("budget_series.dp_kmeans_paper_sums", {"eps=1"}, 40000, shape).violation());
  CHECK_FALSE(audit_of("budget_series.dp_kmeans", {"eps=1", "k=1", "N=1"}, 40000, shape).violation());
}

TEST_CASE("lu_thesis Algorithm 6.2 alone is caught under edge neighbours") {
  // A non-path edge removed: under N it is fixed as a graph edge, under N' it is drawn and can
  // become a path edge, so some G_P occur under N' only (README: "not eps-DP both ways").
  // Seen: eps_hat 2.51 against eps_e + ln 2 = 1.69, 0 vs 164 of 10,000 test runs.
  const AuditReport r = audit_of("lu_thesis.path_publishing", {"dp_edges=true", "eps_e=1"}, 20000);
  CHECK(r.violation());
}

TEST_CASE("lu_thesis Algorithm 7.1: the sampling zone around the exact mean") {
  // The claim: eps_0 + (noisy iterations) eps (Theorem 7.5), at most eps_0 + max_iterations eps,
  // which budget_cap declares. One cluster, one iteration: the release is line 10's output and
  // the sampled private centroid S^(1) (unnoised_output: sampled), both covered by the claim.
  // The zone ball(P, (1 - lambda)|X - S|) is built around the exact mean S, which the far corner
  // moves by 3 / (4 (n + 1)) per coordinate on the clustered pair (n = 5: 0.125): a sampled
  // centroid in the part of D's zone that D' cannot reach has ratio infinity. Prior: X is the
  // previous centroid's border point; Posterior: the look-ahead mean, for one cluster S itself,
  // so the zone shrinks onto S. Initial centroids uniform (public): init: data starts from data
  // records, a leak of its own that would hide the zone's. Seen: Prior eps_hat 4.02 (a sampled
  // centroid below -0.249 in 643 of 2,000 test runs on D, 0 on D'), Posterior 2.38 (one release
  // 151 times on D, never on D'), against the claimed 2.
  const PairShape shape{5, 2};
  for (const char* zone : {"prior", "posterior"}) {
    CAPTURE(zone);
    const AuditReport r = audit_of("lu_thesis.convergent_kmeans",
                                   {std::string("zone=") + zone, "k=1", "eps=1", "eps0_ratio=1", "max_iterations=1",
                                    "budget_cap=2", "unnoised_output=sampled", "final_noise=counts_and_sums",
                                    "init=uniform"},
                                   4000, shape);
    CHECK(r.violation());
  }
}

TEST_CASE("lu_thesis Algorithm 5.1: local sensitivities are caught, the value-bound variant passes") {
  // The curator-totals pair: 4 curators with records of value 0.5, and one record of value 1 added
  // to curator 0, whose noise grows from Lap(0.5 / eps) to Lap(1 / eps) while its sum moves by 1:
  // the release is not eps-DP (loss about 2 eps in the tails). With every curator at the public
  // record bound (1) it is eps-DP. Seen at 40,000 runs per side: eps_hat 1.36 at eps = 1 (3 vs
  // 92 of 20,000 test runs) and above 2 at eps = 2; at 200,000 (docs/papers/lu_thesis.md) 2.24
  // and 3.32. The value-bound variant: 0.55 at eps = 1 with 200,000.
  for (const char* eps : {"eps=1", "eps=2"}) {
    CAPTURE(eps);
    CHECK(audit_of("lu_budget_bounds.aggregation", {eps, "sensitivity=local"}, 40000).violation());
    CHECK_FALSE(audit_of("lu_budget_bounds.aggregation", {eps, "sensitivity=value_bound"}, 20000).violation());
  }
}

TEST_CASE("wavecluster PrivTHREM with the public threshold range passes") {
  // The provable variant drawn beside the paper's in Figs 5-8: the exponential mechanism over
  // (0, em_upper] with em_upper = N/2 (the pairs hold at most 21 points; every W value is at most
  // N/2). The paper's range (0, max W] leaks with probability ~1e-4, below this power (docs).
  const AuditReport r = audit_of("wavecluster.privthrem",
                                 {"xmin=-1", "xmax=1", "ymin=-1", "ymax=1", "em_range=public", "em_upper=11", "eps=1"}, 4000);
  CHECK_FALSE(r.violation());
}

TEST_CASE("every auditable algorithm passes at its default configuration") {
  // Parameters the audit must give: wavecluster's public bounding box (it has no default),
  // and fewer workload queries than the default 2,000 (the runs' cost, not their privacy).
  const std::map<std::string, std::vector<std::string>> needed = {
      {"wavecluster", {"xmin=-1", "xmax=1", "ymin=-1", "ymax=1"}}, {"workload_division", {"queries=50"}}, {"baselines", {"queries=50"}},
      // Path publishing's defaults run neither DP step (eps = 0, edges published as they are):
      // its private configuration is Algorithm 6.3 with both (Theorem 6.1).
      {"lu_thesis.path_publishing", {"dp_edges=true", "dp_vertices=true"}},
      // The clustering baselines of lu_thesis §7.6 (data in [0, 1]^d, declared by point_domain):
      // their default total is matched to Lloyd's iteration count on the exact data, a
      // data-dependent budget under a cap of 1000; the audit claims what they spend with
      // budget_match: total, eps = budget_cap = 1.
      {"clustering.blum", {"budget_match=total", "eps=1", "budget_cap=1", "k=2"}},
      {"clustering.dwork", {"budget_match=total", "eps=1", "budget_cap=1", "k=2"}},
      {"clustering.su", {"budget_match=total", "eps=1", "budget_cap=1", "k=2"}},
      {"clustering.privgene", {"budget_match=total", "eps=1", "budget_cap=1", "k=2", "population=40", "parents=4"}},
      {"clustering.gupt", {"eps=1", "k=2"}},
      // Algorithm 7.1 (README: not eps-DP): audited separately below, with its claimed total.
      {"lu_thesis.convergent_kmeans", {}}};
  // Known findings: MWEM takes the total count N as public (README, workload_division), so
  // under add/remove-one neighbours its release tells x from x' outright (seen: eps_hat 5.29,
  // 0 vs 2000 test runs); it is eps-DP only for replace-one neighbours of a known N.
  const std::set<std::string> findings = {"baselines.mwem"};
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    const AlgorithmInfo info = find_algorithm(name).info();
    if (info.role != AlgorithmRole::Algorithm || name == "lu_thesis.convergent_kmeans") continue;
    const std::string why = unauditable_reason(info);
    if (!why.empty()) {
      MESSAGE(name << ": not audited: " << why);
      continue;
    }
    CAPTURE(name);
    auto it = needed.find(name);  // the algorithm's own entry, else its paper's
    if (it == needed.end()) it = needed.find(name.substr(0, name.find('.')));
    const AuditReport r = audit_of(name, it == needed.end() ? std::vector<std::string>{} : it->second, 4000);
    CHECK(r.violation() == (findings.count(name) > 0));
  }
}

}  // TEST_SUITE

TEST_SUITE("audit_cli") {

TEST_CASE("dplab audit: exit codes and report") {
  testing::TempDir dir;
  auto c = testing::run_dplab("audit canary.halved_laplace --samples 20000 --threads 2", dir);
  CHECK(c.code == 1);
  CHECK_CONTAINS(c.out, "VIOLATION");
  CHECK_CONTAINS(c.out, "claimed:    eps = 1");
  c = testing::run_dplab("audit mechanism.laplace --param eps=0.5 --samples 20000 --threads 2", dir);
  CHECK(c.code == 0);
  CHECK_CONTAINS(c.out, "no violation found");
  CHECK_CONTAINS(c.out, "eps=0.5");
  c = testing::run_dplab("audit mechanism.laplace --param eps=zero", dir);
  CHECK(c.code == 2);
  c = testing::run_dplab("audit wavecluster.wavecluster", dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "cannot be audited");
  c = testing::run_dplab("audit no.such", dir);
  CHECK(c.code == 2);
  c = testing::run_dplab("audit --list", dir);
  CHECK(c.code == 0);
  CHECK_CONTAINS(c.out, "canary.halved_laplace [canary");
  c = testing::run_dplab("list algorithms", dir);
  CHECK_CONTAINS(c.out, "audit fixtures");
}

TEST_CASE("dplab audit SPEC.yaml: a sweep point by index or by its coordinates") {
  testing::TempDir dir;
  // budget_series Fig 10: 7 strategies x 12 (N, U_s) = 84 points of DP k-means.
  const std::string spec = std::string(DPLAB_SOURCE_DIR) + "/experiments/budget_series/fig10.yaml";
  auto c = testing::run_dplab("audit " + spec + " --where strategy=Geo --where N=5 --samples 2000 --threads 2", dir);
  CHECK(c.code == 0);
  CHECK_CONTAINS(c.out, "spec point: " + spec + " point 38 of 84");
  CHECK_CONTAINS(c.out, "strategy=Geo");
  CHECK_CONTAINS(c.out, "not the spec's dataset");
  CHECK_CONTAINS(c.out, "eps=0.3");
  CHECK_CONTAINS(c.out, "claimed:    eps = 0.3");
  c = testing::run_dplab("audit " + spec + " --point 0 --samples 2000 --threads 2", dir);
  CHECK(c.code == 0);
  CHECK_CONTAINS(c.out, "point 0 of 84");
  CHECK_CONTAINS(c.out, "strategy=AVG");
  // Errors: exit 2, saying what is allowed.
  c = testing::run_dplab("audit " + spec + " --point 84", dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "numbered 0 to 83");
  c = testing::run_dplab("audit " + spec + " --where strategy=Geo", dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "matches 12 points");
  c = testing::run_dplab("audit " + spec + " --where N=99", dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "matches no point");
  c = testing::run_dplab("audit " + spec + " --where colour=red", dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "no point of");
  c = testing::run_dplab("audit " + spec, dir);
  CHECK(c.code == 2);
  CHECK_CONTAINS(c.err, "choose one with --point");
  c = testing::run_dplab("audit " + spec + " --point 1 --param k=2", dir);
  CHECK(c.code == 2);
  c = testing::run_dplab("audit mechanism.laplace --point 1", dir);
  CHECK(c.code == 2);
}

TEST_CASE("the provable PrivTHREM passes at its spec point (wavecluster Fig 5, DS1, eps = 1)") {
  testing::TempDir dir;
  const std::string spec = std::string(DPLAB_SOURCE_DIR) + "/experiments/wavecluster/fig5.yaml";
  auto c = testing::run_dplab("audit " + spec + " --where \"label=PrivTHREM, public range\" --where dataset=DS1 --where eps=1"
                              " --samples 4000 --confidence 0.999 --seed 7 --threads 2", dir);
  INFO(c.err);
  CHECK(c.code == 0);
  CHECK_CONTAINS(c.out, "em_range=public");
  CHECK_CONTAINS(c.out, "no violation found");
}

}  // TEST_SUITE
