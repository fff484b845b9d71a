#include "framework/mechanisms.hpp"

#include <algorithm>
#include <cmath>
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

std::uint64_t Mechanisms::exponential_ball(std::span<const double> center, double radius,
                                          const std::function<double(std::span<const double>)>& score,
                                          double score_max, double sensitivity, double eps, std::span<double> out,
                                          const char* what, std::uint64_t max_proposals) {
  check_sensitivity(sensitivity, what);
  const std::size_t d = center.size();
  if (out.size() != d || d == 0)
    throw Error(std::string("mechanism '") + what + "': the output must have the centre's dimension (" +
                std::to_string(d) + ")");
  if (!(radius >= 0) || !std::isfinite(radius) || !std::isfinite(score_max))
    throw Error(std::string("mechanism '") + what + "': radius and score bound must be finite, radius >= 0");
  ledger_.charge(eps, what);
  const double scale = eps / (2 * sensitivity);
  for (std::uint64_t proposals = 1; proposals <= max_proposals; ++proposals) {
    // Uniform in the ball: an isotropic direction (normalised Gaussian vector) times radius
    // U^(1/d), whose law has density proportional to r^(d-1) on [0, radius].
    double norm2 = 0;
    for (std::size_t j = 0; j < d; ++j) {
      out[j] = sample_normal(stream_);
      norm2 += out[j] * out[j];
    }
    if (!(norm2 > 0)) continue;
    const double r = radius * std::pow(stream_.uniform_pos(), 1.0 / double(d)) / std::sqrt(norm2);
    for (std::size_t j = 0; j < d; ++j) out[j] = center[j] + r * out[j];
    const double q = score(out);
    if (!(q <= score_max + 1e-9 * (1 + std::abs(score_max))))
      throw Error(std::string("mechanism '") + what + "': a point of the ball scores " + to_string(Value(q)) +
                  ", above the declared bound " + to_string(Value(score_max)) + ": the rejection envelope is invalid");
    const double log_accept = scale * (std::min(q, score_max) - score_max);
    if (log_accept >= 0 || std::log(stream_.uniform_pos()) < log_accept) return proposals;
  }
  throw Error(std::string("mechanism '") + what + "': no proposal accepted in " + std::to_string(max_proposals) +
              " tries (eps " + to_string(Value(eps)) + " concentrates the law on a tiny part of the ball)");
}

}  // namespace dplab
