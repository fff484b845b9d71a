// baselines.privelet_2d: Privelet in 2-D (Xiao, Wang, Gehrke, ICDE 2010), as DPBench runs it
// (dpcomp_core privelet2D.py): the histogram is padded with empty cells to 2^m1 x 2^m2, Haar-
// transformed along its rows and then its columns (haar.hpp), every coefficient gets
// Lap((m1 + 1)(m2 + 1) / eps) (one count enters (m1 + 1)(m2 + 1) coefficients with weight +-1),
// and the inverse transform gives the estimate, cropped to the domain.
#include <vector>

#include "algorithms/baselines/haar.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Privelet2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.privelet_2d", "Privelet (Xiao et al. 2010) in 2-D: Laplace on the Haar coefficients (DPBench)");
    i.privacy = PrivacyStatus::dp(
        "one Laplace release of all Haar coefficients at L1 sensitivity (m1 + 1)(m2 + 1); the inverse transform is "
        "post-processing");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const std::uint32_t rows = pb.rows(), cols = pb.cols();
    const int m1 = haar_levels(rows), m2 = haar_levels(cols);
    const std::size_t R = std::size_t{1} << m1, C = std::size_t{1} << m2;
    auto& y = ctx.scratch.get<std::vector<double>>("privelet_2d: coefficients");
    auto& tmp = ctx.scratch.get<std::vector<double>>("privelet_2d: scratch");
    y.assign(R * C, 0.0);
    for (std::uint32_t r = 0; r < rows; ++r)
      for (std::uint32_t c = 0; c < cols; ++c) y[r * C + c] = pb.data.counts[std::size_t(r) * cols + c];
    for (std::size_t r = 0; r < R; ++r) haar_forward(y, r * C, 1, m2, tmp);
    for (std::size_t c = 0; c < C; ++c) haar_forward(y, c, C, m1, tmp);
    ctx.noise.laplace(y, double(m1 + 1) * double(m2 + 1), pb.eps, "privelet_2d: Haar coefficients");
    for (std::size_t c = 0; c < C; ++c) haar_inverse(y, c, C, m1, tmp);
    for (std::size_t r = 0; r < R; ++r) haar_inverse(y, r * C, 1, m2, tmp);

    auto& xhat = ctx.scratch.get<std::vector<double>>("privelet_2d: estimate");
    xhat.resize(std::size_t(rows) * cols);
    for (std::uint32_t r = 0; r < rows; ++r)
      for (std::uint32_t c = 0; c < cols; ++c) xhat[std::size_t(r) * cols + c] = y[r * C + c];
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Privelet2D;
DPLAB_ALGORITHM(Privelet2D);
