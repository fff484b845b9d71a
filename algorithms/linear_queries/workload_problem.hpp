// What every algorithm answering a workload of linear queries on a 1-D histogram shares (the
// workload_division experiments and the baselines they compare): the parameters of the workload
// and the budget, the workload of this trial (the same public workload for every algorithm,
// budget and dataset at a given trial; trial_workload.hpp) and the outputs the metric reads:
// `answers`, and the `workload` itself, from which metric l1_error_per_query computes the true
// answers W x outside the algorithm's timed run.
//
// A new algorithm for these experiments is one file, a WorkloadAlgorithm:
//   AlgorithmInfo info() const override { return problem_info("mypaper.x", "doc"); }
//   void run(TrialContext& ctx) const override {
//     WorkloadProblem pb = workload_problem(ctx);
//     std::vector<double> answers = ...;          // noise only through ctx.noise
//     publish_answers(ctx, pb, std::move(answers));
//   }
#pragma once
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/linear_queries/workload.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "framework/registry.hpp"

namespace dplab::linear_queries {

// AlgorithmInfo with eps, the workload parameters, outputs answers/workload/sensitivity, the
// budget parameter and the dataset kind (1-D histogram) filled in.
AlgorithmInfo problem_info(std::string name, std::string doc);

struct WorkloadProblem {
  const Histogram& data;                             // x (private)
  std::shared_ptr<const GeneratedWorkload> workload;  // W (public)
  double eps = 1;
  const Workload& W() const { return workload->W; }
};

WorkloadShape workload_shape(const Params& p, std::uint32_t n);
WorkloadProblem workload_problem(const TrialContext& ctx);
// An algorithm answering the trial's workload: its prepare() builds the workload before the
// runner starts timing run() (trial_workload.hpp), so no algorithm's run time includes it.
class WorkloadAlgorithm : public Algorithm {
 public:
  void prepare(const Params& params, const Dataset* data, const TrialSeeds& seeds) const override;
};

// Stores the noisy answers, the workload (an object for the metric) and Delta_W.
void publish_answers(TrialContext& ctx, const WorkloadProblem& pb, std::vector<double> answers);
void publish_answers(TrialContext& ctx, const std::shared_ptr<const GeneratedWorkload>& workload,
                     std::vector<double> answers);

// Rounds every value of xhat to the nearest multiple of 2^-kSnapBits, in place.
//
// Why: an algorithm that spreads a noisy count evenly over many cells (DPBench's Uniform, H2/Hb,
// Privelet, AHP's clusters) gives equal ranges equal answers in exact arithmetic but, summed in
// floating point, answers whose last bits depend on the last bits of the noisy count. With the
// default (floating-point) Laplace sampler those bits tell neighbours apart (Mironov, CCS 2012):
// `dplab audit baselines.uniform` found eps_hat 6.28 at eps 1 through which of the tied ranges
// rounding made largest, and `baselines.uniform_2d` 8.1; secure noise passed both. Snapped values
// are multiples of 2^-10 and their prefix sums exact while |partial sums| < 2^43 (8.8e12, far
// above DPBench's largest scale, 1e8), so tied ranges stay tied on both sides. The snap moves a
// cell by at most 2^-11, far below the Laplace noise at any eps DPBench uses.
inline constexpr int kSnapBits = 10;
void snap_estimate(std::span<double> xhat);

// Publishes W xhat (xhat: an estimate of x), answered by prefix sums of the snapped estimate.
void publish_estimate(TrialContext& ctx, const WorkloadProblem& pb, std::vector<double> xhat);

// The workload object an algorithm published: what metrics read.
using WorkloadOutput = std::shared_ptr<const GeneratedWorkload>;

}  // namespace dplab::linear_queries
