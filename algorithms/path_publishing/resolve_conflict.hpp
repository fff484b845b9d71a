// Algorithm 6.6 (resolve inserting conflicts) on a placement: vertex v has no level that
// Algorithm 6.5 allows, even after backtracking. Our reading of its steps (docs/papers/lu_thesis.md, chapter 6):
//
// - l. 9-13, "S_l <- the suitable vertices of S if u.level = l": for every candidate level l
//   (level.top - 1 .. level.bottom + 1) the largest set of v's graph neighbours already in G_P
//   that a piece of v at level l can join without breaking Algorithm 6.5: a neighbour above l
//   qualifies if none of its own parents is an r = 1 pair of v (l. 8), one below if none of its
//   children is (l. 6); when a qualifying parent and child of the piece are an r = 1 pair (l. 1)
//   one of them is left out, which gives two sets per level (keep the upper, keep the lower).
// - l. 14, "solve a set cover": greedy set cover of v's placed neighbours by these sets (the
//   largest gain first, ties to the larger level as Algorithm 6.4 prefers, then the upper set).
// - l. 15-16, "split u according to S_temp and insert the split us into S and R": v itself takes
//   the first set (it keeps all its relations to the vertices still to come); every further set
//   becomes a piece of v, joined to that set only, apart from v's r = 1 partners, and free
//   towards vertices still to come (its pairs with them are neither drawn nor constrained).
// - l. 4-6, "the conflicting u": a neighbour x no set can reach (every level puts an r = 1
//   partner of v in x's branch). The pair (v, x) then becomes a branch of its own: a piece of x
//   and a piece of v joined only to each other, the last resort of Theorem 6.3's proof (a forest
//   of single-edge trees always exists).
// Every piece carries its vertex's public label, so a genuine user reads (v, x) as "same
// branch" when any piece of v and any piece of x are joined.
#pragma once
#include <vector>

#include "algorithms/path_publishing/placement.hpp"

namespace dplab::path_publishing {

// Resolves v's conflict in `pl`: places v and the pieces. Returns the new vertices of G_P (v
// first), which the caller pushes on its stack.
template <int W>
std::vector<int> resolve_conflict(Placement<W>& pl, int v) {
  using Set = VertexSet<W>;
  pl.refresh();
  const Set neighbours = pl.must[v] & pl.placed;
  struct Option {
    int level;
    Set reach;
  };
  std::vector<Option> options;
  for (int l = pl.last_level(); l >= pl.first_level(); --l) {
    const int i = l - pl.first_level();
    const Set above = neighbours & pl.above[i], below = neighbours & pl.below[i];
    Set up_ok, down_ok;
    above.each([&](int x) {
      if (!pl.never[v].intersects(pl.up[x])) up_ok.add(x);
    });
    below.each([&](int x) {
      if (!pl.never[v].intersects(pl.down[x])) down_ok.add(x);
    });
    Set keep_upper = up_ok, keep_lower = down_ok;
    down_ok.each([&](int c) {
      if (!pl.never[c].intersects(up_ok)) keep_upper.add(c);
    });
    up_ok.each([&](int p) {
      if (!pl.never[p].intersects(down_ok)) keep_lower.add(p);
    });
    options.push_back({l, keep_upper});
    options.push_back({l, keep_lower});
  }

  // Greedy set cover (options are ordered by level, largest first, upper set first).
  Set uncovered = neighbours;
  std::vector<const Option*> chosen;
  for (;;) {
    const Option* best = nullptr;
    int gain = 0;
    for (const auto& o : options) {
      const int g = (o.reach & uncovered).count();
      if (g > gain) { gain = g; best = &o; }
    }
    if (!best) break;
    chosen.push_back(best);
    uncovered = uncovered.minus(best->reach);
  }

  std::vector<int> added = {v};
  // v keeps the first set; its other placed neighbours are carried by pieces.
  const Set first = chosen.empty() ? Set{} : chosen.front()->reach;
  neighbours.minus(first).each([&](int x) { pl.unjoin(v, x); });
  const int v_level = chosen.empty() ? pl.last_level() : chosen.front()->level;
  const Set partners = pl.never[v];
  for (std::size_t k = 1; k < chosen.size(); ++k) {
    const int p = pl.add_vertex(pl.copy[v]);
    chosen[k]->reach.each([&](int x) { pl.join(p, x); });
    partners.each([&](int y) { pl.separate(p, y); });
    added.push_back(p);
  }
  // The conflicting neighbours: a branch of two pieces per pair, the piece of x on x's level
  // and the piece of v just below it (v comes later in the path, and Algorithm 6.4 puts later
  // vertices low).
  struct Branch {
    int x, xp, vp;
  };
  std::vector<Branch> branches;
  uncovered.each([&](int x) {
    const int xp = pl.add_vertex(pl.copy[x]);
    const int vp = pl.add_vertex(pl.copy[v]);
    pl.join(xp, vp);
    branches.push_back({x, xp, vp});
  });
  // Place everything on the levels chosen above (computed on the placement before the split).
  pl.place(v, v_level);
  for (std::size_t k = 1; k < chosen.size(); ++k) pl.place(added[k], chosen[k]->level);
  for (const auto& b : branches) {
    const int l = pl.level[b.x];
    pl.place(b.xp, l);
    pl.place(b.vp, l + 1);
    added.push_back(b.xp);
    added.push_back(b.vp);
  }
  return added;
}

}  // namespace dplab::path_publishing
