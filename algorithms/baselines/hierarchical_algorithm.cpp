// baselines.h2 and baselines.hb: DPBench's H (Hay et al., PVLDB 2010, branching 2) and Hb (the
// branching of Qardaji, Yang and Li, PVLDB 2013): Laplace noise on every node of a complete
// b-ary tree over the cells, the leaves estimated by constrained inference, then the workload
// answered on them (hierarchical_tree.hpp; DPBench's code HB.py, H2_engine and HB_engine).
// Hb's parameter `branching` (0: Qardaji's choice for the domain size) lets a spec fix b.
#include "algorithms/baselines/hierarchical_tree.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class Hierarchical : public linear_queries::WorkloadAlgorithm {
 public:
  explicit Hierarchical(bool qardaji) : qardaji_(qardaji) {}
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        qardaji_ ? "baselines.hb" : "baselines.h2",
        qardaji_ ? "Laplace on every node of a b-ary tree, b from Qardaji et al. 2013, consistent leaves (DPBench Hb)"
                 : "Laplace on every node of a binary tree, consistent leaves (Hay et al. 2010; DPBench H2)");
    i.params.push_back(ParamSpec::boolean("root", true, "measure the root (DPBench's code: h + 1 levels); false: "
                                                       "h levels without the root, as ektelo and Qardaji et al."));
    if (qardaji_)
      i.params.push_back(ParamSpec::integer("branching", 0, "tree branching b; 0: Qardaji et al. 2013's choice for n")
                             .at_least(0).at_most(1 << 20));
    i.privacy = PrivacyStatus::dp("every measured node count of the tree (h + 1 levels, or h without the root; a record "
                                  "is in one node per level: L1 sensitivity = the levels) with Laplace(levels/eps); the "
                                  "rest is post-processing");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    std::uint32_t b = 2;
    if (qardaji_) {
      const auto given = static_cast<std::uint32_t>(ctx.params.integer("branching"));
      if (given == 1) throw Error("baselines.hb: parameter 'branching' is 1 (allowed: 0 for Qardaji's choice, or >= 2)");
      b = given == 0 ? qardaji_branching(x.size()) : given;
    }
    const std::uint32_t h = tree_height(x.size(), b);
    // Without the root (only possible with h >= 1) a record is in h measured nodes.
    const bool root = ctx.params.boolean("root") || h == 0;
    auto& y = ctx.scratch.get<std::vector<double>>("hierarchical: noisy tree");
    y = tree_counts(x, b, h);
    std::span<double> measured(y);
    if (!root) {
      y[0] = 0;  // not measured, not used
      measured = measured.subspan(1);
    }
    ctx.noise.laplace(measured, static_cast<double>(root ? h + 1 : h), pb.eps, "hierarchical: the tree's measured nodes");
    std::vector<double> estimate = tree_inference(y, b, h, x.size(), root);
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }

 private:
  bool qardaji_;
};

class H2 : public Hierarchical {
 public:
  H2() : Hierarchical(false) {}
};
class Hb : public Hierarchical {
 public:
  Hb() : Hierarchical(true) {}
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::H2;
using dplab::baselines::Hb;
DPLAB_ALGORITHM(H2);
DPLAB_ALGORITHM(Hb);
