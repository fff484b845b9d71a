// wavecluster.wavecluster: non-private WaveCluster (§3.2), the reference of every private run
// and the result Fig 4 draws.
#include <algorithm>

#include "algorithms/wavecluster/technique.hpp"
#include "core/samplers.hpp"

namespace dplab::wavecluster {
namespace {

class WaveClusterAlgorithm : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "wavecluster.wavecluster";
    i.doc = "non-private WaveCluster (wavecluster §3.2): Haar level 1, percentile threshold, connected components (Fig 4)";
    i.params = clustering_params();
    i.params.push_back(ParamSpec::real("eps", 1.0,
                                       "ignored (non-private): lets the true result share a spec's eps axis, "
                                       "e.g. as the true k line of Fig 5")
                           .above(0));
    i.params.push_back(ParamSpec::integer("display_points", 0,
                                          "points kept in the point_x/y/label outputs for the scatter plot (a public "
                                          "random sample; 0: none)")
                           .at_least(0)
                           .at_most(1000000));
    i.outputs = clustering_outputs();
    i.outputs.push_back({"point_x", "x of the displayed points", true, "point", false, /*raw=*/true});
    i.outputs.push_back({"point_y", "y of the displayed points", true, "point", false, /*raw=*/true});
    i.outputs.push_back({"point_label", "cluster of the displayed points (0: noise, in a non-significant cell)", true, "point", false, /*raw=*/true});
    i.deterministic = true;
    i.accepts = {DatasetKind::Points};
    i.privacy = PrivacyStatus::none("non-private WaveCluster: the true clustering the private techniques are compared with");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const TrialInput in = trial_input(ctx);
    const Clustering truth = true_clustering(in);
    publish(ctx, in, truth, truth);
    const auto shown = std::min<std::size_t>(static_cast<std::size_t>(ctx.params.integer("display_points")), in.data->n);
    if (shown == 0) return;
    // A uniformly random subset of the points (data-independent), in dataset order.
    Stream s = ctx.seeds.public_stream("wavecluster display points");
    std::vector<std::size_t> rows = sample_permutation(s, in.data->n);
    rows.resize(shown);
    std::sort(rows.begin(), rows.end());
    std::vector<double> x(shown), y(shown), label(shown);
    for (std::size_t k = 0; k < shown; ++k) {
      const double* p = in.data->row(rows[k]);
      x[k] = p[0];
      y[k] = p[1];
      label[k] = truth.labels[in.coarse.cell(p[0], p[1])];
    }
    ctx.out.vector("point_x", std::move(x));
    ctx.out.vector("point_y", std::move(y));
    ctx.out.vector("point_label", std::move(label));
  }
};

}  // namespace
}  // namespace dplab::wavecluster

using dplab::wavecluster::WaveClusterAlgorithm;
DPLAB_ALGORITHM(WaveClusterAlgorithm);
