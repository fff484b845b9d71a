#include "algorithms/diffpart/taxonomy.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace dplab::diffpart {

Taxonomy::Taxonomy(std::uint32_t items, std::uint32_t fanout) : items_(items), fanout_(fanout) {
  if (items < 1) throw Error("taxonomy tree: the item universe is empty");
  if (fanout < 2) throw Error("taxonomy tree: fan-out must be at least 2, got " + std::to_string(fanout));
  // Level sizes: n_0 = |I|, n_{h+1} = ceil(n_h / f), until one node remains.
  std::vector<std::uint32_t> sizes{items};
  while (sizes.back() > 1) sizes.push_back((sizes.back() + fanout - 1) / fanout);
  level_start_.assign(1, 0);
  for (std::uint32_t s : sizes) level_start_.push_back(level_start_.back() + s);
  const std::size_t nodes = level_start_.back();
  height_.resize(nodes);
  children_.assign(nodes, 0);
  first_child_.assign(nodes, 0);
  internal_.assign(nodes, 0);
  for (std::uint32_t h = 0; h < sizes.size(); ++h) {
    for (std::uint32_t j = 0; j < sizes[h]; ++j) {
      const Node u = node(h, j);
      height_[u] = h;
      if (h == 0) continue;
      // Node j of level h groups nodes f j .. min(f j + f, n_{h-1}) - 1 of level h - 1.
      const std::uint32_t lo = j * fanout, hi = std::min(lo + fanout, sizes[h - 1]);
      first_child_[u] = node(h - 1, lo);
      children_[u] = hi - lo;
      std::uint32_t in = 1;
      for (std::uint32_t c = lo; c < hi; ++c) in += internal_[node(h - 1, c)];
      internal_[u] = in;
    }
  }
  span_.assign(sizes.size(), 1);
  for (std::size_t h = 1; h < sizes.size(); ++h) span_[h] = span_[h - 1] * fanout;
  ancestors_.resize(sizes.size() * static_cast<std::size_t>(items));
  for (std::size_t h = 0; h < sizes.size(); ++h)
    for (std::uint32_t i = 0; i < items; ++i)
      ancestors_[h * items + i] = static_cast<std::uint32_t>(i / span_[h]);
}

std::uint32_t Taxonomy::first_item(Node u) const {
  return static_cast<std::uint32_t>(index(u) * span_[height(u)]);
}

std::uint32_t Taxonomy::end_item(Node u) const {
  const std::uint64_t end = (static_cast<std::uint64_t>(index(u)) + 1) * span_[height(u)];
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(end, items_));
}

std::uint32_t cut_height(const Taxonomy& t, Cut cut) {
  std::uint32_t h = 0;
  for (Node u : cut) h = std::max(h, t.height(u));
  return h;
}

std::uint64_t cut_internal_nodes(const Taxonomy& t, Cut cut) {
  std::uint64_t n = 0;
  for (Node u : cut) n += t.internal_nodes(u);
  return n;
}

bool is_leaf_cut(const Taxonomy& t, Cut cut) {
  return std::all_of(cut.begin(), cut.end(), [&](Node u) { return t.is_leaf(u); });
}

bool generalises(const Taxonomy& t, std::span<const std::uint32_t> record, Cut cut) {
  auto covers = [&](Node u, std::uint32_t item) {
    return item < t.items() && t.ancestor_index(item, t.height(u)) == t.index(u);
  };
  for (std::uint32_t item : record)
    if (std::none_of(cut.begin(), cut.end(), [&](Node u) { return covers(u, item); })) return false;
  for (Node u : cut)
    if (std::none_of(record.begin(), record.end(), [&](std::uint32_t i) { return covers(u, i); }))
      return false;
  return true;
}

}  // namespace dplab::diffpart
