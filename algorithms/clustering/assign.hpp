// The k-means assignment step, the hot path of every k-means variant (budget_series Algorithm 1,
// Lloyd, the thesis's convergent DP k-means): each point goes to its nearest centroid, and the
// per-cluster counts and coordinate sums are accumulated in the same pass. Centroids are read
// in structure-of-arrays order so the distance loop over clusters vectorises; nothing is
// allocated when the caller reuses its buffers.
#pragma once
#include <cstdint>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::clustering {

struct Accumulators {
  std::vector<std::int32_t> labels;  // n: nearest centroid (lowest index on ties)
  std::vector<double> sums;          // k * d, row-major by cluster
  std::vector<double> counts;        // k
};

// centroids: k * d, row-major. Resizes the accumulators (no allocation once sized).
void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& soa_scratch);

// Centroid c = sums / counts for clusters with count > 0 (others keep their centroid).
void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids);

// Lloyd's algorithm without noise: `iterations` rounds of assignment and mean update.
void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch);

}  // namespace dplab::clustering
