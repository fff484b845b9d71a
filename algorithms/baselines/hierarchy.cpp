#include "algorithms/baselines/hierarchy.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "algorithms/baselines/hierarchy_pass.hpp"
#include "core/error.hpp"

namespace dplab::baselines {

Hierarchy binary_tree(std::uint32_t buckets) {
  if (buckets == 0) throw Error("DAWA: a hierarchy needs at least one bucket");
  Hierarchy H;
  H.buckets = buckets;
  H.nodes.reserve(2 * static_cast<std::size_t>(buckets) - 1);
  // Children are created after their parent, so ids increase downwards: a sweep by id is top
  // down, a reverse sweep bottom up. Depth-first with the left child first numbers each depth
  // left to right.
  std::vector<std::int32_t> stack;
  H.nodes.push_back(HierarchyNode{0, buckets, -1, -1, 0, buckets == 1, 0});
  stack.push_back(0);
  while (!stack.empty()) {
    const std::int32_t v = stack.back();
    stack.pop_back();
    HierarchyNode node = H.nodes[static_cast<std::size_t>(v)];
    if (node.hi - node.lo < 2) continue;
    const std::uint32_t mid = node.lo + (node.hi - node.lo) / 2;
    const auto left = static_cast<std::int32_t>(H.nodes.size());
    H.nodes.push_back(HierarchyNode{node.lo, mid, -1, -1, node.depth + 1, mid - node.lo == 1, 0});
    const auto right = static_cast<std::int32_t>(H.nodes.size());
    H.nodes.push_back(HierarchyNode{mid, node.hi, -1, -1, node.depth + 1, node.hi - mid == 1, 0});
    H.nodes[static_cast<std::size_t>(v)].left = left;
    H.nodes[static_cast<std::size_t>(v)].right = right;
    stack.push_back(right);
    stack.push_back(left);
  }
  return H;
}

Hierarchy uniform_hierarchy(std::uint32_t buckets) {
  Hierarchy H = binary_tree(buckets);
  std::uint32_t height = 0;
  for (const auto& v : H.nodes) height = std::max(height, v.depth + 1);
  for (auto& v : H.nodes) v.weight = 1.0 / height;
  return H;
}

std::vector<char> strategy_nodes(const Hierarchy& H) {
  std::vector<char> r(H.nodes.size(), 0);
  if (r.empty()) return r;
  r[0] = 1;
  for (std::size_t v = 0; v < H.nodes.size(); ++v) {
    const HierarchyNode& node = H.nodes[v];
    if (!r[v] || node.terminal || node.left < 0) continue;
    r[static_cast<std::size_t>(node.left)] = r[static_cast<std::size_t>(node.right)] = 1;
  }
  return r;
}

double strategy_error(const BucketWorkload& Q, const Hierarchy& H) {
  HierarchyPass pass(Q, H);
  return strategy_error(pass, H);
}

double strategy_error(HierarchyPass& pass, const Hierarchy& H) { return strategy_errors(pass, std::span(&H, 1))[0]; }

std::vector<double> strategy_errors(HierarchyPass& pass, std::span<const Hierarchy> Hs) {
  const std::size_t C = Hs.size();
  std::vector<double> error(C, std::numeric_limits<double>::infinity());
  if (C == 0) return error;
  for (const Hierarchy& H : Hs)
    if (pass.tree_nodes() != H.nodes.size())
      throw Error("strategy_error: the pass was planned for another tree (" + std::to_string(pass.tree_nodes()) +
                  " nodes, the strategy has " + std::to_string(H.nodes.size()) + ")");
  // A strategy with a terminal node of weight 0 has infinite error; it still takes its lane.
  std::vector<std::vector<char>> r(C);
  std::vector<char> finite(C, 1);
  for (std::size_t c = 0; c < C; ++c) {
    r[c] = strategy_nodes(Hs[c]);
    for (std::size_t v = 0; v < Hs[c].nodes.size(); ++v)
      if (r[c][v] && Hs[c].nodes[v].terminal && !(Hs[c].nodes[v].weight > 0)) finite[c] = 0;
  }
  pass.set_weights({});
  const std::size_t N = Hs[0].nodes.size();
  const std::uint32_t buckets = Hs[0].buckets;
  // Per strategy c and node v (index v * C + c): S = trace(M_vv D_v), K = 1^T D_v 1, with D_v =
  // (A_v^T A_v)^+ of its subtree's strategy; U holds u = D_v 1 over each processed node's buckets
  // (U[j * C + c]). Nodes below a terminal node are not part of the strategy: the pass computes
  // them, the sweep ignores them.
  std::vector<double> S(N * C, 0), K(N * C, 0), U(std::size_t(buckets) * C, 0.0);
  for (std::size_t d = pass.depths(); d-- > 0;) {
    const auto& list = pass.nodes(d);
    for (std::size_t c = 0; c < C; ++c)
      for (std::uint32_t v : list) {
        const HierarchyNode& node = Hs[c].nodes[v];
        if (!r[c][v] || !node.terminal) continue;
        // A terminal node asked with weight w: A^T A = w^2 1 1^T, (A^T A)^+ = 1 1^T / (w^2 size^2).
        const double w2 = node.weight * node.weight, size = node.hi - node.lo;
        for (std::uint32_t j = node.lo; j < node.hi; ++j) U[std::size_t(j) * C + c] = 1.0 / (w2 * size);
      }
    pass.run(d, U, C);
    for (std::size_t c = 0; c < C; ++c)
      for (std::size_t a = 0; a < list.size(); ++a) {
        const std::uint32_t v = list[a];
        if (!r[c][v]) continue;
        const HierarchyNode& node = Hs[c].nodes[v];
        const double w2 = node.weight * node.weight;
        const double quad = pass.quad[a * C + c];
        if (node.terminal) {
          S[v * C + c] = w2 * quad;  // 1^T M 1 / (w^2 size^2)
          K[v * C + c] = 1 / w2;
          continue;
        }
        // Adding the node's own row w 1^T to its children's: by Sherman-Morrison with
        // D = diag(D_left, D_right), u = D 1, k = 1^T u, m = u^T M_vv u,
        //   D_v = D - w^2 u u^T / (1 + w^2 k),  trace(M_vv D_v) = s - w^2 m / (1 + w^2 k).
        const std::size_t l = static_cast<std::size_t>(node.left) * C + c, rr = static_cast<std::size_t>(node.right) * C + c;
        const double s = S[l] + S[rr], k = K[l] + K[rr], m = quad;
        const double denom = 1 + w2 * k;
        S[v * C + c] = s - w2 * m / denom;
        K[v * C + c] = k / denom;
        for (std::uint32_t j = node.lo; j < node.hi; ++j) U[std::size_t(j) * C + c] /= denom;
      }
  }
  for (std::size_t c = 0; c < C; ++c)
    if (finite[c]) error[c] = S[c];
  return error;
}

double strategy_sensitivity(const Hierarchy& H) {
  const std::vector<char> r = strategy_nodes(H);
  std::vector<double> diff(H.buckets + 1, 0.0);
  for (std::size_t v = 0; v < H.nodes.size(); ++v) {
    if (!r[v]) continue;
    diff[H.nodes[v].lo] += H.nodes[v].weight;
    diff[H.nodes[v].hi] -= H.nodes[v].weight;
  }
  double run = 0, best = 0;
  for (std::uint32_t j = 0; j < H.buckets; ++j) best = std::max(best, run += diff[j]);
  return best;
}

std::vector<std::uint32_t> strategy_rows(const Hierarchy& H) {
  const std::vector<char> r = strategy_nodes(H);
  std::vector<std::uint32_t> rows;
  for (std::size_t v = 0; v < H.nodes.size(); ++v)
    if (r[v] && H.nodes[v].weight > 0) rows.push_back(static_cast<std::uint32_t>(v));
  return rows;
}

std::vector<double> strategy_least_squares(const Hierarchy& H, std::span<const double> y) {
  const std::vector<char> r = strategy_nodes(H);
  const std::vector<std::uint32_t> rows = strategy_rows(H);
  if (y.size() != rows.size())
    throw Error("strategy_least_squares: " + std::to_string(y.size()) + " answers for " +
                std::to_string(rows.size()) + " strategy rows");
  const std::size_t N = H.nodes.size();
  std::vector<double> answer(N, 0.0);
  for (std::size_t i = 0; i < rows.size(); ++i) answer[rows[i]] = y[i];
  // Bottom up: est[v], var[v] (in units of the answers' common noise variance) from v's subtree.
  std::vector<double> est(N, 0), var(N, 0);
  for (std::size_t v = N; v-- > 0;) {
    if (!r[v]) continue;
    const HierarchyNode& node = H.nodes[v];
    const double w = node.weight;
    if (node.terminal) {
      if (!(w > 0)) throw Error("strategy_least_squares: terminal node without weight");
      est[v] = answer[v] / w;
      var[v] = 1 / (w * w);
      continue;
    }
    const auto l = static_cast<std::size_t>(node.left), rr = static_cast<std::size_t>(node.right);
    const double s = est[l] + est[rr], vs = var[l] + var[rr];
    if (w > 0) {
      const double precision = w * w + 1 / vs;
      est[v] = (w * answer[v] + s / vs) / precision;
      var[v] = 1 / precision;
    } else {
      est[v] = s;
      var[v] = vs;
    }
  }
  // Top down: split each parent's final total among its children by their variances.
  std::vector<double> total(N, 0);
  total[0] = est[0];
  for (std::size_t v = 0; v < N; ++v) {
    const HierarchyNode& node = H.nodes[v];
    if (!r[v] || node.terminal) continue;
    const auto l = static_cast<std::size_t>(node.left), rr = static_cast<std::size_t>(node.right);
    const double gap = total[v] - est[l] - est[rr], vs = var[l] + var[rr];
    total[l] = est[l] + var[l] / vs * gap;
    total[rr] = est[rr] + var[rr] / vs * gap;
  }
  return total;
}

}  // namespace dplab::baselines
