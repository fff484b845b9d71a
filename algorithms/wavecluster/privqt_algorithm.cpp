// wavecluster.privqt: Private Quantization (§4.2, Alg. 2): Lap(1/eps) on every cell of M, then
// WaveCluster on the noisy grid. The cells are disjoint: one release of sensitivity 1 (Thm 1).
#include "algorithms/wavecluster/technique.hpp"

namespace dplab::wavecluster {
namespace {

class PrivQT : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "wavecluster.privqt";
    i.doc = "PrivQT (wavecluster Alg. 2): Laplace noise on the count grid, then WaveCluster";
    i.params = clustering_params();
    i.params.push_back(ParamSpec::real("eps", 1.0, "privacy budget").above(0));
    i.outputs = clustering_outputs();
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.audit_params = audit_box();
    i.privacy = PrivacyStatus::dp("Lap(1/eps) on every cell of the count grid over a public box, then post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const TrialInput in = trial_input(ctx);
    const std::vector<double> m = true_counts(in);
    std::vector<double> noisy = m;
    ctx.noise.laplace(noisy, 1.0, ctx.params.real("eps"), "PrivQT: noisy count grid (Alg. 2 line 2)");
    const Clustering found = cluster_by_percentile(haar_approximation(noisy, in.fine.nx), in);
    publish(ctx, in, true_clustering(in, m), found);
  }
};

}  // namespace
}  // namespace dplab::wavecluster

using dplab::wavecluster::PrivQT;
DPLAB_ALGORITHM(PrivQT);
