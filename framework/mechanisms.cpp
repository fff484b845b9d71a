#include "framework/mechanisms.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/samplers.hpp"
#include "core/secure_exponential.hpp"
#include "core/secure_noise.hpp"
#include "core/value.hpp"

namespace dplab {

namespace {
void check_sensitivity(double s, const char* what) {
  if (!(s > 0) || !std::isfinite(s))
    throw Error(std::string("mechanism '") + what + "': sensitivity must be a finite number > 0, got " +
                to_string(Value(s)));
}
// Refused before charging: a scale that overflows (eps = 1e-310) would release +-inf or NaN.
void check_scale(double sensitivity, double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  if (eps > 0 && !std::isfinite(sensitivity / eps))
    throw Error(std::string("mechanism '") + what + "': the noise scale sensitivity/eps = " + to_string(Value(sensitivity)) +
                "/" + to_string(Value(eps)) + " overflows; eps is too small");
}
}  // namespace

double Mechanisms::laplace(double value, double sensitivity, double eps, const char* what) {
  check_scale(sensitivity, eps, what);
  if (noise_ == Noise::secure) return laplace_granular(value, sensitivity, eps, what);
  ledger_.charge(eps, what);
  return value + sample_laplace(stream_, sensitivity / eps);
}

void Mechanisms::laplace(std::span<double> values, double l1_sensitivity, double eps,
                         const char* what) {
  check_scale(l1_sensitivity, eps, what);
  ledger_.charge(eps, what);
  if (noise_ == Noise::secure)
    secure::granular_laplace(stream_, values, l1_sensitivity, eps);
  else
    add_laplace(stream_, l1_sensitivity / eps, values);
}

std::vector<std::uint64_t> Mechanisms::laplace_exceedances(std::uint64_t count, double threshold,
                                                           double sensitivity, double eps,
                                                           const char* what) {
  check_scale(sensitivity, eps, what);
  if (noise_ == Noise::secure) {
    // Exact, but one Bernoulli per query: no exact geometric skip exists for the irrational
    // Pr[Z > T], so the count is bounded (refused before charging).
    if (count > kMaxSecureExceedances)
      throw Error(std::string("mechanism '") + what + "': the secure path draws one exact Bernoulli per query and " +
                  std::to_string(count) + " queries exceed its limit of " + std::to_string(kMaxSecureExceedances) +
                  " (the fast path skips between exceedances with a floating-point geometric law); run with noise: fast");
    ledger_.charge(eps, what);
    const secure::ExceedanceSampler exceeds(threshold, sensitivity, eps);
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < count; ++i)
      if (exceeds.draw(stream_)) out.push_back(i);
    return out;
  }
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
  check_scale(sensitivity, eps, what);
  if (noise_ == Noise::secure) return discrete_laplace(value, sensitivity, eps, what);
  ledger_.charge(eps, what);
  return value + sample_two_sided_geometric(stream_, sensitivity / eps);
}

std::size_t Mechanisms::exponential(std::span<const double> scores, double sensitivity,
                                    double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  if (scores.empty()) throw Error(std::string("mechanism '") + what + "': no candidates");
  if (noise_ == Noise::secure) {
    for (double v : scores)
      if (!std::isfinite(v)) throw Error(std::string("mechanism '") + what + "': every score must be finite");
    ledger_.charge(eps, what);
    return secure::ExponentialSampler(scores, sensitivity, eps).draw(stream_);
  }
  ledger_.charge(eps, what);
  std::vector<double> logw(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) logw[i] = eps * scores[i] / (2 * sensitivity);
  return sample_from_log_weights(stream_, logw);
}

std::vector<std::uint32_t> Mechanisms::exponential_each(std::size_t count, std::span<const double> scores,
                                                       double sensitivity, double eps, const char* what) {
  check_sensitivity(sensitivity, what);
  if (scores.empty()) throw Error(std::string("mechanism '") + what + "': no candidates");
  if (noise_ == Noise::secure) {
    for (double v : scores)
      if (!std::isfinite(v)) throw Error(std::string("mechanism '") + what + "': every score must be finite");
    ledger_.charge(eps, what);
    const secure::ExponentialSampler sampler(scores, sensitivity, eps);
    std::vector<std::uint32_t> out(count);
    for (auto& o : out) o = static_cast<std::uint32_t>(sampler.draw(stream_));
    return out;
  }
  ledger_.charge(eps, what);
  // Cumulative probabilities, computed once for all parts (stable: shifted by the best score).
  double best = scores[0];
  for (double q : scores) best = std::max(best, q);
  std::vector<double> cumulative(scores.size());
  double total = 0;
  for (std::size_t i = 0; i < scores.size(); ++i)
    cumulative[i] = total += std::exp(eps * (scores[i] - best) / (2 * sensitivity));
  std::vector<std::uint32_t> out(count);
  for (auto& o : out) {
    const double u = stream_.uniform() * total;
    std::uint32_t i = 0;
    while (i + 1 < cumulative.size() && u >= cumulative[i]) ++i;
    o = i;
  }
  return out;
}

Mechanisms::NoiseSum Mechanisms::laplace_sum(std::span<const NoiseGroup> groups, double q, double eps,
                                             const char* what) {
  refuse_if_secure(what, "a sum of many Laplace noises is drawn as a difference of two floating-point Gamma variables, and with q < 1 it is not eps-DP whatever the sampler");
  if (!(q >= 0 && q <= 1))
    throw Error(std::string("mechanism '") + what + "': the probability that a noise is present must be in [0, 1], got " +
                to_string(Value(q)));
  // One branch-free pass (this runs once per release over every group); the message after.
  bool valid = true;
  for (const auto& g : groups) valid &= g.count == 0 || (g.sensitivity > 0 && g.sensitivity < HUGE_VAL);
  if (!valid)
    for (const auto& g : groups)
      if (g.count) check_sensitivity(g.sensitivity, what);
  ledger_.charge(eps, what);
  NoiseSum sum;
  const double inv_eps = 1 / eps;
  for (const auto& g : groups) {
    const std::uint64_t k = q == 1 ? g.count : sample_binomial(stream_, g.count, q);
    if (k == 0) continue;
    sum.present += k;
    // One noise (many small groups, e.g. one meter each): a plain Laplace draw.
    sum.noise += k == 1 ? sample_laplace(stream_, g.sensitivity * inv_eps)
                        : sample_laplace_sum(stream_, k, g.sensitivity * inv_eps);
  }
  return sum;
}

Mechanisms::NoiseSum Mechanisms::laplace_sum(std::uint64_t count, double sensitivity, double q, double eps,
                                             const char* what) {
  const NoiseGroup g{sensitivity, count};
  return laplace_sum(std::span<const NoiseGroup>(&g, 1), q, eps, what);
}

double Mechanisms::exponential_intervals(std::span<const double> edges, std::span<const double> scores,
                                         double sensitivity, double eps, const char* what) {
  refuse_if_secure(what, "an exact sampler must weight intervals of data-dependent lengths (up to 2^40 grid steps apart) by exp(-x): uniform proposals have no bounded cost, and no exact Bernoulli factory for length x exp(-x) is implemented");
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

Mechanisms::LaplaceBlocks Mechanisms::laplace_blocks(double l1_sensitivity, double eps, const char* what) {
  refuse_if_secure(what, "the grid sensitivity of a vector query grows with its length (ceil(l1 / g) + n - 1), which a query given block by block does not know when it is charged");
  check_sensitivity(l1_sensitivity, what);
  ledger_.charge(eps, what);
  return LaplaceBlocks(stream_, l1_sensitivity / eps);
}

void Mechanisms::LaplaceBlocks::add(std::span<double> block) { add_laplace(stream_, scale_, block); }

std::uint64_t Mechanisms::exponential_ball(std::span<const double> center, double radius,
                                          const std::function<double(std::span<const double>)>& score,
                                          double score_max, double sensitivity, double eps, std::span<double> out,
                                          const char* what, std::uint64_t max_proposals) {
  refuse_if_secure(what, "the ball's centre and the score are floating-point functions of the data, so exactness would need a grid over the ball and an exact membership test; and lu_thesis Algorithm 7.1, its one user, is not eps-DP whatever the sampler (README)");
  check_sensitivity(sensitivity, what);
  const std::size_t d = center.size();
  if (out.size() != d || d == 0)
    throw Error(std::string("mechanism '") + what + "': the output must have the centre's dimension (" +
                std::to_string(d) + ")");
  if (!(radius >= 0) || !std::isfinite(radius) || !std::isfinite(score_max))
    throw Error(std::string("mechanism '") + what + "': radius and score bound must be finite, radius >= 0");
  ledger_.charge(eps, what);
  return sample_ball_law(stream_, center, radius, score, score_max, eps / (2 * sensitivity), out, what, max_proposals);
}

double Mechanisms::laplace_granular(double value, double sensitivity, double eps, const char* what) {
  check_scale(sensitivity, eps, what);
  if (!(eps > 0)) throw Error(std::string("mechanism '") + what + "': eps must be > 0");
  ledger_.charge(eps, what);
  return secure::granular_laplace(stream_, value, sensitivity, eps);
}

std::int64_t Mechanisms::discrete_laplace(std::int64_t value, double sensitivity, double eps, const char* what) {
  check_scale(sensitivity, eps, what);
  if (!(eps > 0)) throw Error(std::string("mechanism '") + what + "': eps must be > 0");
  const secure::Rational b = secure::laplace_scale(sensitivity, eps);  // refused before charging
  ledger_.charge(eps, what);
  return value + secure::discrete_laplace(stream_, b.num, b.den);
}

void Mechanisms::refuse_if_secure(const char* what, const char* why) const {
  if (noise_ == Noise::secure)
    throw Error(std::string("mechanism '") + what + "' has no exact (secure) sampler: " + why + "; run with noise: fast");
}

}  // namespace dplab
