// The sampling zone of lu_thesis Algorithm 7.2 and the exponential-mechanism draw of a private
// centroid inside it (Algorithm 7.1 line 7, §7.5.1).
//
// In cluster i at iteration t, S is the cluster's real mean S_i^(t) and `prev` the previous
// private centroid S^_i^(t-1). The convergent zone is the ball around S through prev
// (Definition 7.3: ||Y - S|| < ||prev - S||, radius a = ||prev - S||); any private centroid in it
// keeps the cost decreasing (Lemma 7.1). The orientation controller X (Definition 7.4) is
//   Prior (past knowledge, §7.4.2): a point Y where the line through prev and S meets the zone's
//     border, turned on that border by an angle gamma with density proportional to
//     exp(1 - 2|gamma|/pi) on [-pi/2, pi/2];
//   Posterior (past and future knowledge, §7.4.3): the mean S_i^(t+1) after one look-ahead Lloyd
//     step from the real means S^(t).
// The sampling zone is the ball with centre P = S + lambda (X - S) and radius
// r = ||X - P|| = (1 - lambda) ||X - S||, lambda in (1/2, 1) with density proportional to
// exp(2 - 2 lambda) (§7.5.1): a ball that touches X and excludes S (its nearest point is at
// distance (2 lambda - 1) ||X - S|| from S). The private centroid is drawn from the zone with
// density proportional to exp(eps q / (2 dq)), q(delta, alpha) = (1 - delta) + (1 - 2|alpha|/pi),
// delta = ||y - S|| / ||X - S||, alpha the angle y S X, dq = 2 (§7.5.1).
//
// Choices the chapter leaves open (named parameters of the plugin; README "lu_thesis"):
//   which of the two border points is Y (PriorSide), the plane of the gamma turn when d > 2
//   (RotationPlane), the length delta is measured in (the reference: ||X - S|| by default, so
//   that delta is in (0, 1) and |alpha| < pi/2 on the zone, the ranges §7.5.1 states; or the
//   convergent zone's radius a = ||prev - S||, which differs for Posterior), and a Posterior X
//   outside the convergent zone (clip_to_zone).
#pragma once
#include <span>
#include <vector>

#include "core/rng.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::convergent_kmeans {

// Euclidean distance between two points of the same dimension.
double distance(std::span<const double> a, std::span<const double> b);

// A zone narrower than this is a point: the mean and its controller (or the previous centroid)
// coincide up to rounding, the score's delta and alpha lose their meaning, and any draw would
// be the mean itself for the next assignment step. Far below any distance between the points of
// data in [0, 1]^d.
inline constexpr double kPointZone = 1e-12;

// lambda of Algorithm 7.2 line 9: density proportional to exp(2 - 2 lambda) on (1/2, 1), by
// inversion of its CDF lambda_cdf.
double sample_lambda(Stream& s);
double lambda_cdf(double lambda);

// gamma of §7.4.2: density proportional to exp(1 - 2|gamma|/pi) on [-pi/2, pi/2] (|gamma| by
// inversion, then a random sign), CDF gamma_cdf.
double sample_gamma(Stream& s);
double gamma_cdf(double gamma);

// Y is the border point on the far side of S from prev, continuing the move prev -> S
// (Forward, "the orientation S^(t-1) -> S^(t) indicates a trend"), or prev itself (Backward).
enum class PriorSide { Forward, Backward };
// The plane the gamma turn happens in when d > 2: spanned by Y - S and a uniformly random
// direction orthogonal to it (Uniform), or the coordinate axis least aligned with Y - S
// (Axis). In 2-D both are the plane itself.
enum class RotationPlane { Uniform, Axis };

// Algorithm 7.2 lines 5-7: X on the border of the ball around s through prev (a = ||prev - s|| > 0).
void prior_controller(std::span<const double> s, std::span<const double> prev, double gamma, PriorSide side,
                      RotationPlane plane, Stream& stream, std::span<double> x);

// Algorithm 7.2 lines 1-3: X = the look-ahead mean; with clip_to_zone, a look-ahead mean beyond
// the convergent zone's border (||X - s|| > a) is pulled back onto it along the same direction,
// so that the sampling zone stays inside the convergent zone (Definition 7.3).
void posterior_controller(std::span<const double> s, std::span<const double> prev, std::span<const double> lookahead,
                          bool clip_to_zone, std::span<double> x);

// Algorithm 7.2 lines 8-10: centre P = s + lambda (x - s), radius (1 - lambda) ||x - s||.
double zone_centre(std::span<const double> s, std::span<const double> x, double lambda, std::span<double> centre);

// The score q of §7.5.1 of a candidate y, delta = ||y - s|| / reference (reference 0: ||x - s||),
// and its largest value on a zone of parameter lambda (alpha = 0, delta at its smallest,
// (2 lambda - 1) ||x - s|| / reference): 3 - 2 lambda with the default reference.
double zone_score(std::span<const double> s, std::span<const double> x, std::span<const double> y,
                  double reference = 0);
inline double zone_score_max(double lambda, double x_over_reference = 1) {
  return 2 - (2 * lambda - 1) * x_over_reference;
}
inline constexpr double kScoreSensitivity = 2;  // dq of §7.5.1

// The private centroid: the zone of (s, x, lambda) built and a point drawn from it by the
// exponential mechanism with budget eps (one charge), delta measured in `reference` (0:
// ||x - s||). Returns the number of proposals.
std::uint64_t sample_in_zone(std::span<const double> s, std::span<const double> x, double lambda, double eps,
                             Mechanisms& noise, std::span<double> out, double reference = 0);

// The same law (density proportional to exp(beta q), beta = eps / (2 dq) for the mechanism) drawn
// from `stream` without a charge: post-processing, for a zone built from released (noisy)
// quantities only (the provable variant, provable.hpp). Returns the number of proposals.
std::uint64_t draw_in_zone(std::span<const double> s, std::span<const double> x, double lambda, double beta,
                           Stream& stream, std::span<double> out);

}  // namespace dplab::convergent_kmeans
