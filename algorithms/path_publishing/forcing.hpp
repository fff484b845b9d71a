// An exact shortcut for Algorithm 6.4's search: the first vertex that no placement of the
// vertices before it can take.
//
// A placement orients every graph edge (r = 2) from the higher to the lower level, and
// Algorithm 6.5 forbids a chain a -> b -> c of graph edges whose ends a, c are an r = 1 pair. So
// for such a pair both graph edges at b point into b or both out of b: the orientations of ab
// and cb are forced to agree (Golumbic's implication classes; with no r = 0 or r = -1 pairs a
// contradiction among them is exactly "not a comparability graph"). We add the vertices in
// insertion order, each with its forcings, to a union-find with parity; the first vertex whose
// forcings contradict each other (or the levels already fixed by a resolved conflict) cannot be
// placed whatever the search does before it. Algorithm 6.4 would reach it, place everything
// before it somehow, then backtrack through every placement of those vertices in vain (its
// S_bak being the first placement of them it found); we stop there at once. The outcome (usable
// or not, S_bak, the vertex split) is the same; only the steps are fewer.
#pragma once
#include <numeric>
#include <vector>

#include "algorithms/path_publishing/placement.hpp"

namespace dplab::path_publishing {

class ForcingCheck {
 public:
  // The smallest id k (among the first n vertices, inserted in id order) such that vertices
  // 0..k cannot be placed consistently, or n. Vertices below `committed_below`, and the pieces,
  // are placed for good: their edges keep the orientation of their levels.
  template <int W>
  int first_infeasible(const Placement<W>& pl, int n) {
    const int total = pl.size();
    edge_id_.assign(std::size_t(total) * total, -1);
    parent_.clear();
    parity_.clear();
    ground_ = node();
    auto edge = [&](int a, int b) {  // the variable "the higher of a, b is the smaller id"
      const int lo = std::min(a, b), hi = std::max(a, b);
      int& id = edge_id_[std::size_t(lo) * total + hi];
      if (id < 0) id = node();
      return id;
    };
    // A vertex enters when its id comes up (pieces and placed vertices enter first).
    std::vector<char> in(total, 0);
    auto enter = [&](int k) -> bool {
      in[k] = 1;
      bool ok = true;
      pl.must[k].each([&](int b) {
        if (!ok || !in[b]) return;
        // Fixed orientation when both are placed for good.
        if (pl.level[k] != kUnplaced && pl.level[b] != kUnplaced && fixed(k) && fixed(b)) {
          const bool k_above = pl.level[k] < pl.level[b];
          ok = join(edge(k, b), ground_, k_above == (k < b));
          if (!ok) return;
        }
        // Chains through b: k -> b and c -> b agree when (k, c) is an r = 1 pair.
        pl.must[b].each([&](int c) {
          if (ok && c != k && in[c] && pl.never[k].has(c)) ok = agree(k, c, b, edge);
        });
        // Chains through k: b -> k and c -> k agree when (b, c) is an r = 1 pair.
        pl.must[k].each([&](int c) {
          if (ok && c != b && c < b && in[c] && pl.never[b].has(c)) ok = agree(b, c, k, edge);
        });
      });
      return ok;
    };
    fixed_.assign(total, 0);
    for (int x = 0; x < total; ++x) fixed_[x] = x >= n || committed(pl, x);
    for (int x = 0; x < total; ++x)
      if (fixed_[x] && !enter(x)) return n;  // placed vertices always agree; no shortcut otherwise
    for (int k = 0; k < n; ++k)
      if (!fixed_[k] && !enter(k)) return k;
    return n;
  }

  void commit(int below) { committed_below_ = below; }

 private:
  template <int W>
  bool committed(const Placement<W>& pl, int x) const {
    return x < committed_below_ && pl.level[x] != kUnplaced;
  }
  bool fixed(int x) const { return fixed_[x]; }

  int node() {
    parent_.push_back(static_cast<int>(parent_.size()));
    parity_.push_back(0);
    return parent_.back();
  }
  // Root of x, with x's parity relative to it.
  std::pair<int, int> find(int x) {
    int p = 0;
    while (parent_[x] != x) {
      p ^= parity_[x];
      x = parent_[x];
    }
    return {x, p};
  }
  // Records "value(a) xor value(b) == (same ? 0 : 1)"; false on a contradiction.
  bool join(int a, int b, bool same) {
    auto [ra, pa] = find(a);
    auto [rb, pb] = find(b);
    const int want = same ? 0 : 1;
    if (ra == rb) return (pa ^ pb) == want;
    parent_[ra] = rb;
    parity_[ra] = pa ^ pb ^ want;
    return true;
  }
  // a -> centre and c -> centre have the same direction.
  template <class Edge>
  bool agree(int a, int c, int centre, Edge& edge) {
    // Variable value = "the smaller id is higher"; a -> centre is that variable when a < centre.
    const bool a_lit = a < centre, c_lit = c < centre;
    return join(edge(a, centre), edge(c, centre), a_lit == c_lit);
  }

  std::vector<int> edge_id_, parent_, parity_;
  std::vector<char> fixed_;
  int ground_ = 0;
  int committed_below_ = 0;
};

}  // namespace dplab::path_publishing
