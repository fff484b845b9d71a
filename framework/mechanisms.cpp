#include "framework/mechanisms.hpp"

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

Mechanisms::LaplaceBlocks Mechanisms::laplace_blocks(double l1_sensitivity, double eps, const char* what) {
  check_sensitivity(l1_sensitivity, what);
  ledger_.charge(eps, what);
  return LaplaceBlocks(stream_, l1_sensitivity / eps);
}

void Mechanisms::LaplaceBlocks::add(std::span<double> block) { add_laplace(stream_, scale_, block); }

}  // namespace dplab
