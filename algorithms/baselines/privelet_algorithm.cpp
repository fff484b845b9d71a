// baselines.privelet: Privelet in 1-D (Xiao, Wang and Gehrke, ICDE 2010), as DPBench runs it:
// x padded with empty cells to 2^m, its Haar coefficients (haar.hpp) with Laplace((m + 1)/eps)
// each, the inverse transform, and the workload answered on the estimate.
// Differs from DPBench's code (privelet.py) in one place: for n <= 16 cells DPBench skips the
// wavelet and runs Identity; the paper and Xiao et al. do not, so we always use the wavelet (no
// DPBench domain is that small).
#include "algorithms/baselines/haar.hpp"
#include "algorithms/baselines/hierarchical_tree.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class Privelet : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.privelet", "Laplace((m + 1)/eps) on the Haar coefficients of x padded to 2^m cells (Privelet, "
                              "Xiao et al. 2010; DPBench)");
    i.privacy = PrivacyStatus::dp("the m + 1 Haar coefficients a record touches change by 1 each (L1 sensitivity "
                                  "m + 1); Laplace((m + 1)/eps) on every coefficient, the rest is post-processing");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const std::uint32_t m = tree_height(x.size(), 2);
    std::vector<double> padded(std::size_t{1} << m, 0.0);
    std::copy(x.begin(), x.end(), padded.begin());
    std::vector<double> y = haar_forward(padded);
    ctx.noise.laplace(y, static_cast<double>(m + 1), pb.eps, "privelet: every Haar coefficient");
    std::vector<double> estimate = haar_inverse(y);
    estimate.resize(x.size());
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Privelet;
DPLAB_ALGORITHM(Privelet);
