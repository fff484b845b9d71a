// population_costs (algorithms/clustering/population_cost.hpp): the k-means costs of a
// PrivGene-like generation, whose candidates share their parents' centroids, bit for bit those of
// kmeans_cost one candidate at a time, on every vector level the CPU has; the shared columns
// are really used where pooled_pays says so.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/population_cost.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/simd.hpp"
#include "kmeans_test_points.hpp"
#include "simd_level_guard.hpp"

using namespace dplab;
using namespace dplab::clustering;
using dplab::testing::LevelGuard;
using dplab::testing::points;

namespace {

// A generation as PrivGene makes one (privgene.cpp): `parents` random centroid sets in [lo, hi],
// then offspring by single-point crossover of two parents' parameter vectors and one mutated
// coordinate each; also a candidate that holds the same centroid twice and an exact copy of a
// parent.
std::vector<std::vector<double>> generation(std::size_t k, std::size_t d, std::size_t parents, std::size_t m,
                                            std::uint64_t seed, double lo, double hi) {
  Stream s(seed, 3, 4);
  const std::size_t len = k * d;
  std::vector<std::vector<double>> selected(parents, std::vector<double>(len));
  for (auto& p : selected)
    for (double& v : p) v = lo + (hi - lo) * s.uniform();
  std::vector<std::vector<double>> out;
  while (out.size() < m) {
    const std::size_t a = s.below(parents);
    std::size_t b = s.below(parents - 1);
    if (b >= a) ++b;
    std::vector<double> x = selected[a], y = selected[b];
    if (len > 1) {
      const std::size_t cut = 1 + s.below(len - 1);
      for (std::size_t j = cut; j < len; ++j) std::swap(x[j], y[j]);
    }
    for (auto* child : {&x, &y}) {
      const std::size_t j = s.below(len);
      (*child)[j] += 0.1 * (2 * s.uniform() - 1);
      out.push_back(*child);
    }
  }
  out.resize(m);
  if (k >= 2) {
    out.push_back(selected[0]);
    std::copy(selected[1].begin(), selected[1].begin() + static_cast<std::ptrdiff_t>(d), out.back().begin() + static_cast<std::ptrdiff_t>(d));
    out.push_back(selected[2]);
  }
  return out;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("population_costs: PrivGene's generations cost what kmeans_cost says, bit for bit") {
  LevelGuard guard;
  std::size_t pooled_cases = 0;
  for (std::size_t d : {1u, 2u, 3u, 5u, 10u})
    for (std::size_t k : {2u, 3u, 4u, 8u, 15u})
      for (std::size_t n : {1u, 7u, 64u, 4099u}) {  // below a group, a whole block, a ragged last block
        CAPTURE(d);
        CAPTURE(k);
        CAPTURE(n);
        const PointSet data = points(n, d, 7 * d + k + n, 0.5, 0.5);
        const auto population = generation(k, d, 10, 40, 11 * d + k, 0.0, 1.0);
        for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
          if (level > simd::supported()) continue;
          simd::set_level(level);
          CAPTURE(simd::name(level));
          PointBlocks blocks;
          prepare_blocks(data, blocks);
          std::size_t columns = 0;
          const std::vector<double> costs = population_costs(data, population, k, blocks, &columns);
          REQUIRE(costs.size() == population.size());
          std::size_t differ = 0;
          for (std::size_t i = 0; i < population.size(); ++i)
            if (!same_bits(costs[i], kmeans_cost(data, population[i], k, &blocks))) ++differ;
          CHECK(differ == 0);
          // The shared path runs where it should: with a vector unit and pooled_pays.
          CHECK((columns > 0) == (level != simd::Level::scalar && pooled_pays(n, k)));
          if (columns > 0) ++pooled_cases;
        }
      }
  CHECK(pooled_cases >= 20);  // the loop above did exercise the shared columns (20 (d, k) with a vector unit)
}

TEST_CASE("population_costs: a NaN coordinate makes every cost infinite, as kmeans_cost's") {
  LevelGuard guard;
  for (std::size_t d : {3u, 10u}) {
    PointSet data = points(4100, d, 5, 0.0, 1.0);
    data.x[7 * d + 1] = std::nan("");     // inside a whole group of eight
    data.x[4098 * d + 2] = std::nan("");  // in the ragged last block
    const auto population = generation(3, d, 10, 20, 9, 0.0, 1.0);
    for (simd::Level level : {simd::Level::scalar, simd::Level::avx2, simd::Level::avx512}) {
      if (level > simd::supported()) continue;
      simd::set_level(level);
      PointBlocks blocks;
      prepare_blocks(data, blocks);
      std::size_t columns = 0;
      for (double c : population_costs(data, population, 3, blocks, &columns)) CHECK(c == HUGE_VAL);
      CHECK((columns > 0) == (level != simd::Level::scalar));
    }
  }
}

TEST_CASE("population_costs: blocks of other data are refused") {
  const PointSet data = points(100, 3, 1, 0.0, 1.0), other = points(100, 3, 2, 0.0, 1.0);
  PointBlocks blocks;
  prepare_blocks(other, blocks);
  const auto population = generation(3, 3, 10, 20, 9, 0.0, 1.0);
  CHECK_THROWS_AS(population_costs(data, population, 3, blocks), Error);
}
