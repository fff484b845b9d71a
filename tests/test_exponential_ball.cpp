// The exponential mechanism on a Euclidean ball (framework/mechanisms: exponential_ball): one
// charge of eps before any draw, draws inside the ball, an invalid envelope refused, and its
// law (Kolmogorov-Smirnov at fixed seeds against CDFs computed by numerical integration).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "ks_support.hpp"

using namespace dplab;

namespace {

using dplab::testing::ks_statistic;
using dplab::testing::numeric_cdf;
using dplab::testing::ks_critical_001;

double norm(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

}  // namespace

TEST_SUITE("mechanisms_ball") {
  TEST_CASE("exponential_ball charges eps once, before drawing, and draws inside the ball") {
    Stream s(1, 2, 3);
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    const std::vector<double> c = {0.3, -0.2, 0.5};
    std::vector<double> out(3);
    for (int i = 0; i < 200; ++i) {
      PrivacyLedger li(1.0);
      Mechanisms mi(s, li);
      mi.exponential_ball(c, 0.25, [](std::span<const double> x) { return -x[0]; }, 1.0, 1.0, 0.4, out);
      CHECK(li.spent() == 0.4);
      CHECK(li.charges() == 1);
      std::vector<double> diff = {out[0] - c[0], out[1] - c[1], out[2] - c[2]};
      CHECK(norm(diff) <= 0.25 * (1 + 1e-12));
    }
    // Over budget: throws before touching the stream or the output.
    Stream fresh(9, 9, 9), same(9, 9, 9);
    PrivacyLedger tight(0.1);
    Mechanisms mt(fresh, tight);
    std::vector<double> untouched = {7, 7, 7};
    CHECK_THROWS_AS(mt.exponential_ball(c, 0.25, [](std::span<const double>) { return 0.0; }, 0.0, 1.0, 0.2, untouched),
                    BudgetExceeded);
    CHECK(untouched == std::vector<double>{7, 7, 7});
    CHECK(fresh.next_u64() == same.next_u64());
  }

  TEST_CASE("exponential_ball refuses a score above its declared bound, bad shapes and sensitivities") {
    Stream s(4, 4, 4);
    PrivacyLedger l(10.0);
    Mechanisms m(s, l);
    const std::vector<double> c = {0.0, 0.0};
    std::vector<double> out(2), wrong(3);
    CHECK_THROWS_WITH_AS(m.exponential_ball(c, 1.0, [](std::span<const double> x) { return x[0]; }, 0.0, 1.0, 1.0, out),
                         doctest::Contains("envelope"), Error);
    CHECK_THROWS_AS(m.exponential_ball(c, 1.0, [](std::span<const double>) { return 0.0; }, 0.0, 1.0, 1.0, wrong), Error);
    CHECK_THROWS_AS(m.exponential_ball(c, 1.0, [](std::span<const double>) { return 0.0; }, 0.0, 0.0, 1.0, out), Error);
    CHECK_THROWS_AS(m.exponential_ball(c, -1.0, [](std::span<const double>) { return 0.0; }, 0.0, 1.0, 1.0, out), Error);
  }
}

TEST_SUITE("mechanisms_ball_statistical") {
  TEST_CASE("exponential_ball: a constant score gives the uniform law on the ball (radius and angle)") {
    // Uniform in a d-ball: ||x - c|| / R has CDF t^d; in 2-D the angle is uniform.
    for (std::size_t d : {1u, 2u, 3u, 10u}) {
      Stream s(11, d, 0);
      PrivacyLedger l(1e9);
      Mechanisms m(s, l);
      const std::vector<double> c(d, 0.5);
      std::vector<double> out(d);
      std::vector<double> radius, angle;
      const std::size_t n = 20000;
      for (std::size_t i = 0; i < n; ++i) {
        m.exponential_ball(c, 2.0, [](std::span<const double>) { return 1.0; }, 1.0, 1.0, 1.0, out);
        std::vector<double> diff(d);
        for (std::size_t j = 0; j < d; ++j) diff[j] = out[j] - c[j];
        radius.push_back(norm(diff) / 2.0);
        if (d == 2) angle.push_back(std::atan2(diff[1], diff[0]));
      }
      CAPTURE(d);
      // KS at alpha = 1e-3: false failure 1e-3 at this seed.
      CHECK(ks_statistic(radius, [d](double t) { return std::pow(std::clamp(t, 0.0, 1.0), double(d)); }) < ks_critical_001(n));
      // KS at alpha = 1e-3: false failure 1e-3 at this seed.
      if (d == 2) CHECK(ks_statistic(angle, [](double a) { return (a + M_PI) / (2 * M_PI); }) < ks_critical_001(n));
    }
  }

  TEST_CASE("exponential_ball: density proportional to exp(eps score / (2 sensitivity))") {
    const std::size_t n = 20000;
    // A radial score q = -||x - c||: t = ||x - c|| / R has density proportional to
    // t^(d-1) exp(-beta R t), beta = eps / (2 sensitivity).
    for (std::size_t d : {2u, 3u}) {
      Stream s(12, d, 0);
      PrivacyLedger l(1e9);
      Mechanisms m(s, l);
      const std::vector<double> c(d, 0.0);
      const double R = 1.5, eps = 6.0, sens = 1.0, beta = eps / (2 * sens);
      std::vector<double> out(d), t;
      for (std::size_t i = 0; i < n; ++i) {
        m.exponential_ball(
            c, R, [&](std::span<const double> x) { return -norm(std::vector<double>(x.begin(), x.end())); }, 0.0, sens, eps,
            out);
        t.push_back(norm(out) / R);
      }
      auto cdf = numeric_cdf([&](double u) { return std::pow(u, double(d) - 1) * std::exp(-beta * R * u); }, 0, 1);
      CAPTURE(d);
      // KS at alpha = 1e-3: false failure 1e-3 at this seed.
      CHECK(ks_statistic(t, cdf) < ks_critical_001(n));
      // The same draws against the uniform law: the test can fail.
      // The wrong law must be rejected: at this n its KS distance is many times the critical value.
      CHECK(ks_statistic(t, [d](double u) { return std::pow(std::clamp(u, 0.0, 1.0), double(d)); }) > ks_critical_001(n));
    }
    // A linear score q = x_0 on the unit disc: x_0 has density proportional to
    // exp(beta u) 2 sqrt(1 - u^2) on [-1, 1].
    Stream s(13, 0, 0);
    PrivacyLedger l(1e9);
    Mechanisms m(s, l);
    const std::vector<double> c = {0.0, 0.0};
    std::vector<double> out(2), x0;
    const double eps = 3.0, sens = 0.5, beta = eps / (2 * sens);
    for (std::size_t i = 0; i < n; ++i) {
      m.exponential_ball(c, 1.0, [](std::span<const double> x) { return x[0]; }, 1.0, sens, eps, out);
      x0.push_back(out[0]);
    }
    auto cdf = numeric_cdf([&](double u) { return std::exp(beta * u) * std::sqrt(std::max(0.0, 1 - u * u)); }, -1, 1);
    // KS at alpha = 1e-3: false failure 1e-3 at this seed.
    CHECK(ks_statistic(x0, cdf) < ks_critical_001(n));
  }
}
