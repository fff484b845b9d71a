#include "algorithms/diffpart/diffpart.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "framework/ledger.hpp"

namespace dplab::diffpart {

namespace {

const double kSqrt2 = std::sqrt(2.0);

std::string fmt(double x) {
  std::ostringstream s;
  s.precision(3);
  s << x;
  return s.str();
}

// Pr[Lap(1/alpha) > sqrt(2) C2 h / alpha]: independent of alpha.
double pass_probability(double C2, std::uint32_t h) { return 0.5 * std::exp(-kSqrt2 * C2 * h); }

// A partition: records rid[begin, end), cut cuts[cut_begin, cut_end).
struct Part {
  std::uint32_t begin, end;
  std::size_t cut_begin, cut_end;
  std::uint64_t internal;  // |InternalNodes(cut)|
  PartitionBudget budget;
};

class Run {
 public:
  Run(const Transactions& data, const Taxonomy& tree, const DiffPartConfig& config, Stream& stream,
      Mechanisms& noise, DiffPartStats& stats, const Observer* observer, Workspace& ws)
      : data_(data), tree_(tree), cfg_(config), stream_(stream), noise_(noise),
        ledger_(noise.ledger()), stats_(stats), observer_(observer), ws_(ws) {
    out_.universe = data.universe;
  }

  Itemsets run() {
    // Algorithm 1 lines 3-5: all (non-empty) records in one partition with cut {root}.
    auto& rid = ws_.rid;
    rid.clear();
    for (std::size_t r = 0; r < data_.records(); ++r)
      if (data_.offsets[r + 1] > data_.offsets[r]) rid.push_back(static_cast<std::uint32_t>(r));
    ws_.keys.resize(rid.size());
    ws_.tmp.resize(rid.size());
    ws_.cuts.assign(1, tree_.root());
    ws_.groups.clear();
    ws_.group_begin.clear();
    const auto n = static_cast<std::uint32_t>(rid.size());
    const std::uint64_t internal = tree_.internal_nodes(tree_.root());
    if (internal == 0)  // a single item: the root is a leaf, counted with B/2 + B/2
      leaf(0, n, 0, 1, cfg_.B / 2);
    else
      split(Part{0, n, 0, 1, internal, root_budget(cfg_.B, internal)});
    return std::move(out_);
  }

 private:
  void visit() {
    if (++visited_ > cfg_.max_partitions)
      throw Error("diffpart: the run exceeded max_partitions = " + std::to_string(cfg_.max_partitions) +
                  " partitions with C2 = " + fmt(cfg_.C2) + " and fan-out " + std::to_string(cfg_.fanout) +
                  ": generated empty sub-partitions multiply faster than they are pruned; raise C2 (C2 >= " +
                  fmt(subcritical_C2(cfg_.fanout)) +
                  " generates fewer than one per split of a full height-1 node), lower the fan-out, or "
                  "raise max_partitions");
  }

  // Procedure 1 line 4: sorts rid[b, e) by the child mask of each record under u and appends one
  // group per distinct mask (increasing) to ws_.groups / ws_.group_begin.
  void group(std::uint32_t b, std::uint32_t e, Node u) {
    if (b == e) return;
    const std::uint32_t h = tree_.height(u), lo = tree_.first_item(u), hi = tree_.end_item(u);
    const std::uint32_t* anc = tree_.ancestor_row(h - 1);
    const std::uint32_t base = tree_.index(u) * tree_.fanout();
    const std::uint32_t l = tree_.children(u);
    const std::uint32_t* items = data_.items.data();
    auto& rid = ws_.rid;
    auto& keys = ws_.keys;
    for (std::uint32_t k = b; k < e; ++k) {
      const std::uint32_t r = rid[k];
      const std::uint32_t* it = items + data_.offsets[r];
      const std::uint32_t* end = items + data_.offsets[r + 1];
      if (end - it > 16) it = std::lower_bound(it, end, lo);
      std::uint32_t mask = 0;
      for (; it != end && *it < hi; ++it)
        if (*it >= lo) mask |= 1u << (anc[*it] - base);
      keys[k] = mask;
    }
    const std::uint32_t n = e - b, combos = 1u << l;
    auto emit = [&](std::uint32_t mask, std::uint32_t begin, std::uint32_t count) {
      if (mask == 0) throw Error("diffpart: internal error, a record does not generalise to its partition's cut");
      ws_.groups.push_back(SplitGroup{mask, count});
      ws_.group_begin.push_back(begin);
    };
    if (static_cast<std::uint64_t>(n) * 4 >= combos) {
      // Counting sort over the 2^l masks.
      auto& bucket = ws_.bucket;
      bucket.assign(combos, 0);
      for (std::uint32_t k = b; k < e; ++k) ++bucket[keys[k]];
      std::uint32_t pos = b;
      for (std::uint32_t m = 0; m < combos; ++m) {
        const std::uint32_t c = bucket[m];
        if (c) emit(m, pos, c);
        bucket[m] = pos;
        pos += c;
      }
      auto& tmp = ws_.tmp;
      for (std::uint32_t k = b; k < e; ++k) tmp[bucket[keys[k]]++] = rid[k];
      std::copy(tmp.begin() + b, tmp.begin() + e, rid.begin() + b);
    } else {
      auto& packed = ws_.packed;
      packed.resize(n);
      for (std::uint32_t k = 0; k < n; ++k)
        packed[k] = (static_cast<std::uint64_t>(keys[b + k]) << 32) | rid[b + k];
      std::sort(packed.begin(), packed.end());
      std::uint32_t start = 0;
      for (std::uint32_t k = 0; k < n; ++k) {
        rid[b + k] = static_cast<std::uint32_t>(packed[k]);
        if (k + 1 == n || (packed[k + 1] >> 32) != (packed[k] >> 32)) {
          emit(static_cast<std::uint32_t>(packed[k] >> 32), b + start, k + 1 - start);
          start = k + 1;
        }
      }
    }
  }

  // Procedure 1 on a non-leaf partition, then Algorithm 1 lines 10-16 on its sub-partitions.
  void split(const Part& p) {
    visit();
    ++stats_.splits;
    auto& cuts = ws_.cuts;
    // Line 2: u uniformly among the non-leaf nodes of the cut of largest height (§4.1).
    std::uint32_t h = 0;
    std::size_t candidates = 0;
    for (std::size_t i = p.cut_begin; i < p.cut_end; ++i) {
      const std::uint32_t hu = tree_.height(cuts[i]);
      if (hu > h) h = hu, candidates = 0;
      if (hu == h) ++candidates;
    }
    std::size_t pick = candidates > 1 ? stream_.below(candidates) : 0, pos_u = p.cut_begin;
    for (;; ++pos_u)
      if (tree_.height(cuts[pos_u]) == h && pick-- == 0) break;
    const Node u = cuts[pos_u];

    // Lines 3-4.
    const std::size_t g0 = ws_.groups.size();
    group(p.begin, p.end, u);
    const std::size_t g1 = ws_.groups.size();

    const double alpha = p.budget.alpha;
    const double threshold = split_threshold(cfg_.C2, h, alpha);
    const std::uint64_t combos = (std::uint64_t{1} << tree_.children(u)) - 1;
    const std::uint64_t empty_count = combos - (g1 - g0);
    const std::uint64_t internal_rest = p.internal - tree_.internal_nodes(u);

    auto scope = ledger_.parallel("diffpart partition operation (Procedure 1)");
    // Lines 11-18: the empty combinations, tested all at once without enumerating them; the
    // k-th passing index is the k-th empty mask in increasing order.
    std::vector<std::uint32_t> generated;
    {
      std::optional<PrivacyLedger::Branch> branch;
      if (empty_count > 0) {
        branch.emplace(scope.branch());
        const std::vector<std::uint64_t> idx = noise_.laplace_exceedances(
            empty_count, threshold, 1.0, alpha, "diffpart empty sub-partitions (Procedure 1 line 13)");
        generated.reserve(idx.size());
        std::size_t gi = g0;
        std::uint64_t skipped = 0;
        for (std::uint64_t k : idx) {
          std::uint64_t m = k + 1 + skipped;
          while (gi < g1 && ws_.groups[gi].mask <= m) ++gi, m = k + 1 + ++skipped;
          generated.push_back(static_cast<std::uint32_t>(m));
        }
        stats_.generated_empty += generated.size();
      }
      if (observer_ && observer_->on_split)
        observer_->on_split(SplitEvent{Cut(cuts.data() + p.cut_begin, p.cut_end - p.cut_begin), u,
                                       p.end - p.begin, p.budget, threshold,
                                       std::span<const SplitGroup>(ws_.groups.data() + g0, g1 - g0),
                                       empty_count, generated});
      if (!generated.empty()) {
        // Each generated empty partition is partitioned further like any other, on disjoint
        // (empty) data: one branch each.
        auto inner = ledger_.parallel("diffpart generated empty sub-partitions");
        for (std::uint32_t m : generated) {
          auto b = inner.branch();
          child(p, pos_u, u, m, p.end, p.end, internal_rest);
        }
      }
    }
    // Lines 5-10: every non-empty sub-partition, on its own records.
    for (std::size_t gi = g0; gi < g1; ++gi) {
      const SplitGroup g = ws_.groups[gi];
      const std::uint32_t begin = ws_.group_begin[gi];
      auto b = scope.branch();
      const double N = noise_.laplace(static_cast<double>(g.records), 1.0, alpha,
                                      "diffpart sub-partition size (Procedure 1 line 6)");
      if (N > threshold) child(p, pos_u, u, g.mask, begin, begin + g.records, internal_rest);
    }
    ws_.groups.resize(g0);
    ws_.group_begin.resize(g0);
  }

  // The sub-partition of p that replaces u by the children in `mask`.
  void child(const Part& p, std::size_t pos_u, Node u, std::uint32_t mask, std::uint32_t b,
             std::uint32_t e, std::uint64_t internal_rest) {
    auto& cuts = ws_.cuts;
    const std::size_t cb = cuts.size();
    for (std::size_t i = p.cut_begin; i < p.cut_end; ++i) {
      if (i == pos_u) continue;
      const Node x = cuts[i];
      cuts.push_back(x);
    }
    std::uint64_t internal = internal_rest;
    const Node c0 = tree_.first_child(u);
    for (std::uint32_t m = mask; m; m &= m - 1) {
      const Node c = c0 + static_cast<Node>(std::countr_zero(m));
      cuts.push_back(c);
      internal += tree_.internal_nodes(c);
    }
    const std::size_t ce = cuts.size();
    const PartitionBudget budget = sub_budget(p.budget, internal);
    if (internal == 0)
      leaf(b, e, cb, ce, budget.unused);
    else
      split(Part{b, e, cb, ce, internal, budget});
    cuts.resize(cb);
  }

  // Algorithm 1 lines 12-14.
  void leaf(std::uint32_t b, std::uint32_t e, std::size_t cb, std::size_t ce, double unused) {
    visit();
    ++stats_.leaf_partitions;
    const double eps = leaf_budget(cfg_.B, unused);
    const double N = noise_.laplace(static_cast<double>(e - b), 1.0, eps,
                                    "diffpart leaf partition size (Algorithm 1 line 12)");
    const double threshold = leaf_threshold(cfg_.C1, eps);
    const Cut cut(ws_.cuts.data() + cb, ce - cb);
    if (observer_ && observer_->on_leaf) observer_->on_leaf(LeafEvent{cut, e - b, eps, threshold, N});
    if (!(N > threshold)) return;
    const double copies = std::round(N);
    if (copies < 1) return;
    // Leaves have the item's id (taxonomy.hpp).
    auto& items = ws_.leaf_items;
    items.assign(cut.begin(), cut.end());
    std::sort(items.begin(), items.end());
    out_.add(items, copies);
    ++stats_.released;
    stats_.released_records += copies;
  }

  const Transactions& data_;
  const Taxonomy& tree_;
  const DiffPartConfig& cfg_;
  Stream& stream_;
  Mechanisms& noise_;
  PrivacyLedger& ledger_;
  DiffPartStats& stats_;
  const Observer* observer_;
  Workspace& ws_;
  Itemsets out_;
  std::uint64_t visited_ = 0;
};

double node_expected_leaves(const Taxonomy& t, Node u, double C2) {
  if (t.is_leaf(u)) return 1.0;
  double product = 1.0;
  for (std::uint32_t c = 0; c < t.children(u); ++c)
    product *= 1.0 + node_expected_leaves(t, t.first_child(u) + c, C2);
  return pass_probability(C2, t.height(u)) * (product - 1.0);
}

}  // namespace

PartitionBudget root_budget(double B, std::uint64_t internal_nodes) {
  PartitionBudget p;
  p.unused = B / 2;
  p.alpha = internal_nodes ? p.unused / static_cast<double>(internal_nodes) : 0.0;
  return p;
}

PartitionBudget sub_budget(const PartitionBudget& parent, std::uint64_t sub_internal_nodes) {
  PartitionBudget s;
  s.unused = parent.unused - parent.alpha;
  s.alpha = sub_internal_nodes ? s.unused / static_cast<double>(sub_internal_nodes) : 0.0;
  return s;
}

double split_threshold(double C2, std::uint32_t height, double alpha) {
  return kSqrt2 * C2 * static_cast<double>(height) / alpha;
}

double leaf_threshold(double C1, double leaf_eps) { return kSqrt2 * C1 / leaf_eps; }

std::uint32_t child_mask(const Taxonomy& t, std::span<const std::uint32_t> record, Node u) {
  if (t.is_leaf(u)) return 0;
  const std::uint32_t h = t.height(u), base = t.index(u) * t.fanout();
  std::uint32_t mask = 0;
  for (std::uint32_t item : record)
    if (item < t.items() && t.ancestor_index(item, h) == t.index(u))
      mask |= 1u << (t.ancestor_index(item, h - 1) - base);
  return mask;
}

double expected_empty_leaves(const Taxonomy& t, Node u, double C2) {
  return node_expected_leaves(t, u, C2);
}

double subcritical_C2(std::uint32_t fanout) {
  const double combos = std::ldexp(1.0, static_cast<int>(fanout)) - 1;
  return std::log(combos / 2) / kSqrt2;
}

Itemsets sanitize(const Transactions& data, const DiffPartConfig& config, Stream& stream,
                  Mechanisms& noise, DiffPartStats* stats, const Observer* observer,
                  Workspace* workspace) {
  if (!(config.B > 0) || !std::isfinite(config.B))
    throw Error("diffpart: the privacy budget B must be a finite number > 0, got " + fmt(config.B));
  if (config.fanout < 2 || config.fanout > kMaxFanout)
    throw Error("diffpart: fan-out f must be in [2, " + std::to_string(kMaxFanout) + "], got " +
                std::to_string(config.fanout));
  if (!(config.C1 >= 0) || !(config.C2 > 0) || !std::isfinite(config.C1) || !std::isfinite(config.C2))
    throw Error("diffpart: C1 must be >= 0 and C2 > 0 (finite), got C1 = " + fmt(config.C1) +
                ", C2 = " + fmt(config.C2));
  if (data.universe < 1) throw Error("diffpart: dataset '" + data.name + "' has an empty item universe");
  if (data.records() >= std::numeric_limits<std::uint32_t>::max())
    throw Error("diffpart: more than 2^32 - 1 records are not supported");
  const Taxonomy tree(data.universe, config.fanout);
  // Data-independent feasibility check: each partition operation of an empty partition
  // generates its empty sub-partitions with a probability that does not depend on the budget.
  const double expected = expected_empty_leaves(tree, tree.root(), config.C2);
  if (!(expected <= static_cast<double>(config.max_partitions))) {
    const Node first_parent = tree.node(1, 0);
    const double per_split = pass_probability(config.C2, 1) *
                             (std::ldexp(1.0, static_cast<int>(tree.children(first_parent))) - 1);
    throw Error("diffpart: with C2 = " + fmt(config.C2) + " and fan-out " + std::to_string(config.fanout) +
                " over " + std::to_string(data.universe) + " items, an empty partition at the root is expected to end in " +
                fmt(expected) + " leaf partitions, more than max_partitions = " +
                std::to_string(config.max_partitions) + " (a split of a height-1 node with " +
                std::to_string(tree.children(first_parent)) + " children generates " + fmt(per_split) +
                " empty sub-partitions on average: the test of Procedure 1 line 14 passes an empty one "
                "with probability exp(-sqrt(2) C2 h) / 2 whatever the budget); use C2 >= " +
                fmt(subcritical_C2(config.fanout)) + " or a smaller fan-out");
  }
  DiffPartStats local_stats;
  Workspace local_ws;
  Run run(data, tree, config, stream, noise, stats ? *stats : local_stats, observer,
          workspace ? *workspace : local_ws);
  return run.run();
}

}  // namespace dplab::diffpart
