// The adaptive grid (AG) of Qardaji, Yang, Li, "Differentially private grids for geospatial
// data", ICDE 2013: a two-level partition of a public 2-D box with noisy counts, the synopsis
// wavecluster's Baseline (Alg. 1) draws its synthetic data from.
//   - Level 1: m1 x m1 cells, m1 = max(10, ceil(sqrt(N eps / c1) / 4)) with c1 = 10; each count
//     gets Lap(1 / (alpha eps)).
//   - Level 2: a level-1 cell of noisy count N' is cut into m2 x m2 cells,
//     m2 = ceil(sqrt(N' (1 - alpha) eps / c2)) with c2 = 5 (at least 1; N' <= 0 gives 1); each
//     leaf count gets Lap(1 / ((1 - alpha) eps)).
//   - Constrained inference: the level-1 count and the sum of its leaves are averaged with
//     inverse-variance weights, v' = (alpha^2 m2^2 N' + (1 - alpha)^2 S) / (alpha^2 m2^2 + (1 - alpha)^2),
//     and v' - S is spread equally over the leaves (so they sum to v').
// The level-1 cells are disjoint, and so are the leaves: each level is one Laplace release of
// sensitivity 1 (parallel composition), alpha eps + (1 - alpha) eps = eps in all. N, the number
// of points, is treated as public, as in Qardaji et al. (and in the wavecluster authors' code,
// which fixed m1 = 10).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/grid_rounding.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab {

struct AdaptiveGridOptions {
  double alpha = 0.5;  // share of eps for level 1
  double c1 = 10, c2 = 5;
  std::size_t min_m1 = 10;
  std::size_t fixed_m1 = 0;  // > 0: this m1 instead of the formula (the wavecluster authors' code used 10)
  baselines::GridRounding rounding = baselines::GridRounding::up;  // of m1 and m2 (grid_rounding.hpp)
};

struct GridLeaf {
  double x0, x1, y0, y1;
  double count;  // after constrained inference; may be negative
};

struct AdaptiveGrid {
  std::size_t m1 = 0;
  std::vector<std::size_t> m2;  // per level-1 cell, row-major (i along x)
  std::vector<GridLeaf> leaves;
};

// Builds the AG synopsis of the listed 2-D points (rows of `points`; all of them when `rows` is
// empty) in the box [xlo, xhi] x [ylo, yhi] (points outside are counted in the nearest edge
// cell). Spends eps through `noise`.
AdaptiveGrid adaptive_grid(const PointSet& points, std::span<const std::uint32_t> rows, double xlo, double xhi,
                           double ylo, double yhi, double eps, Mechanisms& noise,
                           const AdaptiveGridOptions& options = {});

// The level-1 size m1 for n points at budget eps.
std::size_t adaptive_grid_m1(double n, double eps, const AdaptiveGridOptions& options = {});

// The level-2 size m2 of a level-1 cell of noisy count `noisy` at the level-2 budget eps2:
// ceil(sqrt(noisy eps2 / c2)), at least 1.
std::size_t adaptive_grid_m2(double noisy, double eps2, const AdaptiveGridOptions& options = {});

// Constrained inference in one level-1 cell: its noisy count `level1` (Lap(1 / (alpha eps)))
// and its k noisy leaves (each Lap(1 / ((1 - alpha) eps))) averaged with inverse-variance weights,
// v' = (alpha^2 k level1 + (1 - alpha)^2 S) / (alpha^2 k + (1 - alpha)^2), S the leaves' sum; the
// leaves are shifted by (v' - S) / k each, so that they sum to v'.
void adaptive_grid_inference(double level1, std::span<double> leaves, double alpha);

}  // namespace dplab
