// "Clustering first, then classification" (wavecluster §6.2): a classifier is trained on a
// clustering of grid cells and predicts the cluster of new points. As in the authors' code
// (UsefulnessHungarianMappingUsingGridTrainingIncludingC0 and their Grid2PointForTrain), every
// cell of the grid is one training instance: its 1-based coordinates (i + 1, j + 1) are the two
// numeric attributes and its label the class, noise (0) included; a test point is classified by
// the coordinates of the cell it falls in. The classifier is C4.5 as J48 -U builds it (c45.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/metrics/c45.hpp"
#include "algorithms/metrics/cell_clustering.hpp"

namespace dplab {

// The predicted class of each listed point (rows of `points`; all when `rows` is empty).
std::vector<std::int32_t> classify_points_by_cells(const CellGrid& grid, std::span<const std::int32_t> cell_labels,
                                                   const PointSet& points, std::span<const std::uint32_t> rows,
                                                   const C45Options& options = {});

// The two predictions OCM and 2CE compare: the classifiers trained on `truth` and on `found`,
// applied to the held-out points of a CellClusterings output (an error naming `metric` when the
// run held out none).
struct TestPredictions {
  std::vector<std::int32_t> truth, found;
};
TestPredictions predict_test_points(const CellClusterings& cc, const PointSet& points, const char* metric);

}  // namespace dplab
