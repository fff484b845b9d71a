#include "algorithms/baselines/hierarchical_tree.hpp"

#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace dplab::baselines {

std::uint32_t tree_height(std::uint64_t n, std::uint32_t b) {
  if (n == 0 || b < 2) throw Error("tree_height: needs n >= 1 and b >= 2");
  std::uint32_t h = 0;
  for (std::uint64_t leaves = 1; leaves < n; leaves *= b) ++h;
  return h;
}

std::uint32_t qardaji_branching(std::uint64_t n) {
  std::uint32_t best = 2;
  double best_v = std::numeric_limits<double>::infinity();
  for (std::uint64_t b = 2; b <= std::max<std::uint64_t>(n, 2); ++b) {
    const double h = tree_height(n, static_cast<std::uint32_t>(b));
    const double v = (double(b) - 1) * h * h * h - 2 * (double(b) + 1) * h * h / 3;
    if (v < best_v) {
      best_v = v;
      best = static_cast<std::uint32_t>(b);
    }
  }
  return best;
}

namespace {
// Offset of level l in the level-by-level layout: 1 + b + ... + b^(l-1).
std::size_t level_start(std::uint32_t b, std::uint32_t l) {
  std::size_t s = 0, w = 1;
  for (std::uint32_t i = 0; i < l; ++i, w *= b) s += w;
  return s;
}
}  // namespace

std::vector<double> tree_counts(std::span<const double> x, std::uint32_t b, std::uint32_t h) {
  const std::size_t total = level_start(b, h + 1), leaves0 = level_start(b, h);
  if (x.size() > total - leaves0) throw Error("tree_counts: more cells than leaves");
  std::vector<double> t(total, 0.0);
  for (std::size_t i = 0; i < x.size(); ++i) t[leaves0 + i] = x[i];
  for (std::uint32_t l = h; l-- > 0;) {
    const std::size_t s = level_start(b, l), c = level_start(b, l + 1), width = c - s;
    for (std::size_t j = 0; j < width; ++j)
      for (std::uint32_t k = 0; k < b; ++k) t[s + j] += t[c + b * j + k];
  }
  return t;
}

std::vector<double> tree_inference(std::span<const double> y, std::uint32_t b, std::uint32_t h, std::size_t n,
                                   bool root_measured) {
  if (!root_measured && h == 0) throw Error("tree_inference: a tree of one node must measure its root");
  const std::size_t total = level_start(b, h + 1);
  if (y.size() != total) throw Error("tree_inference: " + std::to_string(y.size()) + " noisy counts for a tree of " +
                                     std::to_string(total) + " nodes");
  // Bottom up: z, and the sum of each node's children's z (kept for the top-down pass).
  std::vector<double> z(y.begin(), y.end()), child_sum(total, 0.0);
  double alpha = 1;  // b^(l-1) for the nodes of height l
  for (std::uint32_t l = h; l-- > 0;) {
    alpha *= b;
    const std::size_t s = level_start(b, l), c = level_start(b, l + 1), width = c - s;
    for (std::size_t j = 0; j < width; ++j) {
      double sum = 0;
      for (std::uint32_t k = 0; k < b; ++k) sum += z[c + b * j + k];
      child_sum[s + j] = sum;
      // An unmeasured root has infinite variance: its estimate is its children's sum.
      z[s + j] = (l == 0 && !root_measured) ? sum : ((b - 1) * alpha * y[s + j] + (alpha - 1) * sum) / (b * alpha - 1);
    }
  }
  // Top down: hbar (in place of z).
  for (std::uint32_t l = 0; l < h; ++l) {
    const std::size_t s = level_start(b, l), c = level_start(b, l + 1), width = c - s;
    for (std::size_t j = 0; j < width; ++j) {
      const double share = (z[s + j] - child_sum[s + j]) / b;
      for (std::uint32_t k = 0; k < b; ++k) z[c + b * j + k] += share;
    }
  }
  const std::size_t leaves0 = level_start(b, h);
  return std::vector<double>(z.begin() + static_cast<std::ptrdiff_t>(leaves0),
                             z.begin() + static_cast<std::ptrdiff_t>(leaves0 + n));
}

}  // namespace dplab::baselines
