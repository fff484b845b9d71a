// What every workload_division algorithm shares: the parameters of the workload and the
// budget, the workload of this trial (the same public workload for every algorithm, budget
// and dataset at a given trial), its true answers, and the outputs the metric reads
// (`answers`, `truth`; metric mean_absolute_error = average L1 error per query, §5).
//
// A new algorithm for these experiments is one file:
//   AlgorithmInfo info() const override { auto i = problem_info("workload_division.x", "doc"); ...; return i; }
//   void run(TrialContext& ctx) const override {
//     WorkloadProblem pb = workload_problem(ctx);
//     std::vector<double> answers = ...;          // noise only through ctx.noise
//     publish_answers(ctx, pb, std::move(answers));
//   }
#pragma once
#include <string>
#include <vector>

#include "algorithms/workload_division/workload.hpp"
#include "algorithms/workload_division/workload_generator.hpp"
#include "framework/registry.hpp"

namespace dplab::wd {

// AlgorithmInfo with eps, the workload parameters, outputs answers/truth/sensitivity, the
// budget parameter and the dataset kind (1-D histogram) filled in.
AlgorithmInfo problem_info(std::string name, std::string doc);

struct WorkloadProblem {
  const Histogram& data;      // x (private)
  GeneratedWorkload workload; // W (public)
  double eps = 1;
};

WorkloadProblem workload_problem(const TrialContext& ctx);
WorkloadShape workload_shape(const Params& p, std::uint32_t n);

// Stores the noisy answers and the true answers W x (non-private, for the metric).
void publish_answers(TrialContext& ctx, const WorkloadProblem& pb, std::vector<double> answers);

}  // namespace dplab::wd
