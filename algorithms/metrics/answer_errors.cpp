// Errors of noisy answers against the true answers, for any algorithm that outputs the
// vectors "answers" and "truth" (one entry per query). Shared by every paper that answers
// queries: budget_series eq. 37 (sum of squared errors), workload_division's average L1 error.
#include <cmath>

#include "framework/registry.hpp"

namespace dplab {
namespace {

const std::vector<double>& checked(const Outputs& out, const char* metric) {
  const auto& a = out.vector("answers");
  if (a.size() != out.vector("truth").size())
    throw Error(std::string(metric) + ": 'answers' and 'truth' differ in length");
  return a;
}

class SumSquaredError : public Metric {
 public:
  MetricInfo info() const override {
    return {"sum_squared_error", "sum over queries of (answer - truth)^2 (budget_series eq. 37, one round)",
            {"answers", "truth"}, false, "", false, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const Outputs& out = mc.out;
    const auto& a = checked(out, "sum_squared_error");
    const auto& t = out.vector("truth");
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - t[i]) * (a[i] - t[i]);
    return {s};
  }
};
DPLAB_METRIC(SumSquaredError);

class MeanAbsoluteError : public Metric {
 public:
  MetricInfo info() const override {
    return {"mean_absolute_error", "average over queries of |answer - truth| (average L1 error per query)",
            {"answers", "truth"}, false, "", false, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const Outputs& out = mc.out;
    const auto& a = checked(out, "mean_absolute_error");
    const auto& t = out.vector("truth");
    if (a.empty()) return {std::nan("")};
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += std::fabs(a[i] - t[i]);
    return {s / static_cast<double>(a.size())};
  }
};
DPLAB_METRIC(MeanAbsoluteError);

}  // namespace
}  // namespace dplab
