// budget_series.allocation: the allocation curves of Figs 1-9 (proportion k_i of the total
// budget given to query i), for any strategy and protection.
#include "algorithms/budget_series/allocation_params.hpp"
#include "algorithms/budget_series/protections.hpp"
#include "algorithms/budget_series/series.hpp"
#include "framework/registry.hpp"

namespace dplab::budget_series {
namespace {

class Allocation : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "budget_series.allocation";
    i.doc = "budget sequence k_1..k_n of an allocation strategy (budget_series Figs 1-9)";
    i.params = {
        ParamSpec::integer("n", 50, "number of queries").at_least(1).at_most(100000),
        ParamSpec::real("eps", 1.0, "total privacy budget to allocate").above(0),
        ParamSpec::boolean("calibrate", true, "scale the n terms to sum to 1 (eq. 17); false shows the raw series"),
        ParamSpec::integer("n_s", 0, "shape the sequence for n_s queries (Fig 9, §6.4); 0 = n").at_least(0),
    };
    for (auto& p : allocation_param_specs()) i.params.push_back(p);
    i.outputs = {
        {"k", "proportion k_i of the total budget for query i", true, "i"},
        {"eps_i", "budget eps_i = k_i eps of query i", true, "i"},
        {"sum_k", "sum of the proportions (1 when calibrated)", false, ""},
        {"min_k", "smallest proportion", false, ""},
        {"n_shape", "n the shape parameters were computed for (n_s under §6.4)", false, ""},
    };
    i.budget_param = "eps";
    i.privacy = PrivacyStatus::none(
        "no private input: a budget sequence computed from its parameters (the noisy-N protection noises the "
        "parameter n, §6.4)");
    return i;
  }

  void check(const Params& p) const override {
    check_allocation(p, static_cast<int>(p.integer("n")), p.real("eps"));
  }

  void run(TrialContext& ctx) const override {
    const Params& p = ctx.params;
    const int n = static_cast<int>(p.integer("n"));
    const double eps = p.real("eps");
    StrategyParams sp = strategy_params(p, n, eps);
    sp.calibrate = p.boolean("calibrate");
    sp.n_shape = static_cast<int>(p.integer("n_s"));
    if (protection(p) == Protection::NoisyN && sp.n_shape == 0) {
      // §6.4: the count is released under its own budget, disjoint from any data.
      auto scope = ctx.ledger.parallel("noisy query count (§6.4)");
      auto branch = scope.branch();
      sp.n_shape = noisy_query_count(n, eps, ctx.noise);
    }
    std::vector<double> k = protected_proportions(p, sp, ctx.stream);
    std::vector<double> e(k.size());
    for (std::size_t i = 0; i < k.size(); ++i) e[i] = k[i] * eps;
    ctx.out.scalar("sum_k", sum_terms(k));
    ctx.out.scalar("min_k", min_term(k));
    ctx.out.scalar("n_shape", sp.n_shape > 0 ? sp.n_shape : n);
    ctx.out.vector("k", std::move(k));
    ctx.out.vector("eps_i", std::move(e));
  }
};

}  // namespace
}  // namespace dplab::budget_series

using dplab::budget_series::Allocation;
DPLAB_ALGORITHM(Allocation);
