#include "algorithms/linear_queries/laplace_sums.hpp"

#include <cmath>
#include <functional>

#include "core/error.hpp"

namespace dplab::linear_queries {

double expected_abs_laplace_sum(std::uint64_t m, double b) {
  if (m == 0) return 0;
  const double md = static_cast<double>(m);
  // log(2m) + log C(2m, m) - m log 4
  const double log_value = std::log(2 * md) + std::lgamma(2 * md + 1) - 2 * std::lgamma(md + 1) - md * std::log(4.0);
  return b * std::exp(log_value);
}

namespace {

void check_terms(std::span<const LaplaceTerms> terms) {
  for (const auto& t : terms)
    if (!(t.scale >= 0) || !std::isfinite(t.scale) || !(t.q >= 0 && t.q <= 1))
      throw Error("expected_abs_laplace_sum: scales must be finite numbers >= 0 and q a probability");
}

// Adaptive Simpson on [a, b] with the whole-interval estimate `whole` (Lyness' correction).
double simpson(const std::function<double(double)>& f, double a, double b, double fa, double fm, double fb,
               double whole, double tol, int depth) {
  const double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
  const double flm = f(lm), frm = f(rm);
  const double left = (m - a) / 6 * (fa + 4 * flm + fm), right = (b - m) / 6 * (fm + 4 * frm + fb);
  const double delta = left + right - whole;
  if (depth <= 0 || std::fabs(delta) <= 15 * tol) return left + right + delta / 15;
  return simpson(f, a, m, fa, flm, fm, left, tol / 2, depth - 1) +
         simpson(f, m, b, fm, frm, fb, right, tol / 2, depth - 1);
}

}  // namespace

double expected_abs_laplace_sum(std::span<const LaplaceTerms> terms) {
  check_terms(terms);
  double variance = 0;  // Var S = sum count q 2 scale^2
  for (const auto& t : terms) variance += static_cast<double>(t.count) * t.q * 2 * t.scale * t.scale;
  if (!(variance > 0)) return 0;
  const double sd = std::sqrt(variance);
  // 1 - phi(t) without cancellation: -expm1(log phi).
  auto one_minus_phi = [&](double t) {
    double log_phi = 0;
    for (const auto& x : terms) {
      if (x.count == 0 || x.q == 0) continue;
      const double bt2 = x.scale * x.scale * t * t;
      log_phi += static_cast<double>(x.count) * std::log1p(-x.q * bt2 / (1 + bt2));
    }
    return -std::expm1(log_phi);
  };
  // t = s / ((1 - s) sd): (1 - phi) / t^2 dt = (1 - phi) sd / s^2 ds, which tends to sd / 2 at
  // s = 0 (1 - phi ~ Var t^2 / 2) and to sd (1 - P[no term]) at s = 1.
  const double p0 = probability_no_noise(terms);
  auto g = [&](double s) {
    if (s <= 0) return sd / 2;
    if (s >= 1) return sd * (1 - p0);
    const double t = s / ((1 - s) * sd);
    return one_minus_phi(t) * sd / (s * s);
  };
  // Split [0, 1] in 16 panels so that features at very different scales are all seen.
  constexpr int kPanels = 16;
  double integral = 0;
  for (int i = 0; i < kPanels; ++i) {
    const double a = double(i) / kPanels, b = double(i + 1) / kPanels;
    const double fa = g(a), fm = g(0.5 * (a + b)), fb = g(b);
    const double whole = (b - a) / 6 * (fa + 4 * fm + fb);
    integral += simpson(g, a, b, fa, fm, fb, whole, 1e-12 * sd / kPanels, 40);
  }
  return 2 / M_PI * integral;
}

double probability_no_noise(std::span<const LaplaceTerms> terms) {
  check_terms(terms);
  double log_p = 0;
  for (const auto& t : terms)
    if (t.count) log_p += static_cast<double>(t.count) * std::log1p(-t.q);
  return std::exp(log_p);
}

}  // namespace dplab::linear_queries
