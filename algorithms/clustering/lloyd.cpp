#include "algorithms/clustering/lloyd.hpp"

#include <algorithm>
#include <limits>

namespace dplab::clustering {

LloydRun lloyd_until_stable(const PointSet& data, std::size_t k, std::vector<double>& centroids, int max_iterations,
                            Accumulators& acc, std::vector<double>& scratch, std::vector<std::int32_t>& previous) {
  LloydRun r;
  previous.clear();
  for (int t = 1; t <= max_iterations; ++t) {
    assign_and_accumulate(data, centroids, k, acc, scratch);
    r.iterations = t;
    if (t > 1 && acc.labels == previous) {
      r.converged = true;
      break;
    }
    update_means(acc, data.d, centroids);
    previous = acc.labels;
  }
  return r;
}

namespace {

template <std::size_t D>
double cost_fixed(const double* x, std::size_t n, const double* c, std::size_t k) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * D;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < k; ++j) {
      const double* q = c + j * D;
      double s = 0;
      for (std::size_t t = 0; t < D; ++t) {
        const double diff = p[t] - q[t];
        s += diff * diff;
      }
      best = std::min(best, s);
    }
    total += best;
  }
  return total;
}

double cost_any(const double* x, std::size_t n, std::size_t d, const double* c, std::size_t k) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * d;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < k; ++j) {
      double s = 0;
      for (std::size_t t = 0; t < d; ++t) {
        const double diff = p[t] - c[j * d + t];
        s += diff * diff;
      }
      best = std::min(best, s);
    }
    total += best;
  }
  return total;
}

}  // namespace

double kmeans_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k) {
  const double* x = data.x.data();
  const double* c = centroids.data();
  switch (data.d) {
    case 1: return cost_fixed<1>(x, data.n, c, k);
    case 2: return cost_fixed<2>(x, data.n, c, k);
    case 3: return cost_fixed<3>(x, data.n, c, k);
    case 4: return cost_fixed<4>(x, data.n, c, k);
    case 10: return cost_fixed<10>(x, data.n, c, k);
    default: return cost_any(x, data.n, data.d, c, k);
  }
}

}  // namespace dplab::clustering
