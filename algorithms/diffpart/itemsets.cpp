#include "algorithms/diffpart/itemsets.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/error.hpp"

namespace dplab::diffpart {

void Itemsets::add(std::span<const std::uint32_t> set, double count) {
  for (std::size_t k = 0; k < set.size(); ++k) {
    if (set[k] >= universe)
      throw Error("itemset holds item " + std::to_string(set[k]) + " outside the universe of " +
                  std::to_string(universe));
    if (k && set[k] <= set[k - 1]) throw Error("itemset items must be sorted and distinct");
  }
  items.insert(items.end(), set.begin(), set.end());
  offsets.push_back(items.size());
  counts.push_back(count);
}

double Itemsets::records() const { return std::accumulate(counts.begin(), counts.end(), 0.0); }

Itemsets distinct_itemsets(const Transactions& data) {
  const std::size_t R = data.records();
  // Normalise every record (sorted, distinct) into one flat array, then sort record ids by
  // their itemset and merge equal neighbours.
  std::vector<std::uint64_t> off(R + 1, 0);
  std::vector<std::uint32_t> flat;
  flat.reserve(data.items.size());
  std::vector<std::uint32_t> tmp;
  for (std::size_t r = 0; r < R; ++r) {
    auto rec = data.record(r);
    tmp.assign(rec.begin(), rec.end());
    std::sort(tmp.begin(), tmp.end());
    tmp.erase(std::unique(tmp.begin(), tmp.end()), tmp.end());
    flat.insert(flat.end(), tmp.begin(), tmp.end());
    off[r + 1] = flat.size();
  }
  auto set_of = [&](std::size_t r) {
    return std::span<const std::uint32_t>(flat.data() + off[r], off[r + 1] - off[r]);
  };
  std::vector<std::uint32_t> order(R);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    auto x = set_of(a), y = set_of(b);
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  });
  Itemsets out;
  out.universe = data.universe;
  for (std::size_t k = 0; k < R;) {
    auto s = set_of(order[k]);
    std::size_t j = k + 1;
    while (j < R && std::ranges::equal(set_of(order[j]), s)) ++j;
    if (!s.empty()) out.add(s, static_cast<double>(j - k));
    k = j;
  }
  return out;
}

}  // namespace dplab::diffpart
