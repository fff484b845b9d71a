// clustering.lloyd: LLOYD of lu_thesis §7.6 -- Lloyd's algorithm (Lloyd 1982) from the trial's
// shared initial centroids until the partition repeats (lloyd.hpp); not private. Its run is the
// trial's reference run (lloyd_reference.hpp), which every metric of the trial also reads:
// computed once per trial and dataset, not once per point of the sweep.
#include "algorithms/clustering/lloyd_reference.hpp"
#include "framework/registry.hpp"

namespace dplab::clustering {
namespace {

class Lloyd : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "clustering.lloyd";
    i.doc = "LLOYD: Lloyd's k-means from the trial's shared initial centroids to convergence (not private)";
    i.params = shared_kmeans_params();
    // Accepted so that LLOYD shares the figures' x axis with the private methods; it changes nothing.
    i.params.push_back(ParamSpec::real("eps", 0.1, "unused (LLOYD is not private): the x axis it is drawn at").above(0));
    i.outputs = {
        {"centroids", "converged centroids, k x d row-major", true, "c"},
        {"centroids_before_noise", "the same", true, "c"},
        {"iterations", "Lloyd's iterations to convergence (the confirming pass counted only with count_confirming_pass)",
         false, ""},
    };
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    i.privacy = PrivacyStatus::none("Lloyd's algorithm on the exact data: the non-private reference of §7.6");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    require_box(data, kUnitBox, "clustering.lloyd", kUnitBoxFix);
    const auto k = static_cast<std::size_t>(ctx.params.integer("k"));
    const auto ref = lloyd_reference(data, ctx.seeds, k, parse_init(ctx.params.text("init")));
    ctx.out.vector("centroids", ref->centroids);
    ctx.out.vector("centroids_before_noise", ref->centroids);
    ctx.out.scalar("iterations", lloyd_iterations(*ref, ctx.params));
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::Lloyd;
DPLAB_ALGORITHM(Lloyd);
