// The k-means assignment step, the hot path of every k-means variant (budget_series Algorithm 1,
// Lloyd, the thesis's convergent DP k-means): each point goes to its nearest centroid, and the
// per-cluster counts and coordinate sums are accumulated in the same pass (the update then only
// divides). With AVX2 or AVX-512 (core/simd.hpp) the nearest centroid comes from the expanded
// form ||c'||^2 - 2 x'.c' in single precision over blocks of 64 points (assign_kernels.hpp),
// certified against the direct formula sum_j (x_j - c_j)^2 in double: a point whose two best
// scores are within the rounding bound is recomputed directly, so labels, counts and sums are bit
// for bit those of the direct (scalar) path, ties to the lowest index included
// (tests/test_kmeans_blocked.cpp). Nothing is allocated when the caller reuses its buffers.
#pragma once
#include <cstdint>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::clustering {

struct Accumulators {
  std::vector<std::int32_t> labels;  // n: nearest centroid (lowest index on ties)
  std::vector<double> sums;          // k * d, row-major by cluster
  std::vector<double> counts;        // k
  // Scratch of the vector path: four partial counts per cluster (integers, exact in any order;
  // four break the store-to-load chain of consecutive points in one cluster) and the centred
  // centroids in single precision.
  std::vector<double> partial_counts;
  std::vector<float> kernel_centroids;
};

// The points in the vector kernels' layout, for many passes over the same data (Lloyd's
// iterations, PrivGene's candidates): blocks of 64 points, each coordinate centred on the data's
// mean (over its finite values) and rounded to float, one row per coordinate. A pass given them
// skips its own centring and transposition of every point; the labels are certified against the
// direct formula either way, so the results are the same bits. Valid while the data are
// unchanged: build them at the start of a run, from the data of that run.
struct PointBlocks {
  const double* x = nullptr;  // the data they were built from (a pass on other data is an error)
  std::size_t n = 0, d = 0;
  double origin[16] = {};
  std::vector<float> rows;  // empty when the kernels do not apply (d > 16, or no vector unit)
};
void prepare_blocks(const PointSet& data, PointBlocks& out);

// centroids: k * d, row-major. Resizes the accumulators and `scratch` (the centroids rearranged
// for the kernels; no allocation once sized). `blocks`: optional, prepare_blocks of `data`.
void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks = nullptr);

// The k-means cost sum_i min_c sum_j (x_ij - c_j)^2 from the same certified assignment, in one
// pass without labels or sums (PrivGene scores thousands of candidates per run): the nearest
// centroid's distance, added in point order, so the bits of the labels-then-cost computation.
// `scratch` and `kernel_scratch` are the caller's buffers (no allocation once sized).
double assignment_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                       std::vector<double>& scratch, std::vector<float>& kernel_scratch,
                       const PointBlocks* blocks = nullptr);

// Centroid c = sums / counts for clusters with count > 0 (others keep their centroid).
void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids);

// Lloyd's algorithm without noise: `iterations` rounds of assignment and mean update.
void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks = nullptr);

}  // namespace dplab::clustering
