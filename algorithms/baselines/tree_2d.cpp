#include "algorithms/baselines/tree_2d.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab::baselines {

std::size_t Tree2D::side(int k) const {
  std::size_t s = l;
  for (int i = 0; i < k; ++i) s /= b;
  return s;
}

double Tree2D::children_sum(int k, std::size_t i, std::size_t j) const {
  const std::size_t w = side(k - 1);
  const std::vector<double>& below = level[k - 1];
  double s = 0;
  for (std::size_t di = 0; di < b; ++di)
    for (std::size_t dj = 0; dj < b; ++dj) s += below[(i * b + di) * w + j * b + dj];
  return s;
}

void Tree2D::shift_children(int k, std::size_t i, std::size_t j, double shift) {
  const std::size_t w = side(k - 1);
  std::vector<double>& below = level[k - 1];
  for (std::size_t di = 0; di < b; ++di)
    for (std::size_t dj = 0; dj < b; ++dj) below[(i * b + di) * w + j * b + dj] += shift;
}

Tree2D build_tree_2d(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::uint32_t b) {
  if (b < 2) throw Error("2-D tree: the branching must be >= 2, got " + std::to_string(b));
  if (x.size() != std::size_t(rows) * cols) throw Error("2-D tree: the counts do not fill the rows x cols domain");
  Tree2D t;
  t.b = b;
  while (t.l < rows || t.l < cols) {
    t.l *= b;
    ++t.h;
  }
  t.level.resize(t.h + 1);
  t.level[0].assign(t.l * t.l, 0.0);
  for (std::uint32_t r = 0; r < rows; ++r)
    std::copy(x.begin() + std::size_t(r) * cols, x.begin() + std::size_t(r + 1) * cols, t.level[0].begin() + r * t.l);
  for (int k = 1; k <= t.h; ++k) {
    const std::size_t s = t.side(k), w = s * b;
    t.level[k].assign(s * s, 0.0);
    for (std::size_t i = 0; i < w; ++i)
      for (std::size_t j = 0; j < w; ++j) t.level[k][(i / b) * s + j / b] += t.level[k - 1][i * w + j];
  }
  return t;
}

void weighted_averaging(Tree2D& t, int top, const std::function<double(int)>& a) {
  for (int k = 1; k <= top; ++k) {
    const double w = a(k);
    const std::size_t s = t.side(k);
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) t.level[k][i * s + j] = w * t.level[k][i * s + j] + (1 - w) * t.children_sum(k, i, j);
  }
}

void mean_consistency(Tree2D& t, int top) {
  const double share = 1.0 / (double(t.b) * t.b);
  for (int k = top; k >= 1; --k) {
    const std::size_t s = t.side(k);
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j)
        t.shift_children(k, i, j, (t.level[k][i * s + j] - t.children_sum(k, i, j)) * share);
  }
}

std::vector<double> tree_leaves(const Tree2D& t, std::uint32_t rows, std::uint32_t cols) {
  std::vector<double> x(std::size_t(rows) * cols);
  for (std::uint32_t r = 0; r < rows; ++r)
    std::copy(t.level[0].begin() + r * t.l, t.level[0].begin() + r * t.l + cols, x.begin() + std::size_t(r) * cols);
  return x;
}

}  // namespace dplab::baselines

namespace dplab::baselines {

double geometric_level_eps(double eps, int h, int k) {
  return std::pow(2.0, (h - k) / 3.0) * eps * (std::cbrt(2.0) - 1) / (std::pow(2.0, (h + 1) / 3.0) - 1);
}

int tree_height(std::uint64_t n, std::uint64_t b) {
  int h = 0;
  for (std::uint64_t p = 1; p < n; p *= b) ++h;
  return h;
}

std::uint32_t hb_branching(std::uint64_t n) {
  std::uint32_t best = 2;
  double best_v = INFINITY;
  for (std::uint64_t b = 2; b <= n; ++b) {
    const double h = tree_height(n, b), v = double(b) * double(n - 1) * h * h;
    if (v < best_v) best_v = v, best = static_cast<std::uint32_t>(b);
  }
  return best;
}

}  // namespace dplab::baselines
