#include "algorithms/baselines/dawa.hpp"

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/greedy_h.hpp"
#include "algorithms/baselines/hierarchy.hpp"

namespace dplab::baselines {

DawaEstimate greedy_h_estimate(std::span<const double> x, const linear_queries::Workload& W, const Buckets& b,
                               double eps2, Mechanisms& noise) {
  // The strategy's answers on the bucket totals.
  const BucketWorkload Q = reduce_workload(W, b);
  const GreedyHResult strategy = greedy_h(Q);
  const Hierarchy& H = strategy.H;
  std::vector<double> prefix(b.size() + 1, 0.0);
  for (std::size_t k = 0; k < b.size(); ++k) {
    double total = 0;
    for (std::uint32_t c = b.lo(k); c < b.hi(k); ++c) total += x[c];
    prefix[k + 1] = prefix[k] + total;
  }
  const std::vector<std::uint32_t> rows = strategy_rows(H);
  std::vector<double> y(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const HierarchyNode& v = H.nodes[rows[r]];
    y[r] = v.weight * (prefix[v.hi] - prefix[v.lo]);
  }
  // A record moves one cell, hence one bucket, hence the answers of the nodes above it.
  noise.laplace(y, strategy_sensitivity(H), eps2, "dawa: greedyH strategy answers");

  // Least squares, then each terminal node's total spread evenly over its cells.
  const std::vector<double> total = strategy_least_squares(H, y);
  DawaEstimate e;
  e.xhat.assign(x.size(), 0.0);
  for (std::size_t v = 0; v < H.nodes.size(); ++v) {
    const HierarchyNode& node = H.nodes[v];
    if (!node.terminal || node.weight <= 0) continue;
    const std::uint32_t lo = b.bounds[node.lo], hi = b.bounds[node.hi];
    const double each = total[v] / (hi - lo);
    for (std::uint32_t c = lo; c < hi; ++c) e.xhat[c] = each;
  }
  e.buckets = b.size();
  e.strategy_error = strategy.error;
  return e;
}

DawaEstimate dawa(std::span<const double> x, const linear_queries::Workload& W, const DawaOptions& o,
                  Mechanisms& noise) {
  // Stage 1.
  const Buckets b = private_l1_partition(x, o.family, o.noise, o.eps1, o.eps2, noise, o.costs);
  // Stage 2.
  DawaEstimate e = greedy_h_estimate(x, W, b, o.eps2, noise);
  std::vector<double> spread(x.size());
  for (std::size_t k = 0; k < b.size(); ++k) {
    double total = 0;
    for (std::uint32_t i = b.lo(k); i < b.hi(k); ++i) total += x[i];
    for (std::uint32_t i = b.lo(k); i < b.hi(k); ++i) spread[i] = total / b.length(k);
  }
  const std::vector<double> flat = W.answer(spread), exact = W.answer(x);
  for (std::size_t q = 0; q < flat.size(); ++q) e.partition_bias_sq += (flat[q] - exact[q]) * (flat[q] - exact[q]);
  return e;
}

void add_dawa_diagnostics(AlgorithmInfo& info) {
  info.outputs.push_back({"buckets", "number of buckets of the private partition", false, ""});
  info.outputs.push_back(
      {"strategy_error", "trace(Q (A^T A)^+ Q^T) of greedyH's strategy on the bucket workload", false, ""});
  info.outputs.push_back({"partition_bias_sq",
                          "||W E t - W x||^2: the error of answering from the partition's exact bucket totals spread "
                          "evenly (stage 1's bias; a diagnostic from the true data)",
                          false, ""});
  for (auto& o : info.outputs)
    o.internal = o.internal || o.name == "buckets" || o.name == "strategy_error" || o.name == "partition_bias_sq";
}

void publish_dawa_diagnostics(TrialContext& ctx, const DawaEstimate& e) {
  ctx.out.scalar("buckets", static_cast<double>(e.buckets));
  ctx.out.scalar("strategy_error", e.strategy_error);
  ctx.out.scalar("partition_bias_sq", e.partition_bias_sq);
}

}  // namespace dplab::baselines
