#include "algorithms/baselines/grid_cells.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab::baselines {

std::uint32_t grid_side(const Rect& box, double M, GridRounding rounding) {
  const std::uint32_t longest = std::max(box.r1 - box.r0, box.c1 - box.c0);
  if (!(M > 0) || !std::isfinite(M)) return longest;
  const double g = round_grid(std::sqrt(static_cast<double>(box.area()) / M), rounding);
  if (!(g >= 1)) return 1;
  return g >= longest ? longest : static_cast<std::uint32_t>(g);
}

std::vector<Rect> grid_cells(const Rect& box, std::uint32_t g) {
  if (g == 0) throw Error("grid_cells: the cell side must be >= 1");
  std::vector<Rect> cells;
  for (std::uint32_t r = box.r0; r < box.r1; r += g)
    for (std::uint32_t c = box.c0; c < box.c1; c += g)
      cells.push_back(Rect{r, std::min(r + g, box.r1), c, std::min(c + g, box.c1)});
  return cells;
}

std::vector<double> cell_sums(const std::vector<double>& P, std::uint32_t cols, std::span<const Rect> cells) {
  std::vector<double> s(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) s[i] = linear_queries::rect_sum(P, cols, cells[i]);
  return s;
}

void spread_evenly(std::span<double> xhat, std::uint32_t cols, const Rect& cell, double total) {
  const double each = total / static_cast<double>(cell.area());
  for (std::uint32_t r = cell.r0; r < cell.r1; ++r)
    std::fill(xhat.begin() + std::size_t(r) * cols + cell.c0, xhat.begin() + std::size_t(r) * cols + cell.c1, each);
}

}  // namespace dplab::baselines
