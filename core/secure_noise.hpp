// Exact noise over the integers, for releases beyond research (the `noise: secure` path).
//
// Floating-point Laplace noise (core/samplers.hpp: a ziggurat exponential times a sign) is fast
// but its outputs are not the Laplace law: which doubles can come out depends on the value the
// noise was added to, and Mironov ("On significance of the least significant bits for
// differential privacy", CCS 2012) tells neighbours apart from the low bits of a single
// release. The samplers here draw only uniform integers from a Stream and compute with
// integers and rationals, so their laws are exactly the ones stated (Canonne, Kamath, Steinke,
// "The Discrete Gaussian for Differential Privacy", NeurIPS 2020, Algorithms 1-3), or, for the
// discrete Laplace, decide a function of those integers with certified bounds
// (core/geometric_inversion.hpp: exact inversion instead of Algorithm 2, since results version 4).
//
// Real-valued queries go through `granular_laplace`: the value is rounded to a multiple of a
// power of two g, and g times an exact discrete Laplace variable is added, as Google's
// differential-privacy library and OpenDP do; the output lies on the data-independent grid gZ,
// so no low bit can carry the input.
//
// Parameters that are doubles (eps, sensitivities) are used as the exact rationals they are
// (every finite double is m 2^e), so the law is exact for the eps the ledger records.
#pragma once
#include <cstdint>
#include <span>

#include "core/rng.hpp"

namespace dplab::secure {

using u128 = unsigned __int128;

// Uniform on {0, ..., n-1}, n >= 1: 64-bit words, rejection above the bit length of n - 1.
u128 uniform_below(Stream& s, u128 n);

// Bernoulli(num / den), exact; 0 <= num <= den, den >= 1.
bool bernoulli(Stream& s, u128 num, u128 den);

// Bernoulli(exp(-num / den)), exact (Canonne-Kamath-Steinke Algorithm 1: for gamma in [0, 1] the
// parity of the first K with Bernoulli(gamma / K) = 0; for gamma > 1, floor(gamma) independent
// Bernoulli(exp(-1)) and one Bernoulli(exp(-frac(gamma))), all of which must come up 1).
bool bernoulli_exp(Stream& s, u128 num, u128 den);

// Bernoulli(exp(-(whole + num / den))), exact; num < den, den >= 1 (the form the samplers below
// precompute once per exponent).
bool bernoulli_exp_mixed(Stream& s, u128 whole, u128 num, u128 den);

// The exponent a b / den as whole + num / den (256-bit intermediate; whole saturates at 2^128 - 1,
// where Bernoulli(exp(-whole)) is 1 with probability below exp(-2^127)); den < 2^126.
struct MixedExponent {
  u128 whole = 0, num = 0, den = 1;
};
MixedExponent mixed_exponent(u128 a, u128 b, u128 den);

// Geometric: Pr[N = n] = (1 - p) p^n with p = exp(-s / t), n >= 0; 1 <= s, t < 2^120. O(1)
// expected draws whatever p (Canonne-Kamath-Steinke Algorithm 2's first half).
u128 geometric_exp(Stream& s, u128 t, u128 scale_den);

// Bernoulli(1 / (1 + exp(-num / den))), exact: N geometric as above with p = exp(-num / den),
// Pr[N even] = (1 - p) / (1 - p^2) = 1 / (1 + p). num, den < 2^120.
bool bernoulli_logistic(Stream& s, u128 num, u128 den);

// Discrete Laplace with scale t / s: Pr[x] proportional to exp(-|x| s / t) on the integers
// (the law of Algorithm 2; the integer analogue of Laplace(t / s), the two-sided geometric law of
// Ghosh, Roughgarden and Sundararajan). s, t >= 1 and below 2^120. Drawn by inversion, one word
// a draw (rarely more; core/geometric_inversion.hpp, results version 4). Throws when a draw
// exceeds 2^63 (scales beyond about 2^57).
std::int64_t discrete_laplace(Stream& s, u128 t, u128 scale_den);

// out.size() draws of the same law at once: the words are read ahead in whole cipher blocks
// (BulkWords) and decided many at a time (eight lanes on AVX-512), with the same values, in the
// same order, as out.size() calls of the one above, and the stream is left where those would
// leave it.
void discrete_laplace(Stream& s, u128 t, u128 scale_den, std::span<std::int64_t> out);

// Discrete Gaussian N_Z(0, sigma^2) with sigma^2 = num / den: Pr[x] proportional to
// exp(-x^2 / (2 sigma^2)) (Algorithm 3: discrete Laplace proposals of scale floor(sigma) + 1,
// accepted with Bernoulli(exp(-(|Y| - sigma^2/t)^2 / (2 sigma^2)))). 1 <= num, den < 2^32.
// It is not pure eps-DP (it gives Delta^2 / (2 sigma^2)-zCDP), so no pure-eps mechanism uses it.
std::int64_t discrete_gaussian(Stream& s, std::uint64_t num, std::uint64_t den);

// A positive finite double as the exact fraction num / den (den a power of two or num a
// multiple of one); throws Error when it does not fit in 120 bits.
struct Rational {
  u128 num = 0, den = 1;
};
Rational exact_rational(double x);

// The noise scale `sensitivity / eps` as an exact fraction t / s for discrete_laplace.
Rational laplace_scale(double sensitivity, double eps);

// The grid of granular_laplace for a noise scale b: the smallest power of two >= b 2^-40, so
// the noise spans about 2^40 grid steps and rounding to the grid costs a relative 2^-40.
double granularity(double b);

// Real-valued Laplace mechanism on the grid g Z, g = granularity(sensitivity / eps):
//   g * ( floor(value / g + 1/2) + Z ),   Z ~ discrete Laplace of scale ceil(sensitivity / g) / eps.
// Sensitivity: rounding to the grid is floor(y + 1/2) with y = value / g, and
// floor(y + d) - floor(y) <= ceil(d), so queries whose values differ by at most `sensitivity`
// give grid integers differing by at most ceil(sensitivity / g): the release is exactly eps-DP
// for that integer sensitivity, at a scale at most (1 + g / sensitivity) times the real one.
// The result is converted to the nearest double (post-processing). Throws Error if
// |value| / g >= 2^100.
double granular_laplace(Stream& s, double value, double sensitivity, double eps);

// The same on a vector query of L1 sensitivity `l1_sensitivity`, in place. Rounding each of the
// n coordinates can add up to one grid step to each one's difference: sum_i ceil(d_i / g) <
// l1 / g + n, so the grid sensitivity is ceil(l1 / g) + n - 1 (a relative cost of about
// n 2^-40 eps on the scale).
void granular_laplace(Stream& s, std::span<double> values, double l1_sensitivity, double eps);

}  // namespace dplab::secure
