#include "algorithms/clustering/init.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/error.hpp"
#include "core/value.hpp"

namespace dplab::clustering {

void require_box(const PointSet& data, Box box, const std::string& algorithm, const std::string& fix) {
  for (double v : data.x)
    if (!(v >= box.lo && v <= box.hi))
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

Init parse_init(const std::string& text) {
  if (text == "data") return Init::DataPoints;
  if (text == "uniform") return Init::Uniform;
  throw Error("unknown initialisation '" + text + "' (allowed: data, uniform)");
}

std::vector<double> shared_initial_centroids(const TrialSeeds& seeds, const PointSet& data, std::size_t k,
                                             Init init, Box box) {
  Stream s = seeds.public_stream("k-means initial centroids");
  return init == Init::DataPoints ? sample_data_points(s, data, k) : uniform_centroids(s, k, data.d, box);
}

}  // namespace dplab::clustering
