// F-measure of a clustering against a reference clustering (wavecluster §7.3), point-weighted.
#include <algorithm>
#include <limits>

#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/contingency.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {

double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, bool noise_is_class) {
  if (truth.size() != found.size()) contingency(truth, found);  // throws the length error
  std::vector<std::int32_t> kept_truth, kept_found;
  if (!noise_is_class) {
    for (std::size_t k = 0; k < truth.size(); ++k)
      if (truth[k] != 0) kept_truth.push_back(truth[k]), kept_found.push_back(found[k]);
    truth = kept_truth;
    found = kept_found;
  }
  const Contingency c = contingency(truth, found);
  if (c.total == 0) return std::numeric_limits<double>::quiet_NaN();
  double f = 0;
  for (std::size_t i = 0; i < c.row_label.size(); ++i) {
    double best = 0;
    for (std::size_t j = 0; j < c.col_label.size(); ++j)
      if (noise_is_class || c.col_label[j] != 0)
        best = std::max(best, 2 * c.count[i][j] / (c.row_sum[i] + c.col_sum[j]));
    f += c.row_sum[i] / c.total * best;
  }
  return f;
}

namespace {

class FMeasure : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "f_measure";
    i.doc = "F-measure of every point's cell label against the reference clustering (wavecluster §7.3; noise is a class)";
    i.needs = {kCellClusteringsOutput};
    i.needs_dataset = true;
    i.params = {ParamSpec::text("f_noise", "class",
                                "class: noise is one more class on both sides; ignore: the reference's noise points "
                                "are left out and found noise matches nothing")
                    .one_of({"class", "ignore"})};
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const CellClusterings& cc = cell_clusterings_of(mc.out, "f_measure");
    const auto* points = dynamic_cast<const PointSet*>(mc.data);
    if (!points) throw Error("metric f_measure needs a point dataset");
    return {f_measure(point_labels(cc.grid, cc.truth, *points), point_labels(cc.grid, cc.found, *points),
                      mc.params.text("f_noise") == "class")};
  }
};
DPLAB_METRIC(FMeasure);

}  // namespace
}  // namespace dplab
