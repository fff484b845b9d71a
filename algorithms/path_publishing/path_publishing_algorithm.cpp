// lu_thesis.path_publishing: graph-based differentially private path publishing (lu_thesis ch. 6,
// Algorithm 6.3 with 6.1, 6.2, 6.4-6.6) and what a genuine user recovers from it (§6.4.2).
//
// A new network per run: §6.4's 1,000 runs per network size are 1,000 random networks (Fig. 6.8
// reports the share of "usable networks"). Without a dataset in the spec, each trial draws its
// network with the catalogue's hamiltonian_network generator from the public stream keyed by the
// network's shape and the trial: every algorithm and budget of a spec sees the same network at
// trial t (common random numbers: the curves of Figs 6.9-6.10 differ by their budgets only), a
// trial replays alone, and nothing private decides which network is drawn. A spec that names a
// Network dataset publishes that one network in every trial instead.
#include <time.h>

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/path_publishing/publish.hpp"
#include "datasets/generators/hamiltonian_network.hpp"
#include "framework/registry.hpp"

namespace dplab::path_publishing {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

class PathPublishing : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "lu_thesis.path_publishing";
    i.doc = "graph-based DP path publishing (lu_thesis Algorithm 6.3 with 6.1, 6.2, 6.4-6.6) on a new random network per trial";
    i.params = {
        ParamSpec::boolean("dp_vertices", false, "Algorithm 6.1: fake sub-vertices by the exponential mechanism (eps_v)"),
        ParamSpec::real("eps_v", 1.0, "budget of Algorithm 6.1 (Eq. 6.1, Delta q_v = 1)").above(0),
        ParamSpec::text("subnum_range", "path_degree",
                        "range of subNum: path_degree = [baseNum, max degree in P] (Alg. 6.1 l. 3), appearances = "
                        "[num, max{maxNum, 2}] (§6.3.2's words), network_degree = [baseNum, max degree in N]")
            .one_of({"appearances", "path_degree", "network_degree"}),
        ParamSpec::boolean("dp_edges", false, "Algorithm 6.2: every non-edge becomes a path or graph edge (eps_e)"),
        ParamSpec::real("eps_e", 1.0, "budget of Algorithm 6.2 (Eq. 6.4; Pr[graph edge] = 1/(1 + exp(-eps_e/2)))").above(0),
        ParamSpec::text("non_edges", "as_path",
                        "without DP on edges, a non-edge r = 0 is read as_path (different branches, §6.3.1), as_graph "
                        "(same branch) or free (unconstrained, Alg. 6.5 tests r = 1 and 2 only)")
            .one_of({"as_path", "as_graph", "free"}),
        ParamSpec::boolean("split", true, "Algorithm 6.6 resolves conflicts (false: a conflict makes the network unusable)"),
        ParamSpec::integer("step_budget", 1000000,
                           "placements + backtracks of Algorithm 6.4 before it stops backtracking (then splits at once, "
                           "or gives up without splitting)")
            .at_least(1),
        ParamSpec::integer("vertices", 10, "|V| of the network drawn per trial (no dataset in the spec)").at_least(4).at_most(60),
        ParamSpec::integer("edges", 0, "|E| of the network drawn per trial; 0: the path alone").at_least(0),
        ParamSpec::boolean("cyclic", false, "the path returns to vertices it visited (rings), see hamiltonian_network"),
        ParamSpec::integer("revisits", 1, "returns to an earlier vertex of a cyclic path").at_least(1).at_most(10),
    };
    i.outputs = {
        {"usable", "1 if G_P was built without splitting within the step budget (Fig. 6.8a)"},
        {"good_output", "1 if the user identifies the first vertex, 0.5 on a tie, 0 otherwise or without G_P"},
        {"good_if_usable", "good_output of usable networks, NaN otherwise (Fig. 6.8b)"},
        {"good_k4", "good_output of usable networks with >= 4 root/leaf visits, NaN otherwise (Prop. 6.1)"},
        {"root_leaf", "roots and leaves of G_P standing for visits (Prop. 6.1's k)"},
        {"blind", "1 if no visit is a root or a leaf (fakes and pieces hold both ends: Rule 5 ties), NaN without G_P"},
        {"built", "1 if a G_P was produced (with splitting: always, Theorem 6.3)"},
        {"recovered", "1 if Rules 1 and 2 give exactly the path's edges, NaN without G_P"},
        {"rules_hold", "1 if G_P satisfies the rules (Claim 6.1), NaN without G_P"},
        {"orientable", "1 if the graph edges admit the orientation Algorithm 6.5 asks for (as_path, no copies: "
                       "a comparability graph); necessary for usable"},
        {"budget_hit", "1 if the step budget ran out"},
        {"steps", "placements + backtracks of Algorithm 6.4"},
        {"splits", "calls of Algorithm 6.6"},
        {"pieces", "vertices added by splitting"},
        {"fakes", "fake sub-vertices added by Algorithm 6.1"},
        {"published_vertices", "vertices of G_P"},
        {"levels", "occupied levels of G_P"},
        {"flipped", "1 if Rule 5 turned G_P upside down"},
        {"drawn_pairs", "vertex pairs drawn by Algorithm 6.2"},
        {"cpu_time", "thread CPU seconds of the publish (Algorithm 6.3), network drawing excluded"},
        {"edge_loss", "exact privacy loss of Algorithm 6.2 for the worst missing path edge (Lemma 6.2 says eps_e + ln 2)"},
    };
    // What the recipient sees is G_P and what a user computes from it alone (Rules 1, 2, 5:
    // its size, levels, roots and leaves, the flip); everything else compares with the true
    // network or is internal to the publisher (steps, splits, drawn pairs, timing), so
    // `dplab audit` looks only at the former.
    for (auto& o : i.outputs)
      o.evaluation = !(o.name == "built" || o.name == "published_vertices" || o.name == "levels" ||
                       o.name == "root_leaf" || o.name == "blind" || o.name == "flipped");
    // Theorem 6.1: eps_v for Algorithm 6.1, eps_e + ln 2 for Algorithm 6.2 (Lemma 6.2).
    i.budget_of = [](const Params& p) {
      return (p.boolean("dp_vertices") ? p.real("eps_v") : 0.0) +
             (p.boolean("dp_edges") ? p.real("eps_e") + std::log(2.0) : 0.0);
    };
    i.accepts = {DatasetKind::Network};
    i.dataset_optional = true;
    // The neighbours of Lemma 6.1 and Theorem 6.1 differ in one edge. No configuration is
    // eps-DP for them as published: Algorithm 6.2 leaks (both ways), and without it the edges
    // go out as they are. Algorithm 6.1's data-dependent range (lu_thesis.path_subnum_range) is
    // a further finding behind these two.
    i.privacy = PrivacyStatus::not_dp("lu_thesis.path_vertices_only",
                                      "Algorithm 6.1 alone: the network's edges go into G_P as they are");
    i.privacy_rules = {
        when_param("dp_edges", {"true"},
                   PrivacyStatus::not_dp("lu_thesis.path_edge_step",
                                         "Algorithm 6.2: a missing path edge is never joined under N, joined with "
                                         "probability >= 1/2 under N'")),
        when_param("dp_vertices", {"false"},
                   PrivacyStatus::none("neither DP step: the network's path is published as it is (Fig. 6.8)")),
    };
    return i;
  }

  void run(TrialContext& ctx) const override {
    const Params& p = ctx.params;
    PublishConfig cfg;
    cfg.dp_vertices = p.boolean("dp_vertices");
    cfg.eps_v = p.real("eps_v");
    cfg.subnum_range = parse_subnum_range(p.text("subnum_range"));
    cfg.dp_edges = p.boolean("dp_edges");
    cfg.eps_e = p.real("eps_e");
    cfg.non_edges = parse_non_edges(p.text("non_edges"));
    cfg.insert.split = p.boolean("split");
    cfg.insert.step_budget = static_cast<std::uint64_t>(p.integer("step_budget"));

    Network drawn;
    const Network* net = ctx.data ? &ctx.dataset<Network>() : nullptr;
    if (!net) {
      NetworkShape shape;
      shape.vertices = static_cast<std::uint32_t>(p.integer("vertices"));
      shape.edges = static_cast<std::size_t>(p.integer("edges"));
      shape.revisits = p.boolean("cyclic") ? static_cast<std::uint32_t>(p.integer("revisits")) : 0;
      check_network_shape(shape, "lu_thesis.path_publishing: ");
      Stream s = ctx.seeds.public_stream("hamiltonian_network|" + std::to_string(shape.vertices) + "|" +
                                         std::to_string(shape.edges) + "|" + std::to_string(shape.revisits));
      drawn = generate_network(s, shape);
      net = &drawn;
    }

    // Thread CPU time of the publish alone: unlike the trial's wall time it does not count the
    // time other processes take the core away, which on a shared machine is most of the
    // variation at these durations (tens of microseconds).
    timespec t0{}, t1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    const Publication pub = publish(*net, cfg, ctx.noise);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    const bool built = pub.gp.has_value();
    const bool usable = built && !pub.stats.split_needed && !pub.stats.budget_hit;
    const double good = built ? pub.recovery.good : 0.0;
    auto& out = ctx.out;
    out.scalar("usable", usable);
    out.scalar("good_output", good);
    out.scalar("good_if_usable", usable ? good : kNaN);
    out.scalar("good_k4", usable && pub.recovery.root_leaf >= 4 ? good : kNaN);
    out.scalar("root_leaf", built ? double(pub.recovery.root_leaf) : kNaN);
    out.scalar("blind", built ? double(pub.recovery.blind) : kNaN);
    out.scalar("built", built);
    out.scalar("recovered", built ? double(pub.recovery.edges_exact) : kNaN);
    out.scalar("rules_hold", built ? double(pub.rules_hold) : kNaN);
    out.scalar("orientable", pub.stats.orientable);
    out.scalar("budget_hit", pub.stats.budget_hit);
    out.scalar("steps", double(pub.stats.steps));
    out.scalar("splits", pub.stats.splits);
    out.scalar("pieces", pub.stats.pieces);
    out.scalar("fakes", double(pub.pn.fakes()));
    out.scalar("published_vertices", built ? double(pub.gp->size()) : kNaN);
    out.scalar("levels", built ? double(pub.recovery.levels) : kNaN);
    out.scalar("flipped", pub.flipped);
    out.scalar("drawn_pairs", double(pub.drawn_pairs));
    out.scalar("edge_loss", cfg.dp_edges ? pub.edge_loss : kNaN);
    out.scalar("cpu_time", double(t1.tv_sec - t0.tv_sec) + 1e-9 * double(t1.tv_nsec - t0.tv_nsec));
  }
};

}  // namespace
}  // namespace dplab::path_publishing

using dplab::path_publishing::PathPublishing;
DPLAB_ALGORITHM(PathPublishing);
