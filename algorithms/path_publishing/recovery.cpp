#include "algorithms/path_publishing/recovery.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <set>
#include <vector>

namespace dplab::path_publishing {
namespace {

struct Ends {
  std::vector<char> root, leaf;
};

Ends ends_of(const GraphPath& gp) {
  Ends e;
  e.root.assign(gp.size(), 1);
  e.leaf.assign(gp.size(), 1);
  for (auto [a, b] : gp.edges) {
    const auto hi = gp.level[a] < gp.level[b] ? a : b, lo = hi == a ? b : a;
    e.leaf[hi] = 0;  // it has a child
    e.root[lo] = 0;  // it has a parent
  }
  return e;
}

// Rule 5 in one direction: among the roots and leaves standing for visits, those with the
// smallest index (position, or visits - 1 - position when reversed); consistent when one of
// them is a root.
bool consistent(const GraphPath& gp, const ProcessedNetwork& pn, const Ends& e, bool reversed) {
  long best = LONG_MAX;
  bool root = false;
  for (std::size_t x = 0; x < gp.size(); ++x) {
    const long pos = pn.copies[gp.copy[x]].position;
    if (pos < 0 || !(e.root[x] || e.leaf[x])) continue;
    const long key = reversed ? long(pn.visits) - 1 - pos : pos;
    if (key < best) { best = key; root = false; }
    if (key == best && e.root[x]) root = true;
  }
  // No visit is a root or a leaf (fakes and pieces hold both ends): Rule 5 says nothing, and
  // either direction is as good as the other.
  return best == LONG_MAX || root;
}

}  // namespace

bool orient(GraphPath& gp, const ProcessedNetwork& pn) {
  if (consistent(gp, pn, ends_of(gp), false)) return false;
  for (int& l : gp.level) l = -l;
  return true;
}

Recovery recover(const GraphPath& gp, const ProcessedNetwork& pn, const Network& net) {
  Recovery r;
  const std::size_t n = pn.size();
  // Same branch, per pair of copies: an edge between any of their vertices.
  std::vector<char> same(n * n, 0);
  for (auto [a, b] : gp.edges) {
    const auto x = gp.copy[a], y = gp.copy[b];
    same[x * n + y] = same[y * n + x] = 1;
  }
  std::vector<char> joined(std::size_t(net.vertices) * net.vertices, 0);
  for (auto [a, b] : net.edges) joined[std::size_t(a) * net.vertices + b] = joined[std::size_t(b) * net.vertices + a] = 1;
  // Rules 1 and 2 against the path's edges (consecutive visits).
  r.edges_exact = true;
  for (std::size_t a = 0; a < n && r.edges_exact; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      const auto& x = pn.copies[a];
      const auto& y = pn.copies[b];
      if (!joined[std::size_t(x.base) * net.vertices + y.base]) continue;
      const bool path_edge = x.position >= 0 && y.position >= 0 && std::abs(x.position - y.position) == 1;
      if (path_edge == bool(same[a * n + b])) { r.edges_exact = false; break; }
    }

  const Ends e = ends_of(gp);
  for (std::size_t x = 0; x < gp.size(); ++x)
    if (pn.copies[gp.copy[x]].position >= 0 && (e.root[x] || e.leaf[x])) ++r.root_leaf;
  r.levels = std::set<int>(gp.level.begin(), gp.level.end()).size();
  r.blind = r.root_leaf == 0;
  if (r.edges_exact) {
    const bool forward = consistent(gp, pn, e, false), backward = consistent(gp, pn, e, true);
    r.good = forward ? (backward ? 0.5 : 1.0) : 0.0;
  }
  return r;
}

bool satisfies_rules(const GraphPath& gp, const ProcessedNetwork& pn) {
  std::vector<std::vector<std::uint32_t>> above(gp.size()), below(gp.size());
  for (auto [a, b] : gp.edges) {
    if (gp.level[a] == gp.level[b]) return false;
    const auto hi = gp.level[a] < gp.level[b] ? a : b, lo = hi == a ? b : a;
    below[hi].push_back(lo);
    above[lo].push_back(hi);
  }
  for (std::size_t v = 0; v < gp.size(); ++v)
    for (auto a : above[v])
      for (auto c : below[v])
        if (pn.at(gp.copy[a], gp.copy[c]) == kPathEdge) return false;
  return true;
}

}  // namespace dplab::path_publishing
