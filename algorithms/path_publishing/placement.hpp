// The state of Algorithm 6.4 while it inserts vertices into G_P, and Algorithm 6.5's level test
// on it. Vertices are the copies of N^ (ids 0..n-1) and the pieces Algorithm 6.6 adds (ids n..).
// Each vertex has two rows of the relation: `must` (r = 2: same branch, an edge of G_P) and
// `never` (r = 1: different branches). Pairs in neither (r = -1 between copies of one vertex, or
// r = 0 under the `free` reading) constrain nothing and are never drawn.
#pragma once
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "algorithms/path_publishing/processed_network.hpp"
#include "algorithms/path_publishing/vertex_set.hpp"

namespace dplab::path_publishing {

// Thrown when splitting needs more vertices than W words hold; the insertion reruns with 2W.
struct CapacityExceeded : std::runtime_error {
  CapacityExceeded() : std::runtime_error("G_P outgrew its vertex sets") {}
};

constexpr int kUnplaced = 1 << 30;

template <int W>
struct Placement {
  using Set = VertexSet<W>;
  std::vector<Set> must, never;
  std::vector<int> level;            // kUnplaced when not in G_P
  std::vector<std::uint32_t> copy;   // the copy of N^ a vertex stands for
  Set placed;
  int offset = 0;                    // level l is stored at at[l + offset]
  std::vector<Set> at;               // vertices per level
  int top = 0, bottom = 0;           // smallest and largest occupied level (valid when placed is not empty)

  // Views of the current placement for the level tests of one vertex (computed by refresh()).
  std::vector<Set> above, below;     // above[l - top + 1]: vertices on levels < l; below: > l
  std::vector<Set> up, down;         // per placed vertex: its must-neighbours above / below it

  explicit Placement(const ProcessedNetwork& pn) {
    const int n = static_cast<int>(pn.size());
    if (n > Set::capacity()) throw CapacityExceeded();
    must.resize(Set::capacity());
    never.resize(Set::capacity());
    level.assign(n, kUnplaced);
    copy.resize(n);
    for (int a = 0; a < n; ++a) {
      copy[a] = static_cast<std::uint32_t>(a);
      for (int b = 0; b < n; ++b) {
        if (pn.at(a, b) == kGraphEdge) must[a].add(b);
        if (pn.at(a, b) == kPathEdge) never[a].add(b);
      }
    }
    offset = Set::capacity() + 2;
    at.resize(2 * offset + 1);
    up.resize(Set::capacity());
    down.resize(Set::capacity());
  }

  int size() const { return static_cast<int>(level.size()); }

  int add_vertex(std::uint32_t of_copy) {
    if (size() >= Set::capacity()) throw CapacityExceeded();
    level.push_back(kUnplaced);
    copy.push_back(of_copy);
    return size() - 1;
  }

  void place(int v, int l) {
    level[v] = l;
    placed.add(v);
    at[l + offset].add(v);
    if (placed.count() == 1) top = bottom = l;
    top = std::min(top, l);
    bottom = std::max(bottom, l);
  }

  void unplace(int v) {
    const int l = level[v];
    at[l + offset].remove(v);
    placed.remove(v);
    level[v] = kUnplaced;
    if (placed.empty()) return;
    while (at[top + offset].empty()) ++top;
    while (at[bottom + offset].empty()) --bottom;
  }

  // Candidate levels of Algorithm 6.4 l. 6: level.top - 1 .. level.bottom + 1.
  int first_level() const { return top - 1; }
  int last_level() const { return bottom + 1; }

  // Recomputes above/below for the candidate levels and up/down of every placed vertex.
  void refresh() {
    const int span = last_level() - first_level() + 1;
    above.assign(span, Set{});
    below.assign(span, Set{});
    for (int i = 1; i < span; ++i) above[i] = above[i - 1] | at[first_level() + i - 1 + offset];
    for (int i = span - 2; i >= 0; --i) below[i] = below[i + 1] | at[first_level() + i + 1 + offset];
    placed.each([&](int x) {
      const int i = level[x] - first_level();
      up[x] = must[x] & above[i];
      down[x] = must[x] & below[i];
    });
  }

  // Algorithm 6.5 for vertex u at level l (after refresh()).
  bool allowed(int u, int l) const {
    const int i = l - first_level();
    if (must[u].intersects(at[l + offset])) return false;           // l. 4: same level, r = 2
    const Set parents = must[u] & above[i], children = must[u] & below[i];
    bool ok = true;
    parents.each([&](int p) {
      if (never[p].intersects(children)) ok = false;                // l. 1: r(u's parent, u's child) = 1
      if (never[u].intersects(up[p])) ok = false;                   // l. 8: r(u, v's parent) = 1
    });
    if (!ok) return false;
    children.each([&](int c) {
      if (never[u].intersects(down[c])) ok = false;                 // l. 6: r(u, v's child) = 1
    });
    return ok;
  }

  // Symmetric edits of the relation (Algorithm 6.6 adds pieces to R).
  void join(int a, int b) { must[a].add(b); must[b].add(a); }
  void unjoin(int a, int b) { must[a].remove(b); must[b].remove(a); }
  void separate(int a, int b) { never[a].add(b); never[b].add(a); }
};

}  // namespace dplab::path_publishing
