// Random point sets for the k-means tests: n points in d dimensions, each coordinate uniform in
// [offset - spread, offset + spread], from a stream of `seed`.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "datasets/dataset.hpp"

namespace dplab::testing {

inline PointSet points(std::size_t n, std::size_t d, std::uint64_t seed, double offset, double spread) {
  PointSet p;
  p.n = n;
  p.d = d;
  p.x.resize(n * d);
  Stream s(seed, 1, 2);
  for (double& v : p.x) v = offset + spread * (2 * s.uniform() - 1);
  return p;
}

// n points near the bisectors of pairs of the k centroids c (k x d): point i is the midpoint of
// centroids a = i mod k and b = (i / k + a + 1) mod k moved along b - a by a relative
// 10^e, e uniform in [log10_lo, log10_hi], alternately towards a and b.
inline PointSet near_bisectors(const std::vector<double>& c, std::size_t k, std::size_t d, int n, double log10_lo,
                               double log10_hi) {
  PointSet data;
  data.d = d;
  Stream s(18, 19, 20);
  for (int i = 0; i < n; ++i) {
    const std::size_t a = static_cast<std::size_t>(i) % k, b = (static_cast<std::size_t>(i) / k + a + 1) % k;
    const double t = std::pow(10.0, log10_lo + (log10_hi - log10_lo) * s.uniform()) * (i % 2 ? 1 : -1);
    for (std::size_t j = 0; j < d; ++j) {
      const double mid = 0.5 * (c[a * d + j] + c[b * d + j]);
      data.x.push_back(mid + t * (c[b * d + j] - c[a * d + j]));
    }
  }
  data.n = data.x.size() / d;
  return data;
}

}  // namespace dplab::testing
