// The Hilbert curve over a d x d grid (d a power of two), the order in which DPBench's 2-D DAWA
// lays the cells of a 2-D histogram on a line (dpcomp_core dawa2D_engine: the histogram is padded
// to d x d, d the least power of two >= both sides, and read along the curve) so that cells near
// each other on the line are near each other in the plane.
//
// hilbert_index is the classic iterative conversion (Hilbert 1891; the xy2d of Lam and Shapiro's
// formulation): at each scale s = d/2, d/4, .., 1 the quadrant (rx, ry) of (row, col) adds
// s^2 ((3 rx) xor ry) to the index and the coordinates are reflected into that quadrant's frame.
// An aligned block of 2^k x 2^k cells is a contiguous stretch of the curve, [i, i + 4^k) with i
// a multiple of 4^k, which is how a rectangle becomes a few runs of the line (hilbert_runs).
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/linear_queries/rect_workload.hpp"
#include "algorithms/linear_queries/workload.hpp"

namespace dplab::baselines {

// The position of cell (row, col) on the Hilbert curve of the d x d grid.
std::uint32_t hilbert_index(std::uint32_t d, std::uint32_t row, std::uint32_t col);

// The cells of `q` (inside the d x d grid) as maximal runs of Hilbert positions, ascending: the
// rectangle cut into aligned blocks (a quadtree descent), each block one stretch of the curve,
// adjacent stretches merged. O(perimeter x log d) blocks.
std::vector<linear_queries::Run> hilbert_runs(std::uint32_t d, const linear_queries::Rect& q);

// A 2-D workload as a 1-D workload over the d^2 Hilbert positions.
linear_queries::Workload hilbert_workload(std::uint32_t d, const linear_queries::RectWorkload& R);

}  // namespace dplab::baselines
