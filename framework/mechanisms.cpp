#include "framework/mechanisms.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/samplers.hpp"
#include "core/value.hpp"

namespace dplab {

namespace {
void check_sensitivity(double s, const char* what) {
  if (!(s > 0) || !std::isfinite(s))
    throw Error(std::string("mechanism '") + what + "': sensitivity must be a finite number > 0, got " +
                to_string(Value(s)));
}
}  // namespace

double Mechanisms::laplace(double value, double sensitivity, double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  ledger_.charge(eps, what);
  return value + sample_laplace(stream_, sensitivity / eps);
}

void Mechanisms::laplace(std::span<double> values, double l1_sensitivity, double eps,
                         const char* what) {
  check_sensitivity(l1_sensitivity, what);
  ledger_.charge(eps, what);
  add_laplace(stream_, l1_sensitivity / eps, values);
}

std::vector<std::uint64_t> Mechanisms::laplace_exceedances(std::uint64_t count, double threshold,
                                                           double sensitivity, double eps,
                                                           const char* what) {
  check_sensitivity(sensitivity, what);
  ledger_.charge(eps, what);
  const double b = sensitivity / eps;
  // q = Pr[Lap(b) > threshold].
  const double q = threshold >= 0 ? 0.5 * std::exp(-threshold / b) : 1 - 0.5 * std::exp(threshold / b);
  std::vector<std::uint64_t> out;
  if (count == 0 || q <= 0) return out;
  if (q >= 1) {
    for (std::uint64_t i = 0; i < count; ++i) out.push_back(i);
    return out;
  }
  // The gap before the next exceedance is Geometric(q) on {0, 1, ...}: floor(log U / log(1-q)).
  const double log1mq = std::log1p(-q);
  for (std::uint64_t i = 0;;) {
    const double gap = std::floor(std::log(stream_.uniform_pos()) / log1mq);
    if (gap >= static_cast<double>(count - i)) break;
    i += static_cast<std::uint64_t>(gap);
    out.push_back(i++);
    if (i >= count) break;
  }
  return out;
}

std::int64_t Mechanisms::geometric(std::int64_t value, double sensitivity, double eps,
                                   const char* what) {
  check_sensitivity(sensitivity, what);
  ledger_.charge(eps, what);
  return value + sample_two_sided_geometric(stream_, sensitivity / eps);
}

std::size_t Mechanisms::exponential(std::span<const double> scores, double sensitivity,
                                    double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  if (scores.empty()) throw Error(std::string("mechanism '") + what + "': no candidates");
  ledger_.charge(eps, what);
  std::vector<double> logw(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) logw[i] = eps * scores[i] / (2 * sensitivity);
  return sample_from_log_weights(stream_, logw);
}

double Mechanisms::exponential_intervals(std::span<const double> edges, std::span<const double> scores,
                                         double sensitivity, double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  if (scores.empty() || edges.size() != scores.size() + 1)
    throw Error(std::string("mechanism '") + what + "': needs one more edge than intervals (got " +
                std::to_string(edges.size()) + " edges for " + std::to_string(scores.size()) + " intervals)");
  for (std::size_t i = 0; i + 1 < edges.size(); ++i)
    if (!std::isfinite(edges[i]) || !std::isfinite(edges[i + 1]) || edges[i + 1] < edges[i])
      throw Error(std::string("mechanism '") + what + "': interval edges must be finite and non-decreasing");
  if (!(edges.back() > edges.front()))
    throw Error(std::string("mechanism '") + what + "': the range has zero length");
  ledger_.charge(eps, what);
  std::vector<double> logw(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double length = edges[i + 1] - edges[i];
    logw[i] = length > 0 ? std::log(length) + eps * scores[i] / (2 * sensitivity)
                         : -std::numeric_limits<double>::infinity();
  }
  const std::size_t i = sample_from_log_weights(stream_, logw);
  return edges[i] + stream_.uniform() * (edges[i + 1] - edges[i]);
}

}  // namespace dplab
