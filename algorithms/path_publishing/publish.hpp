// Algorithm 6.3 (publish a graph-based differentially private path): Algorithm 6.1 on the
// vertices, Algorithm 6.2 on the edges, Algorithm 6.4 (with 6.5, 6.6) to build G_P, then
// Rule 5's orientation; and what a genuine user recovers from the result.
//
// Privacy (Theorem 6.1, by sequential composition of Lemmas 6.1 and 6.2): eps_v for the
// vertices, eps_e + ln 2 for the edges, so eps_v + eps_e + ln 2 with both. Without DP on one
// side, that side charges nothing.
#pragma once
#include <optional>

#include "algorithms/path_publishing/graph_path.hpp"
#include "algorithms/path_publishing/processed_network.hpp"
#include "algorithms/path_publishing/recovery.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::path_publishing {

struct PublishConfig {
  bool dp_vertices = false;  // Algorithm 6.1 with eps_v (else every vertex keeps its visits only)
  double eps_v = 1;
  SubnumRange subnum_range = SubnumRange::PathDegree;
  bool dp_edges = false;     // Algorithm 6.2 with eps_e (else r = 0 is read by `non_edges`)
  double eps_e = 1;
  NonEdges non_edges = NonEdges::AsPath;
  InsertConfig insert;
};

struct Publication {
  ProcessedNetwork pn;
  std::optional<GraphPath> gp;  // G_P, oriented by Rule 5; empty when no G_P was built
  InsertStats stats;
  bool flipped = false;
  Recovery recovery;            // meaningful when gp is set
  bool rules_hold = false;      // G_P satisfies the rules (Claim 6.1, Theorem 6.3)
  std::size_t drawn_pairs = 0;  // pairs Algorithm 6.2 drew
  double edge_loss = 0;         // edge_privacy_loss() of this run (0 without DP on edges)
};

Publication publish(const Network& net, const PublishConfig& cfg, Mechanisms& noise);

}  // namespace dplab::path_publishing
