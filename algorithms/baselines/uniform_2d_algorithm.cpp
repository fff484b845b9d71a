// baselines.uniform_2d: DPBench's Uniform baseline on a 2-D histogram (dpcomp_core uniform.py,
// uniform_noisy_engine, the one DPBench runs as "Uniform"): the scale N = sum x is released with
// Laplace(1/eps) and spread evenly over the cells, so a rectangle of area a is answered
// a (N + Lap(1/eps)) / (rows cols). What it learns of x is its scale alone: an algorithm whose
// error is near Uniform's learned little about the shape.
#include <numeric>

#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Uniform2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.uniform_2d", "noisy total N + Lap(1/eps) spread evenly over a 2-D histogram (DPBench Uniform, 2-D)");
    i.privacy = PrivacyStatus::dp("Laplace(1/eps) on the total count (L1 sensitivity 1); the rest is post-processing");
    return i;
  }
  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const double N = std::accumulate(pb.data.counts.begin(), pb.data.counts.end(), 0.0);
    const double noisy = ctx.noise.laplace(N, 1.0, pb.eps, "uniform_2d: total count");
    auto& xhat = ctx.scratch.get<std::vector<double>>("uniform_2d: estimate");
    xhat.assign(pb.data.counts.size(), noisy / static_cast<double>(pb.data.counts.size()));
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Uniform2D;
DPLAB_ALGORITHM(Uniform2D);
