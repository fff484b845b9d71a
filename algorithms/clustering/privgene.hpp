// PrivGene for k-means (Zhang, Xiao, Yang, Zhang, Winslett, SIGMOD 2013), the PrivGene baseline
// of lu_thesis §7.6: a genetic search over candidate centroid sets in which selection is the
// exponential mechanism ("PrivGene randomly samples the candidates with ExpDP for each
// iteration, and then applies the crossover and mutate operations of traditional GAs", §3.4).
//
//   population: m candidates (k x d centroid sets), the first ones uniform in the data box;
//   r generations, each with budget eps / r: r - 1 rounds of selecting m' parents without
//     replacement (m' exponential-mechanism draws of eps / (r m') each, fitness minus the
//     k-means cost, sensitivity d (hi - lo)^2: one point adds at most that to the cost), then m
//     offspring by single-point crossover of two distinct random parents' parameter vectors
//     and a mutation of one random coordinate by a uniform offset in [-s, s], s shrinking
//     geometrically from mutation_start to mutation_end over the rounds; the last generation
//     selects the single output candidate with eps / r;
//   r = max(2, floor(c eps n / m')), the generation count heuristic attributed to Zhang et al.
//     (c = 1.25e-3), capped at max_generations (the cost of a generation is m k-means costs).
#pragma once
#include <vector>

#include "algorithms/clustering/init.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::clustering {

struct PrivGeneOptions {
  int population = 200;  // m
  int parents = 10;      // m'
  double c = 1.25e-3;
  int max_generations = 1000000;
  double mutation_start = 0.25, mutation_end = 0.01;
  Box box{0, 1};
};

int privgene_generations(double eps, std::size_t n, const PrivGeneOptions& opt);

// Returns the selected centroid set (k x d); `generations` receives r.
std::vector<double> privgene_kmeans(const PointSet& data, std::size_t k, double eps, const PrivGeneOptions& opt,
                                    Stream& stream, Mechanisms& noise, int& generations);

}  // namespace dplab::clustering
