// Equal-sided grids over a 2-D histogram, as DPBench's UGrid and AGrid lay them (dpcomp_core
// UG.py / AG.py, Qardaji, Yang, Li, ICDE 2013): a box is cut into cells of side g from its first
// row and column, the last row and column of cells clipped at the box's edge, where g is the
// side that gives about M cells: g = max(1, round(sqrt(area / M))), rounded up or as DPBench's
// code rounds (grid_rounding.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/grid_rounding.hpp"
#include "algorithms/linear_queries/rect_workload.hpp"

namespace dplab::baselines {

using linear_queries::Rect;

// The side g of square cells that cut `box` into about M cells (M <= 0 or not finite: the
// whole box, one cell). At most the box's longer side.
std::uint32_t grid_side(const Rect& box, double M, GridRounding rounding = GridRounding::up);

// The cells of side g over `box`, row-major (rows of cells along the box's rows), clipped.
std::vector<Rect> grid_cells(const Rect& box, std::uint32_t g);

// The counts of `cells` in x (rows x cols row-major), from x's summed-area table P.
std::vector<double> cell_sums(const std::vector<double>& P, std::uint32_t cols, std::span<const Rect> cells);

// Sets every cell of `cell` in xhat (cols columns) to total / area: the uniformity assumption
// inside a cell.
void spread_evenly(std::span<double> xhat, std::uint32_t cols, const Rect& cell, double total);

}  // namespace dplab::baselines
