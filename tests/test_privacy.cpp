// Tests of the privacy statuses (framework/privacy.hpp) and findings (framework/findings.hpp):
// every registered algorithm declares one, a missing one is refused at registration, the
// parameter-dependent statuses of the papers' algorithms, the findings registry and the page
// docs/privacy-findings.md generated from it. The propagation through result files, show,
// export, Python and the figures is tests/test_cli_e2e_privacy.cpp.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "dplab_source_dir.hpp"
#include "framework/findings.hpp"
#include "framework/registry.hpp"
#include "framework/result_privacy.hpp"
#include "test_support.hpp"

using namespace dplab;

// Malformed findings below leave out fields on purpose (as DPLAB_FINDINGS allows).
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace {

// The status of `algorithm` at its defaults changed by `given` (text values, as in a spec).
PrivacyStatus status_at(const std::string& algorithm, const std::map<std::string, std::string>& given = {}) {
  const AlgorithmInfo info = find_algorithm(algorithm).info();
  Params p;
  for (const auto& [name, text] : given) {
    const ParamSpec* spec = find_param(info.params, name);
    REQUIRE_MESSAGE(spec != nullptr, algorithm << " has no parameter " << name);
    auto v = spec->parse(text);
    REQUIRE_MESSAGE(std::holds_alternative<Value>(v), std::get<std::string>(v));
    p.set(name, std::get<Value>(v));
  }
  return privacy_status(info, with_defaults(info.params, p));
}

// "not-dp lu_thesis.alg71_zone", "dp", "none": what a test compares.
std::string brief(const PrivacyStatus& s) {
  return std::string(privacy_name(s.kind)) + (s.finding.empty() ? "" : " " + s.finding);
}

class Undeclared : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "test.undeclared_privacy";
    i.doc = "declares no privacy status (test)";
    return i;
  }
  void run(TrialContext&) const override {}
};

}  // namespace

TEST_SUITE("privacy") {

TEST_CASE("every registered algorithm declares its status, and a not-dp one names a registered finding") {
  std::size_t algorithms = 0, rules = 0;
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    CAPTURE(name);
    const AlgorithmInfo info = find_algorithm(name).info();
    CHECK_NOTHROW(check_privacy_declaration(name, info.privacy, info.privacy_rules));
    std::vector<PrivacyStatus> all = {info.privacy};
    for (const auto& r : info.privacy_rules) all.push_back(r.status);
    for (const auto& s : all) {
      CHECK_NOTHROW(check_finding_exists(s, name));
      if (s.kind == Privacy::not_dp) CHECK(find_finding_or_null(s.finding) != nullptr);
    }
    ++algorithms;
    rules += info.privacy_rules.size();
  }
  MESSAGE(algorithms << " algorithms, " << rules << " parameter-dependent rules");
  CHECK(algorithms >= 30);
}

TEST_CASE("an algorithm without a status is refused at registration; a plugin's refusal is recorded") {
  const std::string e = testing::error_of([] { register_algorithm(std::make_shared<Undeclared>()); });
  CHECK_CONTAINS(e, "algorithm 'test.undeclared_privacy' declares no privacy status");
  CHECK(AlgorithmRegistry::instance().find("test.undeclared_privacy") == nullptr);
  std::vector<std::string> errors;
  registration_errors() = &errors;
  const bool added = register_algorithm(std::make_shared<Undeclared>());
  registration_errors() = nullptr;
  CHECK_FALSE(added);
  REQUIRE(errors.size() == 1);
  CHECK_CONTAINS(errors[0], "declares no privacy status");
  CHECK(AlgorithmRegistry::instance().find("test.undeclared_privacy") == nullptr);
}

TEST_CASE("malformed declarations: not-dp without a finding, a finding on dp, no why, an unknown finding") {
  const auto fails = [](const PrivacyStatus& base, std::vector<PrivacyRule> rules = {}) {
    return testing::error_of([&] { check_privacy_declaration("x", base, rules); });
  };
  CHECK_CONTAINS(fails(PrivacyStatus{}), "declares no privacy status");
  CHECK_CONTAINS(fails(PrivacyStatus::not_dp("", "why")), "not-dp without a finding");
  CHECK_CONTAINS(fails({Privacy::dp, "canary.halved_laplace", "why"}), "only a not-dp status has one");
  CHECK_CONTAINS(fails(PrivacyStatus::dp("")), "without a why");
  CHECK_CONTAINS(fails(PrivacyStatus::dp("why"), {when_param("a", {"b"}, PrivacyStatus{})}),
                 "algorithm 'x' (when a = b) declares no privacy status");
  CHECK_CONTAINS(testing::error_of([] { check_finding_exists(PrivacyStatus::not_dp("no.such", "why"), "x"); }),
                 "finding 'no.such', which no findings list registers");
}

TEST_CASE("parameter-dependent statuses: the published variant is not-dp, the provable one dp") {
  // WaveCluster: PrivTHREM's threshold range.
  CHECK(brief(status_at("wavecluster.privthrem")) == "not-dp wavecluster.privthrem_range");  // default: the paper's
  CHECK(brief(status_at("wavecluster.privthrem", {{"em_range", "data_max"}})) == "not-dp wavecluster.privthrem_range");
  CHECK(brief(status_at("wavecluster.privthrem", {{"em_range", "public"}})) == "dp");
  for (const char* a : {"wavecluster.privqt", "wavecluster.privthr", "wavecluster.baseline"}) CHECK(brief(status_at(a)) == "dp");
  CHECK(brief(status_at("wavecluster.wavecluster")) == "none");
  // workload_division: DAWA's partition noise, MWEM's public N.
  CHECK(brief(status_at("baselines.dawa", {{"partition_noise", "reference"}})) == "not-dp workload_division.dawa_partition_noise");
  CHECK(brief(status_at("baselines.dawa")) == "dp");
  CHECK(brief(status_at("baselines.mwem")) == "not-dp workload_division.mwem_public_n");
  CHECK(brief(status_at("baselines.mwem", {{"estimate", "average"}})) == "not-dp workload_division.mwem_public_n");
  for (const char* a : {"baselines.identity", "workload_division.laplace_workload", "workload_division.workload_division"})
    CHECK(brief(status_at(a)) == "dp");
  // budget_series: the paper's sensitivity-1 sums (the canary) against ours.
  CHECK(brief(status_at("budget_series.dp_kmeans_paper_sums")) == "not-dp budget_series.paper_sums");
  CHECK(brief(status_at("budget_series.dp_kmeans")) == "dp");
  CHECK(brief(status_at("budget_series.allocation")) == "none");
  // Thesis ch. 7: Algorithm 7.1 as published, whatever its zone; init: data and the Lloyd-matched
  // budget make the baselines not-dp, GUPT does not use init.
  for (const char* zone : {"prior", "posterior"})
    for (const char* init : {"data", "uniform"})
      for (const char* fin : {"counts", "counts_and_sums"})
        CHECK(brief(status_at("lu_thesis.convergent_kmeans", {{"zone", zone}, {"init", init}, {"final_noise", fin}})) ==
              "not-dp lu_thesis.alg71_zone");
  for (const char* a : {"clustering.blum", "clustering.dwork", "clustering.su"}) {
    CAPTURE(a);
    // The defaults (issue 27/28): a declared total and uniform starts, as the figures run them.
    CHECK(brief(status_at(a)) == "dp");
    CHECK(brief(status_at(a, {{"budget_match", "lloyd"}})) == "not-dp lu_thesis.kmeans_budget_lloyd");
    CHECK(brief(status_at(a, {{"init", "data"}})) == "not-dp lu_thesis.kmeans_init_data");
    CHECK(brief(status_at(a, {{"budget_match", "public"}, {"init", "uniform"}})) == "dp");
  }
  CHECK(brief(status_at("clustering.privgene")) == "dp");
  CHECK(brief(status_at("clustering.privgene", {{"budget_match", "lloyd"}})) == "not-dp lu_thesis.kmeans_budget_lloyd");
  CHECK(brief(status_at("clustering.privgene", {{"budget_match", "total"}, {"init", "data"}})) == "dp");
  CHECK(brief(status_at("clustering.gupt", {{"init", "data"}})) == "dp");
  CHECK(brief(status_at("clustering.lloyd")) == "none");
  // Thesis ch. 4: Algorithm 4.1's exact releases; the aggregators charged as disjoint.
  CHECK(brief(status_at("lu_aggregation.aggregation")) == "not-dp lu_thesis.alg41_exact_release");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"Pr_u", "1"}, {"Pr_s", "1"}})) == "not-dp lu_thesis.aggregators_overlap");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"Pr_u", "1"}, {"Pr_s", "1"}, {"ratio", "0.9"}})) == "dp");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "Orig"}})) == "not-dp lu_thesis.aggregators_overlap");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "Orig"}, {"ratio", "0.8"}})) == "dp");  // 5 x 0.2 = 1
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "Orig"}, {"ratio", "0.79"}})) == "not-dp lu_thesis.aggregators_overlap");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "PrivaDA"}})) == "not-dp lu_thesis.aggregators_overlap");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "PrivaDA"}, {"privada_sensitivity", "curator"}})) == "dp");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "PASTE"}})) == "dp");
  CHECK(brief(status_at("lu_aggregation.aggregation", {{"scheme", "PASTE"}, {"paste_sensitivity", "share"}})) ==
        "not-dp lu_thesis.aggregators_overlap");
  // Thesis ch. 5: Algorithm 5.1's local sensitivities; Theorem 5.1's budget.
  CHECK(brief(status_at("lu_budget_bounds.aggregation")) == "not-dp lu_thesis.alg51_local_sensitivity");
  CHECK(brief(status_at("lu_budget_bounds.aggregation", {{"sensitivity", "global"}})) == "dp");
  CHECK(brief(status_at("lu_budget_bounds.aggregation", {{"sensitivity", "value_bound"}})) == "dp");
  CHECK(brief(status_at("lu_budget_bounds.noise_gap", {{"bound", "MaxEpsilon"}})) == "not-dp lu_thesis.alg51_local_sensitivity");
  CHECK(brief(status_at("lu_budget_bounds.noise_gap", {{"bound", "MaxEpsilon"}, {"sensitivity", "value_bound"}})) == "dp");
  CHECK(brief(status_at("lu_budget_bounds.noise_gap", {{"bound", "ThisWork"}})) == "not-dp lu_thesis.theorem51_budget");
  CHECK(brief(status_at("lu_budget_bounds.noise_gap", {{"bound", "ThisWork"}, {"sensitivity", "value_bound"}})) ==
        "not-dp lu_thesis.theorem51_budget");
  CHECK(brief(status_at("lu_budget_bounds.noise_gap", {{"bound", "SumEpsilon"}})) == "dp");
  // Thesis ch. 6: the edge step; DP on vertices alone leaves the edges as they are; no DP step.
  CHECK(brief(status_at("lu_thesis.path_publishing")) == "none");
  CHECK(brief(status_at("lu_thesis.path_publishing", {{"dp_edges", "true"}})) == "not-dp lu_thesis.path_edge_step");
  CHECK(brief(status_at("lu_thesis.path_publishing", {{"dp_edges", "true"}, {"dp_vertices", "true"}, {"subnum_range", "appearances"}})) ==
        "not-dp lu_thesis.path_edge_step");
  for (const char* range : {"path_degree", "appearances", "network_degree"})
    CHECK(brief(status_at("lu_thesis.path_publishing", {{"dp_vertices", "true"}, {"subnum_range", range}})) ==
          "not-dp lu_thesis.path_vertices_only");
  // The audit's fixtures.
  CHECK(brief(status_at("canary.halved_laplace")) == "not-dp canary.halved_laplace");
  CHECK(brief(status_at("mechanism.laplace")) == "dp");
}

TEST_CASE("findings: ids name their paper, an audit command carries its numbers, malformed ones are refused") {
  for (const Finding* f : all_findings()) {
    CAPTURE(f->id);
    CHECK(f->paper() != f->id);
    if (!f->audit.empty()) CHECK(f->eps_hat > f->claimed_eps);  // a violation is what it shows
  }
  CHECK(find_finding("wavecluster.privthrem_range").paper() == "wavecluster");
  CHECK_CONTAINS(testing::error_of([] { find_finding("wavecluster.privthrem_rage"); }),
                 "did you mean 'wavecluster.privthrem_range'?");
  CHECK_CONTAINS(testing::error_of([] { register_findings({{.id = "nopaper", .title = "t", .evidence = "e", .docs = "d", .unaudited = "u"}}); }),
                 "<paper>.<what>");
  CHECK_CONTAINS(testing::error_of([] { register_findings({{.id = "p.x", .title = "t", .evidence = "e", .docs = "d"}}); }),
                 "say why the audit cannot show it");
  CHECK_CONTAINS(testing::error_of([] {
                   register_findings({{.id = "p.y", .title = "t", .evidence = "e", .docs = "d", .audit = "dplab audit x"}});
                 }),
                 "needs the claimed eps and the eps_hat");
  CHECK_CONTAINS(testing::error_of([] { register_findings({*all_findings().front()}); }), "duplicate registration of finding");
}

TEST_CASE("docs/privacy-findings.md is the registry's page (dplab list findings --markdown)") {
  const std::string page = testing::read_file(std::string(DPLAB_SOURCE_DIR) + "/docs/privacy-findings.md");
  const std::string generated = findings_markdown();
  CHECK_MESSAGE(page == generated, "docs/privacy-findings.md is out of date: build/dplab list findings --markdown > "
                                   "docs/privacy-findings.md");
  for (const Finding* f : all_findings()) CHECK_CONTAINS(generated, "### `" + f->id + "`");
  CHECK_CONTAINS(generated, "`wavecluster.privthrem` when em_range = data_max");
}

TEST_CASE("dplab list prints each algorithm's status and the findings") {
  testing::TempDir dir;
  const auto l = testing::run_dplab("list algorithms --long", dir);
  REQUIRE(l.code == 0);
  CHECK_CONTAINS(l.out, "      when em_range = data_max: not-dp (wavecluster.privthrem_range): ");
  CHECK_CONTAINS(l.out, "    privacy: none: Lloyd's algorithm on the exact data");
  CHECK_CONTAINS(l.out, "canary.halved_laplace: CANARY");
  // The one-line list carries the status too, and says when parameters change it.
  const auto brief = testing::run_dplab("list algorithms", dir);
  REQUIRE(brief.code == 0);
  CHECK_CONTAINS(brief.out, "  wavecluster.privthrem: ");
  CHECK_CONTAINS(brief.out, "; other statuses for some parameters, see --long]\n");
  CHECK(brief.out.find("    privacy: ") == std::string::npos);
  const auto f = testing::run_dplab("list findings", dir);
  REQUIRE(f.code == 0);
  for (const Finding* x : all_findings()) CHECK_CONTAINS(f.out, "  " + x->id + ": ");
  const auto md = testing::run_dplab("list findings --markdown", dir);
  REQUIRE(md.code == 0);
  CHECK(md.out == findings_markdown());
  CHECK(testing::run_dplab("list algorithms --markdown", dir).code == 2);
}

}  // TEST_SUITE
