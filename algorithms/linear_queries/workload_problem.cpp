#include "algorithms/linear_queries/workload_problem.hpp"

#include <cmath>
#include <string>

#include "algorithms/linear_queries/trial_workload.hpp"

namespace dplab::linear_queries {

AlgorithmInfo problem_info(std::string name, std::string doc) {
  AlgorithmInfo i;
  i.name = std::move(name);
  i.doc = std::move(doc);
  i.params = {
      ParamSpec::real("eps", 1.0, "total privacy budget").above(0),
      ParamSpec::text("workload", "hot_normal",
                      "workload kind: hot_normal (workload_division §5) or random_range (DPBench's RandomRange: "
                      "width uniform on 1..n, then the offset)")
          .one_of({"hot_normal", "random_range"}),
      ParamSpec::integer("queries", 2000, "number of queries m").at_least(1).at_most(10000000),
      ParamSpec::real("p", 0.9, "hot_normal: probability that a query counts the hot cell").at_least(0).at_most(1),
      ParamSpec::real("variance", 10, "hot_normal: variance of the normal law of cells around a query's centre").above(0),
      ParamSpec::integer("draws", 10, "hot_normal: normal draws per query (the paper does not say; repeats collapse)")
          .at_least(1).at_most(100000),
  };
  i.outputs = {
      {"answers", "noisy answers to the workload", true, "query"},
      {"workload", "the trial's public workload (for the metric)", false, "", true},
      {"sensitivity", "Delta_W, the workload's largest column L1 norm", false, ""},
  };
  i.budget_param = "eps";
  i.accepts = {DatasetKind::Histogram};
  // The audit's histograms have a few cells: 50 queries cover their workload's structure, at a
  // fortieth of the default's cost per run; the claim holds for any public workload.
  i.audit_params = {"queries=50"};
  return i;
}

WorkloadShape workload_shape(const Params& p, std::uint32_t n) {
  WorkloadShape s;
  s.kind = p.text("workload");
  s.n = n;
  s.queries = static_cast<std::uint32_t>(p.integer("queries"));
  s.p = p.real("p");
  s.variance = p.real("variance");
  s.draws = static_cast<std::uint32_t>(p.integer("draws"));
  return s;
}

WorkloadProblem workload_problem(const TrialContext& ctx) {
  const auto& h = ctx.dataset<Histogram>();
  const WorkloadShape shape = workload_shape(ctx.params, static_cast<std::uint32_t>(h.counts.size()));
  return WorkloadProblem{h, trial_workload(ctx.seeds, shape), ctx.params.real("eps")};
}

void WorkloadAlgorithm::prepare(const Params& params, const Dataset* data, const TrialSeeds& seeds) const {
  // Only the histogram's length (public: the domain size) shapes the workload. A wrong or missing
  // dataset is left for run() to report.
  const auto* h = dynamic_cast<const Histogram*>(data);
  if (h) (void)trial_workload(seeds, workload_shape(params, static_cast<std::uint32_t>(h->counts.size())));
}

void publish_answers(TrialContext& ctx, const WorkloadProblem& pb, std::vector<double> answers) {
  publish_answers(ctx, pb.workload, std::move(answers));
}

void publish_answers(TrialContext& ctx, const std::shared_ptr<const GeneratedWorkload>& workload,
                     std::vector<double> answers) {
  if (answers.size() != workload->W.queries())
    throw Error("publish_answers: " + std::to_string(answers.size()) + " answers for " +
                std::to_string(workload->W.queries()) + " queries");
  ctx.out.vector("answers", std::move(answers));
  ctx.out.object("workload", workload);
  ctx.out.scalar("sensitivity", workload->sensitivity);
}

void snap_estimate(std::span<double> xhat) {
  constexpr double scale = double(1 << kSnapBits);
  for (double& v : xhat) v = std::nearbyint(v * scale) / scale;
}

void publish_estimate(TrialContext& ctx, const WorkloadProblem& pb, std::vector<double> xhat) {
  snap_estimate(xhat);
  std::vector<double> prefix, answers;
  pb.W().answer(xhat, prefix, answers);
  publish_answers(ctx, pb, std::move(answers));
}

}  // namespace dplab::linear_queries
