// A clustering of the cells of a 2-D grid over a public box, paired with a reference
// clustering of the same cells: what grid-based clustering algorithms (WaveCluster and its
// private versions, wavecluster §3.2 and §4) produce, and what the dissimilarity metrics of
// wavecluster §6 (DSG_C, F-measure, OCM, 2CE, the relative error of k') compare. Nothing here is
// specific to WaveCluster: any algorithm that labels the cells of a grid can publish a
// CellClusterings object under the output name kCellClusteringsOutput and use these metrics.
#pragma once
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab {

// The object output the cell-clustering metrics read.
inline constexpr const char* kCellClusteringsOutput = "cell_clusterings";

// nx x ny cells over the box [xlo, xhi] x [ylo, yhi]; cell (i, j) has index i * ny + j, i along x.
// A point outside the box is counted in the nearest edge cell, so every point lands in exactly
// one cell (a count grid keeps sensitivity 1).
struct CellGrid {
  double xlo = 0, xhi = 1, ylo = 0, yhi = 1;
  std::size_t nx = 1, ny = 1;

  // floor((v - lo) * (n / (hi - lo))): the scale is loop-invariant, so a quantisation loop
  // multiplies instead of dividing. A grid of n/2 cells gives exactly half the coordinate of a
  // grid of n over the same box (scaling by 2 is exact in floating point), so a point's cell of
  // W is always its cell of M halved.
  static std::size_t coordinate(double v, double lo, double hi, std::size_t n) {
    const double s = (v - lo) * (double(n) / (hi - lo));
    if (!(s >= 1)) return 0;  // below 1, negative or NaN
    return s >= double(n) ? n - 1 : static_cast<std::size_t>(s);  // truncation is floor here
  }
  std::size_t ix(double x) const { return coordinate(x, xlo, xhi, nx); }
  std::size_t iy(double y) const { return coordinate(y, ylo, yhi, ny); }
  std::size_t cell(double x, double y) const { return ix(x) * ny + iy(y); }
  std::size_t cells() const { return nx * ny; }
};

// Two labellings of the cells of one grid: `truth` (the reference, e.g. non-private WaveCluster)
// and `found` (e.g. a private run). Label 0 is noise (a non-significant cell); clusters are
// 1, 2, ... `test` lists the points (row indices of the dataset) held out from the run for the
// classification metrics (OCM, 2CE); it is empty when the run used every point.
struct CellClusterings {
  CellGrid grid;
  std::vector<std::int32_t> truth, found;
  std::vector<std::uint32_t> test;
};

// The label of every listed point (all points when `rows` is empty): the label of its cell.
std::vector<std::int32_t> point_labels(const CellGrid& grid, std::span<const std::int32_t> cell_labels,
                                       const PointSet& points, std::span<const std::uint32_t> rows = {});

// The CellClusterings output of a trial, with a clear error when the algorithm has none.
class Outputs;
const CellClusterings& cell_clusterings_of(const Outputs& out, const std::string& metric);

}  // namespace dplab
