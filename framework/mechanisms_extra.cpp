// Mechanisms a researcher expects for an algorithm of their own, beyond what the five papers
// use: the Gaussian mechanism with (eps, delta) accounting, and randomized response.
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/samplers.hpp"
#include "core/secure_exponential.hpp"
#include "core/value.hpp"
#include "framework/mechanisms.hpp"

namespace dplab {

namespace {

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// The privacy profile of N(0, s^2) noise on a query of L2 sensitivity d at eps (Balle and Wang
// 2018, Theorem 8): the smallest delta for which it is (eps, delta)-DP. Decreasing in s.
double gaussian_delta(double d, double s, double eps) {
  const double a = d / (2 * s), b = eps * s / d;
  return normal_cdf(a - b) - std::exp(eps) * normal_cdf(-a - b);
}

void check_approximate(double sensitivity, double eps, double delta, const char* what) {
  if (!(sensitivity > 0) || !std::isfinite(sensitivity))
    throw Error(std::string("mechanism '") + what + "': L2 sensitivity must be a finite number > 0, got " +
                to_string(Value(sensitivity)));
  if (!(eps > 0) || eps > 100)
    throw Error(std::string("mechanism '") + what + "': epsilon must be in (0, 100], got " + to_string(Value(eps)));
  if (!(delta > 0 && delta < 1))
    throw Error(std::string("mechanism '") + what + "': delta must be in (0, 1), got " + to_string(Value(delta)));
}

}  // namespace

double Mechanisms::gaussian_sigma(double l2_sensitivity, double eps, double delta) {
  check_approximate(l2_sensitivity, eps, delta, "gaussian");
  // Bracket the smallest sigma with gaussian_delta <= delta, then bisect (in log sigma) to a
  // relative width of 1e-12; the upper end is always feasible, so the result is never too small.
  double hi = l2_sensitivity;
  while (gaussian_delta(l2_sensitivity, hi, eps) > delta) hi *= 2;
  double lo = hi / 2;
  while (lo > 1e-300 && gaussian_delta(l2_sensitivity, lo, eps) <= delta) lo /= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = std::sqrt(lo * hi);
    (gaussian_delta(l2_sensitivity, mid, eps) <= delta ? hi : lo) = mid;
  }
  return hi;
}

double Mechanisms::gaussian(double value, double l2_sensitivity, double eps, double delta, const char* what) {
  refuse_if_secure(what, "the Gaussian mechanism is (eps, delta)-DP by the analytic calibration of a real normal law; the exact discrete Gaussian gives zCDP, which the pure-eps ledger cannot record");
  const double sigma = gaussian_sigma(l2_sensitivity, eps, delta);
  ledger_.charge(eps, delta, what);
  return value + sigma * sample_normal(stream_);
}

void Mechanisms::gaussian(std::span<double> values, double l2_sensitivity, double eps, double delta,
                          const char* what) {
  refuse_if_secure(what, "the Gaussian mechanism is (eps, delta)-DP by the analytic calibration of a real normal law; the exact discrete Gaussian gives zCDP, which the pure-eps ledger cannot record");
  const double sigma = gaussian_sigma(l2_sensitivity, eps, delta);
  ledger_.charge(eps, delta, what);
  for (double& v : values) v += sigma * sample_normal(stream_);
}

bool Mechanisms::randomized_response(bool value, double eps, const char* what) {
  ledger_.charge(eps, what);
  // Pr[truth] = e^eps / (1 + e^eps) = 1 / (1 + e^-eps): exactly, for the eps as the fraction it is.
  if (noise_ == Noise::secure) {
    const secure::Rational e = secure::exact_rational(eps);
    return secure::bernoulli_logistic(stream_, e.num, e.den) ? value : !value;
  }
  return stream_.uniform() < 1 / (1 + std::exp(-eps)) ? value : !value;
}

std::size_t Mechanisms::randomized_response(std::size_t value, std::size_t k, double eps, const char* what) {
  if (k < 2 || value >= k)
    throw Error(std::string("mechanism '") + what + "': needs k >= 2 categories and a value in 0..k-1 (got value " +
                std::to_string(value) + ", k " + std::to_string(k) + ")");
  ledger_.charge(eps, what);
  if (noise_ == Noise::secure) {
    // Weights e^eps for the truth and 1 for each other category, i.e. exp(-gap eps) with gap 0
    // for the truth and 1 for the others: the exact exponential sampler (core/secure_exponential).
    if (k > (std::size_t{1} << 24))
      throw Error(std::string("mechanism '") + what + "': the secure path keeps one exponent per category (k <= 2^24)");
    const secure::Rational e = secure::exact_rational(eps);
    std::vector<secure::u128> gaps(k, 1);
    gaps[value] = 0;
    return secure::ExponentialSampler(gaps, e.num, e.den).draw(stream_);
  }
  const double keep = 1 / (1 + static_cast<double>(k - 1) * std::exp(-eps));
  if (stream_.uniform() < keep) return value;
  // One of the other k - 1 categories, uniformly.
  const auto other = static_cast<std::size_t>(stream_.uniform() * static_cast<double>(k - 1));
  const std::size_t pick = std::min(other, k - 2);
  return pick >= value ? pick + 1 : pick;
}

}  // namespace dplab
