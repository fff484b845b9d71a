// The DPBench error metrics (dpbench_error.hpp): scaled_l2_error_per_query, the paper's measure,
// and scaled_l1_error_per_query, the same with the L1 norm.
#include "algorithms/baselines/dpbench_error.hpp"

#include <cmath>
#include <numeric>
#include <string>

#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/error.hpp"

namespace dplab::baselines::dpbench {

double scaled_per_query_error(std::span<const double> answers, std::span<const double> truth, double scale, int p) {
  if (answers.size() != truth.size())
    throw Error("DPBench error: " + std::to_string(answers.size()) + " answers for " + std::to_string(truth.size()) +
                " queries");
  if (!(scale > 0)) throw Error("DPBench error: the dataset's scale is " + std::to_string(scale) + " (must be > 0)");
  if (p != 1 && p != 2) throw Error("DPBench error: norm p = " + std::to_string(p) + " (allowed: 1, 2)");
  if (truth.empty()) return std::nan("");
  double s = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    const double d = std::fabs(answers[i] - truth[i]);
    s += p == 1 ? d : d * d;
  }
  const double norm = p == 1 ? s : std::sqrt(s);
  return norm / (scale * static_cast<double>(truth.size()));
}

double histogram_scale(const Dataset& data) {
  const std::vector<double>* counts = nullptr;
  if (const auto* h = dynamic_cast<const Histogram*>(&data)) counts = &h->counts;
  if (const auto* h = dynamic_cast<const Histogram2D*>(&data)) counts = &h->counts;
  if (!counts)
    throw Error("DPBench error: dataset '" + data.name + "' is a " + kind_name(data.kind()) +
                ", not a 1-D or 2-D histogram");
  return std::accumulate(counts->begin(), counts->end(), 0.0);
}

namespace {

class ScaledErrorPerQuery : public Metric {
 public:
  explicit ScaledErrorPerQuery(int p) : p_(p) {}
  MetricInfo info() const override {
    MetricInfo i;
    i.name = p_ == 2 ? "scaled_l2_error_per_query" : "scaled_l1_error_per_query";
    i.doc = std::string("DPBench's scaled average per-query error ||W x - answers||_") + (p_ == 2 ? "2" : "1") +
            " / (scale x queries) (Hay et al. 2016" + (p_ == 2 ? ", the paper's measure" : ", L1 variant") +
            "); W x from the data the algorithm ran on, 1-D or 2-D";
    i.needs = {"answers", "workload"};
    i.needs_dataset = true;
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const std::string name = info().name;
    if (!mc.data) throw Error(name + " needs the dataset");
    const auto& answers = mc.out.vector("answers");
    std::vector<double> truth;
    if (const auto* w1 = mc.out.find_object<linear_queries::WorkloadOutput>("workload")) {
      // 1-D ranges, or DPBench's 2-D rectangles (random_rect, answered by 2-D prefix sums on the
      // row-major counts; workload_problem_2d.hpp).
      const auto* h1 = dynamic_cast<const Histogram*>(mc.data);
      const auto* h2 = dynamic_cast<const Histogram2D*>(mc.data);
      if (!h1 && !h2)
        throw Error(name + ": a linear-query workload on dataset '" + mc.data->name + "', which is not a histogram");
      truth = (*w1)->answer(h1 ? h1->counts : h2->counts);
    } else if (const auto* w = mc.out.find_object<QueryWorkloadOutput>("workload")) {
      truth = (*w)->true_answers(*mc.data);
    } else {
      throw Error(name + ": the algorithm's output 'workload' is neither a 1-D workload nor a dpbench::QueryWorkload");
    }
    return {scaled_per_query_error(answers, truth, histogram_scale(*mc.data), p_)};
  }

 private:
  int p_;
};

class ScaledL2ErrorPerQuery : public ScaledErrorPerQuery {
 public:
  ScaledL2ErrorPerQuery() : ScaledErrorPerQuery(2) {}
};
class ScaledL1ErrorPerQuery : public ScaledErrorPerQuery {
 public:
  ScaledL1ErrorPerQuery() : ScaledErrorPerQuery(1) {}
};

}  // namespace
}  // namespace dplab::baselines::dpbench

using dplab::baselines::dpbench::ScaledL1ErrorPerQuery;
using dplab::baselines::dpbench::ScaledL2ErrorPerQuery;
DPLAB_METRIC(ScaledL2ErrorPerQuery);
DPLAB_METRIC(ScaledL1ErrorPerQuery);
