// The k-means costs of a population of candidate centroid sets, as a genetic search evaluates
// them (PrivGene, privgene.hpp: m = 200 candidates a generation). An offspring is two parents'
// parameter vectors crossed at one cut, with one coordinate mutated, so most of its k centroids
// are its parents' centroids unchanged, and the ten parents' centroids recur across the
// generation. The costs are taken block by block over the data (64 points, which stay in the
// first-level cache for the whole generation): in each block, the distances to each centroid
// that occurs in two or more candidates are computed once and stored, and a candidate reads
// those and computes only its own new centroids' distances.
//
// The same bits as kmeans_cost for every candidate: a point's term is its least distance over
// the candidate's centroids (the direct formula, sum_j (x_j - c_j)^2 in order without fused
// multiply-adds, whether stored or computed; NaN distances skipped, so the least is the same in
// any order of the centroids), and the terms are added in the cost's eight running sums, point i
// to sum i mod 8, then pairwise (assign.cpp's CostLanes).
#pragma once
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "datasets/dataset.hpp"

namespace dplab::clustering {

// costs[i] = kmeans_cost(data, population[i], k, &blocks), each k x d. `blocks`: prepare_blocks
// (or shared_blocks) of `data`. The shared columns are used where they pay (pooled_pays);
// elsewhere, and without the vector unit, each candidate's cost is kmeans_cost's.
// `columns`, when given, receives the number of shared centroids whose distances were stored
// (0: every cost was kmeans_cost's).
std::vector<double> population_costs(const PointSet& data, const std::vector<std::vector<double>>& population,
                                     std::size_t k, const PointBlocks& blocks, std::size_t* columns = nullptr);

// Whether the shared distances pay: on n >= 4,096 points with k <= 16 (as measured; PrivGene's
// k are 3, 5 and 15). bench_kmeans's BM_PopulationCosts (a generation of 200, interleaved
// repetitions, medians, this project's Zen 4 VM, 2026-11-27): kmeans_cost one at a time against
// population_costs 16.2 -> 9.13 ms at (n, d, k) = (26,733, 10, 3), 6.53 -> 3.90 ms at
// (34,112, 3, 3), 2.08 -> 1.42 ms at (12,000, 2, 5), 2.14 -> 1.77 ms at (5,000, 2, 15); 0.209
// -> 0.201 ms at (1,000, 4, 3) (no gain) and 0.040 -> 0.080 ms at (150, 4, 3), where finding
// the shared centroids costs more than it saves.
bool pooled_pays(std::size_t n, std::size_t k);

}  // namespace dplab::clustering
