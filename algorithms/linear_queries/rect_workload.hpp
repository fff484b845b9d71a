// 2-D range queries (DPBench's 2-D workload): axis-aligned rectangles of cells over a rows x cols
// histogram stored row-major (cell (r, c) at index r * cols + c, as Histogram2D stores it).
//
// A rectangle is answered in O(1) through the 2-D prefix sums of x (summed-area table),
//   P[r][c] = sum of x over rows [0, r) x cols [0, c),
//   sum over [r0, r1) x [c0, c1) = P[r1][c1] - P[r0][c1] - P[r1][c0] + P[r0][c0],
// so a workload of m rectangles costs O(rows cols + m) whatever their areas. The same workload
// also exists as runs over the flattened domain (one run per row of a rectangle, to_runs), the
// form every workload metric reads.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/linear_queries/workload.hpp"

namespace dplab::linear_queries {

// Rows [r0, r1) x columns [c0, c1).
struct Rect {
  std::uint32_t r0 = 0, r1 = 0, c0 = 0, c1 = 0;
  std::uint64_t area() const { return std::uint64_t(r1 - r0) * (c1 - c0); }
};

// The summed-area table of the rows x cols array x: (rows + 1) x (cols + 1), row-major. `P` is
// resized.
void prefix_sums_2d(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::vector<double>& P);

// The sum of x over `q` read from its summed-area table P (of an array with `cols` columns).
inline double rect_sum(const std::vector<double>& P, std::uint32_t cols, const Rect& q) {
  const std::size_t w = std::size_t(cols) + 1;
  return P[q.r1 * w + q.c1] - P[q.r0 * w + q.c1] - P[q.r1 * w + q.c0] + P[q.r0 * w + q.c0];
}

struct RectWorkload {
  std::uint32_t rows = 0, cols = 0;
  std::vector<Rect> rects;

  std::size_t queries() const { return rects.size(); }
  // Appends [r0, r1) x [c0, c1) (non-empty, inside the domain).
  void add(const Rect& q);
  // W x by 2-D prefix sums: O(rows cols + m). The second form reuses `P` and `y`.
  std::vector<double> answer(std::span<const double> x) const;
  void answer(std::span<const double> x, std::vector<double>& P, std::vector<double>& y) const;
  // The same queries as runs over the flattened domain of rows * cols cells (row-major).
  Workload to_runs() const;
};

}  // namespace dplab::linear_queries
