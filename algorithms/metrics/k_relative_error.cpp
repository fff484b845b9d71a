// The relative error of the number of significant cells, |k' - k| / k (wavecluster §7.2).
#include <cmath>
#include <limits>

#include "algorithms/metrics/cell_clustering.hpp"
#include "framework/registry.hpp"

namespace dplab {
namespace {

class KRelativeError : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "k_relative_error";
    i.doc = "|k' - k| / k: significant cells of the run vs of the reference clustering (wavecluster §7.2)";
    i.needs = {kCellClusteringsOutput};
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const CellClusterings& cc = cell_clusterings_of(mc.out, "k_relative_error");
    double k = 0, k_found = 0;
    for (auto l : cc.truth) k += l != 0;
    for (auto l : cc.found) k_found += l != 0;
    return {k > 0 ? std::abs(k_found - k) / k : std::numeric_limits<double>::quiet_NaN()};
  }
};
DPLAB_METRIC(KRelativeError);

}  // namespace
}  // namespace dplab
