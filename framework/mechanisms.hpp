// The noise mechanisms. Each one charges the trial's privacy ledger before it draws, so a
// mechanism that would overspend fails before releasing anything.
#pragma once
#include <cstdint>
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

  // The exponential mechanism applied to each of `count` disjoint parts of the data, every part
  // with the same candidates and scores (lu_thesis Algorithm 6.2: every vertex pair that is not
  // an edge becomes a path edge or a graph edge). One charge of eps (parallel composition over
  // the parts); for each part, independently, the index of its candidate, chosen with
  // probability proportional to exp(eps * score[i] / (2 * sensitivity)).
  std::vector<std::uint32_t> exponential_each(std::size_t count, std::span<const double> scores,
                                              double sensitivity, double eps,
                                              const char* what = "exponential (each part)");

  // --- Sums of many independent, possibly absent, Laplace noises (lu_thesis chs. 4-5) ---

  // `count` disjoint parts of the data that share a sensitivity.
  struct NoiseGroup {
    double sensitivity = 0;
    std::uint64_t count = 0;
  };
  struct NoiseSum {
    double noise = 0;           // the sum of the noises that were present
    std::uint64_t present = 0;  // how many were present
  };

  // The sum of independent noises Lap(sensitivity_g / eps), one per part (count_g parts in group
  // g), each present independently with probability q: what a sum released through many
  // curators carries when each perturbs its own part, always (q = 1: lu_thesis Algorithm 5.1)
  // or only with probability q (Algorithm 4.1). No coin is flipped per part: the number
  // present in a group is one Binomial(count_g, q) draw and their sum one
  // sample_laplace_sum (k draws, or a difference of two Gamma(k) once k > 32), so the cost is
  // O(groups), not O(parts). The law is exactly that of the coin-per-part sum (tested).
  //
  // Ledger: ONE charge of eps, before drawing, whatever the coins give.
  //  - The parts are disjoint (each curator perturbs its own data), so the noises compose in
  //    parallel: together they cost the largest epsilon, eps, not count x eps.
  //  - The charge does not depend on the coins: a ledger prices the mechanism, not one
  //    realisation of it (charging only the noises that happened to be present would make
  //    the recorded budget itself random, and charging q x eps would price a guarantee that
  //    does not exist).
  //  - With q < 1 the mechanism is NOT eps-DP for any finite eps: with probability 1 - q a
  //    part is released with no noise at all, and that point mass tells neighbours apart.
  //    Each part is (eps, 1 - q)-DP, and a release is unprotected with probability
  //    prod_g (1 - q)^count_g. The ledger records the eps a noise has when it is present,
  //    which is what lu_thesis Proposition 4.1 claims for the whole scheme; being a pure-eps
  //    ledger it cannot record the delta = 1 - q, so the algorithms that use q < 1 report the
  //    probability of an unprotected release alongside their outputs (README, lu_thesis).
  NoiseSum laplace_sum(std::span<const NoiseGroup> groups, double q, double eps,
                       const char* what = "laplace sum");
  // One group: `count` parts of sensitivity `sensitivity`.
  NoiseSum laplace_sum(std::uint64_t count, double sensitivity, double q, double eps,
                       const char* what = "laplace sum");

  // Exponential mechanism over a continuous range whose quality is constant on intervals (the
  // private-quantile form of McSherry-Talwar: Smith 2011, Cormode et al. 2012; wavecluster
  // Alg. 4, NoisyDensityThreshold). The range [edges[0], edges[m]] is cut into the intervals
  // [edges[i], edges[i+1]) of quality scores[i] (m = scores.size()); the value returned has
  // density proportional to exp(eps * quality / (2 * sensitivity)) over the whole range: interval
  // i is drawn with probability proportional to its length times exp(eps scores[i] / (2 sens)),
  // then a point uniformly inside it. Edges must be finite and non-decreasing with a positive
  // total length (empty intervals are never drawn). ε-DP needs the range itself to be public.
  double exponential_intervals(std::span<const double> edges, std::span<const double> scores,
                               double sensitivity, double eps,
                               const char* what = "exponential (intervals)");

  // --- Secure noise (core/secure_noise.hpp; README "Secure noise") ---
  //
  // Which samplers laplace() and geometric() use. Fast: the ziggurat Laplace and the
  // floating-point geometric (research: quick and accurate in law, but open to the
  // floating-point attacks of Mironov, CCS 2012). Secure: exact integer samplers, for use
  // beyond research: laplace() (scalar and vector) becomes granular_laplace, geometric() the
  // exact discrete Laplace of scale sensitivity/eps; the mechanisms that have no exact sampler
  // yet (exceedances, sums, exponential) refuse to run rather than fall back silently.
  // Chosen per run by `noise: secure` in a spec (runner) or `dplab audit --noise secure`.
  enum class Noise { fast, secure };
  void set_noise(Noise n) { noise_ = n; }
  Noise noise() const { return noise_; }

  // Laplace mechanism on the grid (always exact, whatever the mode): value rounded to a
  // multiple of a power of two g about 2^-40 of the scale, plus g times a discrete Laplace of
  // scale ceil(sensitivity/g)/eps (see secure::granular_laplace for the sensitivity argument).
  double laplace_granular(double value, double sensitivity, double eps, const char* what = "laplace (granular)");

  // Exact two-sided geometric (discrete Laplace, Canonne-Kamath-Steinke Algorithm 2): value + Z,
  // Pr[Z = k] proportional to exp(-eps |k| / sensitivity), whatever the mode.
  std::int64_t discrete_laplace(std::int64_t value, double sensitivity, double eps,
                                const char* what = "discrete laplace");

  PrivacyLedger& ledger() { return ledger_; }

 private:
  Stream& stream_;
  PrivacyLedger& ledger_;
  Noise noise_ = Noise::fast;
  void refuse_if_secure(const char* what) const;
};

}  // namespace dplab
