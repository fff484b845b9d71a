#include "algorithms/linear_queries/workload_problem_2d.hpp"

#include <cmath>

#include "algorithms/linear_queries/trial_workload.hpp"

namespace dplab::linear_queries {

AlgorithmInfo problem_info_2d(std::string name, std::string doc) {
  AlgorithmInfo i;
  i.name = std::move(name);
  i.doc = std::move(doc);
  i.params = {
      ParamSpec::real("eps", 1.0, "total privacy budget").above(0),
      ParamSpec::integer("queries", 2000, "number of random rectangles m (DPBench: 2,000)").at_least(1).at_most(10000000),
  };
  i.outputs = {
      {"answers", "noisy answers to the workload", true, "query"},
      {"workload", "the trial's public workload (for the metric)", false, "", true},
      {"sensitivity", "Delta_W, the workload's largest column L1 norm", false, ""},
  };
  i.budget_param = "eps";
  i.accepts = {DatasetKind::Histogram2D};
  // The audit's 2-D histograms are a few cells a side: 50 rectangles cover their structure.
  i.audit_params = {"queries=50"};
  return i;
}

WorkloadShape workload_shape_2d(const Params& p, std::uint32_t rows, std::uint32_t cols) {
  WorkloadShape s;
  s.kind = "random_rect";
  s.n = rows * cols;
  s.rows = rows;
  s.queries = static_cast<std::uint32_t>(p.integer("queries"));
  return s;
}

Workload2DProblem workload_problem_2d(const TrialContext& ctx) {
  const auto& h = ctx.dataset<Histogram2D>();
  if (h.rows == 0 || h.cols == 0 || h.counts.size() != h.rows * h.cols)
    throw Error("2-D histogram '" + h.name + "' has " + std::to_string(h.counts.size()) + " counts for " +
                std::to_string(h.rows) + " x " + std::to_string(h.cols) + " cells");
  const auto rows = static_cast<std::uint32_t>(h.rows), cols = static_cast<std::uint32_t>(h.cols);
  return Workload2DProblem{h, trial_workload(ctx.seeds, workload_shape_2d(ctx.params, rows, cols)),
                           ctx.params.real("eps")};
}

void Workload2DAlgorithm::prepare(const Params& params, const Dataset* data, const TrialSeeds& seeds) const {
  // Only the domain's shape (public) shapes the workload; a wrong dataset is left for run().
  const auto* h = dynamic_cast<const Histogram2D*>(data);
  if (h && h->rows && h->cols)
    (void)trial_workload(seeds, workload_shape_2d(params, static_cast<std::uint32_t>(h->rows),
                                                  static_cast<std::uint32_t>(h->cols)));
}

void publish_estimate_2d(TrialContext& ctx, const Workload2DProblem& pb, std::span<const double> xhat) {
  auto& snapped = ctx.scratch.get<std::vector<double>>("2-D workload: snapped estimate");
  auto& P = ctx.scratch.get<std::vector<double>>("2-D workload: prefix sums");
  snapped.assign(xhat.begin(), xhat.end());
  snap_estimate(snapped);
  std::vector<double> answers;
  pb.W().answer(snapped, P, answers);
  publish_answers(ctx, pb.workload, std::move(answers));
}

}  // namespace dplab::linear_queries
