// lu_thesis ch. 6: graph-based DP path publishing (algorithms/path_publishing/): R and Eq. 6.4's
// probabilities, Algorithm 6.5 on hand-made levels, Rule 5, the path-recovery invariant over
// thousands of random networks, Proposition 6.1 on trees, the ledger of Theorem 6.1, the step
// budget, and the 122 network sizes of the specs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "algorithms/path_publishing/graph_path.hpp"
#include "algorithms/path_publishing/publish.hpp"
#include "datasets/generators/hamiltonian_network.hpp"
#include "dplab_source_dir.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::path_publishing;

namespace {

Network make_network(std::uint32_t v, std::vector<std::uint32_t> path,
                     std::vector<std::pair<std::uint32_t, std::uint32_t>> extra) {
  Network n;
  n.vertices = v;
  n.path = std::move(path);
  std::set<std::pair<std::uint32_t, std::uint32_t>> e;
  auto add = [&](std::uint32_t a, std::uint32_t b) { e.insert({std::min(a, b), std::max(a, b)}); };
  for (std::size_t i = 0; i + 1 < n.path.size(); ++i) add(n.path[i], n.path[i + 1]);
  for (auto [a, b] : extra) add(a, b);
  n.edges.assign(e.begin(), e.end());
  std::vector<std::uint32_t> seen(v, 0);
  for (auto x : n.path) n.cyclic |= seen[x]++ > 0;
  return n;
}

// A processed network of `n` visits (positions 0..n-1, one copy per vertex) with R given
// pair by pair; pairs not listed are r = 1.
ProcessedNetwork hand_made(std::size_t n, const std::vector<std::tuple<int, int, std::int8_t>>& r) {
  ProcessedNetwork pn;
  for (std::size_t i = 0; i < n; ++i) pn.copies.push_back({std::uint32_t(i), 0, std::int32_t(i)});
  pn.visits = n;
  pn.r.assign(n * n, kPathEdge);
  for (std::size_t i = 0; i < n; ++i) pn.r[i * n + i] = kSameVertex;
  for (auto [a, b, x] : r) pn.set(a, b, x);
  return pn;
}

PublishConfig no_dp(bool split, NonEdges reading = NonEdges::AsPath) {
  PublishConfig c;
  c.insert.split = split;
  c.insert.step_budget = 100000;
  c.non_edges = reading;
  return c;
}

Publication publish_once(const Network& net, const PublishConfig& cfg, double budget = 30, std::uint64_t seed = 1) {
  Stream s(seed, 2, 3);
  PrivacyLedger ledger(budget);
  Mechanisms noise(s, ledger);
  return publish(net, cfg, noise);
}

}  // namespace

TEST_SUITE("path_publishing") {

TEST_CASE("R follows Eq. 6.3 for an acyclic and a cyclic path, with fake sub-vertices") {
  // Fig. 6.2-like: path 0-1-2-3-4-5 and two more edges (1,5), (2,4).
  const Network net = make_network(6, {0, 1, 2, 3, 4, 5}, {{1, 5}, {2, 4}});
  const ProcessedNetwork pn = process(net, visit_counts(net));
  REQUIRE(pn.size() == 6);
  CHECK(pn.visits == 6);
  CHECK(pn.edges == 7);
  CHECK(pn.at(0, 1) == kPathEdge);
  CHECK(pn.at(4, 5) == kPathEdge);
  CHECK(pn.at(1, 5) == kGraphEdge);
  CHECK(pn.at(4, 2) == kGraphEdge);
  CHECK(pn.at(0, 3) == kNonEdge);
  CHECK(pn.at(3, 3) == kSameVertex);

  // Fig. 6.4's ring: 0 1 2 3 4 1 2 5 visits 1 and 2 twice; one fake copy of 3.
  const Network ring = make_network(6, {0, 1, 2, 3, 4, 1, 2, 5}, {});
  std::vector<std::uint32_t> subnum = visit_counts(ring);
  CHECK(subnum == std::vector<std::uint32_t>{1, 2, 2, 1, 1, 1});
  subnum[3] = 2;
  const ProcessedNetwork p2 = process(ring, subnum);
  REQUIRE(p2.size() == 9);
  CHECK(p2.visits == 8);
  CHECK(p2.fakes() == 1);
  // The second visit of 1 is sub-vertex 1, at position 5; the fake is copy 8, sub-vertex 1 of 3.
  CHECK(p2.copies[5].base == 1);
  CHECK(p2.copies[5].sub == 1);
  CHECK(p2.copies[8].base == 3);
  CHECK(p2.copies[8].sub == 1);
  CHECK(p2.copies[8].position == -1);
  CHECK(p2.at(1, 2) == kPathEdge);    // 1(0) -> 2(0)
  CHECK(p2.at(5, 6) == kPathEdge);    // 1(1) -> 2(1)
  CHECK(p2.at(1, 6) == kGraphEdge);   // 1(0), 2(1): joined in N, not consecutive
  CHECK(p2.at(4, 5) == kPathEdge);    // 4 -> 1(1)
  CHECK(p2.at(4, 1) == kGraphEdge);
  CHECK(p2.at(1, 5) == kSameVertex);  // two copies of vertex 1
  CHECK(p2.at(8, 2) == kGraphEdge);   // the fake inherits 3's connections
  CHECK(p2.at(8, 4) == kGraphEdge);
  CHECK(p2.at(8, 3) == kSameVertex);
  CHECK(p2.at(8, 0) == kNonEdge);
}

TEST_CASE("subNum ranges of Algorithm 6.1: appearances, path degree, network degree") {
  const Network ring = make_network(6, {0, 1, 2, 3, 4, 1, 2, 5}, {{0, 5}, {0, 3}, {0, 4}});
  CHECK(subnum_upper(ring, SubnumRange::Appearances) == std::vector<std::uint32_t>(6, 2));
  CHECK(subnum_upper(ring, SubnumRange::PathDegree) == std::vector<std::uint32_t>(6, 4));  // 1 and 2: 4 path edges each
  CHECK(subnum_upper(ring, SubnumRange::NetworkDegree) == std::vector<std::uint32_t>(6, 4));  // vertex 0: 1, 5, 3, 4
  const Network line = make_network(5, {3, 1, 4, 0, 2}, {});
  CHECK(subnum_upper(line, SubnumRange::Appearances) == std::vector<std::uint32_t>(5, 2));
  CHECK(subnum_upper(line, SubnumRange::PathDegree) == std::vector<std::uint32_t>(5, 2));
}

TEST_CASE("Eq. 6.4: q_e(2) = (|E| - 1)/|E|, q_e(1) = 1/|E|, and the normalised gap is 1 for every |E|") {
  for (std::size_t e : {3, 4, 10, 45, 1000}) {
    CAPTURE(e);
    CHECK(edge_quality(2, e) == doctest::Approx((double(e) - 1) / double(e)));
    CHECK(edge_quality(1, e) == doctest::Approx(1.0 / double(e)));
    CHECK((edge_quality(2, e) - edge_quality(1, e)) / edge_quality_sensitivity(e) == doctest::Approx(1.0));
  }
}

TEST_CASE("Algorithm 6.5 on hand-made levels: each of its four tests") {
  // Vertex 3 is inserted; vertices 0..2 are placed.
  // l. 4: 3 ~ 0 (r = 2) and 0 is on level 0: not level 0, but level 1 is fine.
  ProcessedNetwork pn = hand_made(4, {{3, 0, kGraphEdge}});
  std::vector<std::optional<int>> lv = {0, std::nullopt, std::nullopt, std::nullopt};
  CHECK_FALSE(level_allowed(pn, lv, 3, 0));
  CHECK(level_allowed(pn, lv, 3, 1));
  CHECK(level_allowed(pn, lv, 3, -1));

  // l. 1: 3's parent 0 (level 0) and child 1 (level 2) are an r = 1 pair: level 1 refused;
  // below both (level 3) 3 has two parents and no child: allowed.
  pn = hand_made(4, {{3, 0, kGraphEdge}, {3, 1, kGraphEdge}});
  lv = {0, 2, std::nullopt, std::nullopt};
  CHECK_FALSE(level_allowed(pn, lv, 3, 1));
  CHECK(level_allowed(pn, lv, 3, 3));
  pn.set(0, 1, kGraphEdge);  // now 0 and 1 are one branch: 3 fits between them
  CHECK(level_allowed(pn, lv, 3, 1));

  // l. 6: 3 above 0 (r = 2) whose child 1 is an r = 1 partner of 3.
  pn = hand_made(4, {{3, 0, kGraphEdge}, {0, 1, kGraphEdge}});
  lv = {1, 2, std::nullopt, std::nullopt};
  CHECK_FALSE(level_allowed(pn, lv, 3, 0));
  pn.set(3, 1, kNonEdge);  // `free` reading: r = 0 constrains nothing
  CHECK(level_allowed(pn, lv, 3, 0));

  // l. 8: 3 below 0 (r = 2) whose parent 1 is an r = 1 partner of 3.
  pn = hand_made(4, {{3, 0, kGraphEdge}, {0, 1, kGraphEdge}});
  lv = {1, 0, std::nullopt, std::nullopt};
  CHECK_FALSE(level_allowed(pn, lv, 3, 2));
  pn.set(3, 1, kGraphEdge);
  CHECK(level_allowed(pn, lv, 3, 2));
  CHECK_FALSE(level_allowed(pn, lv, 3, 1));  // same level as 0
}

TEST_CASE("Figure 6.6's conflict: no level for e without splitting, a valid G_P with it") {
  // a ~ c, b ~ c, b ~ d as graph edges, e ~ a and e ~ d; every other pair is r = 1 (no DP,
  // as_path). Placed as in the figure: a and b on level 0, c below both, d below c (joined to b
  // only). The thesis's reasons, test by test: above a, e would join a's child c (l. 6); on a's
  // or d's level, a same-level neighbour (l. 4); between a and d, it would join them (l. 1);
  // below d, it would join d's parent b (l. 8). The five graph edges form a 5-cycle, which has
  // no transitive orientation, so backtracking cannot help either.
  const int a = 0, b = 1, c = 2, d = 3, e = 4;
  ProcessedNetwork pn = hand_made(5, {{a, c, kGraphEdge}, {b, c, kGraphEdge}, {b, d, kGraphEdge},
                                      {e, a, kGraphEdge}, {e, d, kGraphEdge}});
  const std::vector<std::optional<int>> lv = {0, 0, 1, 2, std::nullopt};
  for (int l = -1; l <= 3; ++l) CHECK_FALSE(level_allowed(pn, lv, e, l));
  InsertStats st;
  InsertConfig cfg;
  cfg.split = false;
  cfg.step_budget = 1000;
  CHECK_FALSE(insert_vertices(pn, cfg, st).has_value());
  CHECK(st.split_needed);
  cfg.split = true;
  auto gp = insert_vertices(pn, cfg, st);
  REQUIRE(gp.has_value());
  CHECK(st.splits >= 1);
  CHECK(st.pieces >= 1);
  CHECK(satisfies_rules(*gp, pn));
}

TEST_CASE("Rule 5: the publisher turns G_P upside down when the first visit's side is the leaves") {
  // Path 0 1 2 with the edge (0, 2): 0 hangs below 2. Vertex 1 has no edge (root and leaf).
  const Network net = make_network(3, {0, 1, 2}, {{0, 2}});
  const ProcessedNetwork pn = process(net, visit_counts(net));
  GraphPath gp;
  gp.copy = {0, 1, 2};
  gp.level = {1, 0, 0};
  gp.edges = {{0, 2}};
  CHECK(satisfies_rules(gp, pn));
  CHECK(orient(gp, pn));
  CHECK(gp.level == std::vector<int>{-1, 0, 0});
  CHECK_FALSE(orient(gp, pn));  // already oriented
  const Recovery r = recover(gp, pn, net);
  CHECK(r.edges_exact);
  CHECK(r.good == 1.0);  // reversed, the first vertex would be 2, now a leaf
  CHECK(r.root_leaf == 3);
  // Without the edge every vertex is a root and a leaf: the two directions tie.
  const Network bare = make_network(3, {0, 1, 2}, {});
  const ProcessedNetwork pb = process(bare, visit_counts(bare));
  GraphPath flat;
  flat.copy = {0, 1, 2};
  flat.level = {0, 0, 0};
  CHECK_FALSE(orient(flat, pb));
  CHECK(recover(flat, pb, bare).good == 0.5);
  // An edge G_P lacks (or has too many) breaks Rules 1-2: the user recovers a wrong path.
  CHECK_FALSE(recover(flat, pn, net).edges_exact);
  CHECK(recover(flat, pn, net).good == 0.0);
}

TEST_CASE("Proposition 6.1 on trees: exactly 1/2 for every path of 4 to 7 vertices (no DP)") {
  for (std::uint32_t v = 4; v <= 7; ++v) {
    std::vector<std::uint32_t> perm(v);
    std::iota(perm.begin(), perm.end(), 0u);
    std::size_t count = 0;
    do {
      const Network net = make_network(v, perm, {});
      for (NonEdges reading : {NonEdges::AsPath, NonEdges::Free}) {
        const Publication pub = publish_once(net, no_dp(false, reading));
        REQUIRE(pub.gp.has_value());
        CHECK(pub.recovery.edges_exact);
        CHECK(pub.recovery.good == 0.5);
      }
      ++count;
    } while (std::next_permutation(perm.begin(), perm.end()));
    CHECK(count == std::size_t(std::tgamma(v + 1) + 0.5));
  }
}

TEST_CASE("path-recovery invariant: Rules 1 and 2 give exactly the path's edges, over 6,000 random networks") {
  // Every configuration of the figures (no DP with each reading, DP on vertices, on edges, on
  // both; acyclic and cyclic), splitting on and off: whenever a G_P is built, the genuine user
  // recovers the path's edges exactly and G_P satisfies the rules; with splitting it is always
  // built (Theorem 6.3).
  Stream draw(2021, 6, 0);
  std::size_t built = 0, split_runs = 0, splits = 0;
  for (int k = 0; k < 6000; ++k) {
    NetworkShape shape;
    shape.vertices = 5 + std::uint32_t(draw.below(6));
    shape.revisits = k % 4 == 3 ? 1 + std::uint32_t(draw.below(2)) : 0;
    const std::size_t lo = min_edges(shape), hi = max_edges(shape);
    shape.edges = lo + draw.below(hi - lo + 1);
    const Network net = generate_network(draw, shape);
    PublishConfig cfg;
    cfg.dp_vertices = k % 3 == 1 || k % 5 == 0;
    cfg.dp_edges = k % 3 == 2 || k % 5 == 0;
    cfg.eps_v = 0.1 + 3 * draw.uniform();
    cfg.eps_e = 0.1 + 3 * draw.uniform();
    cfg.subnum_range = SubnumRange(k % 3);
    cfg.non_edges = NonEdges(k % 7 % 3);
    cfg.insert.split = k % 2 == 0;
    cfg.insert.step_budget = k % 10 == 0 ? 50 : 20000;
    CAPTURE(k);
    const Publication pub = publish_once(net, cfg, 30, 100 + k);
    if (cfg.insert.split) {
      ++split_runs;
      REQUIRE(pub.gp.has_value());
    }
    if (!pub.gp) continue;
    ++built;
    splits += pub.stats.splits;
    REQUIRE(pub.recovery.edges_exact);
    REQUIRE(pub.rules_hold);
    CHECK(pub.recovery.good >= 0.5);  // Rule 5 orientation: the true direction is consistent
    CHECK(pub.gp->size() == pub.pn.size() + pub.stats.pieces);
  }
  CHECK(split_runs == 3000);
  CHECK(built > 4000);
  CHECK(splits > 100);  // the splitting code ran many times
}

TEST_CASE("the forcing shortcut changes the steps of Algorithm 6.4 only, never its outcome") {
  // Same G_P (levels and edges), usability and splits with and without it, over 1,500 random
  // networks of every kind, splitting on and off, with a budget the search never reaches.
  Stream draw(77, 1, 0);
  std::uint64_t with = 0, without = 0;
  for (int k = 0; k < 1500; ++k) {
    NetworkShape shape;
    shape.vertices = 5 + std::uint32_t(draw.below(5));
    shape.revisits = k % 5 == 4 ? 1 : 0;
    shape.edges = min_edges(shape) + draw.below(max_edges(shape) - min_edges(shape) + 1);
    const Network net = generate_network(draw, shape);
    PublishConfig cfg;
    cfg.dp_vertices = k % 3 == 1;
    cfg.dp_edges = k % 3 == 2;
    cfg.non_edges = NonEdges(k % 3);
    cfg.insert.split = k % 2 == 0;
    cfg.insert.step_budget = 100000000;
    CAPTURE(k);
    const Publication a = publish_once(net, cfg, 30, 500 + k);
    cfg.insert.shortcut = false;
    const Publication b = publish_once(net, cfg, 30, 500 + k);
    REQUIRE(a.gp.has_value() == b.gp.has_value());
    CHECK(a.stats.split_needed == b.stats.split_needed);
    CHECK(a.stats.splits == b.stats.splits);
    CHECK(a.stats.steps <= b.stats.steps);
    with += a.stats.steps;
    without += b.stats.steps;
    if (a.gp) {
      CHECK(a.gp->level == b.gp->level);
      CHECK(a.gp->edges == b.gp->edges);
    }
  }
  MESSAGE("Algorithm 6.4 steps with the shortcut: " << with << ", without: " << without);
  CHECK(with < without);
}

TEST_CASE("the plugin: a new network per trial, the same network for every budget at one trial") {
  auto run = [](Params given, std::uint64_t trial) {
    return run_algorithm("lu_thesis.path_publishing", given, nullptr, Stream(1, 2, trial), TrialSeeds{77, trial});
  };
  Params p;
  p.set("vertices", std::int64_t(8));
  p.set("edges", std::int64_t(14));
  p.set("split", false);
  std::set<std::vector<double>> runs;
  for (std::uint64_t t = 0; t < 20; ++t) {
    const auto r = run(p, t);
    runs.insert({r.outputs.scalar("usable"), r.outputs.scalar("root_leaf"), r.outputs.scalar("levels"),
                 r.outputs.scalar("good_output")});
  }
  CHECK(runs.size() > 3);  // different networks
  // Without DP nothing random happens after the network is drawn: the same trial gives the
  // same run whatever eps_e says (it is not used).
  Params q = p;
  q.set("eps_e", 5.0);
  CHECK(run(p, 4).outputs.scalar("steps") == run(q, 4).outputs.scalar("steps"));
  CHECK(run(p, 4).outputs.scalar("usable") == run(q, 4).outputs.scalar("usable"));
}

TEST_CASE("Theorem 6.1 in the ledger: eps_v + eps_e + ln 2 with both, each side alone, nothing without DP") {
  auto spent = [](bool v, bool e) {
    Params p;
    p.set("vertices", std::int64_t(7));
    p.set("edges", std::int64_t(12));
    p.set("dp_vertices", v);
    p.set("dp_edges", e);
    p.set("eps_v", 0.7);
    p.set("eps_e", 1.3);
    return run_algorithm("lu_thesis.path_publishing", p, nullptr, Stream(3, 4, 5), TrialSeeds{6, 7}).spent_eps;
  };
  CHECK(spent(true, true) == doctest::Approx(0.7 + 1.3 + std::log(2.0)));
  CHECK(spent(true, false) == doctest::Approx(0.7));
  CHECK(spent(false, true) == doctest::Approx(1.3 + std::log(2.0)));
  CHECK(spent(false, false) == 0.0);
  // The declared budget is Theorem 6.1's, derived from the parameters, and every run spends it.
  const auto info = find_algorithm("lu_thesis.path_publishing").info();
  Params q = with_defaults(info.params, {});
  q.set("dp_vertices", true);
  q.set("dp_edges", true);
  q.set("eps_v", 0.7);
  q.set("eps_e", 1.3);
  CHECK(declared_budget(info, q) == doctest::Approx(0.7 + 1.3 + std::log(2.0)));
}

TEST_CASE("the step budget bounds the search and is reported") {
  // A dense random 10-vertex network without DP needs many steps; a budget of 5 stops it.
  Params p;
  p.set("vertices", std::int64_t(10));
  p.set("edges", std::int64_t(30));
  p.set("step_budget", std::int64_t(5));
  for (bool split : {false, true}) {
    p.set("split", split);
    std::size_t hits = 0;
    for (std::uint64_t t = 0; t < 30; ++t) {
      const auto r = run_algorithm("lu_thesis.path_publishing", p, nullptr, Stream(1, 2, t), TrialSeeds{5, t});
      hits += r.outputs.scalar("budget_hit") == 1;
      CHECK(r.outputs.scalar("steps") <= 6);
      if (split) CHECK(r.outputs.scalar("built") == 1);
      else if (r.outputs.scalar("budget_hit") == 1) CHECK(r.outputs.scalar("built") == 0);
      if (r.outputs.scalar("budget_hit") == 1) CHECK(r.outputs.scalar("usable") == 0);
    }
    CHECK(hits > 20);
  }
}

TEST_CASE("the specs cover the 122 network sizes of §6.4.1") {
  std::set<std::pair<std::int64_t, std::int64_t>> expected;
  for (std::int64_t v = 5; v <= 10; ++v)
    for (std::int64_t e = v - 1; e <= v * (v - 1) / 2; ++e) expected.insert({v, e});
  CHECK(expected.size() == 122);
  for (const char* name : {"fig6_7", "fig6_8"}) {
    CAPTURE(name);
    const auto points = expand(load_spec(std::string(DPLAB_SOURCE_DIR) + "/experiments/lu_thesis/" + name + ".yaml"));
    std::set<std::pair<std::int64_t, std::int64_t>> sizes;
    for (const auto& pt : points) sizes.insert({pt.params.integer("vertices"), pt.params.integer("edges")});
    CHECK(sizes == expected);
  }
}

}  // TEST_SUITE

TEST_SUITE("path_publishing_statistical") {

TEST_CASE("Algorithm 6.2: Pr[r = 2] = 1 / (1 + exp(-eps_e / 2)) for every |E|") {
  // 30 paths of 40 vertices: 741 non-edges each, 22,230 draws per (eps_e, |E|). Two-sided z at
  // 4.5 sigma per check (6 checks): false failure < 5e-5.
  for (double eps : {0.3, 1.0, 5.0}) {
    for (std::size_t extra : {0, 300}) {
      std::size_t ones = 0, total = 0;
      for (std::uint64_t t = 0; t < 30; ++t) {
        Stream s(9, 9, t);
        NetworkShape shape;
        shape.vertices = 40;
        shape.edges = 39 + extra;
        const Network net = generate_network(s, shape);
        ProcessedNetwork pn = process(net, visit_counts(net));
        PrivacyLedger ledger(eps + 1);
        Mechanisms noise(s, ledger);
        const std::size_t drawn = randomise_non_edges(pn, eps, noise);
        CHECK(ledger.spent() == doctest::Approx(eps + std::log(2.0)));
        total += drawn;
        for (std::size_t a = 0; a < pn.size(); ++a)
          for (std::size_t b = a + 1; b < pn.size(); ++b)
          {
            const auto x = pn.copies[a].base, y = pn.copies[b].base;
            const bool joined = std::binary_search(net.edges.begin(), net.edges.end(), std::make_pair(std::min(x, y), std::max(x, y)));
            if (!joined && pn.at(a, b) == kGraphEdge) ++ones;
          }
      }
      const double p = 1 / (1 + std::exp(-eps / 2));
      const double z = (double(ones) - p * double(total)) / std::sqrt(p * (1 - p) * double(total));
      CAPTURE(eps);
      CAPTURE(extra);
      CHECK(std::fabs(z) < 4.5);
    }
  }
}

TEST_CASE("Mechanisms::exponential_each draws each part from exp(eps q / 2 Delta)") {
  // 3 candidates, 200,000 parts; one charge. Each frequency: two-sided z at 4.5 sigma (3 checks):
  // false failure < 3e-5.
  Stream s(4, 4, 4);
  PrivacyLedger ledger(1.0);
  Mechanisms noise(s, ledger);
  const double scores[3] = {0.0, 1.0, 2.5};
  const auto got = noise.exponential_each(200000, scores, 1.0, 0.8);
  CHECK(ledger.spent() == doctest::Approx(0.8));
  CHECK(ledger.charges() == 1);
  double w[3], total = 0;
  for (int i = 0; i < 3; ++i) total += w[i] = std::exp(0.8 * scores[i] / 2);
  for (int i = 0; i < 3; ++i) {
    const double p = w[i] / total;
    const double n = double(std::count(got.begin(), got.end(), std::uint32_t(i)));
    CHECK(std::fabs(n - p * 200000) / std::sqrt(p * (1 - p) * 200000) < 4.5);
  }
}

TEST_CASE("Algorithm 6.1: subNum law exp(-eps_v n / 2) on its range, one eps_v in all") {
  // Acyclic paths: range [1, 2], Pr[2] = e^(-eps/2) / (1 + e^(-eps/2)); 500 networks of 40
  // vertices = 20,000 draws. Cyclic (appearances): a vertex visited twice always has 2.
  // Two-sided z at 4.5 sigma (2 checks): false failure < 2e-5.
  for (double eps : {0.5, 2.0}) {
    std::size_t fakes = 0, draws = 0;
    for (std::uint64_t t = 0; t < 500; ++t) {
      Stream s(8, 8, t);
      NetworkShape shape;
      shape.vertices = 40;
      shape.edges = 39;
      const Network net = generate_network(s, shape);
      PrivacyLedger ledger(eps);
      Mechanisms noise(s, ledger);
      const auto subnum = draw_subnum(net, SubnumRange::Appearances, eps, noise);
      CHECK(ledger.spent() == doctest::Approx(eps));
      for (auto x : subnum) {
        fakes += x == 2;
        CHECK((x == 1 || x == 2));
      }
      draws += subnum.size();
    }
    const double p = std::exp(-eps / 2) / (1 + std::exp(-eps / 2));
    CHECK(std::fabs(double(fakes) - p * double(draws)) / std::sqrt(p * (1 - p) * double(draws)) < 4.5);
  }
  Stream s(8, 9, 0);
  NetworkShape ring{8, 12, 2};
  const Network net = generate_network(s, ring);
  PrivacyLedger ledger(1);
  Mechanisms noise(s, ledger);
  const auto num = visit_counts(net);
  const auto subnum = draw_subnum(net, SubnumRange::Appearances, 1.0, noise);
  for (std::size_t v = 0; v < num.size(); ++v) CHECK(subnum[v] >= num[v]);
}

}  // TEST_SUITE
