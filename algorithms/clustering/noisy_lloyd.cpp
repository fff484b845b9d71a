#include "algorithms/clustering/noisy_lloyd.hpp"

#include <algorithm>
#include <cmath>

namespace dplab::clustering {

void noisy_lloyd_step(const PointSet& data, std::size_t k, double eps_count, double eps_sum, Box box,
                      std::vector<double>& centroids, Mechanisms& noise, Accumulators& acc,
                      std::vector<double>& scratch, const PointBlocks* blocks, const FilterTree* tree) {
  const std::size_t d = data.d;
  if (!tree || !filter_counts_sums(*tree, data, centroids, k, acc.counts, acc.sums))
    assign_and_accumulate(data, centroids, k, acc, scratch, blocks);
  noise.laplace(acc.counts, 1.0, eps_count, "noisy cluster counts");
  noise.laplace(acc.sums, static_cast<double>(d) * std::max(std::abs(box.lo), std::abs(box.hi)), eps_sum,
                "noisy cluster sums");
  for (std::size_t c = 0; c < k; ++c) {
    if (!(acc.counts[c] >= 1)) continue;  // keep the previous centroid
    for (std::size_t j = 0; j < d; ++j)
      centroids[c * d + j] = std::clamp(acc.sums[c * d + j] / acc.counts[c], box.lo, box.hi);
  }
}

void noisy_lloyd(const PointSet& data, std::size_t k, const std::vector<IterationBudget>& budgets, Box box,
                 std::vector<double>& centroids, Mechanisms& noise, Accumulators& acc, std::vector<double>& scratch,
                 const PointBlocks* blocks, const FilterTree* tree) {
  PointBlocks local;  // many passes on the same data: prepare them once if the caller did not
  if (!blocks && budgets.size() > 1) {
    prepare_blocks(data, local);
    blocks = &local;
  }
  for (const IterationBudget& b : budgets)
    noisy_lloyd_step(data, k, b.count, b.sum, box, centroids, noise, acc, scratch, blocks, tree);
}

}  // namespace dplab::clustering
