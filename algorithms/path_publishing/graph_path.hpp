// The graph-based path G_P (lu_thesis §6.3.3): the copies of N^ placed on levels, plus the pieces
// that conflict resolution splits off (Algorithm 6.6), with an edge between two vertices exactly
// when they are in the same branch (Algorithm 6.4 l. 23-25 draws the r = 2 pairs). The published
// labels say which copy of which vertex each vertex of G_P is (§6.3.2: the relation between base
// vertices and sub-vertices is public; pieces carry their vertex's label too).
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "algorithms/path_publishing/processed_network.hpp"

namespace dplab::path_publishing {

struct GraphPath {
  std::vector<std::uint32_t> copy;  // per vertex of G_P: the copy of N^ it stands for
  std::vector<int> level;           // per vertex; smaller is higher (the roots' side)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;  // (a, b), a < b
  std::size_t size() const { return copy.size(); }
};

struct InsertConfig {
  bool split = true;               // Algorithm 6.6 on a conflict; false: give up (an unusable network)
  std::uint64_t step_budget = 0;   // placements + backtracks before the search stops backtracking
  bool shortcut = true;            // stop at once at a vertex no search can place (forcing.hpp; same outcome)
};

struct InsertStats {
  bool built = false;        // a G_P was produced
  bool split_needed = false; // Algorithm 6.6 ran (or would have, with splitting off)
  bool budget_hit = false;   // the step budget ran out
  std::uint64_t steps = 0;   // placements + backtracks of Algorithm 6.4
  std::uint32_t splits = 0;  // calls of Algorithm 6.6
  std::uint32_t pieces = 0;  // vertices added by splitting
  bool orientable = false;   // no contradiction among the forcings of all vertices (forcing.hpp):
                             // with no r = 0 or r = -1 pairs, "the graph edges form a comparability graph"
};

// Algorithms 6.4-6.6: inserts the copies of `pn` (the visits in path order, then the fakes),
// each at the largest level Algorithm 6.5 allows, backtracking over the other allowed levels in
// depth-first order; with splitting on, a conflict that backtracking cannot resolve (or any
// conflict once the step budget is spent) is resolved by Algorithm 6.6. Empty when splitting is
// off and the network is not usable.
std::optional<GraphPath> insert_vertices(const ProcessedNetwork& pn, const InsertConfig& cfg, InsertStats& stats);

// Algorithm 6.5 with the relation of `pn` on a partial placement (`level` per copy, nullopt for
// copies not placed): true when copy u may go to level n. For tests: the engine uses the same
// rules on bit sets.
bool level_allowed(const ProcessedNetwork& pn, const std::vector<std::optional<int>>& level, std::uint32_t u, int n);

}  // namespace dplab::path_publishing
