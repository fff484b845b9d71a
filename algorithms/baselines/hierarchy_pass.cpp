#include "algorithms/baselines/hierarchy_pass.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
// GCC bug 105593: false maybe-uninitialized warnings from the AVX-512 intrinsics' headers.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace dplab::baselines {

#if defined(__x86_64__)
namespace {

// The C lanes' prefix values at bucket boundary idx (P[idx * C + c]).
__attribute__((target("avx512f"), always_inline)) inline __m512d lanes_at(const double* P, std::size_t C, __mmask8 m,
                                                                          std::uint32_t idx) {
  return _mm512_maskz_loadu_pd(m, P + std::size_t(idx) * C);
}

// out[node * C + c] += v's lane c.
__attribute__((target("avx512f"), always_inline)) inline void lanes_add(std::vector<double>& out, std::size_t C,
                                                                        __mmask8 m, std::size_t node, __m512d v) {
  double* o = out.data() + node * C;
  _mm512_mask_storeu_pd(o, m, _mm512_add_pd(_mm512_maskz_loadu_pd(m, o), v));
}

}  // namespace
#endif

HierarchyPass::HierarchyPass(const BucketWorkload& Q, const Hierarchy& tree) : Q_(Q), tree_nodes_(tree.nodes.size()) {
  if (Q.buckets != tree.buckets) throw Error("hierarchy pass: workload and hierarchy sizes differ");
  std::uint32_t max_depth = 0;
  for (const auto& v : tree.nodes) max_depth = std::max(max_depth, v.depth);
  depths_.resize(tree.nodes.empty() ? 0 : max_depth + 1);
  for (std::size_t v = 0; v < tree.nodes.size(); ++v) depths_[tree.nodes[v].depth].nodes.push_back(static_cast<std::uint32_t>(v));
  for (Depth& D : depths_) {
    std::sort(D.nodes.begin(), D.nodes.end(),
              [&](std::uint32_t a, std::uint32_t b) { return tree.nodes[a].lo < tree.nodes[b].lo; });
    for (std::uint32_t v : D.nodes) {
      const HierarchyNode& node = tree.nodes[v];
      D.lo.push_back(node.lo);
      D.hi.push_back(node.hi);
      // A node's children split it at lo + size / 2 (binary_tree); a leaf has no split.
      D.mid.push_back(node.lo + (node.hi - node.lo) / 2);
    }
    plan(D);
  }
  set_weights({});
}

void HierarchyPass::plan(Depth& D) {
  const std::size_t count = D.nodes.size();
  const std::uint32_t nb = Q_.buckets;
  D.mixed.assign(count, 0);
  // Where each bucket lies among this depth's nodes, and the first node starting at or after it.
  std::vector<std::int32_t> node_at(nb, -1);
  std::vector<std::uint32_t> first_from(static_cast<std::size_t>(nb) + 1);
  for (std::size_t a = 0; a < count; ++a)
    std::fill(node_at.begin() + D.lo[a], node_at.begin() + D.hi[a], static_cast<std::int32_t>(a));
  for (std::size_t j = nb + 1, a = count; j-- > 0;) {
    while (a > 0 && D.lo[a - 1] >= j) --a;
    first_from[j] = static_cast<std::uint32_t>(a);
  }
  // At most a head and a tail piece a segment: reserved at once, the vector is never copied as it
  // grows (only the pages written are touched).
  D.pieces.reserve(2 * Q_.segments.size());
  for (std::size_t i = 0; i < Q_.queries(); ++i) {
    const auto q = static_cast<std::uint32_t>(i);
    for (const Segment& s : Q_.row(i)) {
      const std::int32_t vh = node_at[s.first], vt = node_at[s.last - 1];
      const bool head = vh >= 0 && D.lo[static_cast<std::size_t>(vh)] < s.first;
      const bool tail = vt >= 0 && D.hi[static_cast<std::size_t>(vt)] > s.last;
      if (head) {
        const auto a = static_cast<std::uint32_t>(vh);
        D.pieces.push_back({q, a, s.first, std::min(s.last, D.hi[a]), s.coef});
        D.mixed[a] = 1;
      }
      // Nodes starting inside the segment are covered whole, except a last one reaching past it.
      const std::uint32_t first = first_from[s.first];
      std::uint32_t last = first_from[s.last];
      if (last > first && D.hi[last - 1] > s.last) --last;
      if (last > first) D.covers.push_back({q, first, last, s.coef});
      if (tail && !(head && vh == vt)) {
        const auto a = static_cast<std::uint32_t>(vt);
        D.pieces.push_back({q, a, std::max(s.first, D.lo[a]), s.last, s.coef});
        D.mixed[a] = 1;
      }
    }
  }
  // The (query, node) groups of one piece become singles; the others become groups of parts,
  // each part with its ends in the node's children worked out once here rather than in every pass.
  for (std::size_t b = 0; b < D.pieces.size();) {
    std::size_t e = b + 1;
    while (e < D.pieces.size() && D.pieces[e].query == D.pieces[b].query && D.pieces[e].node == D.pieces[b].node) ++e;
    if (e - b == 1) {
      const Piece& p = D.pieces[b];
      const std::uint32_t cut = std::clamp(D.mid[p.node], p.from, p.to);
      D.singles.push_back({p.node, p.from, cut, p.to});
      D.single_query.push_back(p.query);
      D.single_coef.push_back(p.coef);
    } else {
      D.groups.push_back({D.pieces[b].query, D.pieces[b].node, static_cast<std::uint32_t>(D.parts.size()),
                          static_cast<std::uint32_t>(D.parts.size() + (e - b))});
      for (std::size_t k = b; k < e; ++k) {
        const Piece& p = D.pieces[k];
        const std::uint32_t m = D.mid[p.node];
        D.parts.push_back({p.from, p.to, p.from < m ? std::min(p.to, m) : p.from, p.to > m ? std::max(p.from, m) : p.to,
                           p.coef});
      }
    }
    b = e;
  }
  D.pieces = {};
  // Singles by node, so that a pass sums each node's in registers (the root's are all of them).
  std::vector<std::size_t> order(D.singles.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return D.singles[a].node < D.singles[b].node; });
  std::vector<Single> singles(order.size());
  std::vector<std::uint32_t> query(order.size());
  std::vector<double> coef(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    singles[k] = D.singles[order[k]];
    query[k] = D.single_query[order[k]];
    coef[k] = D.single_coef[order[k]];
  }
  D.singles = std::move(singles);
  D.single_query = std::move(query);
  D.single_coef = std::move(coef);
}

void HierarchyPass::set_weights(std::span<const double> w) {
  if (!w.empty() && w.size() != Q_.queries())
    throw Error("hierarchy pass: " + std::to_string(w.size()) + " weights for " + std::to_string(Q_.queries()) +
                " queries");
  if (w.empty() && unit_weights_) return;  // nothing to recompute
  unit_weights_ = w.empty();
  weights_.assign(w.begin(), w.end());
  for (Depth& D : depths_) {
    const std::size_t count = D.nodes.size();
    // Coefficient-1 covers by a difference array (integer weights: exact sums); fractional ones
    // (a bucket, or a few merged) node by node.
    std::vector<double> diff(count + 1, 0.0);
    D.covered.assign(count, 0.0);
    for (const Cover& c : D.covers) {
      const double wi = weights_.empty() ? 1.0 : weights_[c.query];
      if (c.coef == 1) {
        diff[c.first] += wi;
        diff[c.last] -= wi;
      } else {
        for (std::uint32_t a = c.first; a < c.last; ++a) D.covered[a] += wi * c.coef * c.coef;
      }
    }
    double run = 0;
    for (std::size_t a = 0; a < count; ++a) D.covered[a] += run += diff[a];
    D.single_w.resize(D.singles.size());
    for (std::size_t k = 0; k < D.singles.size(); ++k) {
      const double wi = weights_.empty() ? 1.0 : weights_[D.single_query[k]];
      D.single_w[k] = wi * D.single_coef[k] * D.single_coef[k];
    }
  }
}

void HierarchyPass::run(std::size_t d, std::span<const double> U, std::size_t lanes) {
  if (lanes == 0 || U.size() != std::size_t(Q_.buckets) * lanes)
    throw Error("hierarchy pass: " + std::to_string(U.size()) + " values for " + std::to_string(lanes) + " vectors of " +
                std::to_string(Q_.buckets) + " buckets");
  const Depth& D = depths_[d];
#if defined(__x86_64__)
  if (lanes > 1 && lanes <= 8 && simd::level() >= simd::Level::avx512) return run_lanes_avx512(D, U, lanes);
#endif
  switch (lanes) {  // the lane count known at compile time: its loops unrolled, sums in registers
    case 1: return run_lanes<1>(D, U);
    case 2: return run_lanes<2>(D, U);
    case 3: return run_lanes<3>(D, U);
    case 4: return run_lanes<4>(D, U);
    case 5: return run_lanes<5>(D, U);
    case 6: return run_lanes<6>(D, U);
    case 7: return run_lanes<7>(D, U);
    case 8: return run_lanes<8>(D, U);
    default: throw Error("hierarchy pass: at most 8 vectors at once, got " + std::to_string(lanes));
  }
}

double* HierarchyPass::start_run(const Depth& D, std::size_t lanes) {
  quad.assign(D.nodes.size() * lanes, 0.0);
  split.assign(D.nodes.size() * lanes, 0.0);
  full_sq.assign(D.nodes.size(), 0.0);
  prefix_.resize((std::size_t(Q_.buckets) + 1) * lanes);
  return prefix_.data();
}

template <std::size_t C>
void HierarchyPass::run_lanes(const Depth& D, std::span<const double> U) {
  const std::size_t count = D.nodes.size();
  // Prefix sums lane by lane, each in linear_queries::prefix_sums' order: P[j * C + c].
  const std::size_t nb = Q_.buckets;
  double* P = start_run(D, C);
  for (std::size_t c = 0; c < C; ++c) {
    double s = 0;
    P[c] = 0;
    for (std::size_t j = 0; j < nb; ++j) P[(j + 1) * C + c] = s += U[j * C + c];
  }
  // Singles come sorted by node: each node's sums are kept in registers.
  for (std::size_t k = 0; k < D.singles.size();) {
    const std::uint32_t node = D.singles[k].node;
    double q[C] = {}, sp[C] = {};
    for (; k < D.singles.size() && D.singles[k].node == node; ++k) {
      const Single& g = D.singles[k];
      const double w = D.single_w[k];
      const double *to = P + std::size_t(g.to) * C, *from = P + std::size_t(g.from) * C, *cut = P + std::size_t(g.cut) * C;
      for (std::size_t c = 0; c < C; ++c) {
        const double all = to[c] - from[c], left = cut[c] - from[c], right = all - left;
        q[c] += w * all * all;
        sp[c] += w * (left * left + right * right);
      }
    }
    for (std::size_t c = 0; c < C; ++c) {
      quad[node * C + c] += q[c];
      split[node * C + c] += sp[c];
    }
  }
  // A (query, node) with several pieces: accumulate q_iv and its parts in the two children. A
  // part that is empty adds coef x 0, which leaves each sum's value (and so its square) as it was.
  for (const Group& g : D.groups) {
    double dot[C] = {}, dl[C] = {}, dr[C] = {};
    for (std::uint32_t k = g.begin; k < g.end; ++k) {
      const Part& p = D.parts[k];
      const double *to = P + std::size_t(p.to) * C, *from = P + std::size_t(p.from) * C;
      const double *left = P + std::size_t(p.left) * C, *right = P + std::size_t(p.right) * C;
      for (std::size_t c = 0; c < C; ++c) {
        dot[c] += p.coef * (to[c] - from[c]);
        dl[c] += p.coef * (left[c] - from[c]);
        dr[c] += p.coef * (to[c] - right[c]);
      }
    }
    const double wi = weights_.empty() ? 1.0 : weights_[g.query];
    for (std::size_t c = 0; c < C; ++c) {
      quad[g.node * C + c] += wi * dot[c] * dot[c];
      split[g.node * C + c] += wi * (dl[c] * dl[c] + dr[c] * dr[c]);
    }
  }
  for (std::size_t a = 0; a < count; ++a) {
    const double w = D.covered[a];
    full_sq[a] = w;
    const double *hi = P + std::size_t(D.hi[a]) * C, *lo = P + std::size_t(D.lo[a]) * C;
    const double* mid = P + std::size_t(D.mid[a]) * C;
    for (std::size_t c = 0; c < C; ++c) {
      const double S = hi[c] - lo[c];
      quad[a * C + c] += w * S * S;
      if (D.hi[a] - D.lo[a] > 1) {
        const double L = mid[c] - lo[c], R = hi[c] - mid[c];
        split[a * C + c] += w * (L * L + R * R);
      }
    }
  }
}

#if defined(__x86_64__)
// run_lanes with the lanes in one AVX-512 vector (up to 8; the others masked off): lane c does
// the IEEE operations of run_lanes' lane c in the same order, so the bits are the same;
// tests/test_dawa.cpp compares the two paths. AVX-512F brings FMA, and GCC would fuse a
// multiply and an add into one rounding (C++'s default -ffp-contract=fast): not here.
__attribute__((target("avx512f"), optimize("fp-contract=off"))) void HierarchyPass::run_lanes_avx512(
    const Depth& D, std::span<const double> U, std::size_t C) {
  const std::size_t count = D.nodes.size();
  const __mmask8 m = static_cast<__mmask8>((1u << C) - 1);
  const std::size_t nb = Q_.buckets;
  // Prefix sums, the lanes side by side (masked loads and stores touch only the C values).
  double* P = start_run(D, C);
  __m512d run = _mm512_setzero_pd();
  _mm512_mask_storeu_pd(P, m, run);
  for (std::size_t j = 0; j < nb; ++j) {
    run = _mm512_add_pd(run, _mm512_maskz_loadu_pd(m, U.data() + j * C));
    _mm512_mask_storeu_pd(P + (j + 1) * C, m, run);
  }
  const double* const P_ = P;
  for (std::size_t k = 0; k < D.singles.size();) {
    const std::uint32_t node = D.singles[k].node;
    __m512d q = _mm512_setzero_pd(), sp = _mm512_setzero_pd();
    for (; k < D.singles.size() && D.singles[k].node == node; ++k) {
      const Single& g = D.singles[k];
      const __m512d w = _mm512_set1_pd(D.single_w[k]);
      const __m512d from = lanes_at(P_, C, m, g.from);
      const __m512d all = _mm512_sub_pd(lanes_at(P_, C, m, g.to), from), left = _mm512_sub_pd(lanes_at(P_, C, m, g.cut), from);
      const __m512d right = _mm512_sub_pd(all, left);
      q = _mm512_add_pd(q, _mm512_mul_pd(_mm512_mul_pd(w, all), all));
      sp = _mm512_add_pd(sp, _mm512_mul_pd(w, _mm512_add_pd(_mm512_mul_pd(left, left), _mm512_mul_pd(right, right))));
    }
    lanes_add(quad, C, m, node, q);
    lanes_add(split, C, m, node, sp);
  }
  for (const Group& g : D.groups) {
    __m512d dot = _mm512_setzero_pd(), dl = _mm512_setzero_pd(), dr = _mm512_setzero_pd();
    for (std::uint32_t k = g.begin; k < g.end; ++k) {
      const Part& p = D.parts[k];
      const __m512d coef = _mm512_set1_pd(p.coef), from = lanes_at(P_, C, m, p.from), to = lanes_at(P_, C, m, p.to);
      dot = _mm512_add_pd(dot, _mm512_mul_pd(coef, _mm512_sub_pd(to, from)));
      dl = _mm512_add_pd(dl, _mm512_mul_pd(coef, _mm512_sub_pd(lanes_at(P_, C, m, p.left), from)));
      dr = _mm512_add_pd(dr, _mm512_mul_pd(coef, _mm512_sub_pd(to, lanes_at(P_, C, m, p.right))));
    }
    const __m512d wi = _mm512_set1_pd(weights_.empty() ? 1.0 : weights_[g.query]);
    lanes_add(quad, C, m, g.node, _mm512_mul_pd(_mm512_mul_pd(wi, dot), dot));
    lanes_add(split, C, m, g.node, _mm512_mul_pd(wi, _mm512_add_pd(_mm512_mul_pd(dl, dl), _mm512_mul_pd(dr, dr))));
  }
  for (std::size_t a = 0; a < count; ++a) {
    const double wa = D.covered[a];
    full_sq[a] = wa;
    const __m512d w = _mm512_set1_pd(wa), lo = lanes_at(P_, C, m, D.lo[a]), hi = lanes_at(P_, C, m, D.hi[a]);
    const __m512d S = _mm512_sub_pd(hi, lo);
    lanes_add(quad, C, m, a, _mm512_mul_pd(_mm512_mul_pd(w, S), S));
    if (D.hi[a] - D.lo[a] > 1) {
      const __m512d mid = lanes_at(P_, C, m, D.mid[a]);
      const __m512d L = _mm512_sub_pd(mid, lo), R = _mm512_sub_pd(hi, mid);
      lanes_add(split, C, m, a, _mm512_mul_pd(w, _mm512_add_pd(_mm512_mul_pd(L, L), _mm512_mul_pd(R, R))));
    }
  }
}
#endif

}  // namespace dplab::baselines
