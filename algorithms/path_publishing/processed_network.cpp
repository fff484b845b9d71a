#include "algorithms/path_publishing/processed_network.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab::path_publishing {

SubnumRange parse_subnum_range(const std::string& name) {
  if (name == "appearances") return SubnumRange::Appearances;
  if (name == "path_degree") return SubnumRange::PathDegree;
  if (name == "network_degree") return SubnumRange::NetworkDegree;
  throw Error("subnum_range '" + name + "': allowed appearances, path_degree, network_degree");
}

NonEdges parse_non_edges(const std::string& name) {
  if (name == "as_path") return NonEdges::AsPath;
  if (name == "as_graph") return NonEdges::AsGraph;
  if (name == "free") return NonEdges::Free;
  throw Error("non_edges '" + name + "': allowed as_path, as_graph, free");
}

std::vector<std::uint32_t> visit_counts(const Network& net) {
  std::vector<std::uint32_t> num(net.vertices, 0);
  for (auto v : net.path) ++num[v];
  return num;
}

std::vector<std::uint32_t> subnum_upper(const Network& net, SubnumRange range) {
  const auto num = visit_counts(net);
  std::uint32_t upper = 0;
  switch (range) {
    case SubnumRange::Appearances:
      upper = std::max<std::uint32_t>(*std::max_element(num.begin(), num.end()), 2);
      break;
    case SubnumRange::PathDegree: {
      std::vector<std::uint32_t> deg(net.vertices, 0);
      for (std::size_t i = 0; i + 1 < net.path.size(); ++i) { ++deg[net.path[i]]; ++deg[net.path[i + 1]]; }
      upper = *std::max_element(deg.begin(), deg.end());
      break;
    }
    case SubnumRange::NetworkDegree: {
      std::vector<std::uint32_t> deg(net.vertices, 0);
      for (auto [a, b] : net.edges) { ++deg[a]; ++deg[b]; }
      upper = *std::max_element(deg.begin(), deg.end());
      break;
    }
  }
  std::vector<std::uint32_t> out(net.vertices);
  for (std::uint32_t v = 0; v < net.vertices; ++v) out[v] = std::max(upper, num[v]);
  return out;
}

std::vector<std::uint32_t> draw_subnum(const Network& net, SubnumRange range, double eps_v, Mechanisms& noise) {
  const auto num = visit_counts(net);
  const auto upper = subnum_upper(net, range);
  std::vector<std::uint32_t> degree(net.vertices, 0);
  for (auto [a, b] : net.edges) { ++degree[a]; ++degree[b]; }
  const std::uint32_t max_degree = *std::max_element(degree.begin(), degree.end());
  std::vector<std::uint32_t> subnum(net.vertices);
  std::vector<double> scores;
  // Lemma 6.1: the draws of different vertices compose in parallel.
  auto vertices = noise.ledger().parallel("Algorithm 6.1: subNum of each vertex");
  for (std::uint32_t v = 0; v < net.vertices; ++v) {
    auto branch = vertices.branch();
    scores.clear();
    for (std::uint32_t n = num[v]; n <= upper[v]; ++n)  // Eq. 6.1: q_v(n, i) = max{n} - n + max{d} - d_i
      scores.push_back(double(upper[v]) - double(n) + double(max_degree) - double(degree[v]));
    subnum[v] = num[v] + static_cast<std::uint32_t>(noise.exponential(scores, 1.0, eps_v, "Algorithm 6.1 (Eq. 6.1)"));
  }
  return subnum;
}

ProcessedNetwork process(const Network& net, const std::vector<std::uint32_t>& subnum) {
  ProcessedNetwork pn;
  const auto num = visit_counts(net);
  std::vector<std::uint32_t> seen(net.vertices, 0);
  for (std::size_t i = 0; i < net.path.size(); ++i) {
    const std::uint32_t v = net.path[i];
    pn.copies.push_back({v, seen[v]++, static_cast<std::int32_t>(i)});
  }
  pn.visits = pn.copies.size();
  for (std::uint32_t v = 0; v < net.vertices; ++v)
    for (std::uint32_t s = num[v]; s < subnum[v]; ++s) pn.copies.push_back({v, s, -1});

  std::vector<char> joined(std::size_t(net.vertices) * net.vertices, 0);
  for (auto [a, b] : net.edges) joined[std::size_t(a) * net.vertices + b] = joined[std::size_t(b) * net.vertices + a] = 1;
  const std::size_t n = pn.copies.size();
  pn.r.assign(n * n, kNonEdge);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a; b < n; ++b) {
      const auto& x = pn.copies[a];
      const auto& y = pn.copies[b];
      if (x.base == y.base) pn.set(a, b, kSameVertex);
      else if (joined[std::size_t(x.base) * net.vertices + y.base]) {
        pn.set(a, b, kGraphEdge);
        ++pn.edges;
      }
    }
  for (std::size_t i = 0; i + 1 < pn.visits; ++i) pn.set(i, i + 1, kPathEdge);
  return pn;
}

double edge_quality(int x, std::size_t edges) {
  const double e = double(edges);
  return (e - 2) / e * x - (e - 3) / e;
}
double edge_quality_sensitivity(std::size_t edges) { return (double(edges) - 2) / double(edges); }

std::size_t randomise_non_edges(ProcessedNetwork& pn, double eps_e, Mechanisms& noise) {
  if (pn.edges < 3)
    throw Error("Algorithm 6.2 needs |E| >= 3 (Eq. 6.4's sensitivity (|E| - 2)/|E| is 0 below), got " +
                std::to_string(pn.edges));
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  const std::size_t n = pn.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      if (pn.at(a, b) == kNonEdge) pairs.emplace_back(a, b);
  const double scores[2] = {edge_quality(1, pn.edges), edge_quality(2, pn.edges)};
  const auto drawn = noise.exponential_each(pairs.size(), scores, edge_quality_sensitivity(pn.edges), eps_e,
                                            "Algorithm 6.2 (Eq. 6.4), each non-edge");
  noise.ledger().charge(std::log(2.0), "Lemma 6.2: the missing edge is drawn in N' but fixed in N");
  for (std::size_t k = 0; k < pairs.size(); ++k)
    pn.set(pairs[k].first, pairs[k].second, drawn[k] == 0 ? kPathEdge : kGraphEdge);
  return pairs.size();
}

double edge_privacy_loss(const ProcessedNetwork& pn, const Network& net, double eps_e) {
  const std::uint32_t v = net.vertices;
  std::vector<std::uint32_t> copies(v, 0);
  for (const auto& c : pn.copies) ++copies[c.base];
  std::vector<std::uint32_t> path_pairs(std::size_t(v) * v, 0);
  for (std::size_t i = 0; i + 1 < pn.visits; ++i) {
    const auto a = pn.copies[i].base, b = pn.copies[i + 1].base;
    ++path_pairs[std::size_t(std::min(a, b)) * v + std::max(a, b)];
  }
  const double fixed_path = std::log1p(std::exp(eps_e / 2)), fixed_graph = std::log1p(std::exp(-eps_e / 2));
  double worst = 0;
  for (std::uint32_t a = 0; a < v; ++a)
    for (std::uint32_t b = a + 1; b < v; ++b)
      if (const auto p = path_pairs[std::size_t(a) * v + b]) {
        const double k = double(copies[a]) * copies[b];
        worst = std::max(worst, p * fixed_path + (k - p) * fixed_graph);
      }
  return worst;
}

void resolve_non_edges(ProcessedNetwork& pn, NonEdges reading) {
  if (reading == NonEdges::Free) return;
  const std::int8_t to = reading == NonEdges::AsPath ? kPathEdge : kGraphEdge;
  for (auto& x : pn.r)
    if (x == kNonEdge) x = to;
}

}  // namespace dplab::path_publishing
