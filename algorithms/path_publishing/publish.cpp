#include "algorithms/path_publishing/publish.hpp"

namespace dplab::path_publishing {

Publication publish(const Network& net, const PublishConfig& cfg, Mechanisms& noise) {
  Publication out;
  // Algorithm 6.3 l. 1: Algorithm 6.1 (no DP: each vertex has exactly its visits).
  const auto subnum = cfg.dp_vertices ? draw_subnum(net, cfg.subnum_range, cfg.eps_v, noise) : visit_counts(net);
  out.pn = process(net, subnum);
  // l. 2: Algorithm 6.2.
  if (cfg.dp_edges) {
    out.edge_loss = edge_privacy_loss(out.pn, net, cfg.eps_e);
    out.drawn_pairs = randomise_non_edges(out.pn, cfg.eps_e, noise);
  }
  else resolve_non_edges(out.pn, cfg.non_edges);
  // l. 3: Algorithm 6.4; l. 4-5: Rule 5.
  out.gp = insert_vertices(out.pn, cfg.insert, out.stats);
  if (out.gp) {
    out.flipped = orient(*out.gp, out.pn);
    out.recovery = recover(*out.gp, out.pn, net);
    out.rules_hold = satisfies_rules(*out.gp, out.pn);
  }
  return out;
}

}  // namespace dplab::path_publishing
