// The exponential-mechanism family, exactly (the `noise: secure` path; docs/audit-and-secure-noise.md).
//
// The exponential mechanism (McSherry, Talwar 2007) picks candidate i with probability
// proportional to exp(eps u_i / (2 Delta)). In floating point the weights are rounded and the
// sampler's arithmetic depends on the scores, the same surface Mironov's attack (CCS 2012) uses
// on Laplace noise (Ilvento, "Implementing the Exponential Mechanism with Base-2 Differential
// Privacy", CCS 2020, shows it for this mechanism). Here the scores are rounded to a grid g Z,
// g a power of two about 2^-40 Delta, and the weights exp(-x_i), x_i = eps (k_max - k_i) / (2 K)
// with k_i = floor(u_i / g + 1/2) and K = ceil(Delta / g), are sampled exactly: a candidate is
// proposed uniformly and accepted with Bernoulli(exp(-x_i)) (Canonne, Kamath, Steinke 2020,
// Algorithm 1, for rational x_i), until one is accepted. The accepted index has probability
// exp(-x_i) / sum_j exp(-x_j), exactly the exponential mechanism on the rounded scores.
//
// Privacy: floor(y + d) - floor(y) <= ceil(d), so scores within Delta of their neighbours' round
// to grid integers within K = ceil(Delta / g): the rounded score has sensitivity K grid steps and
// the mechanism with exp(eps k_i / (2 K)) is exactly eps-DP (McSherry-Talwar's proof holds for any
// score of that sensitivity). Subtracting k_max changes no probability. The cost of rounding is a
// relative 2^-40 on the scores' scale.
//
// Cost: the expected number of proposals is m / sum_j exp(-x_j) <= m (the best candidate has
// x = 0), each O(1) uniform draws in expectation.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "core/rng.hpp"
#include "core/secure_noise.hpp"

namespace dplab::secure {

class ExponentialSampler {
 public:
  // The exponential mechanism on `scores` (finite) of sensitivity `sensitivity` at `eps`.
  ExponentialSampler(std::span<const double> scores, double sensitivity, double eps);
  // Weights exp(-gap_i num / den) for exact integer gaps (>= 0, one of them 0) and a rational
  // num / den: randomized response and other mechanisms whose exponents are exact already.
  ExponentialSampler(std::span<const u128> gaps, u128 num, u128 den);

  // One draw: index i with probability exp(-x_i) / sum_j exp(-x_j).
  std::size_t draw(Stream& s) const;
  std::size_t size() const { return x_.size(); }
  const MixedExponent& exponent(std::size_t i) const { return x_[i]; }

 private:
  std::vector<MixedExponent> x_;
};

// The grid exponent k (g = 2^k) and grid sensitivity K = ceil(Delta / g) used for scores of
// sensitivity Delta.
struct ScoreGrid {
  int k = 0;
  u128 sensitivity = 1;
};
ScoreGrid score_grid(double sensitivity);

// Whether a noisy zero answer exceeds `threshold` under the granular Laplace mechanism of
// granular_laplace (value 0, sensitivity, eps): the release g Z, Z discrete Laplace of scale
// K / eps, exceeds iff Z > T = floor(threshold / g). With p = exp(-eps / K):
//   Pr[Z > T] = p^(T+1) / (1 + p)        for T >= 0,
//             = 1 - p^(-T) / (1 + p)     for T < 0,
// sampled exactly as Bernoulli(p^a) and Bernoulli(1 / (1 + p)). One object per threshold.
class ExceedanceSampler {
 public:
  ExceedanceSampler(double threshold, double sensitivity, double eps);
  bool draw(Stream& s) const;

 private:
  bool negative_ = false;  // T < 0
  MixedExponent tail_;     // the exponent of p^(T+1) (T >= 0) or p^(-T) (T < 0)
  u128 step_num_ = 0, step_den_ = 1;  // -ln p = step_num / step_den
};

}  // namespace dplab::secure
