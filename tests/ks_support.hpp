// One-sample Kolmogorov-Smirnov checks shared by the statistical suites: the statistic, the
// asymptotic critical value at a stated alpha, and the CDF of a density known up to a constant.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <vector>

namespace dplab::testing {

// sup_x |F_n(x) - F(x)| of the sample x against the CDF F.
inline double ks_statistic(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max(d, std::max(static_cast<double>(i + 1) / n - f, f - static_cast<double>(i) / n));
  }
  return d;
}

// Asymptotic KS critical values: Pr[sqrt(n) D > 1.63] = 0.01, Pr[sqrt(n) D > 1.95] = 0.001,
// Pr[sqrt(n) D > 2.23] = 1e-4. A correct sampler fails one check with that probability at a
// given seed (the seeds are fixed, so the outcome is deterministic).
inline double ks_critical_001(std::size_t n) { return 1.95 / std::sqrt(static_cast<double>(n)); }

// CDF on [a, b] of the density proportional to f, by the composite Simpson rule on a fine grid
// (tabulated once, interpolated linearly).
inline std::function<double(double)> numeric_cdf(const std::function<double(double)>& f, double a, double b) {
  const int m = 20000;
  const double h = (b - a) / m;
  std::vector<double> cum(m + 1, 0.0);
  for (int i = 0; i < m; ++i) {
    const double x0 = a + i * h;
    cum[i + 1] = cum[i] + h / 6 * (f(x0) + 4 * f(x0 + h / 2) + f(x0 + h));
  }
  return [=](double x) {
    if (x <= a) return 0.0;
    if (x >= b) return 1.0;
    const double t = (x - a) / h;
    const auto i = static_cast<std::size_t>(t);
    return (cum[i] + (t - double(i)) * (cum[std::min<std::size_t>(i + 1, m)] - cum[i])) / cum[m];
  };
}

// |observed - n p| within z standard deviations of Binomial(n, p).
inline bool binomial_ok(double observed, double n, double p, double z = 5.0) {
  return std::fabs(observed - n * p) <= z * std::sqrt(n * p * (1 - p)) + 1e-9;
}

}  // namespace dplab::testing
