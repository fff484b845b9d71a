// What every algorithm answering DPBench's 2-D workload shares (workload_problem.hpp's 2-D
// twin): a 2-D histogram x (rows x cols, row-major), the trial's public workload of random
// rectangles (random_rect, workload_generators.hpp; the same for every algorithm, budget and
// dataset at a given trial), and the outputs the workload metrics read (answers, workload,
// sensitivity). The workload is published as runs too, so every 1-D workload metric reads it.
//
// A 2-D algorithm is one file, a Workload2DAlgorithm:
//   AlgorithmInfo info() const override { return problem_info_2d("baselines.x", "doc"); }
//   void run(TrialContext& ctx) const override {
//     Workload2DProblem pb = workload_problem_2d(ctx);
//     std::vector<double> xhat = ...;             // an estimate of x; noise only through ctx.noise
//     publish_estimate_2d(ctx, pb, xhat);         // answers = W xhat by 2-D prefix sums
//   }
#pragma once
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "framework/registry.hpp"

namespace dplab::linear_queries {

// AlgorithmInfo with eps, the number of rectangles, the outputs and the dataset kind (2-D
// histogram) filled in.
AlgorithmInfo problem_info_2d(std::string name, std::string doc);

struct Workload2DProblem {
  const Histogram2D& data;                             // x (private)
  std::shared_ptr<const GeneratedWorkload> workload;  // W (public)
  double eps = 1;
  std::uint32_t rows() const { return static_cast<std::uint32_t>(data.rows); }
  std::uint32_t cols() const { return static_cast<std::uint32_t>(data.cols); }
  const RectWorkload& W() const { return workload->rects; }
};

WorkloadShape workload_shape_2d(const Params& p, std::uint32_t rows, std::uint32_t cols);
Workload2DProblem workload_problem_2d(const TrialContext& ctx);

// Builds the trial's workload in prepare(), outside the timed run (trial_workload.hpp).
class Workload2DAlgorithm : public Algorithm {
 public:
  void prepare(const Params& params, const Dataset* data, const TrialSeeds& seeds) const override;
};

// Publishes W xhat (xhat: an estimate of x, rows x cols row-major), by 2-D prefix sums of xhat
// snapped to multiples of 2^-kSnapBits (snap_estimate, workload_problem.hpp, says why), so that
// every sum is exact in double precision: the audit of baselines.uniform_2d found eps_hat 8.1 at
// eps 1 without it, through the argmax of tied rectangles' answers.
void publish_estimate_2d(TrialContext& ctx, const Workload2DProblem& pb, std::span<const double> xhat);

}  // namespace dplab::linear_queries
