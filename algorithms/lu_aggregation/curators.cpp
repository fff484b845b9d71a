#include "algorithms/lu_aggregation/curators.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::lu_aggregation {

namespace {

// A cheap identity of a loaded point set (trials are short, so the key must be): its address,
// shape and a hash of 64 values spread over it.
std::string identity(const PointSet& data) {
  double sample[64];
  const std::size_t total = data.x.size();
  for (std::size_t k = 0; k < 64; ++k) sample[k] = total ? data.x[k * total / 64] : 0;
  char address[32];
  std::snprintf(address, sizeof address, "%p", static_cast<const void*>(&data));
  return data.name + "@" + address + "|" + std::to_string(data.n) + "x" + std::to_string(data.d) + "|" +
         std::to_string(hash64(sample, sizeof sample));
}

}  // namespace

std::shared_ptr<const Curators> curators_of(const PointSet& data) {
  static BuildOnceCache<Curators> cache(8);
  return cache.get(identity(data), [&] {
    if (data.n == 0 || data.d == 0) throw Error("dataset '" + data.name + "' has no curators (no rows) or no records");
    Curators c;
    c.value.resize(data.n);
    for (std::size_t i = 0; i < data.n; ++i) {
      double s = 0;
      const double* row = data.row(i);
      for (std::size_t k = 0; k < data.d; ++k) s += row[k];
      c.value[i] = s;
      c.total += s;
    }
    c.max_value = *std::max_element(c.value.begin(), c.value.end());
    if (!(c.max_value > 0))
      throw Error("dataset '" + data.name + "': every curator's sum is <= 0, so the local sensitivity max_i u_i is not positive");
    return c;
  });
}

}  // namespace dplab::lu_aggregation
