#include "algorithms/clustering/shared_blocks.hpp"
#include "algorithms/clustering/privgene.hpp"

#include <algorithm>
#include <cmath>

#include "algorithms/clustering/population_cost.hpp"
#include "core/error.hpp"

namespace dplab::clustering {

int privgene_generations(double eps, std::size_t n, const PrivGeneOptions& opt) {
  const double r = std::floor(opt.c * eps * static_cast<double>(n) / opt.parents);
  return static_cast<int>(std::clamp(r, 2.0, static_cast<double>(std::max(2, opt.max_generations))));
}

std::vector<double> privgene_kmeans(const PointSet& data, std::size_t k, double eps, const PrivGeneOptions& opt,
                                    Stream& stream, Mechanisms& noise, int& generations) {
  const std::size_t d = data.d, len = k * d;
  const auto m = static_cast<std::size_t>(opt.population), parents = static_cast<std::size_t>(opt.parents);
  if (parents < 2 || parents > m) throw Error("PrivGene needs 2 <= parents <= population");
  const int r = privgene_generations(eps, data.n, opt);
  generations = r;
  const double eps_generation = eps / r;
  const double sensitivity = static_cast<double>(d) * (opt.box.hi - opt.box.lo) * (opt.box.hi - opt.box.lo);

  std::vector<std::vector<double>> population(m);
  for (auto& cand : population) cand = uniform_centroids(stream, k, d, opt.box);
  std::vector<double> fitness;
  const auto shared = shared_blocks(data);  // the data prepared once per dataset, for the r x m costs
  const PointBlocks& blocks = *shared;
  // Selects `count` candidates without replacement, one exponential-mechanism draw each.
  auto select = [&](std::size_t count, double eps_each) {
    // The m costs at once: an offspring shares most centroids with the generation (population_cost.hpp).
    fitness = population_costs(data, population, k, blocks);
    for (double& f : fitness) f = -f;
    std::vector<std::size_t> left(population.size());
    for (std::size_t i = 0; i < left.size(); ++i) left[i] = i;
    std::vector<std::size_t> chosen;
    std::vector<double> scores;
    for (std::size_t c = 0; c < count; ++c) {
      scores.clear();
      for (std::size_t i : left) scores.push_back(fitness[i]);
      const std::size_t pick = noise.exponential(scores, sensitivity, eps_each, "PrivGene selection");
      chosen.push_back(left[pick]);
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    return chosen;
  };

  for (int g = 1; g < r; ++g) {
    const std::vector<std::size_t> picked = select(parents, eps_generation / static_cast<double>(parents));
    std::vector<std::vector<double>> selected;
    for (std::size_t i : picked) selected.push_back(population[i]);
    const double rounds = std::max(1, r - 2);
    const double s = opt.mutation_start * std::pow(opt.mutation_end / opt.mutation_start, (g - 1) / rounds);
    std::vector<std::vector<double>> next;
    next.reserve(m);
    while (next.size() < m) {
      const std::size_t a = stream.below(parents);
      std::size_t b = stream.below(parents - 1);
      if (b >= a) ++b;
      std::vector<double> x = selected[a], y = selected[b];
      if (len > 1) {  // single-point crossover: swap the tails after a random cut
        const std::size_t cut = 1 + stream.below(len - 1);
        for (std::size_t j = cut; j < len; ++j) std::swap(x[j], y[j]);
      }
      for (auto* child : {&x, &y}) {
        const std::size_t j = stream.below(len);
        (*child)[j] = std::clamp((*child)[j] + s * (2 * stream.uniform() - 1), opt.box.lo, opt.box.hi);
        if (next.size() < m) next.push_back(std::move(*child));
      }
    }
    population.swap(next);
  }
  return population[select(1, eps_generation)[0]];
}

}  // namespace dplab::clustering
