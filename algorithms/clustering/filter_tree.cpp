#include "algorithms/clustering/filter_tree.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/assign_kernels.hpp"  // direct_distance
#include "algorithms/clustering/shared_blocks.hpp"  // dataset_cache_key
#include "framework/build_once_cache.hpp"

namespace dplab::clustering {

namespace {

constexpr double kMagnitudeLimit = 0x1.0p500;  // squares and their sums stay far from overflow

// Builds the node of points idx[begin, end) (recursively), returning its index. The split is at
// the median of the box's widest side (Kanungo et al. §3 use the sliding midpoint; any split is
// correct, the median keeps the depth at log2(n / kLeaf)).
std::int32_t build_node(const PointSet& data, std::vector<std::uint32_t>& idx, std::uint32_t begin, std::uint32_t end,
                        FilterTree& t) {
  const std::size_t d = data.d;
  const auto id = static_cast<std::int32_t>(t.nodes.size());
  t.nodes.push_back({begin, end, -1, -1, end - begin});
  t.lo.resize(t.nodes.size() * d);
  t.hi.resize(t.nodes.size() * d);
  t.sums.resize(t.nodes.size() * d);
  double* lo = t.lo.data() + static_cast<std::size_t>(id) * d;
  double* hi = t.hi.data() + static_cast<std::size_t>(id) * d;
  for (std::size_t j = 0; j < d; ++j) lo[j] = hi[j] = data.x[idx[begin] * d + j];
  for (std::uint32_t i = begin + 1; i < end; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      lo[j] = std::min(lo[j], data.x[idx[i] * d + j]);
      hi[j] = std::max(hi[j], data.x[idx[i] * d + j]);
    }
  std::size_t widest = 0;
  for (std::size_t j = 1; j < d; ++j)
    if (hi[j] - lo[j] > hi[widest] - lo[widest]) widest = j;
  Fixed* sum = t.sums.data() + static_cast<std::size_t>(id) * d;
  if (end - begin <= FilterTree::kLeaf || !(hi[widest] > lo[widest])) {  // a leaf (or identical points)
    for (std::size_t j = 0; j < d; ++j) sum[j] = 0;
    for (std::uint32_t i = begin; i < end; ++i)
      for (std::size_t j = 0; j < d; ++j) sum[j] += to_fixed(data.x[idx[i] * d + j], t.scale.low[j]);
    return id;
  }
  const std::uint32_t mid = begin + (end - begin) / 2;
  std::nth_element(idx.begin() + begin, idx.begin() + mid, idx.begin() + end, [&](std::uint32_t a, std::uint32_t b) {
    return data.x[a * d + widest] < data.x[b * d + widest];
  });
  const std::int32_t left = build_node(data, idx, begin, mid, t);
  const std::int32_t right = build_node(data, idx, mid, end, t);
  t.nodes[static_cast<std::size_t>(id)].left = left;
  t.nodes[static_cast<std::size_t>(id)].right = right;
  sum = t.sums.data() + static_cast<std::size_t>(id) * d;  // the vector may have moved
  for (std::size_t j = 0; j < d; ++j)
    sum[j] = t.sums[static_cast<std::size_t>(left) * d + j] + t.sums[static_cast<std::size_t>(right) * d + j];
  return id;
}

// Whether centroid a beats centroid b at every point of the box [lo, hi] under the direct
// formula D(p, c) = sum_j (p_j - c_j)^2 as computed in double (assign.cpp), so that b can never be
// a point's label there. With exact arithmetic, f(p) = ||p - b||^2 - ||p - a||^2 =
// sum_j (a_j - b_j) (2 p_j - a_j - b_j) is linear in p, least at the corner v with v_j = lo_j
// where a_j > b_j and hi_j elsewhere (Kanungo et al., §2.2). The computed D(p, c) is within
// gamma_{d+2} ||p - c||^2 of the exact one (Higham, eq. 3.5; gamma_n = 1.01 n 2^-53, as in
// assign.cpp's certificate), so D(p, a) < D(p, b) whenever f(p) > gamma_{d+2} (||p - a||^2 +
// ||p - b||^2); ||p - c||^2 is at most M_c = sum_j max((lo_j - c_j)^2, (hi_j - c_j)^2) on the box.
// The computed f(v) is within gamma_{d+4} S of f(v), S = sum_j |a_j - b_j| (2 |v_j| + |a_j| + |b_j|)
// (two roundings in 2 v_j - a_j - b_j, one in a_j - b_j, one in the product, d in the sum). Every
// margin is doubled (for the roundings of the bounds themselves), and d 2^-1000 added for
// underflow; magnitudes below 2^500 (checked by the callers) rule out overflow.
bool dominates(const double* a, const double* b, const double* lo, const double* hi, std::size_t d) {
  double f = 0, s = 0, ma = 0, mb = 0;
  for (std::size_t j = 0; j < d; ++j) {
    const double delta = a[j] - b[j];
    const double v = delta > 0 ? lo[j] : hi[j];
    f += delta * ((2 * v - a[j]) - b[j]);
    s += std::abs(delta) * (2 * std::abs(v) + std::abs(a[j]) + std::abs(b[j]));
    ma += std::max((lo[j] - a[j]) * (lo[j] - a[j]), (hi[j] - a[j]) * (hi[j] - a[j]));
    mb += std::max((lo[j] - b[j]) * (lo[j] - b[j]), (hi[j] - b[j]) * (hi[j] - b[j]));
  }
  const double dd = static_cast<double>(d);
  const double gamma_f = 1.01 * (dd + 4) * 0x1.0p-53, gamma_d = 1.01 * (dd + 2) * 0x1.0p-53;
  return f > 2 * (gamma_f * s + gamma_d * (ma + mb)) + dd * 0x1.0p-1000;
}

struct Walk {
  const FilterTree& t;
  const double* c;  // k x d centroids
  std::size_t d;
  std::vector<std::uint16_t>& lists;  // one candidate list of k entries per depth
  std::size_t k;
  std::vector<Fixed>& sums;           // k x d
  std::vector<std::int64_t>& counts;  // k
  std::size_t leaf_limit;             // give up once more points than this need a label each
  std::size_t leaf_points = 0;
  bool gave_up = false;

  void give(std::size_t node, std::size_t cluster) {
    counts[cluster] += t.nodes[node].count;
    const Fixed* s = t.sums.data() + node * d;
    Fixed* to = sums.data() + cluster * d;
    for (std::size_t j = 0; j < d; ++j) to[j] += s[j];
  }

  // Candidates cand[0..m) (ascending indices) for node `node` at depth `depth`.
  void visit(std::size_t node, const std::uint16_t* cand, std::size_t m, std::size_t depth) {
    if (gave_up) return;
    if (m == 1) return give(node, cand[0]);
    const double* lo = t.lo.data() + node * d;
    const double* hi = t.hi.data() + node * d;
    // The candidate nearest the box's centre is the likeliest to dominate the others (any choice
    // is correct).
    std::size_t best = cand[0];
    double best_distance = HUGE_VAL;
    for (std::size_t q = 0; q < m; ++q) {
      double s = 0;
      for (std::size_t j = 0; j < d; ++j) {
        const double diff = 0.5 * (lo[j] + hi[j]) - c[cand[q] * d + j];
        s += diff * diff;
      }
      if (s < best_distance) { best_distance = s; best = cand[q]; }
    }
    std::uint16_t* kept = lists.data() + (depth + 1) * k;
    std::size_t left = 0;
    for (std::size_t q = 0; q < m; ++q)
      if (cand[q] == best || !dominates(c + best * d, c + cand[q] * d, lo, hi, d)) kept[left++] = cand[q];
    if (left == 1) return give(node, best);
    const FilterTree::Node& nd = t.nodes[node];
    if (nd.left >= 0) {
      visit(static_cast<std::size_t>(nd.left), kept, left, depth + 1);
      visit(static_cast<std::size_t>(nd.right), kept, left, depth + 1);
      return;
    }
    // A leaf: each point's label by the direct formula over the candidates left, lowest index
    // on ties (strict <, ascending order).
    leaf_points += nd.end - nd.begin;
    if (leaf_points > leaf_limit) {
      gave_up = true;
      return;
    }
    for (std::uint32_t i = nd.begin; i < nd.end; ++i) {
      const double* p = t.points.data() + static_cast<std::size_t>(i) * d;
      std::size_t label = kept[0];
      double least = kernels::direct_distance(p, c + label * d, d);
      for (std::size_t q = 1; q < left; ++q) {
        const double s = kernels::direct_distance(p, c + kept[q] * d, d);
        if (s < least) { least = s; label = kept[q]; }
      }
      ++counts[label];
      const Fixed* f = t.fixed.data() + static_cast<std::size_t>(i) * d;
      Fixed* to = sums.data() + label * d;
      for (std::size_t j = 0; j < d; ++j) to[j] += f[j];
    }
  }
};

}  // namespace

void build_filter_tree(const PointSet& data, FilterTree& out) {
  static std::atomic<std::uint64_t> next_id{1};
  out = FilterTree{};
  out.id = next_id.fetch_add(1);
  out.x = data.x.data();
  out.n = data.n;
  out.d = data.d;
  const std::size_t n = data.n, d = data.d;
  if (n == 0 || d == 0 || d > FilterTree::kMaxD || n >= (std::size_t{1} << 31)) return;
  fixed_point_scale(data, out.scale);
  if (!out.scale.exact) return;
  for (double v : data.x)
    if (!(std::abs(v) < kMagnitudeLimit)) return;
  std::vector<std::uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  out.nodes.reserve(2 * (n / FilterTree::kLeaf + 1));
  build_node(data, idx, 0, static_cast<std::uint32_t>(n), out);
  out.points.resize(n * d);
  out.fixed.resize(n * d);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      out.points[i * d + j] = data.x[idx[i] * d + j];
      out.fixed[i * d + j] = to_fixed(out.points[i * d + j], out.scale.low[j]);
    }
  out.usable = true;
}

std::shared_ptr<const FilterTree> shared_filter_tree(const PointSet& data) {
  static BuildOnceCache<FilterTree> cache(64);
  return cache.get(dataset_cache_key(data), [&] {
    FilterTree tree;
    build_filter_tree(data, tree);
    return tree;
  });
}

bool filter_counts_sums(const FilterTree& tree, const PointSet& data, const std::vector<double>& centroids,
                        std::size_t k, std::vector<double>& counts, std::vector<double>& sums, double max_leaf_share) {
  const std::size_t d = tree.d;
  if (!tree.usable || tree.x != data.x.data() || tree.n != data.n || tree.d != data.d || k == 0 ||
      k > FilterTree::kMaxK || centroids.size() != k * d)
    return false;
  for (double v : centroids)
    if (!(std::abs(v) < kMagnitudeLimit)) return false;
  // Whether the tree pays is a matter of the data (and the centroids): where many points lie
  // near boundaries (overlapping clusters, high d, small n) most are labelled one by one in the
  // leaves, with the scalar formula, slower than the vector kernels of the point-by-point pass.
  // A walk that reaches max_leaf_share of the points gives up, and this thread then leaves the
  // next kSkip passes on this tree to the point-by-point pass before trying again. Either way the
  // same bits: only the time differs.
  constexpr int kSkip = 32;
  thread_local std::uint64_t skipped_tree = 0;
  thread_local int skip_left = 0;
  if (skipped_tree == tree.id && skip_left > 0) {
    --skip_left;
    return false;
  }
  // This thread's buffers, reused across passes.
  thread_local std::vector<std::uint16_t> lists;
  thread_local std::vector<Fixed> exact;
  thread_local std::vector<std::int64_t> tally;
  std::size_t depth = 0;
  for (std::size_t m = tree.n; m > FilterTree::kLeaf; m = (m + 1) / 2) ++depth;
  lists.resize((depth + 2) * k);
  exact.assign(k * d, 0);
  tally.assign(k, 0);
  for (std::size_t c = 0; c < k; ++c) lists[c] = static_cast<std::uint16_t>(c);
  const auto limit = static_cast<std::size_t>(std::max(0.0, max_leaf_share) * static_cast<double>(tree.n));
  Walk walk{tree, centroids.data(), d, lists, k, exact, tally, limit};
  walk.visit(0, lists.data(), k, 0);
  if (walk.gave_up) {
    skipped_tree = tree.id;
    skip_left = kSkip;
    return false;
  }
  counts.assign(k, 0.0);
  sums.assign(k * d, 0.0);
  for (std::size_t c = 0; c < k; ++c) {
    counts[c] = static_cast<double>(tally[c]);
    for (std::size_t j = 0; j < d; ++j) sums[c * d + j] = from_fixed(exact[c * d + j], tree.scale.low[j]);
  }
  return true;
}

}  // namespace dplab::clustering
