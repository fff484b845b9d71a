#include "algorithms/diffpart/basic.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"

namespace dplab::diffpart {

Itemsets basic(const Transactions& data, double B, std::uint32_t max_universe, Mechanisms& noise,
               std::vector<double>* counts) {
  const std::uint32_t n = data.universe;
  if (n > max_universe || n > kBasicMaxUniverse)
    throw Error("diffpart.basic: dataset '" + data.name + "' has a universe of |I| = " + std::to_string(n) +
                " items, and Basic needs a noisy count for each of its 2^" + std::to_string(n) +
                " - 1 itemsets; it refuses universes larger than the parameter 'max_universe' = " +
                std::to_string(max_universe) + " (at most " + std::to_string(kBasicMaxUniverse) +
                "); use diffpart.diffpart for large universes");
  if (!(B > 0) || !std::isfinite(B))
    throw Error("diffpart.basic: the privacy budget B must be a finite number > 0");
  std::vector<double> local;
  std::vector<double>& h = counts ? *counts : local;
  // Cell mask - 1 counts the records whose itemset is `mask` (bit i: item i).
  const std::size_t cells = (std::size_t{1} << n) - 1;
  h.assign(cells, 0.0);
  for (std::size_t r = 0; r < data.records(); ++r) {
    std::size_t mask = 0;
    for (std::uint32_t item : data.record(r)) mask |= std::size_t{1} << item;
    if (mask) h[mask - 1] += 1;  // records without items are not part of the data (§3)
  }
  noise.laplace(h, 1.0, B, "diffpart.basic: every itemset's count (histogram, sensitivity 1)");
  Itemsets out;
  out.universe = n;
  std::vector<std::uint32_t> items;
  for (std::size_t c = 0; c < cells; ++c) {
    const double copies = std::round(h[c]);
    if (copies < 1) continue;
    items.clear();
    for (std::uint32_t i = 0; i < n; ++i)
      if (((c + 1) >> i) & 1) items.push_back(i);
    out.add(items, copies);
  }
  return out;
}

}  // namespace dplab::diffpart
