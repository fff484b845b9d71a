// baselines.uniform: DPBench's Uniform baseline (Hay et al., SIGMOD 2016, its baselines):
// the total ||x||_1 is released with Laplace(1/eps) (a count, sensitivity 1) and spread evenly
// over the n cells, x^_i = (||x||_1 + Lap(1/eps)) / n; the workload is answered on x^. It knows
// nothing of the shape, so its error measures how far the data is from uniform: the paper
// compares every algorithm against it and Identity. As DPBench's code (uniform.py,
// uniform_noisy_engine) and ektelo's. The estimate is published snapped to 2^-10
// (publish_estimate): unsnapped, the floating-point sums of tied ranges leaked the low bits of the
// noisy total under fast noise (audit eps_hat 6.28 at eps 1; workload_problem.hpp).
#include "algorithms/linear_queries/workload_problem.hpp"

#include <numeric>

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class Uniform : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.uniform",
        "the total with Laplace(1/eps), spread evenly over the cells; answers W x^ (DPBench Uniform)");
    i.privacy = PrivacyStatus::dp("one count, the total ||x||_1 (L1 sensitivity 1), with Laplace(1/eps); the "
                                  "answers are computed from it and the public domain size");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const double total = ctx.noise.laplace(std::accumulate(x.begin(), x.end(), 0.0), 1.0, pb.eps, "uniform: total");
    std::vector<double> estimate(x.size(), total / static_cast<double>(x.size()));
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Uniform;
DPLAB_ALGORITHM(Uniform);
