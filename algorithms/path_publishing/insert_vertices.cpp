// Algorithm 6.4 (insert vertex) with Algorithm 6.5's level test and Algorithm 6.6 on conflicts.
//
// Reading of Algorithm 6.4 (docs/papers/lu_thesis.md, chapter 6): the path's visits are inserted in path order, the
// first at level 0, then the fakes (Algorithm 6.1 pushes them after the path). A vertex met for
// the first time gets its possible levels (l. 5-8: every level from level.top - 1 to
// level.bottom + 1, empty ones included, that Algorithm 6.5 allows) and takes the largest
// (l. 10). With none left it goes back (l. 18-19): the previous vertex is taken off the stack and
// tries its next largest level. This is a depth-first search over the allowed levels; the
// pseudo-code's loop `while P != {}` would stop before inserting the last vertex, and level.top
// and level.bottom are not restored on backtracking: we insert every vertex and always test
// against the levels actually occupied. When the search returns to the first vertex (l. 20-22)
// it resumes from the deepest placement it reached (S_bak) and resolves the conflict of the
// vertex that stopped it (Algorithm 6.6); what is placed then stays placed (the search never
// backtracks below a resolved conflict). The step budget bounds the search: once placements
// plus backtracks exceed it, the search resumes from its deepest placement and no longer
// backtracks (every further conflict is split at once), or, with splitting off, gives up.
#include <algorithm>
#include <vector>

#include "algorithms/path_publishing/forcing.hpp"
#include "algorithms/path_publishing/graph_path.hpp"
#include "algorithms/path_publishing/placement.hpp"
#include "algorithms/path_publishing/resolve_conflict.hpp"
#include "core/error.hpp"

namespace dplab::path_publishing {
namespace {

template <int W>
std::optional<GraphPath> run(const ProcessedNetwork& pn, const InsertConfig& cfg, InsertStats& stats) {
  stats = InsertStats{};
  Placement<W> pl(pn);
  const int n = static_cast<int>(pn.size());
  // Insertion order: the visits in path order, then the fakes (copies are stored that way).
  std::vector<int> stack;                 // S
  std::vector<std::vector<int>> levels(n);   // remaining allowed levels per vertex, ascending
  struct Snapshot {
    std::vector<int> stack;
    std::vector<int> level;
    int next = 0;
  } best;                                 // S_bak: the deepest placement since the last commit
  auto save = [&](int next) {
    best.stack = stack;
    best.level.clear();
    for (int x : stack) best.level.push_back(pl.level[x]);
    best.next = next;
  };
  auto restore = [&](std::size_t commit) {
    while (stack.size() > commit) {
      pl.unplace(stack.back());
      stack.pop_back();
    }
    for (std::size_t k = commit; k < best.stack.size(); ++k) {
      pl.place(best.stack[k], best.level[k]);
      stack.push_back(best.stack[k]);
    }
    return best.next;
  };

  pl.place(0, 0);
  stack.push_back(0);
  std::size_t commit = 1;  // the stack below this never changes again
  save(1);
  ForcingCheck check;      // forcing.hpp: the first vertex no search can place
  const int first_doomed = check.first_infeasible(pl, n);
  stats.orientable = first_doomed == n;
  int doomed = cfg.shortcut ? first_doomed : n;
  bool greedy = false;     // the step budget is spent: no more backtracking
  int next = 1;
  bool fresh = true;
  while (next < n) {
    const int v = next;
    if (!greedy && ++stats.steps > cfg.step_budget) {
      stats.budget_hit = true;
      if (!cfg.split) return std::nullopt;
      greedy = true;
      next = restore(commit);
      commit = stack.size();
      fresh = true;
      continue;
    }
    if (v == doomed && !greedy) {
      // Every placement of the vertices before v fails at v: the search would backtrack through
      // all of them and end where it is now (S_bak is the first placement of them it found).
    } else {
      auto& mine = levels[v];
      if (fresh) {
        pl.refresh();
        mine.clear();
        for (int l = pl.first_level(); l <= pl.last_level(); ++l)
          if (pl.allowed(v, l)) mine.push_back(l);
      }
      if (!mine.empty()) {
        pl.place(v, mine.back());  // l. 10: the largest allowed level
        mine.pop_back();
        stack.push_back(v);
        ++next;
        fresh = true;
        if (greedy) commit = stack.size();
        if (stack.size() > best.stack.size() || greedy) save(next);
        continue;
      }
      if (stack.size() > commit && !greedy) {  // l. 18-19: backtrack
        const int w = stack.back();
        stack.pop_back();
        pl.unplace(w);
        next = w;
        fresh = false;
        continue;
      }
    }
    // l. 20-22: the search is exhausted (or may not backtrack): Algorithm 6.6.
    stats.split_needed = true;
    if (!cfg.split) return std::nullopt;
    next = restore(commit);
    const int stuck = next;
    for (int x : resolve_conflict(pl, stuck)) stack.push_back(x);
    ++stats.splits;
    commit = stack.size();
    next = stuck + 1;
    save(next);
    fresh = true;
    check.commit(next);
    doomed = cfg.shortcut ? check.first_infeasible(pl, n) : n;
  }
  stats.pieces = static_cast<std::uint32_t>(pl.size() - n);
  stats.built = true;

  GraphPath gp;
  gp.copy = pl.copy;
  gp.level = pl.level;
  for (int a = 0; a < pl.size(); ++a)
    pl.must[a].each([&](int b) {
      if (a < b) gp.edges.emplace_back(a, b);
    });
  return gp;
}

}  // namespace

std::optional<GraphPath> insert_vertices(const ProcessedNetwork& pn, const InsertConfig& cfg, InsertStats& stats) {
  // The smallest vertex sets that hold the copies with room for pieces; twice as many words
  // when splitting outgrows them (the run is deterministic, so it is simply redone).
  const std::size_t n = pn.size();
  try {
    if (n + 8 <= 64) return run<1>(pn, cfg, stats);
  } catch (const CapacityExceeded&) {}
  try {
    if (n + 8 <= 128) return run<2>(pn, cfg, stats);
  } catch (const CapacityExceeded&) {}
  try {
    if (n + 8 <= 256) return run<4>(pn, cfg, stats);
  } catch (const CapacityExceeded&) {}
  try {
    return run<16>(pn, cfg, stats);
  } catch (const CapacityExceeded&) {
    throw Error("graph-based path: more than 1,024 vertices after splitting (the network has " +
                std::to_string(n) + " copies of its vertices)");
  }
}

bool level_allowed(const ProcessedNetwork& pn, const std::vector<std::optional<int>>& level, std::uint32_t u, int n) {
  if (pn.size() > 64) throw Error("level_allowed: at most 64 copies");
  Placement<1> pl(pn);
  for (std::size_t x = 0; x < level.size(); ++x)
    if (level[x]) pl.place(static_cast<int>(x), *level[x]);
  if (pl.placed.empty()) return true;
  pl.refresh();
  // A level beyond level.top - 1 (level.bottom + 1) has the same vertices above, below and on
  // it as level.top - 1 (level.bottom + 1): the test is the same.
  n = std::clamp(n, pl.first_level(), pl.last_level());
  return pl.allowed(static_cast<int>(u), n);
}

}  // namespace dplab::path_publishing
