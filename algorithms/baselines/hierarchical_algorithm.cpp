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
    if (qardaji_)
      i.params.push_back(ParamSpec::integer("branching", 0, "tree branching b; 0: Qardaji et al. 2013's choice for n")
                             .at_least(0).at_most(1 << 20));
    i.privacy = PrivacyStatus::dp("every node count of the tree (h + 1 levels; a record is in one node per level: L1 "
                                  "sensitivity h + 1) with Laplace((h + 1)/eps); the rest is post-processing");
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
    auto& y = ctx.scratch.get<std::vector<double>>("hierarchical: noisy tree");
    y = tree_counts(x, b, h);
    ctx.noise.laplace(y, static_cast<double>(h + 1), pb.eps, "hierarchical: every node of the tree");
    const std::vector<double> estimate = tree_inference(y, b, h, x.size());
    std::vector<double> prefix, answers;
    pb.W().answer(estimate, prefix, answers);
    linear_queries::publish_answers(ctx, pb, std::move(answers));
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
