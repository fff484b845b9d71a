// baselines.efpa: EFPA (Acs, Castelluccia and Chen, ICDM 2012) in 1-D, with the sensitivities
// of its analysis made to hold:
//   1. c = the orthonormal real Fourier coefficients of x, low frequencies first (real_fourier.hpp);
//   2. the number K of leading coefficients kept (1, 3, 5, ..., one complex coefficient = two real
//      ones; n last) is drawn by the exponential mechanism with eps1 = eps/2 and score
//          -( ||c_K..n-1||_2 + sqrt(2) K / eps2 )
//      (the dropped energy plus the noise the kept ones will get; DPBench's code, EFPA.py). The
//      first term moves by at most ||delta c||_2 <= 1 when one record moves: sensitivity 1;
//   3. Laplace(sqrt(K)/eps2) on each kept coefficient, eps2 = eps/2 (||delta c_0..K-1||_1 <=
//      sqrt(K) ||delta c||_2 <= sqrt(K)), the others set to 0, and x^ = the inverse transform.
// What DPBench's code (thirdparty/Acs12/lib/EFPA.py, called with l2_sens = 1) does differently,
// recorded here and still to be checked by an as-run variant under `dplab audit`: it takes
// scipy's unnormalised rfft, whose coefficients move by up to sqrt(n/2 + 1) in L2 per record,
// with the sensitivity 1 of an orthonormal transform (noise and score scaled too small by about
// sqrt(n/2)); and it adds the noise to each kept coefficient's magnitude, releasing its phase
// unperturbed. This plugin is the construction whose proof holds.
#include <cmath>

#include "algorithms/baselines/real_fourier.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class EFPA : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.efpa", "exponential mechanism (eps/2) picks how many leading orthonormal Fourier coefficients to "
                          "keep, Laplace(sqrt(K)/(eps/2)) on each, inverse transform (EFPA, Acs et al. 2012)");
    i.privacy = PrivacyStatus::dp("orthonormal transform (L2 sensitivity 1): the score's dropped-energy term has "
                                  "sensitivity 1 (exponential mechanism, eps/2); the K kept coefficients have L1 "
                                  "sensitivity sqrt(K) (Laplace, eps/2)");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const std::size_t n = x.size();
    const double eps1 = pb.eps / 2, eps2 = pb.eps - eps1;
    std::vector<double> c = real_fourier_forward(x);
    // Candidates K = 1, 3, 5, ... (< n), then n; tail[K] = energy of c[K..n).
    std::vector<double> tail(n + 1, 0.0);
    for (std::size_t r = n; r-- > 0;) tail[r] = tail[r + 1] + c[r] * c[r];
    std::vector<std::size_t> kept;
    for (std::size_t K = 1; K < n; K += 2) kept.push_back(K);
    kept.push_back(n);
    std::vector<double> scores(kept.size());
    for (std::size_t i = 0; i < kept.size(); ++i)
      scores[i] = -(std::sqrt(tail[kept[i]]) + std::sqrt(2.0) * static_cast<double>(kept[i]) / eps2);
    const std::size_t K = kept[ctx.noise.exponential(scores, 1.0, eps1, "efpa: number of coefficients kept")];
    std::span<double> head(c.data(), K);
    ctx.noise.laplace(head, std::sqrt(static_cast<double>(K)), eps2, "efpa: the kept coefficients");
    std::fill(c.begin() + static_cast<std::ptrdiff_t>(K), c.end(), 0.0);
    std::vector<double> estimate = real_fourier_inverse(c);
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::EFPA;
DPLAB_ALGORITHM(EFPA);
