// lu_thesis.convergent_kmeans_dp: the provable variant of Algorithm 7.1 (provable.hpp), drawn
// beside the published algorithm (lu_thesis.convergent_kmeans) in Figs 7.7-7.10. Its budget is
// declared before the run, T eps + eps_0, whatever the data.
#include "algorithms/clustering/lloyd_reference.hpp"
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
        ParamSpec::text("zone", "prior", "sampling zone: 'prior' (past knowledge, §7.4.2) or 'posterior' (past and "
                                         "future knowledge, §7.4.3)")
            .one_of({"prior", "posterior"}),
        ParamSpec::real("eps", 0.1, "budget of one iteration (the figures' x axis: each step of Algorithm 7.1)").above(0),
        ParamSpec::real("eps0_ratio", 1.0, "epsilon_0 of the final noisy step as a multiple of eps").above(0),
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
        ParamSpec::boolean("count_lookahead", true,
                           "posterior: count the look-ahead noisy step as an iteration (as the published zone's "
                           "count_lookahead)"),
        ParamSpec::text("prior_side", "forward", "prior: the border point Y (as lu_thesis.convergent_kmeans)")
            .one_of({"forward", "backward"}),
        ParamSpec::text("rotation_plane", "uniform", "prior, d > 2: the plane of the gamma turn (as "
                                                     "lu_thesis.convergent_kmeans)")
            .one_of({"uniform", "axis"}),
        ParamSpec::boolean("posterior_clip", true,
                           "posterior: pull a look-ahead mean beyond the convergent zone back onto its border"),
    };
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
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    clustering::require_box(data, clustering::kUnitBox, "lu_thesis.convergent_kmeans_dp", clustering::kUnitBoxFix);
    const Params& p = ctx.params;
    const auto k = static_cast<std::size_t>(p.integer("k"));
    ProvableOptions opt;
    opt.zone = p.text("zone") == "prior" ? ZoneKind::Prior : ZoneKind::Posterior;
    opt.eps = p.real("eps");
    opt.eps0 = p.real("eps0_ratio") * opt.eps;
    opt.iterations = static_cast<int>(p.integer("iterations"));
    opt.tolerance = p.real("tolerance");
    opt.count_share = p.real("count_share");
    opt.lookahead_share = p.real("lookahead_share");
    opt.count_lookahead = p.boolean("count_lookahead");
    opt.side = p.text("prior_side") == "forward" ? PriorSide::Forward : PriorSide::Backward;
    opt.plane = p.text("rotation_plane") == "uniform" ? RotationPlane::Uniform : RotationPlane::Axis;
    opt.clip_to_zone = p.boolean("posterior_clip");
    opt.box = clustering::kUnitBox;
    const std::vector<double> initial = clustering::shared_initial_centroids(
        ctx.seeds, data, k, clustering::parse_init(p.text("init")), clustering::kUnitBox);
    auto& ws = ctx.scratch.get<Workspace>("convergent k-means workspace");
    const Result r = run_provable71(data, k, initial, opt, ctx.stream, ctx.noise, ws);
    ctx.out.vector("centroids", r.centroids);
    ctx.out.vector("centroids_before_noise", r.before_noise);
    ctx.out.scalar("iterations", r.iterations);
    ctx.out.scalar("noisy_iterations", r.noisy_iterations);
    ctx.out.scalar("converged", r.converged ? 1 : 0);
    ctx.out.scalar("budget_spent", opt.eps0 + r.noisy_iterations * opt.eps);
  }
};

}  // namespace
}  // namespace dplab::convergent_kmeans

using dplab::convergent_kmeans::ConvergentKmeansDp;
DPLAB_ALGORITHM(ConvergentKmeansDp);
