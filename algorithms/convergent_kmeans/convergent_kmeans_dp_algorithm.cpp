// lu_thesis.convergent_kmeans_dp: the provable variant of Algorithm 7.1 (provable.hpp), drawn
// beside the published algorithm (lu_thesis.convergent_kmeans) in Figs 7.7-7.10. Its budget is
// declared before the run, T eps + eps_0, whatever the data.
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/convergent_kmeans/plugin_params.hpp"
#include "algorithms/convergent_kmeans/provable.hpp"
#include "framework/registry.hpp"

namespace dplab::convergent_kmeans {
namespace {

double declared(const Params& p) {
  return p.real("eps") * (static_cast<double>(p.integer("iterations")) + p.real("eps0_ratio"));
}

class ConvergentKmeansDp : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "lu_thesis.convergent_kmeans_dp";
    i.doc = "Algorithm 7.1 made eps-DP: noisy counts and sums, zones from released quantities, a public iteration "
            "cap, Posterior's look-ahead charged (issue 28)";
    i.params = {
        ParamSpec::integer("k", 3, "number of clusters (lu_thesis Table 7.2)").at_least(1).at_most(100000),
        ParamSpec::text("init", "uniform",
                        "initial centroids: 'uniform' in [0, 1]^d from a public stream (data-independent); 'data' = k "
                        "data points as Algorithm 7.1 line 1 (a release outside the budget: not eps-DP)")
            .one_of(clustering::init_choices()),
        ParamSpec::integer("iterations", 20,
                           "T: the most iterations, a public number the budget T eps + eps_0 is declared for (the "
                           "specs: the thesis's LLOYD average for the dataset, as the baselines' public_iterations)")
            .at_least(1)
            .at_most(100000),
        ParamSpec::real("tolerance", 1e-3,
                        "stop before T once every released centroid moved less than this (Euclidean, in [0, 1]^d; "
                        "a function of releases: no budget)")
            .at_least(0),
        ParamSpec::real("count_share", 0.5, "share of a noisy step's budget on the counts (the rest on the sums)")
            .above(0)
            .below(1),
        ParamSpec::real("lookahead_share", 0.5, "posterior: share of an iteration's eps on the look-ahead step")
            .above(0)
            .below(1),
    };
    for (auto& z : zone_param_specs()) i.params.push_back(z);
    i.outputs = {
        {"centroids", "published centroids (line 10's noisy step), k x d row-major, data in [0, 1]^d", true, "c"},
        {"centroids_before_noise", "the last released centroids S^(T), before line 10 (Fig 7.8 compares them with "
                                   "Lloyd's)", true, "c"},
        {"iterations", "noisy steps run (posterior: look-ahead ones too, by count_lookahead)", false, ""},
        {"noisy_iterations", "iterations of the loop, each costing eps", false, ""},
        {"converged", "1 when the tolerance stopped the loop before T, else 0", false, ""},
        {"budget_spent", "eps_0 + noisy_iterations x eps (at most the declared T eps + eps_0)", false, ""},
    };
    i.budget_of = declared;
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    i.privacy = PrivacyStatus::dp(
        "noisy counts and sums each iteration (sensitivities 1 and d on [0, 1]^d), the zone built from released "
        "centroids only, Posterior's look-ahead step charged, T eps + eps_0 declared before the run");
    i.privacy_rules = {clustering::init_data_privacy_rule()};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    clustering::require_box(data, clustering::kUnitBox, "lu_thesis.convergent_kmeans_dp", clustering::kUnitBoxFix);
    const Params& p = ctx.params;
    const auto k = static_cast<std::size_t>(p.integer("k"));
    ProvableOptions opt;
    static_cast<ZoneOptions&>(opt) = zone_options(p);
    opt.iterations = static_cast<int>(p.integer("iterations"));
    opt.tolerance = p.real("tolerance");
    opt.count_share = p.real("count_share");
    opt.lookahead_share = p.real("lookahead_share");
    const std::vector<double> initial = clustering::shared_initial_centroids(
        ctx.seeds, data, k, clustering::parse_init(p.text("init")), clustering::kUnitBox);
    auto& ws = ctx.scratch.get<Workspace>("convergent k-means workspace");
    const Result r = run_provable71(data, k, initial, opt, ctx.stream, ctx.noise, ws);
    write_outputs(ctx, r, r.before_noise, opt);
  }
};

}  // namespace
}  // namespace dplab::convergent_kmeans

using dplab::convergent_kmeans::ConvergentKmeansDp;
DPLAB_ALGORITHM(ConvergentKmeansDp);
