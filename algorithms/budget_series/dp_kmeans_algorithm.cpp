// budget_series.dp_kmeans: Algorithm 1 with the iteration budgets eps_1..eps_N of an allocation
// strategy (Figs 10-14).
//
// Each iteration is the shared noisy Lloyd step (algorithms/clustering/noisy_lloyd.hpp): noisy
// count and noisy coordinate sum per cluster, iteration i spending eps_i, half on the counts and
// half on the sums. With the data in [-1, 1]^d (sensitivity normalisation, §5.2.1) and the
// add/remove neighbour relation of Definition 1, the k counts have L1 sensitivity 1 and the k
// sum vectors L1 sensitivity d. The paper normalises "the" sum query to sensitivity 1 per
// dimension; charging a d-dimensional sum at sensitivity 1 would spend d times the budget it
// declares, so we use d (the noise per coordinate is Lap(2d / eps_i)). The paper does not say how
// it initialised the centroids (issue 32): `init` chooses uniform in [-1, 1]^d (the default) or
// Su et al.'s sphere packing, both data-independent, or k data records or k-means++ on the exact
// data, both not DP (finding budget_series.kmeans_init_data).
#include "algorithms/budget_series/allocation_params.hpp"
#include "algorithms/budget_series/protections.hpp"
#include "algorithms/clustering/shared_blocks.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/noisy_lloyd.hpp"
#include "framework/registry.hpp"

namespace dplab::budget_series {
namespace {

class DpKmeans : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "budget_series.dp_kmeans";
    i.doc = "DP k-means (Algorithm 1) with per-iteration budgets from an allocation strategy (Figs 10-14)";
    i.params = {
        ParamSpec::integer("k", 8, "number of clusters").at_least(1).at_most(10000),
        ParamSpec::integer("N", 5, "total iterations").at_least(1).at_most(10000),
        ParamSpec::real("eps", 0.3, "total privacy budget").above(0),
        ParamSpec::text("init", "uniform",
                        "initial centroids: 'uniform' in [-1, 1]^d or 'sphere' (Su et al.'s sphere packing), both "
                        "data-independent; 'data' (k distinct data records) or 'kmeanspp' (k-means++ on the exact "
                        "data), both not DP")
            .one_of(clustering::all_init_choices()),
    };
    for (auto& p : allocation_param_specs()) i.params.push_back(p);
    i.outputs = {
        {"centroids", "final centroids, k x d row-major (data scaled to [-1, 1])", true, "c"},
        {"assignment", "nearest final centroid of every point (for the metrics)", false, "", true},
        {"n_shape", "N the sequence was shaped for (N_s under noisy-N protection)", false, ""},
    };
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.privacy = PrivacyStatus::dp(
        "each iteration's noisy counts (sensitivity 1) and coordinate sums (L1 sensitivity d on [-1, 1]^d) at "
        "eps_i / 2 each, the eps_i adding to eps; initial centroids data-independent (init: uniform or sphere)");
    i.privacy_rules = {when_param(
        "init", {"data", "kmeanspp"},
        PrivacyStatus::not_dp("budget_series.kmeans_init_data",
                              "the initial centroids are data records (k drawn, or k-means++ on the exact data), "
                              "released through the run outside the budget"))};
    return i;
  }

  void check(const Params& p) const override {
    check_allocation(p, static_cast<int>(p.integer("N")), p.real("eps"));
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    const clustering::Box box{-1, 1};
    clustering::require_box(data, box, "budget_series.dp_kmeans", "transforms: [scale]");
    const Params& p = ctx.params;
    const auto k = static_cast<std::size_t>(p.integer("k"));
    const int N = static_cast<int>(p.integer("N"));
    const double eps = p.real("eps");
    auto& acc = ctx.scratch.get<clustering::Accumulators>("kmeans accumulators");
    auto& soa = ctx.scratch.get<std::vector<double>>("kmeans centroids soa");
    const auto shared = clustering::shared_blocks(data);  // once per dataset, for every trial
    const clustering::PointBlocks& blocks = *shared;
    // The noisy iterations need only counts and sums: the filtering algorithm gives them without
    // labelling every point (same bits; clustering/filter_tree.hpp).
    const auto tree = clustering::shared_filter_tree(data);
    std::vector<double> centroids =
        clustering::initial_centroids(ctx.stream, data, k, clustering::parse_init(p.text("init")), box);

    StrategyParams sp = strategy_params(p, N, eps);
    auto iterate = [&] {
      const std::vector<double> share = protected_proportions(p, sp, ctx.stream);
      std::vector<clustering::IterationBudget> budgets(share.size());
      for (std::size_t i = 0; i < share.size(); ++i) {
        const double eps_i = eps * share[i];
        budgets[i] = {eps_i / 2, eps_i / 2};  // counts, sums
      }
      clustering::noisy_lloyd(data, k, budgets, box, centroids, ctx.noise, acc, soa, &blocks, tree.get());
    };
    if (protection(p) == Protection::NoisyN) {
      // §6.4: the noisy iteration count and the data are disjoint inputs (parallel composition).
      auto scope = ctx.ledger.parallel("noisy iteration count (§6.4)");
      { auto b = scope.branch(); sp.n_shape = noisy_query_count(N, eps, ctx.noise); }
      auto b = scope.branch();
      iterate();
    } else {
      iterate();
    }
    // Evaluation: every point's nearest final centroid (post-processing, no budget).
    clustering::assign_and_accumulate(data, centroids, k, acc, soa, &blocks);
    ctx.out.object("assignment", acc.labels);
    ctx.out.vector("centroids", centroids);
    ctx.out.scalar("n_shape", sp.n_shape > 0 ? sp.n_shape : N);
  }
};

}  // namespace
}  // namespace dplab::budget_series

using dplab::budget_series::DpKmeans;
DPLAB_ALGORITHM(DpKmeans);
