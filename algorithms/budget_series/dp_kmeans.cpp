#include "algorithms/budget_series/dp_kmeans.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab::budget_series {

std::vector<double> uniform_centroids(Stream& stream, std::size_t k, std::size_t d) {
  std::vector<double> c(k * d);
  for (double& v : c) v = 2 * stream.uniform() - 1;
  return c;
}

void require_unit_box(const PointSet& data, const char* algorithm) {
  for (double v : data.x)
    if (!(v >= -1 && v <= 1))
      throw Error(std::string(algorithm) + " needs the data in [-1, 1]^d (its sensitivities assume it): add "
                  "'transforms: [scale]' to the dataset in the spec");
}

void dp_kmeans(const PointSet& data, std::size_t k, const std::vector<double>& budgets,
               std::vector<double>& centroids, Mechanisms& noise, clustering::Accumulators& acc,
               std::vector<double>& scratch, bool paper_sums) {
  const std::size_t d = data.d;
  for (double eps_i : budgets) {
    clustering::assign_and_accumulate(data, centroids, k, acc, scratch);
    noise.laplace(acc.counts, 1.0, eps_i / 2, "cluster counts (Algorithm 1 line 3)");
    noise.laplace(acc.sums, paper_sums ? 1.0 : static_cast<double>(d), eps_i / 2, "cluster sums (Algorithm 1 line 4)");
    for (std::size_t c = 0; c < k; ++c) {
      if (!(acc.counts[c] >= 1)) continue;  // keep the previous centroid
      for (std::size_t j = 0; j < d; ++j)
        centroids[c * d + j] = std::clamp(acc.sums[c * d + j] / acc.counts[c], -1.0, 1.0);
    }
  }
}

}  // namespace dplab::budget_series
