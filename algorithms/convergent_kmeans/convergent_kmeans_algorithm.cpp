// lu_thesis.convergent_kmeans: Algorithm 7.1 with the Prior or Posterior sampling zone of
// Algorithm 7.2 (Figs 7.7-7.10). See convergent_kmeans.hpp and sampling_zone.hpp; every choice
// the chapter leaves open is a parameter below, its default justified in docs/papers/lu_thesis.md.
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/convergent_kmeans/convergent_kmeans.hpp"
#include "algorithms/convergent_kmeans/plugin_params.hpp"
#include "framework/registry.hpp"

namespace dplab::convergent_kmeans {
namespace {

class ConvergentKmeans : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "lu_thesis.convergent_kmeans";
    i.doc = "DP k-means with a convergence guarantee (Algorithm 7.1 with Algorithm 7.2: Prior or Posterior sampling zone)";
    i.params = clustering::shared_kmeans_params();
    for (auto& z : zone_param_specs()) i.params.push_back(z);
    const std::vector<ParamSpec> own = {
        ParamSpec::text("delta_reference", "controller",
                        "the length delta = ||S^ - S|| / L is measured in: L = ||X - S|| ('controller': delta in "
                        "(0, 1), §7.5.1) or the convergent zone's radius ||S^(t-1) - S|| ('zone'; the same for Prior)")
            .one_of({"controller", "zone"}),
        ParamSpec::text("stop", "partition",
                        "'partition': stop when two consecutive assignment steps agree (Lloyd's rule, §7.2); "
                        "'movement': when every private centroid moved less than 'tolerance'")
            .one_of({"partition", "movement"}),
        ParamSpec::real("tolerance", 1e-4, "stop: movement: the largest centroid move that counts as converged")
            .above(0),
        ParamSpec::integer("max_iterations", 500, "cap on the iterations (Theorems 7.2 and 7.4: at most twice Lloyd's "
                                                  "in expectation)")
            .at_least(1)
            .at_most(1000000),
        ParamSpec::text("final_noise", "counts",
                        "line 10: Laplace noise on the counts only (§7.5.1) or on counts and sums ('counts_and_sums')")
            .one_of({"counts", "counts_and_sums"}),
        ParamSpec::text("unnoised_output", "means",
                        "what 'centroids_before_noise' holds (Fig 7.8 compares it with Lloyd's): 'means' of the "
                        "final partition (line 10 computes the output as means, §7.5.1) or the last 'sampled' "
                        "private centroids (line 8's S^(t))")
            .one_of({"means", "sampled"}),
        ParamSpec::real("budget_cap", 1000.0,
                        "the ledger's limit: Theorem 7.5's total eps_0 + (noisy iterations) eps is data-dependent, "
                        "so only a cap can be declared in advance")
            .above(0),
    };
    i.params.insert(i.params.end(), own.begin(), own.end());
    i.outputs = {
        {"centroids", "published centroids (line 10), k x d row-major, data in [0, 1]^d", true, "c"},
        {"centroids_before_noise", "before line 10's noise: the final partition's means, or the last sampled "
                                   "centroids (unnoised_output), k x d", true, "c"},
        {"iterations", "iterations to convergence (assignment passes; Posterior's look-ahead passes too, by "
                       "count_lookahead; the pass that confirms the partition only with count_confirming_pass)", false,
         ""},
        {"noisy_iterations", "iterations that drew a private centroid (each costs eps)", false, ""},
        {"converged", "1 when the stopping rule ended the run, 0 when max_iterations did", false, ""},
        {"budget_spent", "Theorem 7.5's total: eps_0 + noisy_iterations x eps", false, ""},
    };
    // Algorithm 7.1 publishes line 10's centroids; the rest describes the run (`dplab audit`
    // leaves it out unless asked).
    for (auto& o : i.outputs) o.internal = o.name != "centroids";
    i.budget_param = "budget_cap";
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    // For `dplab audit`: Theorem 7.5's eps_0 + (noisy iterations) eps is at most
    // eps_0 + max_iterations eps = 0.2 + 4 x 0.2 = 1, the cap the budget rule declares; the
    // default cap of 1000 is no claim an audit can refute.
    i.audit_params = {"eps=0.2", "max_iterations=4"};
    // Both published zones are built around the exact mean; line 10's exact sums
    // (final_noise: counts) and data-drawn starts (init: data) are further findings of their own.
    i.privacy = PrivacyStatus::not_dp("lu_thesis.alg71_zone",
                                      "the sampling zone (Prior and Posterior) is a ball around the exact mean");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    clustering::require_box(data, clustering::kUnitBox, "lu_thesis.convergent_kmeans", clustering::kUnitBoxFix);
    const Params& p = ctx.params;
    const auto k = static_cast<std::size_t>(p.integer("k"));
    Options opt;
    static_cast<ZoneOptions&>(opt) = zone_options(p);
    opt.delta_from_zone = p.text("delta_reference") == "zone";
    opt.stop = p.text("stop") == "partition" ? Stop::Partition : Stop::Movement;
    opt.tolerance = p.real("tolerance");
    opt.max_iterations = static_cast<int>(p.integer("max_iterations"));
    opt.count_confirming_pass = p.boolean("count_confirming_pass");
    opt.final_noise = p.text("final_noise") == "counts" ? FinalNoise::Counts : FinalNoise::CountsAndSums;
    const std::vector<double> initial = clustering::shared_initial_centroids(
        ctx.seeds, data, k, clustering::parse_init(p.text("init")), clustering::kUnitBox);
    auto& ws = ctx.scratch.get<Workspace>("convergent k-means workspace");
    const Result r = run_algorithm71(data, k, initial, opt, ctx.stream, ctx.noise, ws);
    write_outputs(ctx, r, p.text("unnoised_output") == "means" ? r.before_noise : r.sampled, opt);
  }
};

}  // namespace
}  // namespace dplab::convergent_kmeans

using dplab::convergent_kmeans::ConvergentKmeans;
DPLAB_ALGORITHM(ConvergentKmeans);
