// clustering.gupt: GUPT of lu_thesis §7.6 (Mohan et al. 2012) for k-means: sample and
// aggregate over blocks, Lloyd's algorithm per block, a noisy average (gupt.hpp). Its one noisy
// step spends the whole total of budget_match (matched_budget.hpp): the figures give it the same
// data-independent total as every other method (issue 27), where the thesis gave it eps, one
// step's budget ("Algorithm 7.1 and GUPT calculate the overall privacy budget bottom-up ... we
// first allocate the same privacy budget to each step", §7.6.1: budget_match: total). It is
// eps-DP as run whatever the shared initial centroids: each block starts from its own points and
// only the noisy average of the blocks' outputs is released.
#include "algorithms/clustering/gupt.hpp"
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/clustering/matched_budget.hpp"
#include "framework/registry.hpp"

namespace dplab::clustering {
namespace {

class Gupt : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "clustering.gupt";
    i.doc = "GUPT: sample and aggregate, Lloyd per block, Laplace noise on the average (Mohan et al. 2012; lu_thesis §7.6)";
    i.params = shared_kmeans_params();
    for (auto& p : matched_budget_params()) i.params.push_back(p);
    i.params.push_back(ParamSpec::real("block_exponent", 0.4,
                                       "l = floor(n^x) blocks: x = 0.4, the block count of Smith's (2011) "
                                       "sample-and-aggregate analysis GUPT builds on (blocks of n^0.6 points)")
                           .above(0)
                           .at_most(1));
    i.outputs = {
        {"centroids", "noisy average of the blocks' centroids, k x d row-major", true, "c"},
        {"centroids_before_noise", "the same (GUPT has no noise-free final centroids)", true, "c", false, false, false,
         /*internal=*/true},
        {"blocks", "number of blocks l", false, ""},
        {"budget_spent", "the total budget of this trial, spent on the noisy average", false, ""},
    };
    i.budget_of = declared_matched_budget;
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    i.privacy = PrivacyStatus::dp(
        "sample and aggregate: Lloyd per disjoint block, Laplace noise of L1 sensitivity k d / blocks on the blocks' "
        "average; init is not used (each block starts from its own records, inside the aggregation); the block "
        "count uses n, taken as public");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    require_box(data, kUnitBox, "clustering.gupt", kUnitBoxFix);
    GuptOptions opt;
    opt.block_exponent = ctx.params.real("block_exponent");
    opt.box = kUnitBox;
    auto& acc = ctx.scratch.get<Accumulators>("kmeans accumulators");
    auto& soa = ctx.scratch.get<std::vector<double>>("kmeans centroids soa");
    const double total = matched_budget(data, ctx.seeds, ctx.params);
    const std::vector<double> c = gupt_kmeans(data, static_cast<std::size_t>(ctx.params.integer("k")), total, opt,
                                              ctx.stream, ctx.noise, acc, soa);
    ctx.out.vector("centroids", c);
    ctx.out.vector("centroids_before_noise", c);
    ctx.out.scalar("blocks", double(gupt_blocks(data.n, opt.block_exponent)));
    ctx.out.scalar("budget_spent", total);
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::Gupt;
DPLAB_ALGORITHM(Gupt);
