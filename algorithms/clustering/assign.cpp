#include "algorithms/clustering/assign.hpp"

#include <algorithm>
#include <limits>

namespace dplab::clustering {

namespace {

// D known at compile time for the papers' dimensions (2-D to 4-D sets, lu_thesis's 10-D Lifesci).
template <std::size_t D>
void assign_fixed(const double* x, std::size_t n, const double* soa, std::size_t k, std::int32_t* labels,
                  double* sums, double* counts) {
  double dist[256];
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * D;
    for (std::size_t c = 0; c < k; ++c) {
      double s = 0;
      for (std::size_t j = 0; j < D; ++j) {
        const double diff = p[j] - soa[j * k + c];
        s += diff * diff;
      }
      dist[c] = s;
    }
    std::size_t best = 0;
    double best_d = dist[0];
    for (std::size_t c = 1; c < k; ++c)
      if (dist[c] < best_d) { best_d = dist[c]; best = c; }
    labels[i] = static_cast<std::int32_t>(best);
    counts[best] += 1;
    for (std::size_t j = 0; j < D; ++j) sums[best * D + j] += p[j];
  }
}

void assign_any(const double* x, std::size_t n, std::size_t d, const double* centroids, std::size_t k,
                std::int32_t* labels, double* sums, double* counts) {
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * d;
    std::size_t best = 0;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < k; ++c) {
      double s = 0;
      for (std::size_t j = 0; j < d; ++j) {
        const double diff = p[j] - centroids[c * d + j];
        s += diff * diff;
      }
      if (s < best_d) { best_d = s; best = c; }
    }
    labels[i] = static_cast<std::int32_t>(best);
    counts[best] += 1;
    for (std::size_t j = 0; j < d; ++j) sums[best * d + j] += p[j];
  }
}

}  // namespace

void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& soa) {
  const std::size_t n = data.n, d = data.d;
  acc.labels.resize(n);
  acc.sums.assign(k * d, 0.0);
  acc.counts.assign(k, 0.0);
  // Structure of arrays: soa[j * k + c] is coordinate j of centroid c.
  soa.resize(k * d);
  for (std::size_t c = 0; c < k; ++c)
    for (std::size_t j = 0; j < d; ++j) soa[j * k + c] = centroids[c * d + j];
  const double* x = data.x.data();
  std::int32_t* labels = acc.labels.data();
  if (k <= 256) {
    switch (d) {
      case 1: return assign_fixed<1>(x, n, soa.data(), k, labels, acc.sums.data(), acc.counts.data());
      case 2: return assign_fixed<2>(x, n, soa.data(), k, labels, acc.sums.data(), acc.counts.data());
      case 3: return assign_fixed<3>(x, n, soa.data(), k, labels, acc.sums.data(), acc.counts.data());
      case 4: return assign_fixed<4>(x, n, soa.data(), k, labels, acc.sums.data(), acc.counts.data());
      case 10: return assign_fixed<10>(x, n, soa.data(), k, labels, acc.sums.data(), acc.counts.data());
      default: break;
    }
  }
  assign_any(x, n, d, centroids.data(), k, labels, acc.sums.data(), acc.counts.data());
}

void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids) {
  const std::size_t k = acc.counts.size();
  for (std::size_t c = 0; c < k; ++c) {
    if (!(acc.counts[c] > 0)) continue;
    for (std::size_t j = 0; j < d; ++j) centroids[c * d + j] = acc.sums[c * d + j] / acc.counts[c];
  }
}

void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch) {
  for (int it = 0; it < iterations; ++it) {
    assign_and_accumulate(data, centroids, k, acc, scratch);
    update_means(acc, data.d, centroids);
  }
}

}  // namespace dplab::clustering
