// baselines.hybridtree: HybridTree (Cormode et al., ICDE 2012) as DPBench runs it on a 2-D
// histogram (hybrid_tree.hpp): a kd-tree of private medians on the top switch_level levels, a
// quadtree's middle splits below, geometric count budget, Hay et al.'s consistency, each leaf's
// count spread evenly. Defaults are DPBench's (HybridTree_engine: c = 10, sw = 5, ratio = 0.3;
// the height rule of hybrid_tree_height). structure = reference reproduces DPBench's two
// data-dependent shortcuts (the data's bounding box as the root, no split of a node without a
// record): not eps-DP, a finding (dpbench.hybridtree_data_bounds).
#include <vector>

#include "algorithms/baselines/hybrid_tree.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class HybridTree : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.hybridtree",
        "HybridTree (Cormode et al. 2012): kd-tree with private medians on the top levels, quadtree below, geometric "
        "count budget, consistency (DPBench, 2-D)");
    i.params.push_back(ParamSpec::integer("max_height", 10, "the tree's height cap c (DPBench: 10; the height is "
                                                            "ceil(ln rows) when floor(ln rows) < c)")
                           .at_least(0)
                           .at_most(30));
    i.params.push_back(ParamSpec::integer("switch_level", 5, "levels split at private medians (DPBench: 5)")
                           .at_least(1)
                           .at_most(30));
    i.params.push_back(ParamSpec::real("ratio", 0.3, "share of eps for the medians (DPBench: 0.3)").above(0).below(1));
    i.params.push_back(ParamSpec::text("structure", "provable",
                                       "provable (the domain as the root) or reference (DPBench's: the data's "
                                       "bounding box as the root, nodes without a record not split; not eps-DP)")
                           .one_of({"provable", "reference"}));
    i.outputs.push_back({"leaves", "number of leaves of the tree", false, ""});
    i.outputs.push_back({"height", "the tree's height H", false, ""});
    i.privacy = PrivacyStatus::dp(
        "a record is in one node a depth: its path pays the medians' ratio eps (exponential mechanism, sensitivity 1) "
        "and the counts' geometric (1 - ratio) eps (Laplace; an early leaf takes the depths below it), composed in "
        "parallel over the disjoint nodes");
    i.privacy_rules = {when_param("structure", {"reference"},
                                  PrivacyStatus::not_dp("dpbench.hybridtree_data_bounds",
                                                        "the data's bounding box as the root and no split of an empty "
                                                        "node: the tree's shape shows where records are"))};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    HybridBudget b;
    b.eps = pb.eps;
    b.ratio = ctx.params.real("ratio");
    b.switch_level = static_cast<int>(ctx.params.integer("switch_level"));
    b.height = hybrid_tree_height(pb.rows(), static_cast<int>(ctx.params.integer("max_height")));
    auto& P = ctx.scratch.get<std::vector<double>>("hybridtree: summed-area table of x");
    linear_queries::prefix_sums_2d(pb.data.counts, pb.rows(), pb.cols(), P);
    std::vector<HybridNode> t =
        grow_hybrid_tree(P, pb.rows(), pb.cols(), b, ctx.noise, ctx.params.text("structure") == "reference");
    hybrid_consistency(t, b.height);
    std::size_t leaves = 0;
    for (const HybridNode& n : t) leaves += n.kids == 0;
    ctx.out.scalar("leaves", static_cast<double>(leaves));
    ctx.out.scalar("height", b.height);
    linear_queries::publish_estimate_2d(ctx, pb, hybrid_leaves(t, pb.rows(), pb.cols()));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::HybridTree;
DPLAB_ALGORITHM(HybridTree);
