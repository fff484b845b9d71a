// convergence_degree (lu_thesis Definition 7.2, Fig 7.8): 1 when a run's centroids before the
// final noise "match" those of Lloyd's algorithm from the same initial centroids, else 0; its
// mean over trials is the convergence degree. §7.6.2: "once the output of our approach is in
// [0.99, 1.01] of Lloyd's algorithm, we call it a match". Clusters carry no identity across
// algorithms, so ours are first matched one to one with Lloyd's (Kuhn-Munkres, least total
// squared distance). Rules:
//   coordinates (default): every coordinate of every matched centroid within a factor
//     [1 - tolerance, 1 + tolerance] of Lloyd's, i.e. |ours - Lloyd's| <= tolerance |Lloyd's|
//     (the data are in [0, 1], so Lloyd's coordinates are not negative);
//   cost: the k-means cost of our centroids within [1 - tolerance, 1 + tolerance] of Lloyd's.
#include <cmath>

#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/metrics/hungarian.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {
namespace {

class ConvergenceDegree : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i{"convergence_degree",
                 "1 when the centroids before the final noise match Lloyd's from the same initial centroids within "
                 "[0.99, 1.01] (clusters matched), else 0: the mean is lu_thesis's convergence degree (Fig 7.8)",
                 {"centroids_before_noise"}, false, "", true, {}};
    i.params = {ParamSpec::real("match_tolerance", 0.01, "a match is within [1 - t, 1 + t] of Lloyd's (§7.6.2: 0.01)")
                    .at_least(0)
                    .below(1),
                ParamSpec::text("match_rule", "coordinates",
                                "'coordinates': every matched coordinate within the factor; 'cost': the k-means "
                                "cost within it")
                    .one_of({"coordinates", "cost"})};
    return i;
  }

  std::vector<double> compute(const MetricContext& mc) const override {
    const auto* data = dynamic_cast<const PointSet*>(mc.data);
    if (!data) throw Error("metric 'convergence_degree' needs a point dataset");
    const auto ref = clustering::lloyd_reference(*data, mc.seeds, mc.params);
    const std::vector<double>& ours = mc.out.vector("centroids_before_noise");
    const auto k = static_cast<std::size_t>(mc.params.integer("k"));
    const std::size_t d = data->d;
    const double tol = mc.params.real("match_tolerance");
    if (mc.params.text("match_rule") == "cost") {
      const double ratio = clustering::kmeans_cost(*data, ours, k) / ref->cost;
      return {std::abs(ratio - 1) <= tol ? 1.0 : 0.0};
    }
    std::vector<std::vector<double>> cost(k, std::vector<double>(k, 0.0));
    for (std::size_t a = 0; a < k; ++a)
      for (std::size_t b = 0; b < k; ++b)
        for (std::size_t j = 0; j < d; ++j) {
          const double diff = ours[a * d + j] - ref->centroids[b * d + j];
          cost[a][b] += diff * diff;
        }
    const std::vector<int> match = hungarian_min(cost);
    for (std::size_t a = 0; a < k; ++a)
      for (std::size_t j = 0; j < d; ++j) {
        const double lloyd = ref->centroids[static_cast<std::size_t>(match[a]) * d + j];
        if (!(std::abs(ours[a * d + j] - lloyd) <= tol * std::abs(lloyd))) return {0.0};
      }
    return {1.0};
  }
};

DPLAB_METRIC(ConvergenceDegree);

}  // namespace
}  // namespace dplab
