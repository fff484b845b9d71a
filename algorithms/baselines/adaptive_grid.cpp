#include "algorithms/baselines/adaptive_grid.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab {

namespace {
std::size_t cell_of(double v, double lo, double hi, std::size_t n) {
  const double s = (v - lo) * (double(n) / (hi - lo));
  if (!(s >= 1)) return 0;
  return s >= double(n) ? n - 1 : static_cast<std::size_t>(s);  // truncation is floor here
}
}  // namespace

std::size_t adaptive_grid_m1(double n, double eps, const AdaptiveGridOptions& o) {
  const double m = baselines::round_grid(std::sqrt(std::max(n, 0.0) * eps / o.c1) / 4, o.rounding);
  return std::max(o.min_m1, static_cast<std::size_t>(m));
}

std::size_t adaptive_grid_m2(double noisy, double eps2, const AdaptiveGridOptions& o) {
  const double m = baselines::round_grid(std::sqrt(std::max(noisy, 0.0) * eps2 / o.c2), o.rounding);
  return m >= 1 ? static_cast<std::size_t>(m) : 1;
}

void adaptive_grid_inference(double level1, std::span<double> leaves, double alpha) {
  double sum = 0;
  for (double v : leaves) sum += v;
  const double a2 = alpha * alpha, b2 = (1 - alpha) * (1 - alpha), k = double(leaves.size());
  const double v = (a2 * k * level1 + b2 * sum) / (a2 * k + b2);
  const double shift = (v - sum) / k;
  for (double& l : leaves) l += shift;
}

AdaptiveGrid adaptive_grid(const PointSet& points, std::span<const std::uint32_t> rows, double xlo, double xhi,
                           double ylo, double yhi, double eps, Mechanisms& noise, const AdaptiveGridOptions& o) {
  if (!(o.alpha > 0 && o.alpha < 1)) throw Error("adaptive grid: alpha must be in (0, 1)");
  if (!(xhi > xlo && yhi > ylo)) throw Error("adaptive grid: the box is empty");
  if (points.d != 2) throw Error("adaptive grid: needs 2-D points");
  const std::size_t n = rows.empty() ? points.n : rows.size();
  auto point = [&](std::size_t i) { return points.row(rows.empty() ? i : rows[i]); };
  AdaptiveGrid ag;
  const std::size_t m1 = ag.m1 = o.fixed_m1 > 0 ? o.fixed_m1 : adaptive_grid_m1(double(n), eps, o);
  const double w1 = (xhi - xlo) / double(m1), h1 = (yhi - ylo) / double(m1);

  // Level 1: true counts, then one Laplace release (the cells are disjoint: sensitivity 1).
  std::vector<double> level1(m1 * m1, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = point(i);
    level1[cell_of(p[0], xlo, xhi, m1) * m1 + cell_of(p[1], ylo, yhi, m1)] += 1;
  }
  noise.laplace(level1, 1.0, o.alpha * eps, "adaptive grid level 1 (Qardaji et al. 2013)");

  // Level 2 sizes from the noisy level-1 counts (post-processing), then the true leaf counts.
  const double eps2 = (1 - o.alpha) * eps;
  ag.m2.resize(m1 * m1);
  std::vector<std::size_t> first(m1 * m1 + 1, 0);  // offset of each level-1 cell's leaves
  for (std::size_t c = 0; c < m1 * m1; ++c) {
    ag.m2[c] = adaptive_grid_m2(level1[c], eps2, o);
    first[c + 1] = first[c] + ag.m2[c] * ag.m2[c];
  }
  std::vector<double> leaf(first.back(), 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = point(i);
    const double x = p[0], y = p[1];
    const std::size_t cx = cell_of(x, xlo, xhi, m1), cy = cell_of(y, ylo, yhi, m1), c = cx * m1 + cy;
    const std::size_t m2 = ag.m2[c];
    const double x0 = xlo + double(cx) * w1, y0 = ylo + double(cy) * h1;
    leaf[first[c] + cell_of(x, x0, x0 + w1, m2) * m2 + cell_of(y, y0, y0 + h1, m2)] += 1;
  }
  // All leaves are disjoint (they partition the box): one release of sensitivity 1.
  noise.laplace(leaf, 1.0, eps2, "adaptive grid level 2 (Qardaji et al. 2013)");

  // Constrained inference per level-1 cell, and the leaves as rectangles.
  ag.leaves.reserve(leaf.size());
  for (std::size_t cx = 0; cx < m1; ++cx)
    for (std::size_t cy = 0; cy < m1; ++cy) {
      const std::size_t c = cx * m1 + cy, m2 = ag.m2[c];
      adaptive_grid_inference(level1[c], std::span<double>(leaf).subspan(first[c], m2 * m2), o.alpha);
      const double x0 = xlo + double(cx) * w1, y0 = ylo + double(cy) * h1;
      const double w2 = w1 / double(m2), h2 = h1 / double(m2);
      for (std::size_t i = 0; i < m2; ++i)
        for (std::size_t j = 0; j < m2; ++j)
          ag.leaves.push_back({x0 + double(i) * w2, x0 + double(i + 1) * w2, y0 + double(j) * h2,
                               y0 + double(j + 1) * h2, leaf[first[c] + i * m2 + j]});
    }
  return ag;
}

}  // namespace dplab
