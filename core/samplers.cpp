#include "core/samplers.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "core/error.hpp"

namespace dplab {

void sample_laplace(Stream& s, double b, std::span<double> out) {
  for (double& x : out) x = sample_laplace(s, b);
}

void add_laplace(Stream& s, double b, std::span<double> values) {
  for (double& x : values) x += sample_laplace(s, b);
}

namespace {
// Number of failures before the first success with failure probability a: floor(log U / log a).
std::int64_t sample_geometric(Stream& s, double log_a) {
  double g = std::floor(std::log(s.uniform_pos()) / log_a);
  if (g > 9.0e18) return std::numeric_limits<std::int64_t>::max() / 4;
  return static_cast<std::int64_t>(g);
}
}  // namespace

std::int64_t sample_two_sided_geometric(Stream& s, double b) {
  double log_a = -1.0 / b;  // log of a = exp(-1/b)
  return sample_geometric(s, log_a) - sample_geometric(s, log_a);
}

double sample_normal(Stream& s) {
  double u1 = s.uniform_pos();
  double u2 = s.uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

std::size_t sample_categorical(Stream& s, std::span<const double> w) {
  double total = 0;
  for (double x : w) {
    if (!(x >= 0)) throw Error("sample_categorical: weights must be non-negative numbers");
    total += x;
  }
  if (!(total > 0)) throw Error("sample_categorical: all weights are zero");
  double target = s.uniform() * total;
  double acc = 0;
  std::size_t last_positive = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] > 0) last_positive = i;
    acc += w[i];
    if (target < acc) return i;
  }
  return last_positive;  // rounding at the top end
}

std::size_t sample_from_log_weights(Stream& s, std::span<const double> logw) {
  if (logw.empty()) throw Error("sample_from_log_weights: no candidates");
  double m = *std::max_element(logw.begin(), logw.end());
  if (!std::isfinite(m)) throw Error("sample_from_log_weights: scores must be finite");
  std::vector<double> w(logw.size());
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::exp(logw[i] - m);
  return sample_categorical(s, w);
}

std::vector<std::size_t> sample_permutation(Stream& s, std::size_t n) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[s.below(i)]);
  return p;
}

}  // namespace dplab
