// What the noisy-Lloyd baselines of lu_thesis §7.6 (BLUM, DWORK, SU) share as plugins: the
// trial's shared initial centroids, the matched total budget (matched_budget.hpp), one noisy
// Lloyd iteration per entry of the schedule each one derives from that total, and the outputs
// the chapter's metrics read. A baseline is a subclass giving its name, documentation, extra
// parameters and schedule.
#pragma once
#include <string>
#include <vector>

#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/clustering/matched_budget.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "algorithms/clustering/shared_blocks.hpp"
#include "framework/registry.hpp"

namespace dplab::clustering {

class NoisyLloydBaseline : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = name();
    i.doc = doc();
    i.params = shared_kmeans_params("uniform");
    for (auto& p : matched_budget_params()) i.params.push_back(p);
    for (auto& p : own_params()) i.params.push_back(p);
    i.outputs = {
        {"centroids", "final centroids, k x d row-major, data in [0, 1]^d", true, "c"},
        {"centroids_before_noise", "the same (no separate final noise step)", true, "c", false, false, false, /*internal=*/true},
        {"iterations", "noisy iterations run", false, ""},
        {"budget_spent", "the total budget of this trial (budget_match: Algorithm 7.1's total, §7.6.1)", false, ""},
    };
    i.budget_of = declared_matched_budget;
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    i.audit_params = matched_budget_audit_params();
    i.privacy = PrivacyStatus::dp(
        "noisy counts and sums (sensitivities 1 and d on [0, 1]^d) each iteration, the iterations' budgets adding "
        "to a data-independent total (budget_match: total), from data-independent centroids (init: uniform); "
        "SU's iteration count uses n, taken as public");
    i.privacy_rules = {matched_budget_privacy_rule(), init_data_privacy_rule()};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    require_box(data, kUnitBox, name(), kUnitBoxFix);
    const auto k = static_cast<std::size_t>(ctx.params.integer("k"));
    const double total = matched_budget(data, ctx.seeds, ctx.params);
    const std::vector<IterationBudget> budgets = schedule(total, data, k, ctx.params);
    std::vector<double> centroids = shared_initial_centroids(ctx.seeds, data, k, parse_init(ctx.params.text("init")), kUnitBox);
    auto& acc = ctx.scratch.get<Accumulators>("kmeans accumulators");
    auto& soa = ctx.scratch.get<std::vector<double>>("kmeans centroids soa");
    noisy_lloyd(data, k, budgets, kUnitBox, centroids, ctx.noise, acc, soa, shared_blocks(data).get(),
                shared_filter_tree(data).get());
    ctx.out.vector("centroids", centroids);
    ctx.out.vector("centroids_before_noise", centroids);
    ctx.out.scalar("iterations", double(budgets.size()));
    ctx.out.scalar("budget_spent", total);
  }

 protected:
  virtual std::string name() const = 0;
  virtual std::string doc() const = 0;
  virtual std::vector<ParamSpec> own_params() const { return {}; }
  virtual std::vector<IterationBudget> schedule(double total, const PointSet& data, std::size_t k,
                                                const Params& params) const = 0;
};

}  // namespace dplab::clustering
