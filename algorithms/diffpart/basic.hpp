// Basic (diffpart §4.1 and §5, after Dwork et al. [8]): a noisy count for every non-empty
// itemset of the universe. The counts are a histogram of whole records (each record adds 1 to
// the cell of its own itemset), so adding or removing a record changes one cell by 1: L1
// sensitivity 1, and the whole vector of 2^|I| - 1 counts is one Laplace(1/B) release (one
// charge of B). The release holds round(noisy count) copies of every itemset whose rounded
// noisy count is at least 1 (negative and small counts are dropped, as a count of copies).
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/diffpart/itemsets.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::diffpart {

// The largest universe Basic accepts at all (2^26 counts = 512 MiB of doubles).
constexpr std::uint32_t kBasicMaxUniverse = 26;

// Throws, before touching the data, when |I| > max_universe: 2^|I| - 1 counts would not fit.
// `counts` is an optional buffer reused across trials.
Itemsets basic(const Transactions& data, double B, std::uint32_t max_universe, Mechanisms& noise,
               std::vector<double>* counts = nullptr);

}  // namespace dplab::diffpart
