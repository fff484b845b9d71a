#include "algorithms/convergent_kmeans/sampling_zone.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/samplers.hpp"

namespace dplab::convergent_kmeans {

namespace {

const double kOneMinusInvE = 1 - std::exp(-1.0);

double norm(std::span<const double> v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

// A unit vector orthogonal to the unit vector v (d >= 2).
void orthogonal_unit(std::span<const double> v, RotationPlane plane, Stream& stream, std::vector<double>& w) {
  const std::size_t d = v.size();
  w.assign(d, 0.0);
  for (int attempt = 0;; ++attempt) {
    if (plane == RotationPlane::Uniform) {
      for (double& x : w) x = sample_normal(stream);
    } else {
      std::size_t j = 0;
      for (std::size_t i = 1; i < d; ++i)
        if (std::abs(v[i]) < std::abs(v[j])) j = i;
      std::fill(w.begin(), w.end(), 0.0);
      w[j] = stream.uniform() < 0.5 ? -1.0 : 1.0;
    }
    double dot = 0;
    for (std::size_t i = 0; i < d; ++i) dot += w[i] * v[i];
    for (std::size_t i = 0; i < d; ++i) w[i] -= dot * v[i];
    const double n = norm(w);
    if (n > 1e-12) {
      for (double& x : w) x /= n;
      return;
    }
    if (attempt > 100) throw Error("convergent k-means: no direction orthogonal to the move was found");
  }
}

}  // namespace

double distance(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (std::size_t j = 0; j < a.size(); ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
  return std::sqrt(s);
}

double sample_lambda(Stream& s) {
  // mu = lambda - 1/2 has density proportional to exp(-2 mu) on (0, 1/2): F(mu) = (1 - e^(-2 mu)) / (1 - 1/e).
  const double mu = -0.5 * std::log1p(-s.uniform() * kOneMinusInvE);
  return std::clamp(0.5 + mu, std::nextafter(0.5, 1.0), std::nextafter(1.0, 0.0));
}

double lambda_cdf(double lambda) {
  if (lambda <= 0.5) return 0;
  if (lambda >= 1) return 1;
  return -std::expm1(-2 * (lambda - 0.5)) / kOneMinusInvE;
}

double sample_gamma(Stream& s) {
  // |gamma| = (pi/2) g with g of density proportional to exp(-g) on [0, 1].
  const double g = -std::log1p(-s.uniform() * kOneMinusInvE);
  const double magnitude = std::min(g, 1.0) * M_PI / 2;
  return s.uniform() < 0.5 ? -magnitude : magnitude;
}

double gamma_cdf(double gamma) {
  const double half = M_PI / 2;
  if (gamma <= -half) return 0;
  if (gamma >= half) return 1;
  const double tail = -std::expm1(-std::abs(gamma) / half) / kOneMinusInvE;  // Pr[|G| <= |gamma|]
  return gamma >= 0 ? 0.5 + 0.5 * tail : 0.5 - 0.5 * tail;
}

void prior_controller(std::span<const double> s, std::span<const double> prev, double gamma, PriorSide side,
                      RotationPlane plane, Stream& stream, std::span<double> x) {
  const std::size_t d = s.size();
  const double a = distance(prev, s);
  if (!(a > 0)) throw Error("convergent k-means: the prior zone needs the mean to differ from the previous centroid");
  // v: unit vector from s towards Y.
  std::vector<double> v(d);
  for (std::size_t j = 0; j < d; ++j) v[j] = (side == PriorSide::Forward ? s[j] - prev[j] : prev[j] - s[j]) / a;
  if (d == 1) {
    x[0] = s[0] + a * v[0];
    return;
  }
  std::vector<double> w;
  orthogonal_unit(v, plane, stream, w);
  const double c = std::cos(gamma), sn = std::sin(gamma);
  for (std::size_t j = 0; j < d; ++j) x[j] = s[j] + a * (c * v[j] + sn * w[j]);
}

void posterior_controller(std::span<const double> s, std::span<const double> prev, std::span<const double> lookahead,
                          bool clip_to_zone, std::span<double> x) {
  const std::size_t d = s.size();
  const double a = distance(prev, s), b = distance(lookahead, s);
  const double f = clip_to_zone && b > a ? a / b : 1.0;
  for (std::size_t j = 0; j < d; ++j) x[j] = s[j] + f * (lookahead[j] - s[j]);
}

double zone_centre(std::span<const double> s, std::span<const double> x, double lambda, std::span<double> centre) {
  for (std::size_t j = 0; j < s.size(); ++j) centre[j] = s[j] + lambda * (x[j] - s[j]);
  return (1 - lambda) * distance(x, s);
}

double zone_score(std::span<const double> s, std::span<const double> x, std::span<const double> y,
                  double reference) {
  double yy = 0, xx = 0, xy = 0;
  for (std::size_t j = 0; j < s.size(); ++j) {
    const double dy = y[j] - s[j], dx = x[j] - s[j];
    yy += dy * dy;
    xx += dx * dx;
    xy += dx * dy;
  }
  const double ny = std::sqrt(yy), nx = std::sqrt(xx);
  const double delta = ny / (reference > 0 ? reference : nx);
  const double alpha = ny > 0 ? std::acos(std::clamp(xy / (nx * ny), -1.0, 1.0)) : 0.0;
  return (1 - delta) + (1 - 2 * alpha / M_PI);
}

std::uint64_t draw_in_zone(std::span<const double> s, std::span<const double> x, double lambda, double beta,
                           Stream& stream, std::span<double> out) {
  std::vector<double> centre(s.size());
  const double radius = zone_centre(s, x, lambda, centre);
  return sample_ball_law(
      stream, centre, radius, [&](std::span<const double> y) { return zone_score(s, x, y); }, zone_score_max(lambda),
      beta, out, "a draw in the sampling zone (post-processing)");
}

std::uint64_t sample_in_zone(std::span<const double> s, std::span<const double> x, double lambda, double eps,
                             Mechanisms& noise, std::span<double> out, double reference) {
  std::vector<double> centre(s.size());
  const double radius = zone_centre(s, x, lambda, centre);
  const double ratio = reference > 0 ? distance(x, s) / reference : 1.0;
  return noise.exponential_ball(
      centre, radius, [&](std::span<const double> y) { return zone_score(s, x, y, reference); },
      zone_score_max(lambda, ratio), kScoreSensitivity, eps, out,
      "exponential mechanism in the sampling zone (Algorithm 7.1 line 7)");
}

}  // namespace dplab::convergent_kmeans
