#include "algorithms/metrics/cell_classifier.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab {

std::vector<std::int32_t> classify_points_by_cells(const CellGrid& grid, std::span<const std::int32_t> cell_labels,
                                                   const PointSet& points, std::span<const std::uint32_t> rows,
                                                   const C45Options& options) {
  if (cell_labels.size() != grid.cells())
    throw Error("cell classifier: " + std::to_string(cell_labels.size()) + " labels for " +
                std::to_string(grid.cells()) + " cells");
  std::vector<double> x(2 * grid.cells());
  std::int32_t classes = 1;
  for (std::size_t i = 0; i < grid.nx; ++i)
    for (std::size_t j = 0; j < grid.ny; ++j) {
      const std::size_t c = i * grid.ny + j;
      x[2 * c] = double(i + 1);
      x[2 * c + 1] = double(j + 1);
      if (cell_labels[c] < 0) throw Error("cell classifier: negative cell label");
      classes = std::max(classes, cell_labels[c] + 1);
    }
  C45Tree tree;
  tree.fit(x, 2, cell_labels, classes, options);
  // A point's prediction depends only on its cell: predict each cell once.
  std::vector<std::int32_t> by_cell(grid.cells());
  for (std::size_t c = 0; c < grid.cells(); ++c) by_cell[c] = tree.predict(std::span<const double>(x).subspan(2 * c, 2));
  return point_labels(grid, by_cell, points, rows);
}

TestPredictions predict_test_points(const CellClusterings& cc, const PointSet& points, const char* metric) {
  if (cc.test.empty())
    throw Error(std::string("metric ") + metric +
                " needs points held out from the run: give the algorithm folds: 10 (the paper's 10-fold "
                "cross-validation, one private run per fold)");
  return {classify_points_by_cells(cc.grid, cc.truth, points, cc.test),
          classify_points_by_cells(cc.grid, cc.found, points, cc.test)};
}

}  // namespace dplab
