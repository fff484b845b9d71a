// hamiltonian_network: the synthetic networks of lu_thesis ch. 6 (§6.4.1): an undirected network
// with |V| vertices and |E| edges that contains the path to publish, which visits every vertex,
// acyclic (each vertex once: a Hamiltonian path) or cyclic (a path with rings, §6.2.1: "the path
// P may contain rings, we may have v_i = v_j"; Fig. 6.4: v1 v2 v3 v4 v5 v2 v3 v6). The thesis
// builds them in three steps: vertices, then "a path for publishing to connect all the
// vertices", then "all the edges not in the path yet in the network are randomly generated with
// a uniform distribution"; its experiments use |V| <= 10 and every |E| from |V| - 1 (the path
// alone) to |V|(|V| - 1)/2 (the complete network).
//
// Ours: the path starts as a uniformly random permutation of the vertices. A cyclic path then
// makes `revisits` returns, one after another: a position j >= 2 of the current walk is drawn
// uniformly, then an earlier visit w = W[i], i <= j - 2, uniformly among those whose vertex is
// not visited at j - 1 .. j + 2 (so every two visits of a vertex are at least three steps apart:
// each return closes a ring of at least three vertices; a j without such a visit is redrawn),
// and w is inserted right after W[j]: the walk goes W[j] -> w -> W[j+1]. The thesis's figure
// returns along an edge already walked (v5 -> v2 -> v3); ours returns and leaves by new edges, so a cyclic path
// of |V| vertices has |V| + revisits visits and up to |V| - 1 + 2 revisits distinct edges. The
// path's distinct edges are added, then the remaining edges are a uniformly random subset of the
// vertex pairs not yet joined. The network is connected since the path spans it. The thesis's
// first step also places the vertices uniformly in the plane; the algorithms only use the
// topology, so no coordinates are kept. Edges are stored as (u, v) with u < v, sorted, so that
// their order does not reveal which of them form the path.
#include "datasets/generators/hamiltonian_network.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/samplers.hpp"
#include "datasets/catalogue.hpp"

namespace dplab {

std::size_t min_edges(const NetworkShape& shape) {
  return std::size_t(shape.vertices) - 1 + 2 * std::size_t(shape.revisits);
}
std::size_t max_edges(const NetworkShape& shape) { return std::size_t(shape.vertices) * (shape.vertices - 1) / 2; }

void check_network_shape(const NetworkShape& shape, const std::string& where) {
  const std::uint32_t v = shape.vertices;
  if (v < 2) throw Error(where + "parameter 'vertices': a path needs at least 2 vertices (got " + std::to_string(v) + ")");
  if (shape.revisits > 0 && v < 4)
    throw Error(where + "parameter 'cyclic': a path with rings needs at least 4 vertices (got vertices=" +
                std::to_string(v) + ")");
  const std::size_t e = shape.edges == 0 ? min_edges(shape) : shape.edges;
  if (e < min_edges(shape) || e > max_edges(shape))
    throw Error(where + "parameter 'edges' (" + std::to_string(e) + ") is not feasible for vertices=" +
                std::to_string(v) +
                (shape.revisits ? " with a cyclic path of " + std::to_string(shape.revisits) + " revisit(s)"
                                : std::string(" with an acyclic path")) +
                ": allowed " + std::to_string(min_edges(shape)) + " to " + std::to_string(max_edges(shape)) + " (" +
                (shape.revisits ? "|V| - 1 + 2 revisits" : "|V| - 1") + " to |V|(|V|-1)/2), or 0 for the smallest");
}

Network generate_network(Stream& s, const NetworkShape& shape) {
  check_network_shape(shape, "");
  const std::uint32_t v = shape.vertices;
  const std::size_t e = shape.edges == 0 ? min_edges(shape) : shape.edges;
  Network net;
  net.vertices = v;
  net.cyclic = shape.revisits > 0;
  const std::vector<std::size_t> perm = sample_permutation(s, v);
  net.path.assign(perm.begin(), perm.end());
  std::vector<std::size_t> candidates;
  for (std::uint32_t k = 0; k < shape.revisits; ++k) {
    auto& w = net.path;
    for (int attempt = 0;; ++attempt) {
      if (attempt == 100000)
        throw Error("hamiltonian_network: no room for " + std::to_string(shape.revisits) + " returns on " +
                    std::to_string(v) + " vertices (each needs a vertex not visited within two steps)");
      const std::size_t j = 2 + s.below(w.size() - 2);  // insert after w[j], j in [2, |W| - 1]
      candidates.clear();
      auto near = [&](std::uint32_t x) {  // x is visited at j - 1 .. j + 2
        for (std::size_t k = j - 1; k <= j + 2 && k < w.size(); ++k)
          if (w[k] == x) return true;
        return false;
      };
      for (std::size_t i = 0; i + 2 <= j; ++i)
        if (!near(w[i])) candidates.push_back(i);
      if (candidates.empty()) continue;  // a position with no ring to close: draw another
      const std::uint32_t back = w[candidates[s.below(candidates.size())]];
      w.insert(w.begin() + std::ptrdiff_t(j + 1), back);
      break;
    }
  }

  std::vector<char> joined(std::size_t(v) * v, 0);
  auto add = [&](std::uint32_t a, std::uint32_t b) {
    if (a > b) std::swap(a, b);
    if (joined[std::size_t(a) * v + b]) return;  // a cyclic path may walk an edge twice
    joined[std::size_t(a) * v + b] = 1;
    net.edges.emplace_back(a, b);
  };
  for (std::size_t i = 0; i + 1 < net.path.size(); ++i) add(net.path[i], net.path[i + 1]);

  // The other edges: a uniform subset of the free pairs (partial Fisher-Yates).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> free_pairs;
  free_pairs.reserve(max_edges(shape) - net.edges.size());
  for (std::uint32_t a = 0; a < v; ++a)
    for (std::uint32_t b = a + 1; b < v; ++b)
      if (!joined[std::size_t(a) * v + b]) free_pairs.emplace_back(a, b);
  const std::size_t extra = e - net.edges.size();
  for (std::size_t i = 0; i < extra; ++i) {
    std::swap(free_pairs[i], free_pairs[i + s.below(free_pairs.size() - i)]);
    net.edges.push_back(free_pairs[i]);
  }
  std::sort(net.edges.begin(), net.edges.end());
  return net;
}

namespace {

std::shared_ptr<const Dataset> generate(const DatasetInfo& info, const DatasetRequest& req) {
  const Params& p = req.params;
  for (const auto& spec : info.params)
    if (auto err = spec.validate(p.get(spec.name)))
      throw Error("dataset '" + info.name + "': parameter '" + spec.name + "': " + *err);
  NetworkShape shape;
  shape.vertices = static_cast<std::uint32_t>(p.integer("vertices"));
  shape.edges = static_cast<std::size_t>(p.integer("edges"));
  shape.revisits = p.boolean("cyclic") ? static_cast<std::uint32_t>(p.integer("revisits")) : 0;
  check_network_shape(shape, "dataset '" + info.name + "': ");
  Stream s(req.seed, hash64(info.name), 0);
  auto net = std::make_shared<Network>(generate_network(s, shape));
  net->name = info.name;
  return net;
}

DatasetInfo hamiltonian_network_info() {
  DatasetInfo info;
  info.name = "hamiltonian_network";
  info.kind = DatasetKind::Network;
  info.generator = true;
  info.doc = "random connected undirected network with |V| vertices and |E| edges containing a known path over every vertex, acyclic or with rings (lu_thesis ch. 6)";
  info.upstream = "lu_thesis §6.4.1 (source code of the thesis: https://github.com/suluz/dp_path)";
  info.licence = "synthetic (generated by dplab)";
  info.papers = "lu_thesis ch. 6 (DP graph-based path publishing: good outputs and usable maps vs |V|, |E|)";
  info.params = {
      ParamSpec::integer("vertices", 10, "number of vertices |V| (thesis: at most 10)").at_least(2).at_most(2000),
      ParamSpec::integer("edges", 0,
                         "number of edges |E|, from |V|-1 (|V|-1+2*revisits if cyclic) to |V|(|V|-1)/2; 0: the smallest (the path alone if acyclic)")
          .at_least(0),
      ParamSpec::boolean("cyclic", false, "a path with rings: it returns `revisits` times to a vertex it visited before"),
      ParamSpec::integer("revisits", 1, "returns to an earlier vertex when cyclic (each closes a ring of >= 3 vertices)")
          .at_least(1)
          .at_most(100),
  };
  info.load = generate;
  return info;
}

}  // namespace

DPLAB_DATASET(hamiltonian_network, hamiltonian_network_info());

}  // namespace dplab
