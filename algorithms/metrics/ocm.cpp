// OCM (wavecluster §6.2): dissimilarity of two classifiers by optimal class matching.
#include <limits>

#include "algorithms/metrics/cell_classifier.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/contingency.hpp"
#include "algorithms/metrics/hungarian.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {

double ocm(std::span<const std::int32_t> truth, std::span<const std::int32_t> found) {
  const Contingency c = contingency(truth, found);
  if (c.total == 0) return std::numeric_limits<double>::quiet_NaN();
  double ct = 0;
  const int noise_row = c.row_of(0), noise_col = c.col_of(0);
  if (noise_row >= 0 && noise_col >= 0) ct += c.count[static_cast<std::size_t>(noise_row)][static_cast<std::size_t>(noise_col)];
  std::vector<std::size_t> rows, cols;
  for (std::size_t i = 0; i < c.row_label.size(); ++i)
    if (c.row_label[i] != 0) rows.push_back(i);
  for (std::size_t j = 0; j < c.col_label.size(); ++j)
    if (c.col_label[j] != 0) cols.push_back(j);
  if (!rows.empty() && !cols.empty()) {
    std::vector<std::vector<double>> common(rows.size(), std::vector<double>(cols.size()));
    for (std::size_t a = 0; a < rows.size(); ++a)
      for (std::size_t b = 0; b < cols.size(); ++b) common[a][b] = c.count[rows[a]][cols[b]];
    const std::vector<int> match = hungarian_max(common);
    for (std::size_t a = 0; a < rows.size(); ++a)
      if (match[a] >= 0) ct += common[a][static_cast<std::size_t>(match[a])];
  }
  return 1 - ct / c.total;
}

namespace {

class Ocm : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "ocm";
    i.doc = "OCM (wavecluster §6.2): 1 - matched / all held-out points, C4.5 trained on the reference vs on the run's cells";
    i.needs = {kCellClusteringsOutput};
    i.needs_dataset = true;
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const auto* points = dynamic_cast<const PointSet*>(mc.data);
    if (!points) throw Error("metric ocm needs a point dataset");
    const TestPredictions p = predict_test_points(cell_clusterings_of(mc.out, "ocm"), *points, "ocm");
    return {ocm(p.truth, p.found)};
  }
};
DPLAB_METRIC(Ocm);

}  // namespace
}  // namespace dplab
