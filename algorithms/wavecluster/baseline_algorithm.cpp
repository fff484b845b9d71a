// wavecluster.baseline: Baseline (§4.1, Alg. 1): synthetic data from the adaptive grid of
// Qardaji, Yang, Li (ICDE 2013) over the public box (algorithms/baselines/adaptive_grid.hpp),
// negative leaf counts set to zero, each leaf's count of points drawn uniformly inside it, then
// WaveCluster on the synthetic points on the same public grid. The synopsis spends eps; the
// synthesis is post-processing.
#include <cmath>

#include "algorithms/baselines/adaptive_grid.hpp"
#include "algorithms/wavecluster/technique.hpp"

namespace dplab::wavecluster {
namespace {

class Baseline : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "wavecluster.baseline";
    i.doc = "Baseline (wavecluster Alg. 1): adaptive-grid synthetic data (Qardaji et al. 2013), then WaveCluster";
    i.params = clustering_params();
    i.params.push_back(ParamSpec::real("eps", 1.0, "privacy budget").above(0));
    i.params.push_back(ParamSpec::real("ag_alpha", 0.5, "adaptive grid: share of eps for its first level (Qardaji et al.: 0.5)")
                           .above(0)
                           .below(1));
    // m1 = 10 is what the authors ran (flat_origin.py, num_partitions=10, in lchen10/DiffPrivWaveCluster);
    // Qardaji's formula moves m1 with N eps, and where it lands on g/2 the level-1 cells line up
    // with the cells of W, which changes k' for reasons that have nothing to do with privacy.
    i.params.push_back(ParamSpec::integer("ag_m1", 10,
                                          "adaptive grid: first-level size m1 (10: as the authors ran it); 0: Qardaji's "
                                          "formula max(10, ceil(sqrt(N eps / 10) / 4))")
                           .at_least(0)
                           .at_most(4096));
    i.outputs = clustering_outputs();
    i.outputs.push_back({"synthetic_points", "number of synthetic points drawn from the adaptive grid", false, ""});
    i.outputs.push_back({"m1", "first-level size of the adaptive grid", false, ""});
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.audit_params = audit_box();
    i.privacy = PrivacyStatus::dp(
        "the adaptive grid's two levels of Laplace counts at alpha eps and (1 - alpha) eps (Qardaji et al. 2013), "
        "then post-processing; N taken as public for the grid size m1, as they do (ag_m1 fixes m1)");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const TrialInput in = trial_input(ctx);
    AdaptiveGridOptions options;
    options.alpha = ctx.params.real("ag_alpha");
    options.fixed_m1 = static_cast<std::size_t>(ctx.params.integer("ag_m1"));
    const AdaptiveGrid ag = adaptive_grid(*in.data, in.train, in.fine.xlo, in.fine.xhi, in.fine.ylo, in.fine.yhi,
                                          ctx.params.real("eps"), ctx.noise, options);
    // Synthetic points, gridded as they are drawn. A leaf holds its count truncated to an integer,
    // negative counts none (the authors' code writes %d of the count, then draws that many).
    std::vector<double> m(in.fine.cells(), 0.0);
    double drawn = 0;
    for (const GridLeaf& leaf : ag.leaves) {
      const double count = leaf.count > 0 ? std::floor(leaf.count) : 0;
      const double w = leaf.x1 - leaf.x0, h = leaf.y1 - leaf.y0;
      for (double c = 0; c < count; ++c) {
        const double x = leaf.x0 + ctx.stream.uniform() * w;
        const double y = leaf.y0 + ctx.stream.uniform() * h;
        m[in.fine.cell(x, y)] += 1;
      }
      drawn += count;
    }
    const Clustering found = cluster_by_percentile(haar_approximation(m, in.fine.nx), in);
    publish(ctx, in, true_clustering(in), found);
    ctx.out.scalar("synthetic_points", drawn);
    ctx.out.scalar("m1", double(ag.m1));
  }
};

}  // namespace
}  // namespace dplab::wavecluster

using dplab::wavecluster::Baseline;
DPLAB_ALGORITHM(Baseline);
