// What the two Algorithm 7.1 plugins share (lu_thesis.convergent_kmeans as published,
// lu_thesis.convergent_kmeans_dp the provable variant): the parameters of the sampling zone and
// the budget of a step, and the outputs the chapter's metrics read.
#pragma once
#include <vector>

#include "algorithms/convergent_kmeans/convergent_kmeans.hpp"
#include "core/params.hpp"
#include "framework/trial.hpp"

namespace dplab::convergent_kmeans {

// zone, eps, eps0_ratio, prior_side, rotation_plane, posterior_clip, count_lookahead.
std::vector<ParamSpec> zone_param_specs();

// The same read back (box: [0, 1]^d, the chapter's data domain).
ZoneOptions zone_options(const Params& p);

// centroids, centroids_before_noise (`before_noise`), iterations, noisy_iterations, converged,
// budget_spent = eps_0 + noisy_iterations x eps.
void write_outputs(TrialContext& ctx, const Result& r, const std::vector<double>& before_noise,
                   const ZoneOptions& opt);

}  // namespace dplab::convergent_kmeans
