#include "algorithms/diffpart/fp_growth.hpp"

#include <algorithm>
#include <queue>
#include <span>

#include "core/error.hpp"

namespace dplab::diffpart {

bool ranks_before(const FrequentItemset& a, const FrequentItemset& b) {
  if (a.support != b.support) return a.support > b.support;
  if (a.items.size() != b.items.size()) return a.items.size() < b.items.size();
  return a.items < b.items;
}

namespace {

// Weighted paths over item ranks (rank 0 = the most frequent item), each increasing.
struct Paths {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> ranks;
  std::vector<double> weights;

  std::size_t size() const { return weights.size(); }
  std::span<const std::uint32_t> path(std::size_t i) const {
    return {ranks.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
  }
  void add(std::span<const std::uint32_t> p, double w) {
    ranks.insert(ranks.end(), p.begin(), p.end());
    offsets.push_back(ranks.size());
    weights.push_back(w);
  }
};

// An FP-tree: a prefix tree of the paths where each node counts the weight of the paths
// through it; node 0 is the root. The header lists, for every rank, the nodes holding it.
struct FpTree {
  std::vector<std::uint32_t> rank{0}, parent{0};
  std::vector<double> count{0.0};
  std::vector<std::uint32_t> head_begin, head_nodes;  // nodes of rank r: head_nodes[head_begin[r] ..)
  std::vector<double> rank_support;                    // total count of the nodes of rank r
};

// The children of a tree's nodes: an open-addressing hash table from (node, rank) to the child
// node, so that inserting a path costs one look-up per item whatever the fan-out.
class ChildTable {
 public:
  explicit ChildTable(std::size_t expected) {
    while (capacity() < 2 * expected + 16) bits_++;
    keys_.assign(capacity(), kEmpty);
    values_.assign(capacity(), 0);
  }
  // The child of `node` holding `rank`; when there is none, `fresh` becomes it.
  std::uint32_t find_or_add(std::uint32_t node, std::uint32_t rank, std::uint32_t fresh) {
    if (2 * (size_ + 1) > capacity()) rehash();
    const std::uint64_t key = (std::uint64_t{node} << 32) | rank;
    std::size_t at = slot(key);
    while (keys_[at] != kEmpty && keys_[at] != key) at = (at + 1) & (capacity() - 1);
    if (keys_[at] == key) return values_[at];
    keys_[at] = key;
    values_[at] = fresh;
    ++size_;
    return fresh;
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::size_t capacity() const { return std::size_t{1} << bits_; }
  std::size_t slot(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits_); }
  void rehash() {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<std::uint32_t> values = std::move(values_);
    ++bits_;
    keys_.assign(capacity(), kEmpty);
    values_.assign(capacity(), 0);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (keys[k] == kEmpty) continue;
      std::size_t at = slot(keys[k]);
      while (keys_[at] != kEmpty) at = (at + 1) & (capacity() - 1);
      keys_[at] = keys[k];
      values_[at] = values[k];
    }
  }
  int bits_ = 4;
  std::size_t size_ = 0;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> values_;
};

// Builds the tree of paths whose ranks are all < m: each path is walked down from the root,
// adding its weight to the nodes it passes and creating the ones missing.
FpTree build_tree(const Paths& paths, std::uint32_t m) {
  FpTree t;
  ChildTable children(paths.ranks.size() / 4);
  for (std::size_t idx = 0; idx < paths.size(); ++idx) {
    const double w = paths.weights[idx];
    std::uint32_t node = 0;
    for (std::uint32_t r : paths.path(idx)) {
      const auto fresh = static_cast<std::uint32_t>(t.rank.size());
      const std::uint32_t child = children.find_or_add(node, r, fresh);
      if (child == fresh) {
        t.rank.push_back(r);
        t.parent.push_back(node);
        t.count.push_back(0.0);
      }
      t.count[child] += w;
      node = child;
    }
  }
  t.head_begin.assign(std::size_t{m} + 1, 0);
  t.rank_support.assign(m, 0.0);
  for (std::size_t n = 1; n < t.rank.size(); ++n) {
    ++t.head_begin[t.rank[n] + 1];
    t.rank_support[t.rank[n]] += t.count[n];
  }
  for (std::uint32_t r = 0; r < m; ++r) t.head_begin[r + 1] += t.head_begin[r];
  t.head_nodes.resize(t.rank.size() - 1);
  std::vector<std::uint32_t> fill(t.head_begin.begin(), t.head_begin.end() - 1);
  for (std::size_t n = 1; n < t.rank.size(); ++n) t.head_nodes[fill[t.rank[n]]++] = static_cast<std::uint32_t>(n);
  return t;
}

struct RanksLast {
  bool operator()(const FrequentItemset& a, const FrequentItemset& b) const { return ranks_before(a, b); }
};

// FP-growth in one of two modes: every itemset above a fixed threshold, or the top k with a
// threshold that rises as better itemsets are found.
class Miner {
 public:
  Miner(double min_support, std::size_t k) : min_support_(min_support), k_(k) {}

  std::vector<FrequentItemset> run(const Itemsets& data) {
    std::vector<double> item_support(data.universe, 0.0);
    for (std::size_t s = 0; s < data.size(); ++s)
      if (data.counts[s] > 0)
        for (std::uint32_t i : data.itemset(s)) item_support[i] += data.counts[s];
    if (top_k()) {
      // The k-th largest single-item support: the k singletons at or above it rank before
      // every longer itemset of that support, so nothing below (support, length 1) is needed.
      std::vector<double> positive;
      for (double s : item_support)
        if (s > 0) positive.push_back(s);
      if (positive.size() >= k_) {
        std::nth_element(positive.begin(), positive.begin() + static_cast<std::ptrdiff_t>(k_ - 1), positive.end(),
                         std::greater<double>());
        bound_ = positive[k_ - 1];
        has_bound_ = true;
      }
    }
    // Ranks: admissible items by decreasing support, ties by item id.
    std::vector<std::uint32_t> items;
    for (std::uint32_t i = 0; i < data.universe; ++i)
      if (admissible(item_support[i], 1)) items.push_back(i);
    std::sort(items.begin(), items.end(), [&](std::uint32_t a, std::uint32_t b) {
      return item_support[a] != item_support[b] ? item_support[a] > item_support[b] : a < b;
    });
    item_of_rank_ = items;
    std::vector<std::int64_t> rank_of(data.universe, -1);
    for (std::size_t r = 0; r < items.size(); ++r) rank_of[items[r]] = static_cast<std::int64_t>(r);
    Paths paths;
    std::vector<std::uint32_t> p;
    for (std::size_t s = 0; s < data.size(); ++s) {
      if (data.counts[s] <= 0) continue;
      p.clear();
      for (std::uint32_t i : data.itemset(s))
        if (rank_of[i] >= 0) p.push_back(static_cast<std::uint32_t>(rank_of[i]));
      if (p.empty()) continue;
      std::sort(p.begin(), p.end());
      paths.add(p, data.counts[s]);
    }
    std::vector<std::uint32_t> prefix;
    mine(build_tree(paths, static_cast<std::uint32_t>(items.size())), prefix);

    std::vector<FrequentItemset> out;
    if (top_k()) {
      while (!heap_.empty()) {
        out.push_back(heap_.top());
        heap_.pop();
      }
    } else {
      out = std::move(found_);
    }
    std::sort(out.begin(), out.end(), ranks_before);
    return out;
  }

 private:
  bool top_k() const { return k_ > 0; }

  // Whether an itemset of this support and length, or a superset of it (lower or equal
  // support, greater length), can still be reported.
  bool admissible(double support, std::size_t length) const {
    if (!(support > 0)) return false;
    if (!top_k()) return support >= min_support_;
    auto within = [&](double s, std::size_t len) { return support > s || (support == s && length <= len); };
    if (has_bound_ && !within(bound_, 1)) return false;
    return heap_.size() < k_ || within(heap_.top().support, heap_.top().items.size());
  }

  void report(const std::vector<std::uint32_t>& prefix, double support) {
    FrequentItemset f;
    for (std::uint32_t r : prefix) f.items.push_back(item_of_rank_[r]);
    std::sort(f.items.begin(), f.items.end());
    f.support = support;
    if (!top_k()) {
      found_.push_back(std::move(f));
    } else if (heap_.size() < k_) {
      heap_.push(std::move(f));
    } else if (ranks_before(f, heap_.top())) {
      heap_.pop();
      heap_.push(std::move(f));
    }
  }

  // FP-growth on `tree`, the conditional tree of `prefix` (ranks): for every rank r in it, most
  // frequent first, report prefix + r and recurse into r's conditional tree, built from the
  // paths above r's nodes weighted by their counts and keeping only admissible ranks.
  void mine(const FpTree& tree, std::vector<std::uint32_t>& prefix) {
    const auto m = static_cast<std::uint32_t>(tree.rank_support.size());
    std::vector<double> cond_support;
    std::vector<std::uint32_t> path;
    for (std::uint32_t r = 0; r < m; ++r) {
      if (tree.head_begin[r] == tree.head_begin[r + 1]) continue;
      const double support = tree.rank_support[r];
      if (!admissible(support, prefix.size() + 1)) continue;
      prefix.push_back(r);
      report(prefix, support);
      const std::uint32_t* nodes = tree.head_nodes.data() + tree.head_begin[r];
      const std::size_t count = tree.head_begin[r + 1] - tree.head_begin[r];
      cond_support.assign(r, 0.0);
      for (std::size_t k = 0; k < count; ++k)
        for (std::uint32_t a = tree.parent[nodes[k]]; a != 0; a = tree.parent[a])
          cond_support[tree.rank[a]] += tree.count[nodes[k]];
      std::vector<char> keep(r, 0);
      bool any = false;
      for (std::uint32_t j = 0; j < r; ++j) {
        keep[j] = admissible(cond_support[j], prefix.size() + 1);
        any = any || keep[j];
      }
      if (any) {
        Paths base;
        for (std::size_t k = 0; k < count; ++k) {
          path.clear();
          for (std::uint32_t a = tree.parent[nodes[k]]; a != 0; a = tree.parent[a])
            if (keep[tree.rank[a]]) path.push_back(tree.rank[a]);
          if (path.empty()) continue;
          std::reverse(path.begin(), path.end());
          base.add(path, tree.count[nodes[k]]);
        }
        mine(build_tree(base, r), prefix);
      }
      prefix.pop_back();
    }
  }

  double min_support_;
  std::size_t k_;
  double bound_ = 0;
  bool has_bound_ = false;
  std::vector<std::uint32_t> item_of_rank_;
  std::vector<FrequentItemset> found_;
  std::priority_queue<FrequentItemset, std::vector<FrequentItemset>, RanksLast> heap_;  // worst on top
};

}  // namespace

std::vector<FrequentItemset> frequent_itemsets(const Itemsets& data, double min_support) {
  if (!(min_support > 0)) throw Error("frequent itemsets: the minimum support must be positive");
  return Miner(min_support, 0).run(data);
}

std::vector<FrequentItemset> top_k_itemsets(const Itemsets& data, std::size_t k) {
  if (k == 0) return {};
  return Miner(0, k).run(data);
}

}  // namespace dplab::diffpart
