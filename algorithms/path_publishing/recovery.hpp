// What a genuine user reads from G_P (lu_thesis §6.3.1), and Rule 5's orientation.
//
// Rules 1 and 2: the user knows N. For two copies whose vertices are joined in N, "same branch"
// (an edge of G_P between any vertex standing for the one and any standing for the other) means
// a non-path edge, "different branches" a path edge. This gives the path's edges, hence the
// path up to its direction.
//
// Rule 5: roots are vertices of G_P without an edge to a higher level, leaves without one to a
// lower level (a vertex without edges is both). The publisher turns G_P upside down (Algorithm
// 6.3 l. 4-5) unless, among the roots and leaves that stand for visits of the path, one with the
// smallest index in the path is a root. The user tries both directions of the recovered path:
// a direction is consistent when one of the roots and leaves with the smallest index in that
// direction is a root. The output is good (1) when only the true direction is consistent, a
// tie (0.5, §6.4.2: "the two ends have equal chance") when both are. Fakes have no index; when
// no visit is a root or a leaf, both directions are consistent (a tie).
#pragma once
#include <cstddef>

#include "algorithms/path_publishing/graph_path.hpp"
#include "datasets/dataset.hpp"

namespace dplab::path_publishing {

// Rule 5 (Algorithm 6.3 l. 4-5): flips the levels when needed; returns whether it did.
bool orient(GraphPath& gp, const ProcessedNetwork& pn);

struct Recovery {
  bool edges_exact = false;   // Rules 1 and 2 give exactly the path's edges
  double good = 0;            // 1, 0.5 (a tie) or 0
  std::size_t root_leaf = 0;  // vertices of G_P standing for visits that are roots or leaves (Prop. 6.1's k)
  std::size_t levels = 0;     // depth of G_P (occupied levels)
  bool blind = false;         // no visit is a root or a leaf: Rule 5 cannot tell the ends apart
};
Recovery recover(const GraphPath& gp, const ProcessedNetwork& pn, const Network& net);

// The rules of a graph-based path (Claim 6.1, Theorem 6.3): no edge joins two vertices of one
// level, and no two edges chained through a vertex (one from above, one to below) put an r = 1
// pair of R into one branch.
bool satisfies_rules(const GraphPath& gp, const ProcessedNetwork& pn);

}  // namespace dplab::path_publishing
