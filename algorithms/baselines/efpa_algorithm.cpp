// baselines.efpa: EFPA (Acs, Castelluccia and Chen, ICDM 2012) in 1-D, with the sensitivities
// of its analysis made to hold (`variant: provable`, the default):
//   1. c = the orthonormal real Fourier coefficients of x, low frequencies first (real_fourier.hpp);
//   2. the number K of leading coefficients kept (1, 3, 5, ..., one complex coefficient = two real
//      ones; n last) is drawn by the exponential mechanism with eps1 = eps/2 and score
//          -( ||c_K..n-1||_2 + sqrt(2) K / eps2 )
//      (the dropped energy plus the noise the kept ones will get; DPBench's code, EFPA.py). The
//      first term moves by at most ||delta c||_2 <= 1 when one record moves: sensitivity 1;
//   3. Laplace(sqrt(K)/eps2) on each kept coefficient, eps2 = eps/2 (||delta c_0..K-1||_1 <=
//      sqrt(K) ||delta c||_2 <= sqrt(K)), the others set to 0, and x^ = the inverse transform.
// `variant: dpbench` is EFPA as DPBench's code runs it (dpcomp_core efpa_engine calls
// thirdparty/Acs12/lib/EFPA.py with l2_sens = 1), not eps-DP (finding dpbench.efpa_sensitivity):
//   - its coefficients are scipy's unnormalised rfft, X_k = sum_j x_j e^{-2 pi i jk/n}; one record
//     moves every X_k by 1, so their L2 norm (the score's energy term, sqrt(n) times ours) moves
//     by sqrt(n), but the exponential mechanism is run with sensitivity 1;
//   - the Laplace noise, sqrt(kept)/eps2 with kept the real coefficients, goes on each kept
//     complex coefficient's magnitude, and its phase is released exactly.
#include <cmath>
#include <complex>

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
    i.params.push_back(ParamSpec::text("variant", "provable",
                                       "provable (orthonormal coefficients, the sensitivities hold) or dpbench "
                                       "(DPBench's EFPA.py: unnormalised coefficients with sensitivity 1, noise on "
                                       "the magnitudes, exact phases; not eps-DP)")
                           .one_of({"provable", "dpbench"}));
    i.privacy = PrivacyStatus::dp("orthonormal transform (L2 sensitivity 1): the score's dropped-energy term has "
                                  "sensitivity 1 (exponential mechanism, eps/2); the K kept coefficients have L1 "
                                  "sensitivity sqrt(K) (Laplace, eps/2)");
    i.privacy_rules = {when_param("variant", {"dpbench"},
                                  PrivacyStatus::not_dp("dpbench.efpa_sensitivity",
                                                        "DPBench's EFPA: unnormalised Fourier coefficients taken with "
                                                        "sensitivity 1 (the score's is sqrt(n)), exact phases"))};
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    if (ctx.params.text("variant") == "dpbench") return run_dpbench(ctx, pb);
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

 private:
  // DPBench's EFPA.py, step for step, on the unnormalised coefficients X_0 .. X_{n/2} (complex;
  // recovered from the orthonormal ones: X_0 = sqrt(n) c_0, X_k = sqrt(n/2) (c_{2k-1} + i c_{2k}),
  // and for even n X_{n/2} = sqrt(n) c_{n-1}).
  static void run_dpbench(TrialContext& ctx, const WorkloadProblem& pb) {
    const std::vector<double>& x = pb.data.counts;
    const std::size_t n = x.size();
    const double eps1 = pb.eps / 2, eps2 = pb.eps - eps1;
    const std::vector<double> c = real_fourier_forward(x);
    const double rn = std::sqrt(static_cast<double>(n)), rh = std::sqrt(static_cast<double>(n) / 2);
    const std::size_t m = n / 2 + 1;  // complex coefficients, as scipy's packing gives them
    std::vector<std::complex<double>> X(m);
    X[0] = rn * c[0];
    for (std::size_t k = 1; k < m; ++k) {
      if (2 * k == n) X[k] = rn * c[n - 1];
      else X[k] = rh * std::complex<double>(c[2 * k - 1], c[2 * k]);
    }
    // The energy of the whole two-sided spectrum, s = n ||x||^2, and for each candidate (the first
    // i + 1 complex coefficients kept, `kept` real numbers) the score -(sqrt(s - d) + sqrt(2) kept
    // l2_sens / eps2), l2_sens = 1, d the kept energy: EFPA.py's loop.
    const auto twice = [&](std::size_t k) { return k == 0 || 2 * k == n ? 1.0 : 2.0; };
    double s = 0;
    for (std::size_t k = 0; k < m; ++k) s += twice(k) * std::norm(X[k]);
    std::vector<double> scores(m), kept_of(m);
    double d = 0, kept = 0;
    for (std::size_t k = 0; k < m; ++k) {
      d += twice(k) * std::norm(X[k]);
      kept += twice(k);
      kept_of[k] = kept;
      scores[k] = -(std::sqrt(std::max(s - d, 0.0)) + std::sqrt(2.0) * kept / eps2);
    }
    const std::size_t i = ctx.noise.exponential(scores, 1.0, eps1, "efpa (dpbench): coefficients kept");
    // Laplace(sqrt(kept) / eps2) on the magnitudes of X_0 .. X_i, phases exact; the rest 0.
    std::vector<double> magnitude(i + 1);
    for (std::size_t k = 0; k <= i; ++k) magnitude[k] = std::abs(X[k]);
    ctx.noise.laplace(std::span<double>(magnitude), std::sqrt(kept_of[i]), eps2, "efpa (dpbench): magnitudes");
    std::vector<double> cn(n, 0.0);
    for (std::size_t k = 0; k <= i; ++k) {
      // cmath.rect(magn + noise, phi): a negative noisy magnitude flips the coefficient.
      const double phi = std::arg(X[k]);
      const std::complex<double> y(magnitude[k] * std::cos(phi), magnitude[k] * std::sin(phi));
      if (k == 0) cn[0] = y.real() / rn;
      else if (2 * k == n) cn[n - 1] = y.real() / rn;
      else cn[2 * k - 1] = y.real() / rh, cn[2 * k] = y.imag() / rh;
    }
    linear_queries::publish_estimate(ctx, pb, real_fourier_inverse(cn));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::EFPA;
DPLAB_ALGORITHM(EFPA);
