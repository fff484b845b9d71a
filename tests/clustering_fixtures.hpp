// Point sets shared by the clustering suites (test_convergent_kmeans, test_kmeans_baselines).
#pragma once
#include <algorithm>
#include <cstddef>

#include "core/samplers.hpp"
#include "datasets/dataset.hpp"

namespace dplab::testing {

// Three well-separated labelled Gaussian blobs (sd 0.05) in [0, 1]^2, per_cluster points each.
inline PointSet blobs(std::size_t per_cluster, Stream& s) {
  const double centres[3][2] = {{0.2, 0.2}, {0.8, 0.25}, {0.5, 0.8}};
  PointSet p;
  p.name = "blobs";
  p.d = 2;
  for (int c = 0; c < 3; ++c)
    for (std::size_t i = 0; i < per_cluster; ++i) {
      p.x.push_back(std::clamp(centres[c][0] + 0.05 * sample_normal(s), 0.0, 1.0));
      p.x.push_back(std::clamp(centres[c][1] + 0.05 * sample_normal(s), 0.0, 1.0));
      p.labels.push_back(c);
    }
  p.n = p.x.size() / 2;
  return p;
}

}  // namespace dplab::testing
