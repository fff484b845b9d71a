// A multiset of itemsets kept as distinct itemsets with their multiplicities: the release of
// DiffPart and Basic (each leaf partition's hierarchy cut with its noisy count, diffpart
// Algorithm 1 line 14), and the raw data compressed the same way for evaluation.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::diffpart {

struct Itemsets {
  std::uint32_t universe = 0;
  std::vector<std::uint64_t> offsets{0};  // size() + 1 starts into `items`
  std::vector<std::uint32_t> items;       // each itemset sorted increasingly, no repeats
  std::vector<double> counts;             // multiplicity of each itemset (> 0)

  std::size_t size() const { return counts.size(); }
  std::span<const std::uint32_t> itemset(std::size_t i) const {
    return {items.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
  }
  // Appends `count` copies of the itemset (sorted, distinct items, each < universe).
  void add(std::span<const std::uint32_t> set, double count);
  // Total number of records: the sum of the counts.
  double records() const;
};

// The raw dataset as distinct itemsets with counts (items of each record sorted, repeats
// within a record dropped).
Itemsets distinct_itemsets(const Transactions& data);

}  // namespace dplab::diffpart
