// The noisy Lloyd iteration shared by the interactive DP k-means algorithms that perturb counts
// and sums: SuLQ k-means (Blum, Dwork, McSherry, Nissim 2005), budget_series Algorithm 1, and
// the BLUM, DWORK and SU baselines of lu_thesis §7.6 (they differ only in how the budget is
// spread over iterations and between counts and sums).
//
// One iteration: every point goes to its nearest centroid; the k cluster counts get Laplace
// noise with eps_count (one release of L1 sensitivity 1: a point is in one cluster) and the k
// coordinate-sum vectors get Laplace noise with eps_sum (one release of L1 sensitivity
// d * max(|lo|, |hi|): one point in the box moves one cluster's sum by at most that). The
// clusters partition the data, so each release is one charge covering all clusters (parallel
// composition). The new centroid is noisy sum / noisy count, clamped to the box; a cluster
// whose noisy count is below 1 keeps its centroid (dividing by a count near zero or negative
// would throw it far outside the data).
#pragma once
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/filter_tree.hpp"
#include "algorithms/clustering/init.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::clustering {

// One noisy iteration from `centroids` (k x d, updated in place): charges eps_count + eps_sum.
// With a filter tree of `data` (filter_tree.hpp) the exact counts and sums come from it, the same
// bits without labelling every point, and acc.labels is left as it was; otherwise from
// assign_and_accumulate (acc.labels then holds the step's labels).
void noisy_lloyd_step(const PointSet& data, std::size_t k, double eps_count, double eps_sum, Box box,
                      std::vector<double>& centroids, Mechanisms& noise, Accumulators& acc,
                      std::vector<double>& scratch, const PointBlocks* blocks = nullptr,
                      const FilterTree* tree = nullptr);

// The budget of one noisy iteration, split between the counts and the sums.
struct IterationBudget {
  double count = 0, sum = 0;
};

// Runs one noisy iteration per entry of `budgets`, in order.
void noisy_lloyd(const PointSet& data, std::size_t k, const std::vector<IterationBudget>& budgets, Box box,
                 std::vector<double>& centroids, Mechanisms& noise, Accumulators& acc, std::vector<double>& scratch,
                 const PointBlocks* blocks = nullptr, const FilterTree* tree = nullptr);

}  // namespace dplab::clustering
