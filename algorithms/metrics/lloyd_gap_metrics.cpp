// The metrics of lu_thesis §7.6, each against Lloyd's algorithm run from the same initial
// centroids as the trial (algorithms/clustering/lloyd_reference.hpp):
//   cost_gap            the final cost (eq. 7.1) over Lloyd's: "we normalise the final cost of all
//                       involved algorithms, where the final cost of Lloyd's algorithm is always
//                       one" (Fig 7.7). Per trial; the figures show its mean over trials (a mean
//                       of ratios: each run is normalised by its own Lloyd run, as the thesis
//                       describes, so runs from easy and hard starts weigh alike).
//   iteration_ratio     iterations to convergence over Lloyd's (Figs 7.9a, 7.10a), per trial.
//   lloyd_iterations    Lloyd's own iteration count (the LLOYD rows of Figs 7.9b, 7.10b).
// The convergence degree is in convergence_degree_metric.cpp.
#include <cmath>
#include <limits>

#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/lloyd_reference.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {
namespace {

const PointSet& points_of(const MetricContext& mc, const char* metric) {
  const auto* p = dynamic_cast<const PointSet*>(mc.data);
  if (!p) throw Error(std::string("metric '") + metric + "' needs a point dataset");
  return *p;
}

class CostGap : public Metric {
 public:
  MetricInfo info() const override {
    return {"cost_gap",
            "normalised cost gap: k-means cost (eq. 7.1) of the published centroids over Lloyd's from the same "
            "initial centroids (lu_thesis Fig 7.7; Lloyd = 1)",
            {"centroids"}, false, "", true, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const PointSet& data = points_of(mc, "cost_gap");
    const auto ref = clustering::lloyd_reference(data, mc.seeds, mc.params);
    const auto k = static_cast<std::size_t>(mc.params.integer("k"));
    const double cost = clustering::kmeans_cost(data, mc.out.vector("centroids"), k);
    return {ref->cost > 0 ? cost / ref->cost : std::numeric_limits<double>::quiet_NaN()};
  }
};

class IterationRatio : public Metric {
 public:
  MetricInfo info() const override {
    return {"iteration_ratio",
            "iterations to convergence over Lloyd's from the same initial centroids (lu_thesis Figs 7.9a, 7.10a)",
            {"iterations"}, false, "", true, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const auto ref = clustering::lloyd_reference(points_of(mc, "iteration_ratio"), mc.seeds, mc.params);
    return {mc.out.scalar("iterations") / ref->iterations};
  }
};

class LloydIterations : public Metric {
 public:
  MetricInfo info() const override {
    return {"lloyd_iterations",
            "iterations of Lloyd's algorithm from the trial's initial centroids (the LLOYD rows of lu_thesis Figs "
            "7.9b, 7.10b)",
            {}, false, "", true, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    return {double(clustering::lloyd_reference(points_of(mc, "lloyd_iterations"), mc.seeds, mc.params)->iterations)};
  }
};

DPLAB_METRIC(CostGap);
DPLAB_METRIC(IterationRatio);
DPLAB_METRIC(LloydIterations);

}  // namespace
}  // namespace dplab
