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
    r.passes = t;
    if (t > 1 && acc.labels == previous) {  // the confirming pass: not an iteration
      r.converged = true;
      break;
    }
    r.iterations = t;
    update_means(acc, data.d, centroids);
    previous = acc.labels;
  }
  return r;
}

namespace {

// The squared distance sum_j (p_j - q_j)^2, in the order the direct assignment formula
// (assign.cpp) uses, so its values are that formula's.
template <std::size_t D>
double distance(const double* p, const double* q, std::size_t d_any) {
  const std::size_t d = D ? D : d_any;
  double s = 0;
  for (std::size_t t = 0; t < d; ++t) {
    const double diff = p[t] - q[t];
    s += diff * diff;
  }
  return s;
}

// The minimum over centroids, skipping NaN distances (std::min keeps the running value).
template <std::size_t D>
double min_distance(const double* p, const double* c, std::size_t d, std::size_t k) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < k; ++j) best = std::min(best, distance<D>(p, c + j * d, d));
  return best;
}

// The labels are the direct formula's argmin (lowest index on ties), so the distance to the
// labelled centroid is the minimum distance, bit for bit; only a NaN distance (a NaN coordinate)
// needs the full minimum, which skips NaNs.
template <std::size_t D>
double cost_of_labels(const double* x, std::size_t n, std::size_t d, const double* c, std::size_t k,
                      const std::int32_t* labels) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * d;
    double s = distance<D>(p, c + static_cast<std::size_t>(labels[i]) * d, d);
    if (s != s) [[unlikely]] s = min_distance<D>(p, c, d, k);
    total += s;
  }
  return total;
}

}  // namespace

double kmeans_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k) {
  // The nearest centroids come from the assignment step (vectorised, certified), reusing this
  // thread's buffers: PrivGene evaluates thousands of candidates per run.
  thread_local Accumulators acc;
  thread_local std::vector<double> scratch;
  assign_and_accumulate(data, centroids, k, acc, scratch);
  const double* x = data.x.data();
  const double* c = centroids.data();
  const std::int32_t* labels = acc.labels.data();
  switch (data.d) {
    case 1: return cost_of_labels<1>(x, data.n, 1, c, k, labels);
    case 2: return cost_of_labels<2>(x, data.n, 2, c, k, labels);
    case 3: return cost_of_labels<3>(x, data.n, 3, c, k, labels);
    case 4: return cost_of_labels<4>(x, data.n, 4, c, k, labels);
    case 10: return cost_of_labels<10>(x, data.n, 10, c, k, labels);
    default: return cost_of_labels<0>(x, data.n, data.d, c, k, labels);
  }
}

}  // namespace dplab::clustering
