// Samplers of the laws the mechanisms need. They draw only from a Stream; they do not
// charge any privacy budget (that is the mechanisms' job, see mechanisms.hpp). Algorithms use
// them directly only for data-independent randomness (initial centroids, workloads, orders).
#pragma once
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/rng.hpp"
#include "core/ziggurat.hpp"

namespace dplab {

// A point of the ball B(center, radius) with density proportional to exp(beta * score(x))
// (beta >= 0) with respect to volume, exactly, by rejection from the uniform law on the ball:
// a proposal x is accepted with probability exp(beta (score(x) - score_max)), a valid envelope
// because score <= score_max on the ball (a proposal scoring above it throws, naming `what`), as
// does a draw needing more than max_proposals proposals. Returns the number of proposals. The
// exponential mechanism on a ball (Mechanisms::exponential_ball) charges its budget and calls
// this with beta = eps / (2 sensitivity); a draw of the same law around public quantities is
// post-processing (lu_thesis Algorithm 7.1's provable variant).
std::uint64_t sample_ball_law(Stream& s, std::span<const double> center, double radius,
                              const std::function<double(std::span<const double>)>& score, double score_max,
                              double beta, std::span<double> out, const char* what,
                              std::uint64_t max_proposals = 100000000);

// b e with its sign bit flipped when `negative` (branch-free): a Laplace sample from an Exp(1)
// sample e and a random sign.
inline double signed_scaled(double b, double e, bool negative) {
  return std::bit_cast<double>(std::bit_cast<std::uint64_t>(b * e) ^ (std::uint64_t{negative} << 63));
}

// Laplace(0, b): density exp(-|x|/b) / 2b, as a random sign times b Exp(1) (ziggurat).
// Source: Stream, or BulkWords inside the batch samplers (the same words, so the same values).
template <class Source>
inline double sample_laplace(Source& s, double b) {
  bool negative;
  const double e = sample_exponential(s, negative);
  return signed_scaled(b, e, negative);
}

// Fills `out` with independent Laplace(0, b) samples: the same values as repeated scalar calls,
// and the stream left where they would leave it. The batch API of the mechanisms: with AVX2
// (core/simd.hpp) the words come in whole cipher blocks read ahead (BulkWords) and the
// ziggurat's fast path runs on eight words a step; the rare slow paths run the scalar code.
void sample_laplace(Stream& s, double b, std::span<double> out);
// Adds independent Laplace(0, b) noise to every value (the same draws as sample_laplace).
void add_laplace(Stream& s, double b, std::span<double> values);

// Two-sided geometric: Pr[k] = (1-a)/(1+a) a^|k| with a = exp(-1/b) (Ghosh et al. 2009),
// the integer analogue of Laplace(b). Sampled as the difference of two geometric variables.
std::int64_t sample_two_sided_geometric(Stream& s, double b);

// Standard normal by the Box-Muller transform (one value per call; the pair's second half is
// discarded so that a draw never depends on the previous call).
double sample_normal(Stream& s);

// Index i with probability w[i] / sum(w). Weights must be non-negative, not all zero.
std::size_t sample_categorical(Stream& s, std::span<const double> w);

// Index i with probability exp(logw[i]) / sum_j exp(logw[j]), computed stably.
std::size_t sample_from_log_weights(Stream& s, std::span<const double> logw);

// Uniformly random permutation of 0..n-1 (Fisher-Yates).
std::vector<std::size_t> sample_permutation(Stream& s, std::size_t n);

// Gamma(shape, 1) for shape >= 1, by Marsaglia and Tsang ("A simple method for generating gamma
// variables", ACM TOMS 26(3), 2000): one normal and one uniform per try, about 1.03 tries.
double sample_gamma_ge1(Stream& s, double shape);

// Binomial(n, p), exact: the successes of n coins without flipping n coins. When the expected
// number of the rarer outcome is below 16, by the waiting times between them (each gap is
// geometric: about n min(p, 1-p) + 1 logarithms); otherwise by inversion searching outwards
// from the mode with the pmf's recurrence (about sqrt(n p (1-p)) steps and three lgamma calls).
std::uint64_t sample_binomial(Stream& s, std::uint64_t n, double p);

// The sum of k independent Laplace(0, b) samples: k draws while k <= 32, else b (G1 - G2) with
// G1, G2 ~ Gamma(k, 1) (a Laplace(b) is b (E1 - E2) with E1, E2 ~ Exp(1), and a sum of k Exp(1)
// is Gamma(k, 1)): the same law in O(1).
double sample_laplace_sum(Stream& s, std::uint64_t k, double b);

}  // namespace dplab
