// Random point sets for the k-means tests: n points in d dimensions, each coordinate uniform in
// [offset - spread, offset + spread], from a stream of `seed`.
#pragma once
#include <cstdint>

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

}  // namespace dplab::testing
