// The noise mechanisms. Each one charges the trial's privacy ledger before it draws, so a
// mechanism that would overspend fails before releasing anything.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "framework/ledger.hpp"
#include "core/rng.hpp"

namespace dplab {

class Mechanisms {
 public:
  Mechanisms(Stream& stream, PrivacyLedger& ledger) : stream_(stream), ledger_(ledger) {}

  // Laplace mechanism (Dwork et al. 2006; budget_series Theorem 1): value + Lap(sensitivity/eps).
  double laplace(double value, double sensitivity, double eps, const char* what = "laplace");

  // Laplace mechanism on a vector query whose L1 sensitivity is `l1_sensitivity` (e.g. a
  // histogram of disjoint counts has sensitivity 1): one charge of eps, noise Lap(l1/eps) on
  // every coordinate, in place.
  void laplace(std::span<double> values, double l1_sensitivity, double eps,
               const char* what = "laplace vector");

  // Laplace mechanism on `count` counting queries over disjoint parts of the data whose true
  // answers are all 0 (e.g. DiffPart's empty sub-partitions, Procedure 1 lines 11-18): one
  // charge of eps, and the indices (increasing) of the queries whose noisy answer
  // Lap(sensitivity/eps) exceeds `threshold`. The law is exactly that of drawing all `count`
  // noise values, but by geometric skipping between exceedances it costs O(returned + 1)
  // draws, so 2^f candidates need not be enumerated.
  std::vector<std::uint64_t> laplace_exceedances(std::uint64_t count, double threshold,
                                                 double sensitivity, double eps,
                                                 const char* what = "laplace exceedances");

  // Two-sided geometric mechanism (Ghosh, Roughgarden, Sundararajan 2009) for integer queries:
  // value + Z with Pr[Z=k] proportional to exp(-eps |k| / sensitivity).
  std::int64_t geometric(std::int64_t value, double sensitivity, double eps,
                         const char* what = "geometric");

  // Exponential mechanism (McSherry, Talwar 2007): returns index i with probability
  // proportional to exp(eps * score[i] / (2 * sensitivity)).
  std::size_t exponential(std::span<const double> scores, double sensitivity, double eps,
                          const char* what = "exponential");

  PrivacyLedger& ledger() { return ledger_; }

  // Exponential mechanism on a continuous range, a Euclidean ball (McSherry & Talwar 2007;
  // lu_thesis Algorithm 7.1 line 7 samples a private centroid from a ball-shaped sampling zone
  // this way): writes to `out` a point x of the ball B(center, radius) drawn with density
  // proportional to exp(eps * score(x) / (2 * sensitivity)) with respect to volume. Sampled
  // exactly by rejection from the uniform law on the ball: a proposal x is accepted with
  // probability exp(eps * (score(x) - score_max) / (2 * sensitivity)), a valid envelope because
  // score(x) <= score_max on the ball; a proposal scoring above score_max throws (the envelope
  // would be wrong), as does a draw needing more than `max_proposals` proposals (the acceptance
  // rate is at least exp(-eps (score_max - inf score) / (2 sensitivity))). One charge of eps
  // before any draw. Returns the number of proposals used.
  std::uint64_t exponential_ball(std::span<const double> center, double radius,
                                 const std::function<double(std::span<const double>)>& score, double score_max,
                                 double sensitivity, double eps, std::span<double> out,
                                 const char* what = "exponential (ball)", std::uint64_t max_proposals = 100000000);

 private:
  Stream& stream_;
  PrivacyLedger& ledger_;
};

}  // namespace dplab
