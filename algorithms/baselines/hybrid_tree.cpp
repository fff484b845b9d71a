#include "algorithms/baselines/hybrid_tree.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "algorithms/baselines/grid_cells.hpp"
#include "algorithms/baselines/tree_2d.hpp"
#include "core/error.hpp"

namespace dplab::baselines {

using linear_queries::rect_sum;

double HybridBudget::count_eps(int d) const { return geometric_level_eps((1 - ratio) * eps, height, height - d); }

double HybridBudget::count_eps_below(int d) const {
  double s = 0;
  for (int k = d + 1; k <= height; ++k) s += count_eps(k);
  return s;
}

int hybrid_tree_height(std::uint32_t rows, int max_height) {
  if (rows == 0) throw Error("hybridtree: the histogram has no rows");
  const double ln = std::log(static_cast<double>(rows));
  return static_cast<int>(std::floor(ln)) < max_height ? static_cast<int>(std::ceil(ln)) : max_height;
}

std::vector<double> median_scores(const std::vector<double>& P, std::uint32_t cols, const Rect& box, int axis) {
  const double n = rect_sum(P, cols, box), rm = std::ceil(n / 2);
  const std::uint32_t lo = axis == 0 ? box.r0 : box.c0, hi = axis == 0 ? box.r1 : box.c1;
  std::vector<double> scores;
  for (std::uint32_t b = lo + 1; b < hi; ++b) {
    Rect before = box;
    (axis == 0 ? before.r1 : before.c1) = b;
    scores.push_back(-std::fabs(rect_sum(P, cols, before) - rm));
  }
  return scores;
}

namespace {

constexpr double kMinPartSize = 1;  // DPBench's minPartSize: a noisy count <= 1 makes a leaf

struct Grower {
  const std::vector<double>& P;
  std::uint32_t cols;
  const HybridBudget& b;
  Mechanisms& noise;
  bool reference;
  std::vector<HybridNode>& t;

  double true_count(const Rect& r) const { return rect_sum(P, cols, r); }

  // `box` cut across `axis` at a private median (kd levels) or at its middle (quadtree levels):
  // its two sides, or the box alone when it is one cell wide along the axis.
  std::vector<Rect> cut(const Rect& box, int axis, bool kd) const {
    const std::uint32_t lo = axis == 0 ? box.r0 : box.c0, hi = axis == 0 ? box.r1 : box.c1;
    if (hi - lo < 2) return {box};
    const std::uint32_t at =
        kd ? lo + 1 + static_cast<std::uint32_t>(noise.exponential(median_scores(P, cols, box, axis), 1.0,
                                                                    b.median_eps() / 2, "hybridtree: private median"))
           : lo + (hi - lo) / 2;
    Rect a = box, c = box;
    (axis == 0 ? a.r1 : a.c1) = at;
    (axis == 0 ? c.r0 : c.c0) = at;
    return {a, c};
  }

  // Node v has its noisy count: make it a leaf or split it and measure and grow its children.
  void grow(std::uint32_t v) {
    const HybridNode node = t[v];  // a copy: t grows below
    const bool no_records = reference && true_count(node.box) == 0;
    if (node.depth == b.height || node.count <= kMinPartSize || node.box.area() == 1 || no_records) {
      if (node.depth < b.height)
        t[v].count = noise.laplace(true_count(node.box), 1.0, b.count_eps_below(node.depth),
                                   "hybridtree: early leaf, the budget of the depths below");
      return;
    }
    const int axis = node.depth % 2;  // rows first (DPBench: depth % NDIM, x = row)
    const bool kd = node.depth < b.switch_level;
    const std::vector<Rect> halves = cut(node.box, axis, kd);
    std::vector<Rect> kids;
    {
      auto scope = noise.ledger().parallel("hybridtree: the halves' medians");
      for (const Rect& h : halves) {
        auto branch = scope.branch();
        for (const Rect& k : cut(h, 1 - axis, kd)) kids.push_back(k);
      }
    }
    const auto first = static_cast<std::uint32_t>(t.size());
    t[v].first = first;
    t[v].kids = static_cast<std::uint32_t>(kids.size());
    for (const Rect& k : kids) t.push_back({k, node.depth + 1, 0.0, 0, 0});
    auto scope = noise.ledger().parallel("hybridtree: the children");
    for (std::uint32_t i = 0; i < kids.size(); ++i) {
      auto branch = scope.branch();
      t[first + i].count = noise.laplace(true_count(kids[i]), 1.0, b.count_eps(node.depth + 1), "hybridtree: node count");
      grow(first + i);
    }
  }
};

// DPBench's root with `reference`: the bounding box of the cells that hold records.
Rect data_bounds(const std::vector<double>& P, std::uint32_t rows, std::uint32_t cols) {
  Rect box{rows, 0, cols, 0};
  for (std::uint32_t r = 0; r < rows; ++r)
    if (rect_sum(P, cols, Rect{r, r + 1, 0, cols}) != 0) box.r0 = std::min(box.r0, r), box.r1 = r + 1;
  for (std::uint32_t c = 0; c < cols; ++c)
    if (rect_sum(P, cols, Rect{0, rows, c, c + 1}) != 0) box.c0 = std::min(box.c0, c), box.c1 = c + 1;
  return box.r1 == 0 ? Rect{0, rows, 0, cols} : box;  // no record: the whole domain
}

}  // namespace

std::vector<HybridNode> grow_hybrid_tree(const std::vector<double>& P, std::uint32_t rows, std::uint32_t cols,
                                         const HybridBudget& b, Mechanisms& noise, bool reference) {
  if (b.switch_level < 1) throw Error("hybridtree: switch_level must be >= 1");
  if (b.height < 0) throw Error("hybridtree: the height must be >= 0");
  std::vector<HybridNode> t;
  t.push_back({reference ? data_bounds(P, rows, cols) : Rect{0, rows, 0, cols}, 0, 0.0, 0, 0});
  t[0].count = noise.laplace(rect_sum(P, cols, t[0].box), 1.0, b.count_eps(0), "hybridtree: root count");
  Grower{P, cols, b, noise, reference, t}.grow(0);
  return t;
}

namespace {

void upward(std::vector<HybridNode>& t, std::uint32_t v, int H) {
  HybridNode& n = t[v];
  if (n.kids == 0) return;
  double sum = 0;
  for (std::uint32_t c = n.first; c < n.first + n.kids; ++c) {
    upward(t, c, H);
    sum += t[c].count;
  }
  const double f = n.kids, fl = std::pow(f, H - n.depth), fl1 = fl / f;
  n.count = (fl - fl1) / (fl - 1) * n.count + (fl1 - 1) / (fl - 1) * sum;
}

}  // namespace

void hybrid_consistency(std::vector<HybridNode>& t, int H) {
  upward(t, 0, H);
  // Top down: a node's children come after it in t.
  for (HybridNode& n : t) {
    if (n.kids == 0) continue;
    double sum = 0;
    for (std::uint32_t c = n.first; c < n.first + n.kids; ++c) sum += t[c].count;
    const double shift = (n.count - sum) / n.kids;
    for (std::uint32_t c = n.first; c < n.first + n.kids; ++c) t[c].count += shift;
  }
}

std::vector<double> hybrid_leaves(const std::vector<HybridNode>& t, std::uint32_t rows, std::uint32_t cols) {
  std::vector<double> x(std::size_t(rows) * cols, 0.0);
  for (const HybridNode& n : t)
    if (n.kids == 0) spread_evenly(x, cols, n.box, n.count);
  return x;
}

}  // namespace dplab::baselines
