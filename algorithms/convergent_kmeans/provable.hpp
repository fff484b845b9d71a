// lu_thesis Algorithm 7.1 made provably eps-DP (issue 28): the variant drawn beside the
// published algorithm (convergent_kmeans.hpp), which is not eps-DP for any eps: its zones are
// balls around the exact means, line 10 publishes exact sums over noisy counts, Posterior's
// look-ahead reads the whole data at no charge, its total budget (Theorem 7.5) depends on the
// data's iteration count, and line 1 starts from data records (docs/papers/lu_thesis.md).
//
// Here every quantity computed from the data is a Laplace release charged to the ledger; all
// the rest is post-processing of releases and public randomness:
//   line 1    initial centroids data-independent (init: uniform, a public stream);
//   lines 4-5 assign the data to the released centroids S^(t-1) and release the clusters'
//             noisy counts and sums (clustering::noisy_lloyd_step: one charge each for all
//             clusters, parallel composition; sums of L1 sensitivity d on [0, 1]^d), whose
//             ratio is the noisy mean S~^(t) (a cluster whose noisy count is below 1 keeps
//             S^(t-1));
//   Alg. 7.2  Posterior: the look-ahead Lloyd step from S~^(t) is a second release of the whole
//   l. 2-3    data, charged on top (sequential composition): its noisy means X~ are the
//             controllers;
//   lines 6-7 the convergent zone around S~ through S^(t-1), the controller (Prior: the border
//             point turned by gamma), lambda, the sampling zone and the draw from it with the
//             thesis's law exp(beta q), beta = eps / (2 dq): all functions of releases and of
//             the public stream, so the draw is post-processing and costs nothing;
//   line 2    the loop runs at most T = `iterations` times, the public number the budget is
//             declared for, and stops earlier once every released centroid moved less than
//             `tolerance` (a function of releases);
//   line 10   the output: one more noisy step (counts and sums) from S^(T) with eps_0.
// Budget: eps per iteration (Posterior: split between its main and look-ahead steps) plus
// eps_0, declared before the run as T eps + eps_0 whatever the data; an early stop spends less.
#pragma once
#include <vector>

#include "algorithms/convergent_kmeans/convergent_kmeans.hpp"

namespace dplab::convergent_kmeans {

// eps: one iteration's budget (its noisy step or steps); eps0: line 10's noisy step.
struct ProvableOptions : ZoneOptions {
  int iterations = 20;        // T, the public cap
  double tolerance = 1e-3;    // stop once every released centroid moved less (Euclidean, in [0, 1]^d)
  double count_share = 0.5;   // share of a noisy step's budget on the counts (the rest on the sums)
  double lookahead_share = 0.5;  // Posterior: share of eps on the look-ahead step
};

// Result: `sampled` and `before_noise` are the last released centroids S^(T); `iterations` the
// noisy steps run (Posterior's look-ahead ones too with count_lookahead); `noisy_iterations` the
// loop's iterations (each costs eps); `converged` whether the tolerance stopped it before T.
Result run_provable71(const PointSet& data, std::size_t k, const std::vector<double>& initial,
                      const ProvableOptions& opt, Stream& stream, Mechanisms& noise, Workspace& ws);

}  // namespace dplab::convergent_kmeans
