// Frequent itemset mining by FP-growth (Han, Pei and Yin, SIGMOD 2000) on weighted itemsets,
// for diffpart's frequent-itemset utility (Appendix E, Fig 8: the top K most frequent itemsets
// of the raw and of the sanitized data). The paper mines with MAFIA; any exact miner gives the
// same itemsets and supports.
//
// The support of an itemset X is the total count of the itemsets (records) that contain X.
// Only non-empty itemsets with a positive support are ever reported.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/diffpart/itemsets.hpp"

namespace dplab::diffpart {

struct FrequentItemset {
  std::vector<std::uint32_t> items;  // sorted increasingly
  double support = 0;                // total count of the records containing `items`
};

// The ranking used for top K: higher support first; among equal supports the shorter itemset,
// then the lexicographically smaller one. It is a total order on distinct itemsets, so the top
// K is always exactly determined, and a superset never ranks before any of its subsets.
bool ranks_before(const FrequentItemset& a, const FrequentItemset& b);

// Every itemset with support >= min_support (> 0), sorted by ranks_before. The number of such
// itemsets can be exponential in the record length: choose min_support accordingly.
std::vector<FrequentItemset> frequent_itemsets(const Itemsets& data, double min_support);

// The first k itemsets in the ranks_before order (fewer when the data has fewer itemsets with
// a positive support), sorted in that order: every itemset whose support is above the K-th
// largest support, completed by the shortest and then lexicographically smallest of those
// tied at it.
//
// Mining: FP-growth with a rising threshold. Items are processed most frequent first; a
// candidate (and with it every superset, which has a lower or equal support and a greater
// length) is pruned as soon as it cannot rank before the current K-th best. When at least k
// items have a positive support, the k-th largest single-item support bounds the answer from
// the start (the k singletons above it rank before every longer itemset of that support), so
// records much longer than the frequent itemsets never blow up the search.
std::vector<FrequentItemset> top_k_itemsets(const Itemsets& data, std::size_t k);

}  // namespace dplab::diffpart
