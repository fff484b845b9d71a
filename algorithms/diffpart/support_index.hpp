// Fast answers to counting queries (diffpart Definition 3.4) over a weighted collection of
// itemsets: the support of a query itemset is the total count of the itemsets that contain it.
//
// Two layouts, chosen by the universe size:
//  - dense (|I| <= 20 by default): a table over all 2^|I| bitmasks holding, for every mask,
//    the total count of the itemsets that are supersets of it (the superset-sum or zeta
//    transform of the itemsets' counts), so any query is one table look-up. MSNBC (|I| = 17)
//    needs 2^17 entries.
//  - sparse: vertical tid-lists, for every item the sorted ids of the itemsets holding it,
//    with the itemsets numbered from the longest to the shortest. Only itemsets of at least L
//    items can contain a query of length L, and they are a prefix of every list (ids below a
//    threshold). Random queries are mostly much longer than the records (STM: lengths up to
//    64, average record 4.8 items), so these prefixes are usually short or empty. A query
//    takes the prefix of its shortest list; a short prefix is checked itemset by itemset, a
//    long one is first intersected with the second shortest list (galloping merge), and
//    whatever is left is checked against the whole query. Empty candidate sets stop at once.
//
// Also here: the raw dataset's distinct itemsets and its index, built once per dataset and
// shared by all trials and threads of a run (framework/build_once_cache.hpp).
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/diffpart/itemsets.hpp"
#include "framework/build_once_cache.hpp"
#include "datasets/dataset.hpp"

namespace dplab::diffpart {

class SupportIndex {
 public:
  static constexpr std::uint32_t kDenseUniverse = 20;  // 2^20 doubles: 8 MiB

  // Indexes `sets` (copied into the index's own layout; `sets` may be dropped afterwards).
  // Itemsets with a count <= 0 are ignored. Universes up to `dense_universe` use the table.
  explicit SupportIndex(const Itemsets& sets, std::uint32_t dense_universe = kDenseUniverse);

  // Total count of the itemsets containing every item of `query` (items in any order; repeats
  // are harmless). The empty query is the total count; an item outside the universe gives 0.
  // Thread-safe.
  double support(std::span<const std::uint32_t> query) const;

  bool dense() const { return dense_; }
  std::uint32_t universe() const { return universe_; }
  double records() const { return records_; }  // total count of the indexed itemsets

 private:
  double sparse_support(std::span<const std::uint32_t> query) const;

  std::uint32_t universe_ = 0;
  bool dense_ = false;
  double records_ = 0;
  // Dense: superset_sums_[mask] = total count of the itemsets whose mask contains `mask`.
  std::vector<double> superset_sums_;
  // Sparse: the indexed itemsets (those with a positive count) in CSR form with their
  // weights, numbered by decreasing size; at_least_[L] is the number of them with at least L
  // items. Item i's list is ids_[list_begin_[i] .. list_begin_[i+1]), increasing ids;
  // item_support_[i] is the total weight of i's list.
  std::vector<std::uint64_t> set_begin_{0};
  std::vector<std::uint32_t> set_items_;
  std::vector<double> weight_;
  std::vector<std::uint32_t> at_least_;
  std::vector<std::uint64_t> list_begin_;
  std::vector<std::uint32_t> ids_;
  std::vector<double> item_support_;
};

// A key naming one loaded dataset: its address plus a fingerprint of its sizes and a sample of
// its contents, so that another dataset later allocated at the same address gets another key.
std::string dataset_identity(const Transactions& data);

// The raw dataset as distinct itemsets with counts, and its support index: built once per
// dataset (a few per process are kept) and shared by every trial.
std::shared_ptr<const Itemsets> raw_itemsets(const Transactions& data);
std::shared_ptr<const SupportIndex> raw_support_index(const Transactions& data);

}  // namespace dplab::diffpart
