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
  //    probability of an unprotected release alongside their outputs (docs/papers/lu_thesis.md).
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

  // --- For researchers' own algorithms (framework/mechanisms_extra.cpp) ---

  // The Gaussian mechanism, (eps, delta)-DP: value + N(0, sigma^2) on every coordinate, sigma the
  // smallest for which a query of L2 sensitivity `l2_sensitivity` is (eps, delta)-DP, by the exact
  // condition of the analytic Gaussian mechanism (Balle and Wang 2018, Theorem 8):
  //   Phi(D / (2 s) - eps s / D) - e^eps Phi(-D / (2 s) - eps s / D) <= delta,
  // valid for every eps > 0 (the classic sigma = D sqrt(2 ln(1.25 / delta)) / eps holds only
  // for eps < 1 and is larger). Charges (eps, delta): the algorithm must declare a delta budget.
  double gaussian(double value, double l2_sensitivity, double eps, double delta, const char* what = "gaussian");
  void gaussian(std::span<double> values, double l2_sensitivity, double eps, double delta,
                const char* what = "gaussian vector");
  // The sigma gaussian() uses (exposed for tests and for the accuracy an algorithm expects).
  static double gaussian_sigma(double l2_sensitivity, double eps, double delta);

  // Randomized response (Warner 1965): the true bit with probability e^eps / (1 + e^eps), else
  // its negation; eps-DP for one respondent's bit.
  bool randomized_response(bool value, double eps, const char* what = "randomized response");
  // k-ary randomized response: the true category (in 0..k-1) with probability
  // e^eps / (e^eps + k - 1), else one of the other k - 1 uniformly; eps-DP.
  std::size_t randomized_response(std::size_t value, std::size_t k, double eps,
                                  const char* what = "randomized response (k-ary)");

  // --- Secure noise (core/secure_noise.hpp; docs/audit-and-secure-noise.md) ---
  //
  // Which samplers laplace() and geometric() use. Fast: the ziggurat Laplace and the
  // floating-point geometric (research: quick and accurate in law, but open to the
  // floating-point attacks of Mironov, CCS 2012). Secure: exact integer samplers, for use
  // beyond research: laplace() (scalar and vector) becomes granular_laplace, geometric() the
  // exact discrete Laplace of scale sensitivity/eps, exponential() and exponential_each() the
  // exact sampler on grid-rounded scores (core/secure_exponential.hpp), laplace_exceedances()
  // exact Bernoulli draws of granular Laplace exceedances, randomized_response() exact coins;
  // the mechanisms that have no exact sampler (laplace_sum, laplace_blocks,
  // exponential_intervals, exponential_ball, gaussian) refuse to run, saying why, rather than
  // fall back silently.
  // Chosen per run by `noise: secure` in a spec (runner) or `dplab audit --noise secure`.
  enum class Noise { fast, secure };
  // The secure laplace_exceedances draws one exact Bernoulli per query; above this many queries
  // it refuses (before charging).
  static constexpr std::uint64_t kMaxSecureExceedances = std::uint64_t{1} << 24;
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

  // The Laplace mechanism on a vector query too long to hold at once (e.g. DAWA's n(n+1)/2
  // candidate costs, produced and consumed row by row): one charge of eps for the whole query
  // of L1 sensitivity `l1_sensitivity`, then add() puts Lap(l1_sensitivity/eps) on the
  // coordinates it is given, block after block. The draws are those one laplace() call on the
  // concatenated blocks would make, in the same order. The blocks must together be the one
  // query the charge covers.
  class LaplaceBlocks {
   public:
    void add(std::span<double> block);

   private:
    friend class Mechanisms;
    LaplaceBlocks(Stream& stream, double scale) : stream_(stream), scale_(scale) {}
    Stream& stream_;
    double scale_;
  };
  LaplaceBlocks laplace_blocks(double l1_sensitivity, double eps, const char* what = "laplace blocks");

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
  Noise noise_ = Noise::fast;
  // Mechanisms without an exact sampler refuse in secure mode, before charging, saying why.
  void refuse_if_secure(const char* what, const char* why) const;
};

}  // namespace dplab
