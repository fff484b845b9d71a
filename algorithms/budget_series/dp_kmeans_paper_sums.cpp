// budget_series.dp_kmeans_paper_sums: an audit canary, NOT eps-DP for d > 1. Algorithm 1 as the
// paper calibrates it, the coordinate sums released at sensitivity 1 ("the" sum query
// normalised to 1, §5.2.1), with the N iterations sharing eps equally. A point at a corner of
// [-1, 1]^d moves one cluster's sum by d in L1, so an iteration's sums cost d eps_i / 2, not
// eps_i / 2, and the whole run (d + 1) eps / 2: `dplab audit` must find eps_hat > eps at d = 8
// (docs/audit-and-secure-noise.md). budget_series.dp_kmeans releases the sums at sensitivity d.
#include <algorithm>
#include <vector>

#include "algorithms/clustering/shared_blocks.hpp"
#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/init.hpp"
#include "framework/registry.hpp"

namespace dplab::budget_series {
namespace {

class DpKmeansPaperSums : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "budget_series.dp_kmeans_paper_sums";
    i.doc = "CANARY, not eps-DP for d > 1: DP k-means (Algorithm 1, equal budgets) with the paper's sensitivity-1 sums";
    i.params = {
        ParamSpec::integer("k", 1, "number of clusters").at_least(1).at_most(10000),
        ParamSpec::integer("N", 1, "iterations (each spends eps / N)").at_least(1).at_most(10000),
        ParamSpec::real("eps", 1.0, "total privacy budget").above(0),
    };
    i.outputs = {{"centroids", "final centroids, k x d row-major", true, "c"}};
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.role = AlgorithmRole::Canary;
    i.privacy = PrivacyStatus::not_dp("budget_series.paper_sums",
                                      "the paper's sensitivity-1 sums: a run's loss is (d + 1) eps / 2 (audit canary)");
    return i;
  }

  void check(const Params&) const override {
    throw Error("budget_series.dp_kmeans_paper_sums is an audit canary (not eps-DP): use it with dplab audit only");
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    const clustering::Box box{-1, 1};
    clustering::require_box(data, box, "budget_series.dp_kmeans_paper_sums", "transforms: [scale]");
    const auto k = static_cast<std::size_t>(ctx.params.integer("k"));
    const auto N = static_cast<std::size_t>(ctx.params.integer("N"));
    const std::size_t d = data.d;
    auto& acc = ctx.scratch.get<clustering::Accumulators>("kmeans accumulators");
    auto& soa = ctx.scratch.get<std::vector<double>>("kmeans centroids soa");
    const auto shared = clustering::shared_blocks(data);  // once per dataset, for every trial
    const clustering::PointBlocks& blocks = *shared;
    std::vector<double> centroids = clustering::uniform_centroids(ctx.stream, k, d, box);
    const double eps_i = ctx.params.real("eps") / static_cast<double>(N);
    // clustering::noisy_lloyd_step with the sums at sensitivity 1 instead of d (the canary).
    for (std::size_t it = 0; it < N; ++it) {
      clustering::assign_and_accumulate(data, centroids, k, acc, soa, &blocks);
      ctx.noise.laplace(acc.counts, 1.0, eps_i / 2, "cluster counts (Algorithm 1 line 3)");
      ctx.noise.laplace(acc.sums, 1.0, eps_i / 2, "cluster sums at the paper's sensitivity 1 (Algorithm 1 line 4)");
      for (std::size_t c = 0; c < k; ++c) {
        if (!(acc.counts[c] >= 1)) continue;  // keep the previous centroid
        for (std::size_t j = 0; j < d; ++j)
          centroids[c * d + j] = std::clamp(acc.sums[c * d + j] / acc.counts[c], box.lo, box.hi);
      }
    }
    ctx.out.vector("centroids", centroids);
  }
};

}  // namespace
}  // namespace dplab::budget_series

using dplab::budget_series::DpKmeansPaperSums;
DPLAB_ALGORITHM(DpKmeansPaperSums);
