#include "algorithms/budget_series/series.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/value.hpp"

namespace dplab::budget_series {

namespace {
void check_n(int n) {
  if (n < 1) throw Error("number of queries n must be >= 1, got " + std::to_string(n));
}
}  // namespace

std::vector<double> geometric_terms(int n, double r) {
  check_n(n);
  if (!(r > 0 && r < 1)) throw Error("geometric ratio r must be in (0, 1), got " + to_string(Value(r)));
  std::vector<double> k(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) k[static_cast<std::size_t>(i)] = (1 - r) * std::pow(r, i);
  return k;
}

double ideal_ratio(int n) {
  check_n(n);
  if (n == 1) throw Error("eq. 14 gives r = 0 for n = 1: give r explicitly or use n >= 2");
  return (n - 1.0) / n;
}

std::vector<double> taylor_terms(int n, double t) {
  check_n(n);
  if (!(t > 0 && t < 1)) throw Error("Taylor first term t must be in (0, 1), got " + to_string(Value(t)));
  const double log_t = std::log(t);
  const double log_L = std::log(-log_t);  // ln(ln(1/t))
  std::vector<double> k(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i)
    k[static_cast<std::size_t>(i - 1)] = std::exp(log_t + (i - 1) * log_L - std::lgamma(static_cast<double>(i)));
  return k;
}

double ideal_taylor_t(int n) {
  check_n(n);
  if (n < 2) throw Error("eq. 16 needs n >= 2 (it gives t = 1 for n = 1)");
  return std::exp((1.0 - n) / 2.0);
}

std::vector<double> cormode_terms(int n) {
  check_n(n);
  const double c = (std::cbrt(2.0) - 1) / (std::pow(2.0, (n + 1) / 3.0) - 1);
  std::vector<double> k(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) k[static_cast<std::size_t>(i - 1)] = std::pow(2.0, (n - i) / 3.0) * c;
  return k;
}

double sum_terms(const std::vector<double>& k) { return std::accumulate(k.begin(), k.end(), 0.0); }
double min_term(const std::vector<double>& k) { return *std::min_element(k.begin(), k.end()); }

std::vector<double> calibrate(std::vector<double> k) {
  const double s = sum_terms(k);
  if (!(s > 0)) throw Error("cannot calibrate a sequence whose terms sum to 0");
  for (double& x : k) x /= s;
  return k;
}

std::vector<double> flip_horizontal(std::vector<double> k) {
  std::reverse(k.begin(), k.end());
  return k;
}

std::vector<double> flip_vertical(const std::vector<double>& k) {
  const auto n = k.size();
  if (n < 2) throw Error("the vertical flip (eq. 21) needs n >= 2");
  std::vector<double> f(n);
  for (std::size_t i = 0; i < n; ++i) f[i] = (1 - k[i]) / static_cast<double>(n - 1);
  return f;
}

std::vector<double> compound_with_average(const std::vector<double>& k, double alpha) {
  if (!(alpha >= 0) || std::isinf(alpha)) throw Error("compounding factor alpha must be finite and >= 0");
  const double n = static_cast<double>(k.size());
  std::vector<double> out(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) out[i] = (alpha / n + k[i]) / (alpha + 1);
  return out;
}

double acceptable_alpha(const std::vector<double>& k, double eps, double U_s) {
  const double n = static_cast<double>(k.size());
  const double a = std::sqrt(2.0) / (eps * U_s);  // the smallest acceptable proportion
  const double lemma2 = std::sqrt(2.0) * n / eps;
  if (U_s < lemma2 * (1 - 1e-12))
    throw Error("U_s = " + to_string(Value(U_s)) + " is below Lemma 2's bound sqrt(2) n / eps = " +
                to_string(Value(lemma2)) + ": no allocation of eps = " + to_string(Value(eps)) +
                " over n = " + std::to_string(k.size()) + " queries can satisfy it");
  const double kmin = min_term(k);
  if (kmin >= a) return 0.0;
  const double denom = 1.0 / n - a;
  if (denom <= 0) return 1e300;  // U_s at Lemma 2's bound: only the average works
  return (a - kmin) / denom;
}

UsBounds us_bounds(const std::vector<double>& k, double eps) {
  return UsBounds{std::sqrt(2.0) * static_cast<double>(k.size()) / eps,
                  std::sqrt(2.0) / (eps * min_term(k))};
}

}  // namespace dplab::budget_series
