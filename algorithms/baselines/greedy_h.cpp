#include "algorithms/baselines/greedy_h.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "algorithms/baselines/hierarchy_pass.hpp"
#include "core/error.hpp"

namespace dplab::baselines {

double best_split(double s, double k, double m, double m0, double decay) {
  constexpr double kMaxRatio = 99;  // p >= 0.01, the smallest p of DPBench's grid
  const double A = decay * k, C = decay * ((m - m0) * decay + m0), E = s * A - C;
  auto f = [&](double r) { return (1 + r) * (1 + r) * (s - C * r * r / (1 + A * r * r)); };
  auto h = [&](double r) { return E * (A * r * r * r * r + 2 * r * r) - C * r + s; };
  auto dh = [&](double r) { return E * (4 * A * r * r * r + 4 * r) - C; };
  double best_r = 0, best = f(0);
  auto consider = [&](double r) {
    const double v = f(r);
    if (v < best) {
      best = v;
      best_r = r;
    }
  };
  consider(kMaxRatio);
  // Every root of h lies below (C / (E A))^(1/3), where E A r^4 alone exceeds C r.
  const double start = E > 0 && A > 0 ? std::min(kMaxRatio, std::cbrt(C / (E * A))) : kMaxRatio;
  if (E > 0 && h(start) > 0 && dh(start) > 0) {
    // h is convex and increasing there: Newton from the right decreases monotonically to its
    // largest root (the error's interior minimum), or leaves the increasing part if none.
    double r = start;
    for (int it = 0; it < 200; ++it) {
      const double hv = h(r), slope = dh(r);
      if (!(hv > 0) || !(slope > 0)) break;
      const double next = r - hv / slope;
      if (!(next < r) || next <= 0) break;
      const bool done = r - next <= 1e-13 * r;
      r = next;
      if (done) break;
    }
    consider(std::clamp(r, 0.0, kMaxRatio));
  }
  return 1 / (1 + best_r);
}

namespace {

// greedyH's candidates for the decay bases given (at most 8), side by side on one planned pass
// (whose weights are already set): lane c of the pass is base c's candidate, computed as it
// would be alone (HierarchyPass::run's lanes keep each one's bits).
std::vector<Hierarchy> greedy_on(HierarchyPass& pass, std::uint32_t buckets, std::span<const double> bases) {
  const std::size_t C = bases.size();
  std::vector<Hierarchy> Hs(C, binary_tree(buckets));
  const std::size_t N = Hs[0].nodes.size();
  // Per candidate c and node v (index v * C + c), for its subtree's strategy normalised to
  // sensitivity 1: the (damped) error S, k = 1^T D 1, the split p; U holds u = D 1 over each
  // processed node's buckets (U[j * C + c]).
  std::vector<double> S(N * C, 0), K(N * C, 0), P(N * C, 1), U(std::size_t(buckets) * C, 1.0);
  const Hierarchy& shape = Hs[0];  // every candidate's tree has this shape; flags differ
  for (std::size_t depth = pass.depths(); depth-- > 0;) {
    const auto& list = pass.nodes(depth);
    for (std::uint32_t v : list)
      if (shape.nodes[v].left < 0)
        for (std::size_t c = 0; c < C; ++c) U[std::size_t(shape.nodes[v].lo) * C + c] = 1.0;  // a leaf: D = 1
    pass.run(depth, U, C);
    for (std::size_t c = 0; c < C; ++c) {
      const double decay = std::pow(bases[c], -static_cast<double>(depth) / 2);
      for (std::size_t a = 0; a < list.size(); ++a) {
        HierarchyNode& node = Hs[c].nodes[list[a]];
        const std::size_t v = list[a] * C + c;
        const double quad = pass.quad[a * C + c], split = pass.split[a * C + c];
        if (node.left < 0) {
          node.terminal = true;
          S[v] = quad;
          K[v] = 1;
        } else if (!pass.mixed(depth, a)) {
          // Every query weighs the buckets alike: ask the total only, D = 1 1^T / size^2.
          node.terminal = true;
          const double size = node.hi - node.lo;
          S[v] = pass.full_sq[a];
          K[v] = 1;
          for (std::uint32_t j = node.lo; j < node.hi; ++j) U[std::size_t(j) * C + c] = 1.0 / size;
        } else {
          node.terminal = false;
          const std::size_t l = static_cast<std::size_t>(node.left) * C + c, r = static_cast<std::size_t>(node.right) * C + c;
          const double s = S[l] + S[r], k = K[l] + K[r], m = quad, m0 = split;
          const double p = best_split(s, k, m, m0, decay);
          // The damped error goes up (as DPBench's does); the children's (A^T A)^+ with the node's
          // row of weight 1 - p is the real strategy's.
          const double q = (1 - p) * (1 - p);
          S[v] = (s - ((m - m0) * decay + m0) * q * decay / (p * p + q * decay * k)) / (p * p);
          const double denom = p * p + q * k;
          K[v] = k / denom;
          P[v] = p;
          for (std::uint32_t j = node.lo; j < node.hi; ++j) U[std::size_t(j) * C + c] /= denom;
        }
      }
    }
  }
  // Weights top down: a node keeps 1 - p of what reaches it and passes p to each child.
  for (std::size_t c = 0; c < C; ++c) {
    Hierarchy& H = Hs[c];
    std::vector<double> share(N, 0);
    share[0] = 1;
    const std::vector<char> r = strategy_nodes(H);
    for (std::size_t v = 0; v < N; ++v) {
      HierarchyNode& node = H.nodes[v];
      if (!r[v]) {
        node.weight = 0;
        continue;
      }
      if (node.terminal) {
        node.weight = share[v];
      } else {
        const double p = P[v * C + c];
        node.weight = (1 - p) * share[v];
        share[static_cast<std::size_t>(node.left)] = share[static_cast<std::size_t>(node.right)] = p * share[v];
      }
    }
  }
  return Hs;
}

void check(double base, double exponent) {
  if (!(base >= 1) || !std::isfinite(base))
    throw Error("greedyH: the decay base must be a finite number >= 1, got " + std::to_string(base));
  if (!(exponent >= 0) || !std::isfinite(exponent))
    throw Error("greedyH: the query-weight exponent must be a finite number >= 0, got " + std::to_string(exponent));
}

// w_i = (|q_i| / max |q|)^a, in (0, 1]; empty (all 1, exact sums in the pass) for a = 0.
std::vector<double> query_weights(const BucketWorkload& Q, double exponent) {
  std::vector<double> w;
  if (exponent == 0) return w;
  if (Q.cells.size() != Q.queries()) throw Error("greedyH: the bucket workload has no query sizes");
  std::uint64_t top = 1;
  for (std::uint64_t c : Q.cells) top = std::max(top, c);
  for (std::uint64_t c : Q.cells) w.push_back(std::pow(static_cast<double>(c) / static_cast<double>(top), exponent));
  return w;
}

}  // namespace

Hierarchy greedy_h_with(const BucketWorkload& Q, double base, double exponent) {
  check(base, exponent);
  const Hierarchy tree = binary_tree(Q.buckets);
  HierarchyPass pass(Q, tree);
  pass.set_weights(query_weights(Q, exponent));
  return std::move(greedy_on(pass, Q.buckets, std::span(&base, 1))[0]);
}

GreedyHResult greedy_h(const BucketWorkload& Q, const GreedyHOptions& options) {
  if (options.decay_bases.empty() || options.weight_exponents.empty()) throw Error("greedyH: no candidate to try");
  for (double a : options.weight_exponents)
    for (double b : options.decay_bases) check(b, a);
  const Hierarchy tree = binary_tree(Q.buckets);
  HierarchyPass pass(Q, tree);  // planned once for every candidate
  // Every candidate's strategy, the bases of one exponent side by side (they share its weights),
  // then their errors side by side (all with weights 1), kLanes at a time.
  constexpr std::size_t kLanes = 8;  // the most vectors one pass takes
  struct Candidate {
    double exponent, base;
  };
  std::vector<Candidate> tried;
  std::vector<Hierarchy> Hs;
  for (double a : options.weight_exponents) {
    const std::vector<double> w = query_weights(Q, a);
    for (std::size_t first = 0; first < options.decay_bases.size(); first += kLanes) {
      const auto bases = std::span(options.decay_bases).subspan(first, std::min(kLanes, options.decay_bases.size() - first));
      pass.set_weights(w);
      for (Hierarchy& H : greedy_on(pass, Q.buckets, bases)) Hs.push_back(std::move(H));
      for (double b : bases) tried.push_back({a, b});
    }
  }
  std::vector<double> errors;  // unweighted: the real objective
  for (std::size_t first = 0; first < Hs.size(); first += kLanes) {
    const std::vector<double> e = strategy_errors(pass, std::span(Hs).subspan(first, std::min(kLanes, Hs.size() - first)));
    errors.insert(errors.end(), e.begin(), e.end());
  }
  GreedyHResult best;
  best.error = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < Hs.size(); ++c) {  // in the order tried: ties keep the first
    if (errors[c] < best.error || best.H.nodes.empty()) {
      best.H = std::move(Hs[c]);
      best.error = errors[c];
      best.base = tried[c].base;
      best.exponent = tried[c].exponent;
    }
  }
  return best;
}

}  // namespace dplab::baselines
