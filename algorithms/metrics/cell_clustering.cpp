#include "algorithms/metrics/cell_clustering.hpp"

#include "core/error.hpp"
#include "framework/outputs.hpp"

namespace dplab {

std::vector<std::int32_t> point_labels(const CellGrid& grid, std::span<const std::int32_t> cell_labels,
                                       const PointSet& points, std::span<const std::uint32_t> rows) {
  if (points.d != 2) throw Error("cell clustering metrics need 2-D points, got " + std::to_string(points.d) + "-D");
  if (cell_labels.size() != grid.cells())
    throw Error("cell clustering: " + std::to_string(cell_labels.size()) + " cell labels for a grid of " +
                std::to_string(grid.cells()) + " cells");
  const std::size_t n = rows.empty() ? points.n : rows.size();
  std::vector<std::int32_t> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = points.row(rows.empty() ? i : rows[i]);
    out[i] = cell_labels[grid.cell(p[0], p[1])];
  }
  return out;
}

const CellClusterings& cell_clusterings_of(const Outputs& out, const std::string& metric) {
  try {
    return out.object<CellClusterings>(kCellClusteringsOutput);
  } catch (const Error& e) {
    throw Error("metric " + metric + " needs the algorithm's cell clusterings (output '" +
                std::string(kCellClusteringsOutput) + "'): " + e.what());
  }
}

}  // namespace dplab
