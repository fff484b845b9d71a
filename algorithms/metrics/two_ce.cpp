// 2CE (wavecluster §6.2): dissimilarity of two classifiers over pairs of test points.
#include <limits>

#include "algorithms/metrics/cell_classifier.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/contingency.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {

double two_ce(std::span<const std::int32_t> truth, std::span<const std::int32_t> found) {
  const Contingency c = contingency(truth, found);
  if (c.total < 2) return std::numeric_limits<double>::quiet_NaN();
  auto pairs = [](double n) { return n * (n - 1) / 2; };
  double same_truth = 0, same_found = 0, same_both = 0;
  for (double a : c.row_sum) same_truth += pairs(a);
  for (double b : c.col_sum) same_found += pairs(b);
  for (const auto& row : c.count)
    for (double n : row) same_both += pairs(n);
  // Pairs together in exactly one of the two: together in truth only, plus in found only.
  return (same_truth + same_found - 2 * same_both) / pairs(c.total);
}

namespace {

class TwoCe : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "two_ce";
    i.doc = "2CE (wavecluster §6.2): share of held-out point pairs whose same-class relation differs between the two C4.5 classifiers";
    i.needs = {kCellClusteringsOutput};
    i.needs_dataset = true;
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const auto* points = dynamic_cast<const PointSet*>(mc.data);
    if (!points) throw Error("metric two_ce needs a point dataset");
    const TestPredictions p = predict_test_points(cell_clusterings_of(mc.out, "two_ce"), *points, "two_ce");
    return {two_ce(p.truth, p.found)};
  }
};
DPLAB_METRIC(TwoCe);

}  // namespace
}  // namespace dplab
