#include "algorithms/lu_aggregation/normalised_noise.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "algorithms/linear_queries/laplace_sums.hpp"
#include "algorithms/lu_aggregation/schemes.hpp"

namespace dplab::lu_aggregation {

double f_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s, double ratio) {
  return double(n) / double(c) * pr_u / ratio + pr_s / (1 - ratio);
}

double optimum_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s) {
  return 1 / (1 + std::sqrt(double(c) * pr_s / (double(n) * pr_u)));
}

double f_minimum(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s) {
  const double a = std::sqrt(double(n) * pr_u / double(c)) + std::sqrt(pr_s);
  return a * a;
}

double break_even_pr_u(std::uint64_t n, std::uint64_t c, double pr_s, double ratio) {
  return std::max(0.0, ratio * double(c) / double(n) * (1 - pr_s / (1 - ratio)));
}

double break_even_pr_s(std::uint64_t n, std::uint64_t c, double pr_u, double ratio) {
  return std::max(0.0, (1 - ratio) * (1 - double(n) / double(c) * pr_u / ratio));
}

namespace {

double expected_abs_noise(const Setting& s) {
  const auto terms = noise_terms(s);
  return linear_queries::expected_abs_laplace_sum(terms);
}

Setting unit(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s, double ratio) {
  Setting s;
  s.n = n;
  s.c = c;
  s.eps = 1;
  s.ratio = ratio;
  s.pr_u = pr_u;
  s.pr_s = pr_s;
  s.share_sensitivity = 1;
  s.paste_sensitivity = double(c);
  s.privada_sensitivity = 1;
  return s;
}

// The root in [lo, hi] of an increasing function, by bisection (in log space when `log_scale`).
double bisect(const std::function<double(double)>& g, double lo, double hi, bool log_scale) {
  if (g(lo) >= 0) return lo;
  if (g(hi) < 0) return hi;
  for (int it = 0; it < 100; ++it) {
    const double mid = log_scale ? std::sqrt(lo * hi) : 0.5 * (lo + hi);
    (g(mid) < 0 ? lo : hi) = mid;
    if (hi - lo <= 1e-9 * hi) break;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

double exact_break_even_pr_u(std::uint64_t n, std::uint64_t c, double pr_s, double ratio) {
  Setting privada = unit(n, c, 0, 0, ratio);
  privada.scheme = Scheme::PrivaDA;
  const double target = expected_abs_noise(privada);
  auto g = [&](double pr_u) { return expected_abs_noise(unit(n, c, pr_u, pr_s, ratio)) - target; };
  if (g(0) >= 0) return 0;
  // Pr_u enters as n Pr_u expected noises: search log-spaced from far below one noise.
  return bisect(g, 1e-6 / double(n), 1.0, true);
}

double exact_break_even_pr_s(std::uint64_t n, std::uint64_t c, double pr_u, double ratio) {
  Setting privada = unit(n, c, 0, 0, ratio);
  privada.scheme = Scheme::PrivaDA;
  const double target = expected_abs_noise(privada);
  auto g = [&](double pr_s) { return expected_abs_noise(unit(n, c, pr_u, pr_s, ratio)) - target; };
  return bisect(g, 0.0, 1.0, false);
}

double exact_optimum_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s) {
  auto g = [&](double ratio) { return expected_abs_noise(unit(n, c, pr_u, pr_s, ratio)); };
  // E|noise| is unimodal in ratio (each layer's scale falls as its share grows): golden section.
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double lo = 1e-6, hi = 1 - 1e-6;
  double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo), ga = g(a), gb = g(b);
  while (hi - lo > 1e-7) {
    if (ga <= gb) {
      hi = b, b = a, gb = ga;
      a = hi - phi * (hi - lo), ga = g(a);
    } else {
      lo = a, a = b, ga = gb;
      b = lo + phi * (hi - lo), gb = g(b);
    }
  }
  return 0.5 * (lo + hi);
}

}  // namespace dplab::lu_aggregation
