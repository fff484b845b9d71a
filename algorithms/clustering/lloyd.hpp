// Lloyd's algorithm run to convergence and the k-means cost (lu_thesis §7.2, eq. 7.1): the
// non-private reference every DP k-means variant of lu_thesis ch. 7 is measured against.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "datasets/dataset.hpp"

namespace dplab::clustering {

// Two ways of counting Lloyd's iterations. The thesis counts the re-assignment + re-centroid
// rounds that changed something: its LLOYD row of Figs 7.9b/7.10b (Iris 6.07, House 17.22, S1
// 17.64) is what a count without the final pass that only confirms the partition gives
// (independently: Iris 6.06-6.45, House 16.86-17.30, S1 17.89-18.31 over 300-run means); with
// that pass counted every run is one higher (Iris 7.2). `passes` keeps the other convention.
struct LloydRun {
  int iterations = 0;      // rounds that changed the partition or its means; the confirming pass not counted
  int passes = 0;          // assignment passes, the one that found the partition unchanged included
  bool converged = false;  // false when max_iterations stopped it first (then iterations == passes)
};

// Lloyd's algorithm from `centroids` (k x d, updated in place) until the partition of two
// consecutive assignment steps is the same ("terminates when the k centroids remain the same
// after two neighbouring iterations", §7.2: the means of an unchanged partition are unchanged).
// Empty clusters keep their centroid. `acc.labels` holds the final partition. A run that
// converges at pass t has t passes and t - 1 iterations.
LloydRun lloyd_until_stable(const PointSet& data, std::size_t k, std::vector<double>& centroids, int max_iterations,
                            Accumulators& acc, std::vector<double>& scratch, std::vector<std::int32_t>& previous,
                            const PointBlocks* blocks = nullptr);

// The k-means cost J of eq. 7.1: the sum over points of the squared distance to the nearest
// centroid. `blocks`: optional, prepare_blocks of `data` (many costs on the same data).
double kmeans_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                   const PointBlocks* blocks = nullptr);

}  // namespace dplab::clustering
