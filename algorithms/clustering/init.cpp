#include "algorithms/clustering/init.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

#include "core/error.hpp"
#include "core/value.hpp"
#include "datasets/frozen.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::clustering {

namespace {
bool outside_box(const PointSet& data, Box box) {
  // Every value looked at, no early exit, so that the loop vectorises (the loop with an early
  // exit stayed scalar and took 5% of a convergent k-means run on Lifesci's 267,330 values).
  bool outside = false;
  for (double v : data.x) outside |= !(v >= box.lo && v <= box.hi);
  return outside;
}
}  // namespace

void require_box(const PointSet& data, Box box, const std::string& algorithm, const std::string& fix) {
  // Every trial checks its data; a dataset the runner froze (datasets/frozen.hpp) is looked at
  // once per box, not once per trial.
  bool outside;
  if (const std::uint64_t id = frozen_id(data)) {
    static BuildOnceCache<bool> cache(256);
    char key[96];
    std::snprintf(key, sizeof key, "%llu|%.17g|%.17g", static_cast<unsigned long long>(id), box.lo, box.hi);
    outside = *cache.get(key, [&] { return outside_box(data, box); });
  } else {
    outside = outside_box(data, box);
  }
  if (outside)
    throw Error(algorithm + " needs the data in [" + to_string(Value(box.lo)) + ", " + to_string(Value(box.hi)) +
                "]^d (its sensitivities assume it): add '" + fix + "' to the dataset in the spec");
}

std::vector<double> uniform_centroids(Stream& stream, std::size_t k, std::size_t d, Box box) {
  std::vector<double> c(k * d);
  for (double& v : c) v = box.lo + (box.hi - box.lo) * stream.uniform();
  return c;
}

std::vector<double> sample_data_points(Stream& stream, const PointSet& data, std::size_t k) {
  const std::size_t n = data.n, d = data.d;
  std::vector<double> c;
  c.reserve(k * d);
  // Rows drawn uniformly until k distinct values are found (a repeat is drawn again); the
  // attempt cap only guards against datasets with fewer than k distinct rows.
  std::size_t chosen = 0;
  for (std::uint64_t attempt = 0; chosen < k; ++attempt) {
    if (n == 0 || attempt > 1000 * (k + 10))
      throw Error("dataset '" + data.name + "' has fewer than k = " + std::to_string(k) +
                  " distinct points to start k-means from");
    const double* row = data.row(static_cast<std::size_t>(stream.below(n)));
    bool repeat = false;
    for (std::size_t c0 = 0; c0 < chosen && !repeat; ++c0)
      repeat = std::equal(row, row + d, c.begin() + static_cast<std::ptrdiff_t>(c0 * d));
    if (repeat) continue;
    c.insert(c.end(), row, row + d);
    ++chosen;
  }
  return c;
}

std::vector<double> sphere_packing_centroids(Stream& stream, std::size_t k, std::size_t d, Box box, double* radius) {
  constexpr int kDrawsPerCentroid = 100;
  const double width = box.hi - box.lo;
  std::vector<double> c(k * d), candidate(d);
  for (double a = width / 2;; a *= 0.9) {
    if (a < width * 1e-9) throw Error("sphere packing: cannot place k = " + std::to_string(k) + " centroids");
    std::size_t placed = 0;
    while (placed < k) {
      bool far = false;
      for (int draw = 0; draw < kDrawsPerCentroid && !far; ++draw) {
        // Uniform in the box shrunk by a on every side (at least a from the faces).
        for (double& v : candidate) v = box.lo + a + (width - 2 * a) * stream.uniform();
        far = true;
        for (std::size_t j = 0; j < placed && far; ++j) {
          double dist2 = 0;
          for (std::size_t t = 0; t < d; ++t) dist2 += (candidate[t] - c[j * d + t]) * (candidate[t] - c[j * d + t]);
          far = dist2 >= 4 * a * a;  // at least 2a apart
        }
      }
      if (!far) break;  // restart with a smaller a
      std::copy(candidate.begin(), candidate.end(), c.begin() + static_cast<std::ptrdiff_t>(placed * d));
      ++placed;
    }
    if (placed == k) {
      if (radius) *radius = a;
      return c;
    }
  }
}

std::vector<double> kmeanspp_centroids(Stream& stream, const PointSet& data, std::size_t k) {
  const std::size_t n = data.n, d = data.d;
  if (n == 0) throw Error("dataset '" + data.name + "' is empty: k-means++ needs data points");
  if (k == 0) return {};
  std::vector<double> c;
  c.reserve(k * d);
  const double* first = data.row(static_cast<std::size_t>(stream.below(n)));
  c.insert(c.end(), first, first + d);
  // nearest[i]: squared distance of row i to its nearest chosen centroid.
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  for (std::size_t chosen = 1; chosen < k; ++chosen) {
    const double* last = c.data() + (chosen - 1) * d;
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double* x = data.row(i);
      double dist2 = 0;
      for (std::size_t t = 0; t < d; ++t) dist2 += (x[t] - last[t]) * (x[t] - last[t]);
      nearest[i] = std::min(nearest[i], dist2);
      total += nearest[i];
    }
    if (!(total > 0))
      throw Error("dataset '" + data.name + "' has fewer than k = " + std::to_string(k) +
                  " distinct points to start k-means++ from");
    // Row i with probability nearest[i] / total (D^2 weighting); a zero-weight row is never taken.
    const double target = stream.uniform() * total;
    double cumulative = 0;
    std::size_t pick = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (nearest[i] == 0) continue;
      pick = i;
      cumulative += nearest[i];
      if (target < cumulative) break;
    }
    const double* row = data.row(pick);
    c.insert(c.end(), row, row + d);
  }
  return c;
}

Init parse_init(const std::string& text) {
  if (text == "data") return Init::DataPoints;
  if (text == "uniform") return Init::Uniform;
  if (text == "sphere") return Init::SpherePacking;
  if (text == "kmeanspp") return Init::KMeansPP;
  throw Error("unknown initialisation '" + text + "' (allowed: uniform, sphere, data, kmeanspp)");
}

std::vector<double> initial_centroids(Stream& stream, const PointSet& data, std::size_t k, Init init, Box box) {
  switch (init) {
    case Init::DataPoints: return sample_data_points(stream, data, k);
    case Init::Uniform: return uniform_centroids(stream, k, data.d, box);
    case Init::SpherePacking: return sphere_packing_centroids(stream, k, data.d, box);
    case Init::KMeansPP: return kmeanspp_centroids(stream, data, k);
  }
  throw Error("unknown initialisation");
}

std::vector<double> shared_initial_centroids(const TrialSeeds& seeds, const PointSet& data, std::size_t k,
                                             Init init, Box box) {
  Stream s = seeds.public_stream("k-means initial centroids");
  return initial_centroids(s, data, k, init, box);
}

}  // namespace dplab::clustering
