#include "core/secure_exponential.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"

namespace dplab::secure {

namespace {

using i128 = __int128;

// floor(value / 2^k + 1/2), exactly (value / 2^k is a power-of-two scaling).
i128 to_grid(double value, int k) {
  if (!std::isfinite(value)) throw Error("secure exponential mechanism: every score must be finite");
  const double y = std::ldexp(value, -k);
  if (!(std::fabs(y) < 0x1.0p100)) throw Error("secure exponential mechanism: |score| / granularity exceeds 2^100");
  const double fl = std::floor(y);
  return static_cast<i128>(fl) + (y - fl >= 0.5 ? 1 : 0);
}

}  // namespace

ScoreGrid score_grid(double sensitivity) {
  if (!(sensitivity > 0) || !std::isfinite(sensitivity))
    throw Error("secure exponential mechanism: the sensitivity must be finite and > 0");
  ScoreGrid g;
  std::frexp(granularity(sensitivity), &g.k);
  g.k -= 1;
  g.sensitivity = static_cast<u128>(std::ceil(std::ldexp(sensitivity, -g.k)));  // about 2^40
  return g;
}

ExponentialSampler::ExponentialSampler(std::span<const double> scores, double sensitivity, double eps) {
  if (scores.empty()) throw Error("secure exponential mechanism: no candidates");
  const ScoreGrid grid = score_grid(sensitivity);
  std::vector<i128> k(scores.size());
  i128 best = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    k[i] = to_grid(scores[i], grid.k);
    if (i == 0 || k[i] > best) best = k[i];
  }
  // x_i = eps (best - k_i) / (2 K) = (best - k_i) e_num / (2 K e_den).
  const Rational e = exact_rational(eps);
  u128 den;
  if (__builtin_mul_overflow(2 * grid.sensitivity, e.den, &den) || (den >> 126) != 0)
    throw Error("secure exponential mechanism: eps / sensitivity needs more than 126 bits");
  x_.reserve(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) x_.push_back(mixed_exponent(static_cast<u128>(best - k[i]), e.num, den));
}

ExponentialSampler::ExponentialSampler(std::span<const u128> gaps, u128 num, u128 den) {
  if (gaps.empty()) throw Error("secure exponential mechanism: no candidates");
  for (u128 g : gaps) x_.push_back(mixed_exponent(g, num, den));
}

std::size_t ExponentialSampler::draw(Stream& s) const {
  for (;;) {
    const auto i = static_cast<std::size_t>(s.below(x_.size()));
    const MixedExponent& x = x_[i];
    if (bernoulli_exp_mixed(s, x.whole, x.num, x.den)) return i;
  }
}

ExceedanceSampler::ExceedanceSampler(double threshold, double sensitivity, double eps) {
  // The grid and grid sensitivity of granular_laplace(0, sensitivity, eps).
  int k;
  std::frexp(granularity(sensitivity / eps), &k);
  k -= 1;
  const double sg = std::ceil(std::ldexp(sensitivity, -k));
  const Rational scale = laplace_scale(sg, eps);  // t / s: p = exp(-s / t)
  step_num_ = scale.den;
  step_den_ = scale.num;
  if (!std::isfinite(threshold)) throw Error("secure exceedances: the threshold must be finite");
  const double y = std::floor(std::ldexp(threshold, -k));
  if (!(std::fabs(y) < 0x1.0p100)) throw Error("secure exceedances: |threshold| / granularity exceeds 2^100");
  const auto t = static_cast<i128>(y);
  negative_ = t < 0;
  const u128 a = negative_ ? static_cast<u128>(-t) : static_cast<u128>(t + 1);
  tail_ = mixed_exponent(a, step_num_, step_den_);
}

bool ExceedanceSampler::draw(Stream& s) const {
  const bool both = bernoulli_exp_mixed(s, tail_.whole, tail_.num, tail_.den) &&
                    bernoulli_logistic(s, step_num_, step_den_);
  return negative_ ? !both : both;
}

}  // namespace dplab::secure
