#include "algorithms/diffpart/support_index.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace dplab::diffpart {

SupportIndex::SupportIndex(const Itemsets& sets, std::uint32_t dense_universe)
    : universe_(sets.universe), dense_(sets.universe <= dense_universe) {
  if (dense_) {
    // The count of every itemset at its bitmask, then for each item b add the entry of
    // mask | b to every mask without b: afterwards each mask holds the sum over its supersets.
    superset_sums_.assign(std::size_t{1} << universe_, 0.0);
    for (std::size_t k = 0; k < sets.size(); ++k) {
      if (sets.counts[k] <= 0) continue;
      std::size_t mask = 0;
      for (std::uint32_t i : sets.itemset(k)) mask |= std::size_t{1} << i;
      superset_sums_[mask] += sets.counts[k];
      records_ += sets.counts[k];
    }
    for (std::uint32_t b = 0; b < universe_; ++b) {
      const std::size_t bit = std::size_t{1} << b;
      for (std::size_t mask = 0; mask < superset_sums_.size(); ++mask)
        if (!(mask & bit)) superset_sums_[mask] += superset_sums_[mask | bit];
    }
    return;
  }
  // The itemsets with a positive count, renumbered from the longest to the shortest (a
  // counting sort by size), then the tid-lists by a counting sort on items: visiting the ids
  // in increasing order leaves every list sorted.
  std::vector<std::size_t> kept;
  std::size_t longest = 0;
  for (std::size_t k = 0; k < sets.size(); ++k)
    if (sets.counts[k] > 0) {
      kept.push_back(k);
      longest = std::max(longest, sets.itemset(k).size());
    }
  const std::size_t n = kept.size();
  if (n >= std::size_t{0xFFFFFFFF}) throw Error("support index: too many itemsets");
  at_least_.assign(longest + 2, 0);
  for (std::size_t k : kept)
    for (std::size_t len = 0; len <= sets.itemset(k).size(); ++len) ++at_least_[len];
  std::vector<std::uint32_t> next(longest + 1);  // next id for each size
  for (std::size_t len = 0; len <= longest; ++len) next[len] = at_least_[len + 1];
  std::vector<std::size_t> order(n);
  for (std::size_t k : kept) order[next[sets.itemset(k).size()]++] = k;
  for (std::size_t k : order) {
    auto set = sets.itemset(k);
    set_items_.insert(set_items_.end(), set.begin(), set.end());
    set_begin_.push_back(set_items_.size());
    weight_.push_back(sets.counts[k]);
    records_ += sets.counts[k];
  }
  list_begin_.assign(std::size_t{universe_} + 1, 0);
  for (std::uint32_t i : set_items_) ++list_begin_[i + 1];
  for (std::uint32_t i = 0; i < universe_; ++i) list_begin_[i + 1] += list_begin_[i];
  ids_.resize(list_begin_[universe_]);
  item_support_.assign(universe_, 0.0);
  std::vector<std::uint64_t> fill(list_begin_.begin(), list_begin_.end() - 1);
  for (std::uint32_t id = 0; id < n; ++id)
    for (std::uint64_t k = set_begin_[id]; k < set_begin_[id + 1]; ++k) {
      ids_[fill[set_items_[k]]++] = id;
      item_support_[set_items_[k]] += weight_[id];
    }
}

double SupportIndex::support(std::span<const std::uint32_t> query) const {
  for (std::uint32_t i : query)
    if (i >= universe_) return 0;
  if (dense_) {
    std::size_t mask = 0;
    for (std::uint32_t i : query) mask |= std::size_t{1} << i;
    return superset_sums_[mask];
  }
  return sparse_support(query);
}

namespace {

// The first element >= x in [first, last), by exponential then binary search forward from
// `first`: cheap both when x is near (lists of similar lengths) and far (a short list against
// a long one).
const std::uint32_t* gallop(const std::uint32_t* first, const std::uint32_t* last, std::uint32_t x) {
  if (first == last || *first >= x) return first;
  const std::uint32_t* lo = first;  // *lo < x
  std::size_t step = 1;
  while (step < static_cast<std::size_t>(last - lo) && lo[step] < x) {
    lo += step;
    step *= 2;
  }
  const std::uint32_t* hi = step < static_cast<std::size_t>(last - lo) ? lo + step + 1 : last;
  return std::lower_bound(lo + 1, hi, x);
}

// Candidate prefixes at most this long are checked directly, longer ones intersected first.
constexpr std::ptrdiff_t kCheckDirectly = 32;

}  // namespace

double SupportIndex::sparse_support(std::span<const std::uint32_t> query) const {
  if (query.empty()) return records_;
  thread_local std::vector<std::uint32_t> q, candidates;
  q.assign(query.begin(), query.end());
  std::sort(q.begin(), q.end());
  q.erase(std::unique(q.begin(), q.end()), q.end());
  if (q.size() == 1) return item_support_[q[0]];
  if (q.size() + 1 >= at_least_.size()) return 0;  // longer than every itemset
  const std::uint32_t end_id = at_least_[q.size()];  // itemsets long enough: ids below this

  // The two shortest lists.
  auto length = [&](std::uint32_t i) { return list_begin_[i + 1] - list_begin_[i]; };
  std::uint32_t a = q[0], b = q[1];
  if (length(b) < length(a)) std::swap(a, b);
  for (std::size_t k = 2; k < q.size(); ++k) {
    if (length(q[k]) < length(a)) {
      b = a;
      a = q[k];
    } else if (length(q[k]) < length(b)) {
      b = q[k];
    }
  }
  auto prefix = [&](std::uint32_t i, const std::uint32_t*& first, const std::uint32_t*& last) {
    first = ids_.data() + list_begin_[i];
    last = gallop(first, ids_.data() + list_begin_[i + 1], end_id);  // the prefix is often short
  };
  auto contains_query = [&](std::uint32_t id) {
    const std::uint32_t* set = set_items_.data() + set_begin_[id];
    return std::includes(set, set_items_.data() + set_begin_[id + 1], q.begin(), q.end());
  };
  const std::uint32_t *a_first, *a_last;
  prefix(a, a_first, a_last);
  double total = 0;
  if (a_last - a_first <= kCheckDirectly) {
    for (; a_first != a_last; ++a_first)
      if (contains_query(*a_first)) total += weight_[*a_first];
    return total;
  }
  const std::uint32_t *b_first, *b_last;
  prefix(b, b_first, b_last);
  candidates.clear();
  for (; a_first != a_last && b_first != b_last; ++a_first) {
    b_first = gallop(b_first, b_last, *a_first);
    if (b_first != b_last && *b_first == *a_first) candidates.push_back(*a_first);
  }
  for (std::uint32_t id : candidates)
    if (q.size() == 2 || contains_query(id)) total += weight_[id];
  return total;
}

std::string dataset_identity(const Transactions& data) {
  // Up to 4096 evenly spaced record boundaries and items.
  std::vector<std::uint64_t> sample;
  const std::size_t n = data.items.size(), r = data.offsets.size();
  const std::size_t samples = 4096;
  for (std::size_t k = 0; k < samples && n; ++k) sample.push_back(data.items[k * n / samples]);
  for (std::size_t k = 0; k < samples; ++k) sample.push_back(data.offsets[k * r / samples]);
  char address[32];
  std::snprintf(address, sizeof address, "%p", static_cast<const void*>(&data));
  return data.name + "@" + address + "|universe=" + std::to_string(data.universe) +
         "|records=" + std::to_string(data.records()) + "|items=" + std::to_string(n) +
         "|sample=" + std::to_string(hash64(sample.data(), sample.size() * sizeof(std::uint64_t)));
}

// Sixteen datasets: a run cycles through all of its datasets every trial (trial-major order), so
// a cache smaller than their number (it was 4; Fig 6 has 6, Fig 7 11) rebuilt the index of each
// dataset on every trial (Fig 7 at 2 trials: 12.4 s -> 10.6 s, peak memory unchanged).
std::shared_ptr<const Itemsets> raw_itemsets(const Transactions& data) {
  static BuildOnceCache<Itemsets> cache(16);
  return cache.get(dataset_identity(data), [&] { return distinct_itemsets(data); });
}

std::shared_ptr<const SupportIndex> raw_support_index(const Transactions& data) {
  static BuildOnceCache<SupportIndex> cache(16);
  return cache.get(dataset_identity(data), [&] { return SupportIndex(*raw_itemsets(data)); });
}

}  // namespace dplab::diffpart
