// Lloyd's algorithm run to convergence and the k-means cost (lu_thesis §7.2, eq. 7.1): the
// non-private reference every DP k-means variant of lu_thesis ch. 7 is measured against.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "datasets/dataset.hpp"

namespace dplab::clustering {

struct LloydRun {
  int iterations = 0;      // assignment steps, including the one that found the partition unchanged
  bool converged = false;  // false when max_iterations stopped it first
};

// Lloyd's algorithm from `centroids` (k x d, updated in place) until the partition of two
// consecutive assignment steps is the same ("terminates when the k centroids remain the same
// after two neighbouring iterations", §7.2: the means of an unchanged partition are unchanged).
// Empty clusters keep their centroid. `acc.labels` holds the final partition.
LloydRun lloyd_until_stable(const PointSet& data, std::size_t k, std::vector<double>& centroids, int max_iterations,
                            Accumulators& acc, std::vector<double>& scratch, std::vector<std::int32_t>& previous);

// The k-means cost J of eq. 7.1: the sum over points of the squared distance to the nearest
// centroid.
double kmeans_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k);

}  // namespace dplab::clustering
