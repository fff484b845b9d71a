#include "algorithms/convergent_kmeans/plugin_params.hpp"

#include "algorithms/clustering/lloyd_reference.hpp"

namespace dplab::convergent_kmeans {

std::vector<ParamSpec> zone_param_specs() {
  return {
      ParamSpec::text("zone", "prior", "sampling zone: 'prior' (past knowledge, §7.4.2) or 'posterior' (past and "
                                       "future knowledge, §7.4.3)")
          .one_of({"prior", "posterior"}),
      ParamSpec::real("eps", 0.1, "budget eps_i^(t) of each cluster at each iteration (the figures' x axis)").above(0),
      ParamSpec::real("eps0_ratio", 1.0,
                      "epsilon_0 of the final step as a multiple of eps (1: 'the same privacy budget to each step', "
                      "§7.6.1)")
          .above(0),
      ParamSpec::text("prior_side", "forward",
                      "Prior: the border point Y on the line S^(t-1) S^(t): 'forward' beyond S^(t), continuing the "
                      "move; 'backward' = S^(t-1)")
          .one_of({"forward", "backward"}),
      ParamSpec::text("rotation_plane", "uniform",
                      "Prior, d > 2: the plane of the gamma turn: with a uniformly random direction orthogonal to "
                      "Y - S ('uniform') or the least aligned coordinate axis ('axis')")
          .one_of({"uniform", "axis"}),
      ParamSpec::boolean("posterior_clip", true,
                         "Posterior: pull a look-ahead mean beyond the convergent zone back onto its border "
                         "(Definition 7.3: the sampling zone lies in the convergent zone)"),
      ParamSpec::boolean("count_lookahead", true,
                         "Posterior: count the look-ahead assignment step as an iteration (Theorem 7.4's proof "
                         "and §7.6.2's 'duplicated operations')"),
  };
}

ZoneOptions zone_options(const Params& p) {
  ZoneOptions o;
  o.zone = p.text("zone") == "prior" ? ZoneKind::Prior : ZoneKind::Posterior;
  o.eps = p.real("eps");
  o.eps0 = p.real("eps0_ratio") * o.eps;
  o.side = p.text("prior_side") == "forward" ? PriorSide::Forward : PriorSide::Backward;
  o.plane = p.text("rotation_plane") == "uniform" ? RotationPlane::Uniform : RotationPlane::Axis;
  o.clip_to_zone = p.boolean("posterior_clip");
  o.count_lookahead = p.boolean("count_lookahead");
  o.box = clustering::kUnitBox;
  return o;
}

void write_outputs(TrialContext& ctx, const Result& r, const std::vector<double>& before_noise,
                   const ZoneOptions& opt) {
  ctx.out.vector("centroids", r.centroids);
  ctx.out.vector("centroids_before_noise", before_noise);
  ctx.out.scalar("iterations", r.iterations);
  ctx.out.scalar("noisy_iterations", r.noisy_iterations);
  ctx.out.scalar("converged", r.converged ? 1 : 0);
  ctx.out.scalar("budget_spent", opt.eps0 + r.noisy_iterations * opt.eps);
}

}  // namespace dplab::convergent_kmeans
