#include "core/samplers.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/simd.hpp"
#include "core/simd_kernels.hpp"

namespace dplab {

namespace {

// Below this many samples the read-ahead and the hand-back (one 4-block refill) of BulkWords
// cost more than the vector kernel saves.
constexpr std::size_t kBatchMin = 32;

// sample_laplace for a word the fast path rejects (core/ziggurat.hpp).
inline double laplace_rejected(BulkWords& words, double b) {
  bool negative;
  const double e = sample_exponential_rejected(words, negative);
  return signed_scaled(b, e, negative);
}

template <bool kAdd>
void laplace_batch(Stream& s, double b, std::span<double> out) {
  const std::size_t n = out.size();
  const simd::Level level = simd::level();
  if (n < kBatchMin || level == simd::Level::scalar) {
    for (double& x : out) {
      if constexpr (kAdd) x += sample_laplace(s, b); else x = sample_laplace(s, b);
    }
    return;
  }
  // About 1.2% of samples take more than one word (slow paths): read ahead for that.
  BulkWords words(s, n + n / 64);
  std::size_t i = 0;
  while (i < n) {
    if (words.available() >= 8 && n - i >= 8) {
      const std::size_t made =
          level == simd::Level::avx512
              ? simd::laplace_fast_avx512(words.data(), words.available(), b, out.data() + i, n - i, kAdd)
              : simd::laplace_fast_avx2(words.data(), words.available(), b, out.data() + i, n - i, kAdd);
      words.advance(made);
      i += made;
      if (words.available() >= 8 && n - i >= 8) {
        // The kernel stopped at a word its fast path rejects: the slow path takes it from there.
        if constexpr (kAdd) out[i] += laplace_rejected(words, b); else out[i] = laplace_rejected(words, b);
        ++i;
      }
      continue;
    }
    if (words.available() == 0 && n - i >= 8) {
      words.refill(n - i + (n - i) / 64 + 4);
      continue;
    }
    if (words.available() == 0) words.refill(n - i + 4);
    if constexpr (kAdd) out[i] += sample_laplace(words, b); else out[i] = sample_laplace(words, b);
    ++i;
  }
  words.finish();
}

}  // namespace

void sample_laplace(Stream& s, double b, std::span<double> out) { laplace_batch<false>(s, b, out); }

void add_laplace(Stream& s, double b, std::span<double> values) { laplace_batch<true>(s, b, values); }

namespace {
// Number of failures before the first success with failure probability a: floor(log U / log a).
std::int64_t sample_geometric(Stream& s, double log_a) {
  double g = std::floor(std::log(s.uniform_pos()) / log_a);
  if (g > 9.0e18) return std::numeric_limits<std::int64_t>::max() / 4;
  return static_cast<std::int64_t>(g);
}
}  // namespace

std::int64_t sample_two_sided_geometric(Stream& s, double b) {
  double log_a = -1.0 / b;  // log of a = exp(-1/b)
  return sample_geometric(s, log_a) - sample_geometric(s, log_a);
}

double sample_normal(Stream& s) {
  double u1 = s.uniform_pos();
  double u2 = s.uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

std::uint64_t sample_ball_law(Stream& s, std::span<const double> center, double radius,
                              const std::function<double(std::span<const double>)>& score, double score_max,
                              double beta, std::span<double> out, const char* what, std::uint64_t max_proposals) {
  const std::size_t d = center.size();
  for (std::uint64_t proposals = 1; proposals <= max_proposals; ++proposals) {
    // Uniform in the ball: an isotropic direction (normalised Gaussian vector) times radius
    // U^(1/d), whose law has density proportional to r^(d-1) on [0, radius].
    double norm2 = 0;
    for (std::size_t j = 0; j < d; ++j) {
      out[j] = sample_normal(s);
      norm2 += out[j] * out[j];
    }
    if (!(norm2 > 0)) continue;
    const double r = radius * std::pow(s.uniform_pos(), 1.0 / double(d)) / std::sqrt(norm2);
    for (std::size_t j = 0; j < d; ++j) out[j] = center[j] + r * out[j];
    const double q = score(out);
    if (!(q <= score_max + 1e-9 * (1 + std::abs(score_max))))
      throw Error(std::string("'") + what + "': a point of the ball scores " + std::to_string(q) +
                  ", above the declared bound " + std::to_string(score_max) + ": the rejection envelope is invalid");
    const double log_accept = beta * (std::min(q, score_max) - score_max);
    if (log_accept >= 0 || std::log(s.uniform_pos()) < log_accept) return proposals;
  }
  throw Error(std::string("'") + what + "': no proposal accepted in " + std::to_string(max_proposals) +
              " tries (beta " + std::to_string(beta) + " concentrates the law on a tiny part of the ball)");
}

std::size_t sample_categorical(Stream& s, std::span<const double> w) {
  double total = 0;
  for (double x : w) {
    if (!(x >= 0)) throw Error("sample_categorical: weights must be non-negative numbers");
    total += x;
  }
  if (!(total > 0)) throw Error("sample_categorical: all weights are zero");
  double target = s.uniform() * total;
  double acc = 0;
  std::size_t last_positive = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] > 0) last_positive = i;
    acc += w[i];
    if (target < acc) return i;
  }
  return last_positive;  // rounding at the top end
}

std::size_t sample_from_log_weights(Stream& s, std::span<const double> logw) {
  if (logw.empty()) throw Error("sample_from_log_weights: no candidates");
  double m = *std::max_element(logw.begin(), logw.end());
  if (!std::isfinite(m)) throw Error("sample_from_log_weights: scores must be finite");
  std::vector<double> w(logw.size());
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::exp(logw[i] - m);
  return sample_categorical(s, w);
}

std::vector<std::size_t> sample_permutation(Stream& s, std::size_t n) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[s.below(i)]);
  return p;
}


double sample_gamma_ge1(Stream& s, double shape) {
  if (!(shape >= 1) || !std::isfinite(shape))
    throw Error("sample_gamma: the shape must be a finite number >= 1");
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = sample_normal(s);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = s.uniform_pos();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;                         // squeeze
    if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return d * v;
  }
}

std::uint64_t sample_binomial(Stream& s, std::uint64_t n, double p) {
  if (!(p >= 0 && p <= 1)) throw Error("sample_binomial: p must be a probability in [0, 1]");
  if (n == 0 || p == 0) return 0;
  if (p == 1) return n;
  // Count the rarer outcome, so the work scales with min(p, 1-p).
  const bool flip = p > 0.5;
  const double q = flip ? 1 - p : p;
  const double nd = static_cast<double>(n);
  std::uint64_t k = 0;
  if (nd * q < 16) {
    // Gaps between successes are Geometric(q) on {0, 1, ...}: floor(log U / log(1-q)).
    const double log1mq = std::log1p(-q);
    double used = 0;  // coins consumed so far
    for (;;) {
      used += std::floor(std::log(s.uniform_pos()) / log1mq) + 1;
      if (used > nd) break;
      ++k;
    }
  } else {
    // Inversion, visiting the support outwards from the mode m: m, m+1, m-1, m+2, ... (any
    // fixed order of the support inverts the law). pmf(k+1) = pmf(k) (n-k)/(k+1) q/(1-q).
    const auto m = static_cast<std::uint64_t>(std::floor((nd + 1) * q));
    const double md = static_cast<double>(m);
    const double pm = std::exp(std::lgamma(nd + 1) - std::lgamma(md + 1) - std::lgamma(nd - md + 1) +
                               md * std::log(q) + (nd - md) * std::log1p(-q));
    const double r = q / (1 - q);
    double u = s.uniform() - pm;
    k = m;
    std::uint64_t lo = m, hi = m;
    double plo = pm, phi = pm;
    while (u > 0) {
      if (hi < n) {
        phi *= static_cast<double>(n - hi) / static_cast<double>(hi + 1) * r;
        ++hi;
        u -= phi;
        if (u <= 0) { k = hi; break; }
      }
      if (lo > 0) {
        plo *= static_cast<double>(lo) / static_cast<double>(n - lo + 1) / r;
        --lo;
        u -= plo;
        if (u <= 0) { k = lo; break; }
      }
      // The pmf summed to 1 up to rounding (u left over is below about 1e-13): both tails
      // exhausted or underflowed. Return the mode; the bias is of that order.
      if ((hi == n || phi == 0) && (lo == 0 || plo == 0)) { k = m; break; }
    }
  }
  return flip ? n - k : k;
}

double sample_laplace_sum(Stream& s, std::uint64_t k, double b) {
  constexpr std::uint64_t kDirect = 32;
  if (k <= kDirect) {
    double sum = 0;
    for (std::uint64_t i = 0; i < k; ++i) sum += sample_laplace(s, b);
    return sum;
  }
  const double shape = static_cast<double>(k);
  const double g1 = sample_gamma_ge1(s, shape);
  return b * (g1 - sample_gamma_ge1(s, shape));
}

}  // namespace dplab
