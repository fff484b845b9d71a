// Exact expectations of sums of independent, possibly absent, Laplace noises: the analytic side
// of Mechanisms::laplace_sum. A sum released through many curators carries such a noise, and
// its expected absolute value is the mean absolute error of the release (lu_thesis Eq. 4.3,
// §5.4.1), so these values are what the measured errors must converge to.
#pragma once
#include <cstdint>
#include <span>

namespace dplab::linear_queries {

// `count` independent terms B * Lap(scale), B ~ Bernoulli(q) (q = 1: always present).
struct LaplaceTerms {
  double scale = 0;
  std::uint64_t count = 0;
  double q = 1;
};

// E|sum of m independent Lap(b)| in closed form: b * 2m C(2m, m) / 4^m (the sum is
// b (G1 - G2) with G1, G2 ~ Gamma(m, 1); E|G1 - G2| = E[G1 + G2] E|2 Beta(m, m) - 1|), computed
// in log space so that m may be large. 0 for m = 0.
double expected_abs_laplace_sum(std::uint64_t m, double b);

// E|S| for S the sum of all the terms, from the characteristic function:
//   E|S| = (2/pi) int_0^inf (1 - phi(t)) / t^2 dt,   phi(t) = prod (1 - q + q / (1 + scale^2 t^2))^count
// (|x| = (2/pi) int (1 - cos tx) / t^2 dt), by adaptive Simpson quadrature on t = s / ((1-s) sd),
// which maps [0, inf) onto [0, 1) with a bounded, smooth integrand. Relative error about 1e-10.
double expected_abs_laplace_sum(std::span<const LaplaceTerms> terms);

// Probability that no term is present: prod (1 - q)^count (the release is then exact).
double probability_no_noise(std::span<const LaplaceTerms> terms);

}  // namespace dplab::linear_queries
