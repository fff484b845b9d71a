// Metric l1_error_per_query: the average L1 error per query of a workload's answers,
// |W x - answers|_1 / m (workload_division §5; DPBench's mean L1 error per query). The true
// answers W x are computed here, from the raw histogram (1-D, or 2-D flattened row-major) and the
// workload object the algorithm published, so they stay outside the algorithm's timed run:
// O(n + runs) by prefix sums (2-D rectangles: O(n + m) by 2-D prefix sums).
#include <cmath>

#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::linear_queries {
namespace {

class L1ErrorPerQuery : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "l1_error_per_query";
    i.doc = "average over the workload's queries of |answer - W x| (W x computed from the raw data)";
    i.needs = {"answers", "workload"};
    i.needs_dataset = true;
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const auto& answers = mc.out.vector("answers");
    const auto& workload = mc.out.object<WorkloadOutput>("workload");
    if (!mc.data) throw Error("l1_error_per_query needs the dataset");
    const std::vector<double>* counts = nullptr;
    if (const auto* h = dynamic_cast<const Histogram*>(mc.data)) counts = &h->counts;
    if (const auto* h = dynamic_cast<const Histogram2D*>(mc.data)) counts = &h->counts;  // row-major, as W's cells
    if (!counts) throw Error("l1_error_per_query: dataset '" + mc.data->name + "' is not a 1-D or 2-D histogram");
    const std::vector<double> truth = workload->answer(*counts);
    if (truth.size() != answers.size())
      throw Error("l1_error_per_query: " + std::to_string(answers.size()) + " answers for " +
                  std::to_string(truth.size()) + " queries");
    if (truth.empty()) return {std::nan("")};
    double s = 0;
    for (std::size_t i = 0; i < truth.size(); ++i) s += std::fabs(answers[i] - truth[i]);
    return {s / static_cast<double>(truth.size())};
  }
};

}  // namespace
}  // namespace dplab::linear_queries

using dplab::linear_queries::L1ErrorPerQuery;
DPLAB_METRIC(L1ErrorPerQuery);
