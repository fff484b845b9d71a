#include "algorithms/workload_division/greedy_h.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace dplab::wd {

ReducedWorkload reduce_workload(const Workload& W, const Buckets& b) {
  if (b.bounds.back() != W.n)
    throw Error("DAWA: the partition covers " + std::to_string(b.bounds.back()) +
                " cells but the workload's domain has " + std::to_string(W.n));
  std::vector<std::uint32_t> bucket_of(W.n);
  for (std::size_t k = 0; k < b.size(); ++k)
    std::fill(bucket_of.begin() + b.lo(k), bucket_of.begin() + b.hi(k), static_cast<std::uint32_t>(k));
  ReducedWorkload Q;
  Q.buckets = static_cast<std::uint32_t>(b.size());
  Q.offsets.reserve(W.queries() + 1);
  for (std::size_t i = 0; i < W.queries(); ++i) {
    auto cells = W.row(i);
    for (std::size_t a = 0; a < cells.size();) {
      const std::uint32_t k = bucket_of[cells[a]];
      std::size_t e = a + 1;
      while (e < cells.size() && bucket_of[cells[e]] == k) ++e;
      Q.cols.push_back(k);
      Q.coef.push_back(static_cast<double>(e - a) / b.length(k));
      a = e;
    }
    Q.offsets.push_back(Q.cols.size());
  }
  return Q;
}

Hierarchy binary_tree(std::uint32_t buckets) {
  if (buckets == 0) throw Error("DAWA: a hierarchy needs at least one bucket");
  Hierarchy H;
  H.buckets = buckets;
  H.nodes.reserve(2 * static_cast<std::size_t>(buckets) - 1);
  // Children are created after their parent, so ids increase downwards: a sweep by id is top
  // down, a reverse sweep bottom up.
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

namespace {

// Nodes reachable from the root without passing a terminal node, in id order (parents first).
std::vector<char> reachable(const Hierarchy& H) {
  std::vector<char> r(H.nodes.size(), 0);
  r[0] = 1;
  for (std::size_t v = 0; v < H.nodes.size(); ++v) {
    const HierarchyNode& node = H.nodes[v];
    if (!r[v] || node.terminal || node.left < 0) continue;
    r[static_cast<std::size_t>(node.left)] = r[static_cast<std::size_t>(node.right)] = 1;
  }
  return r;
}

// Per-depth passes over the reduced workload. For the nodes of one depth (disjoint bucket
// ranges) and a vector U over buckets, quad[v] = sum over queries of (sum_{j in v} Q_ij U_j)^2,
// i.e. U_v^T M_vv U_v with M = Q^T Q; and whether every query weighs v's buckets alike (covers
// none, or all with one coefficient), with full_sq[v] = sum of those coefficients squared.
class DepthPass {
 public:
  DepthPass(const ReducedWorkload& Q, const Hierarchy& H, const std::vector<char>& use)
      : Q_(Q), H_(H), owner_(Q.buckets, -1) {
    std::uint32_t max_depth = 0;
    for (std::size_t v = 0; v < H.nodes.size(); ++v)
      if (use[v]) max_depth = std::max(max_depth, H.nodes[v].depth);
    by_depth_.resize(max_depth + 1);
    for (std::size_t v = 0; v < H.nodes.size(); ++v)
      if (use[v]) by_depth_[H.nodes[v].depth].push_back(static_cast<std::uint32_t>(v));
  }

  std::size_t depths() const { return by_depth_.size(); }
  const std::vector<std::uint32_t>& nodes(std::size_t d) const { return by_depth_[d]; }

  // Fills quad, full_sq, mixed (indexed like nodes(d)).
  void run(std::size_t d, std::span<const double> U) {
    const auto& list = by_depth_[d];
    quad.assign(list.size(), 0.0);
    full_sq.assign(list.size(), 0.0);
    mixed.assign(list.size(), 0);
    for (std::size_t a = 0; a < list.size(); ++a) {
      const HierarchyNode& node = H_.nodes[list[a]];
      std::fill(owner_.begin() + node.lo, owner_.begin() + node.hi, static_cast<std::int32_t>(a));
    }
    for (std::size_t i = 0; i < Q_.queries(); ++i) {
      std::int32_t cur = -1;
      double dot = 0, first = 0;
      std::uint32_t count = 0;
      bool equal = true;
      auto flush = [&] {
        if (cur < 0) return;
        const auto c = static_cast<std::size_t>(cur);
        quad[c] += dot * dot;
        const HierarchyNode& node = H_.nodes[list[c]];
        if (equal && count == node.hi - node.lo)
          full_sq[c] += first * first;
        else
          mixed[c] = 1;
      };
      for (std::uint64_t e = Q_.offsets[i]; e < Q_.offsets[i + 1]; ++e) {
        const std::uint32_t j = Q_.cols[e];
        const std::int32_t o = owner_[j];
        if (o != cur) {
          flush();
          cur = o;
          dot = 0;
          count = 0;
          equal = true;
          first = Q_.coef[e];
        }
        if (o < 0) continue;
        dot += Q_.coef[e] * U[j];
        equal = equal && Q_.coef[e] == first;
        ++count;
      }
      flush();
    }
    for (std::size_t a = 0; a < list.size(); ++a) {
      const HierarchyNode& node = H_.nodes[list[a]];
      std::fill(owner_.begin() + node.lo, owner_.begin() + node.hi, -1);
    }
  }

  std::vector<double> quad, full_sq;
  std::vector<char> mixed;

 private:
  const ReducedWorkload& Q_;
  const Hierarchy& H_;
  std::vector<std::int32_t> owner_;
  std::vector<std::vector<std::uint32_t>> by_depth_;
};

// The error of a node whose children's strategies (errors summing to s, 1^T D 1 summing to k,
// cross term m = u^T M u) are scaled by p and whose own query has weight 1 - p:
//   A^T A = p^2 diag(A_c^T A_c) + (1 - p)^2 1 1^T, and by Sherman-Morrison
//   (A^T A)^+ = (1/p^2) [D - (1-p)^2 / (p^2 + (1-p)^2 k) u u^T],  D = diag(D_c), u = D 1,
//   trace(M (A^T A)^+) = (1/p^2) [s - (1-p)^2 m / (p^2 + (1-p)^2 k)].
double node_error(double p, double s, double k, double m) {
  const double q = (1 - p) * (1 - p);
  return (s - q * m / (p * p + q * k)) / (p * p);
}

// p in (0, 1] minimising node_error: a grid of 100 steps (DAWA's granularity), then golden
// section between the grid neighbours of the best point.
double best_split(double s, double k, double m) {
  constexpr int kGrid = 100;
  int best = kGrid;
  double best_err = node_error(1.0, s, k, m);
  for (int i = kGrid - 1; i >= 1; --i) {
    const double e = node_error(static_cast<double>(i) / kGrid, s, k, m);
    if (e < best_err) {
      best_err = e;
      best = i;
    }
  }
  double a = std::max(best - 1, 1) / static_cast<double>(kGrid);
  double b = std::min(best + 1, kGrid) / static_cast<double>(kGrid);
  const double g = (std::sqrt(5.0) - 1) / 2;
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = node_error(c, s, k, m), fd = node_error(d, s, k, m);
  for (int it = 0; it < 40; ++it) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = node_error(c, s, k, m);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = node_error(d, s, k, m);
    }
  }
  const double p = fc < fd ? c : d;
  const double e = std::min(fc, fd);
  return e < best_err ? p : static_cast<double>(best) / kGrid;
}

}  // namespace

Hierarchy greedy_h(const ReducedWorkload& Q) {
  Hierarchy H = binary_tree(Q.buckets);
  const std::size_t N = H.nodes.size();
  std::vector<char> all(N, 1);
  DepthPass pass(Q, H, all);
  // Per node, for its subtree's strategy normalised to sensitivity 1: error S, k = 1^T D 1, the
  // split p; U holds u = D 1 over each processed node's buckets.
  std::vector<double> S(N, 0), K(N, 0), P(N, 1), U(Q.buckets, 1.0);
  for (std::size_t d = pass.depths(); d-- > 0;) {
    const auto& list = pass.nodes(d);
    for (std::uint32_t v : list)
      if (H.nodes[v].left < 0) U[H.nodes[v].lo] = 1.0;  // a leaf asked with weight 1: D = 1
    pass.run(d, U);
    for (std::size_t a = 0; a < list.size(); ++a) {
      HierarchyNode& node = H.nodes[list[a]];
      const std::uint32_t v = list[a];
      if (node.left < 0) {
        node.terminal = true;
        S[v] = pass.quad[a];
        K[v] = 1;
      } else if (!pass.mixed[a]) {
        // Every query weighs the buckets alike: ask the total only, D = 1 1^T / size^2.
        node.terminal = true;
        const double size = node.hi - node.lo;
        S[v] = pass.full_sq[a];
        K[v] = 1;
        std::fill(U.begin() + node.lo, U.begin() + node.hi, 1.0 / size);
      } else {
        node.terminal = false;
        const auto l = static_cast<std::size_t>(node.left), r = static_cast<std::size_t>(node.right);
        const double s = S[l] + S[r], k = K[l] + K[r], m = pass.quad[a];
        const double p = best_split(s, k, m);
        const double denom = p * p + (1 - p) * (1 - p) * k;
        S[v] = node_error(p, s, k, m);
        K[v] = k / denom;  // u_v = D_v 1 = u / denom
        P[v] = p;
        for (std::uint32_t j = node.lo; j < node.hi; ++j) U[j] /= denom;
      }
    }
  }
  // Weights top down: a node keeps 1 - p of what reaches it and passes p to each child.
  std::vector<double> share(N, 0);
  share[0] = 1;
  const std::vector<char> r = reachable(H);
  for (std::size_t v = 0; v < N; ++v) {
    HierarchyNode& node = H.nodes[v];
    if (!r[v]) {
      node.weight = 0;
      continue;
    }
    if (node.terminal) {
      node.weight = share[v];
    } else {
      node.weight = (1 - P[v]) * share[v];
      share[static_cast<std::size_t>(node.left)] = share[static_cast<std::size_t>(node.right)] = P[v] * share[v];
    }
  }
  return H;
}

double strategy_error(const ReducedWorkload& Q, const Hierarchy& H) {
  if (Q.buckets != H.buckets) throw Error("strategy_error: workload and hierarchy sizes differ");
  const std::vector<char> r = reachable(H);
  for (std::size_t v = 0; v < H.nodes.size(); ++v)
    if (r[v] && H.nodes[v].terminal && !(H.nodes[v].weight > 0)) return std::numeric_limits<double>::infinity();
  DepthPass pass(Q, H, r);
  const std::size_t N = H.nodes.size();
  std::vector<double> S(N, 0), K(N, 0), U(Q.buckets, 0.0);
  for (std::size_t d = pass.depths(); d-- > 0;) {
    const auto& list = pass.nodes(d);
    for (std::uint32_t v : list) {
      const HierarchyNode& node = H.nodes[v];
      if (!node.terminal) continue;
      // A terminal node asked with weight w: A^T A = w^2 1 1^T, (A^T A)^+ = 1 1^T / (w^2 size^2).
      const double w2 = node.weight * node.weight, size = node.hi - node.lo;
      std::fill(U.begin() + node.lo, U.begin() + node.hi, 1.0 / (w2 * size));
    }
    pass.run(d, U);
    for (std::size_t a = 0; a < list.size(); ++a) {
      const std::uint32_t v = list[a];
      const HierarchyNode& node = H.nodes[v];
      const double w2 = node.weight * node.weight;
      if (node.terminal) {
        S[v] = w2 * pass.quad[a];  // 1^T M 1 / (w^2 size^2)
        K[v] = 1 / w2;
        continue;
      }
      // Adding the node's own row w 1^T: Sherman-Morrison with D = diag(children), u = D 1.
      const auto l = static_cast<std::size_t>(node.left), rr = static_cast<std::size_t>(node.right);
      const double s = S[l] + S[rr], k = K[l] + K[rr], m = pass.quad[a];
      const double denom = 1 + w2 * k;
      S[v] = s - w2 * m / denom;
      K[v] = k / denom;
      for (std::uint32_t j = node.lo; j < node.hi; ++j) U[j] /= denom;
    }
  }
  return S[0];
}

double strategy_sensitivity(const Hierarchy& H) {
  const std::vector<char> r = reachable(H);
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
  const std::vector<char> r = reachable(H);
  std::vector<std::uint32_t> rows;
  for (std::size_t v = 0; v < H.nodes.size(); ++v)
    if (r[v] && H.nodes[v].weight > 0) rows.push_back(static_cast<std::uint32_t>(v));
  return rows;
}

std::vector<double> strategy_least_squares(const Hierarchy& H, std::span<const double> y) {
  const std::vector<char> r = reachable(H);
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

}  // namespace dplab::wd
