// Tests of the mechanisms for researchers' own algorithms (framework/mechanisms_extra.cpp) and
// of the ledger's delta: the analytic Gaussian's sigma against its defining condition, (eps,
// delta) composition, pure algorithms refusing delta, and the laws of the Gaussian noise and of
// randomized response.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "test_support.hpp"

using namespace dplab;

namespace {

// Balle and Wang 2018, Theorem 8, written out here independently of the implementation: the
// smallest delta for which N(0, s^2) on a query of L2 sensitivity d is (eps, delta)-DP.
double profile(double d, double s, double eps) {
  auto cdf = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  return cdf(d / (2 * s) - eps * s / d) - std::exp(eps) * cdf(-d / (2 * s) - eps * s / d);
}

}  // namespace

TEST_SUITE("mechanisms_extra") {

TEST_CASE("the analytic Gaussian's sigma is the smallest that meets Theorem 8's condition") {
  for (double d : {0.5, 1.0, 3.0})
    for (double eps : {0.1, 0.5, 1.0, 2.0, 8.0})
      for (double delta : {1e-3, 1e-5, 1e-9}) {
        CAPTURE(d);
        CAPTURE(eps);
        CAPTURE(delta);
        const double s = Mechanisms::gaussian_sigma(d, eps, delta);
        CHECK(profile(d, s, eps) <= delta);                   // private
        CHECK(profile(d, s * (1 - 1e-9), eps) > delta * (1 - 1e-6));  // and no larger than needed
        // Below eps = 1 the classic calibration (Dwork and Roth, Theorem A.1) is valid and larger.
        if (eps < 1) CHECK(s <= d * std::sqrt(2 * std::log(1.25 / delta)) / eps);
        // sigma scales with the sensitivity.
        CHECK(Mechanisms::gaussian_sigma(2 * d, eps, delta) == doctest::Approx(2 * s).epsilon(1e-9));
      }
  CHECK_THROWS_AS(Mechanisms::gaussian_sigma(1, 1, 0), Error);
  CHECK_THROWS_AS(Mechanisms::gaussian_sigma(1, 0, 1e-5), Error);
  CHECK_THROWS_AS(Mechanisms::gaussian_sigma(0, 1, 1e-5), Error);
}

TEST_CASE("delta composes like epsilon: added in sequence, the maximum in parallel") {
  PrivacyLedger l(3.0, 1e-5);
  l.charge(1.0, 2e-6, "a");
  {
    auto scope = l.parallel("parts");
    for (double d : {1e-6, 4e-6, 3e-6}) {
      auto b = scope.branch();
      l.charge(0.5, d, "part");
    }
  }
  CHECK(l.spent() == doctest::Approx(1.5));
  CHECK(l.spent_delta() == doctest::Approx(6e-6).epsilon(1e-12));
  // Past the delta budget: refused, nothing changed.
  const std::string e = testing::error_of([&] { l.charge(0.1, 5e-6, "too much delta"); });
  CHECK(testing::contains(e, "delta budget exceeded"));
  CHECK(l.spent_delta() == doctest::Approx(6e-6).epsilon(1e-12));
  CHECK(l.spent() == doctest::Approx(1.5));
}

TEST_CASE("a pure eps-DP algorithm's ledger refuses any delta, and the Gaussian mechanism with it") {
  PrivacyLedger pure(1.0);
  CHECK_THROWS_AS(pure.charge(0.5, 1e-6, "gaussian"), BudgetExceeded);
  CHECK(pure.spent() == 0);
  Stream s(1, 2, 3);
  Mechanisms noise(s, pure);
  CHECK(testing::contains(testing::error_of([&] { noise.gaussian(0.0, 1.0, 0.5, 1e-6); }), "pure eps-DP"));
  CHECK(pure.charges() == 0);
  // Randomized response is pure: it needs no delta.
  noise.randomized_response(true, 0.5);
  CHECK(pure.spent() == doctest::Approx(0.5));
  CHECK_THROWS_AS(noise.randomized_response(std::size_t{3}, 3, 0.1), Error);  // value outside 0..k-1
  CHECK_THROWS_AS(noise.randomized_response(std::size_t{0}, 1, 0.1), Error);  // k < 2
}

TEST_CASE("the Gaussian mechanism charges (eps, delta) once for a vector") {
  PrivacyLedger l(1.0, 1e-6);
  Stream s(4, 5, 6);
  Mechanisms noise(s, l);
  std::vector<double> v(10, 1.0);
  noise.gaussian(v, 2.0, 1.0, 1e-6);
  CHECK(l.charges() == 1);
  CHECK(l.spent() == doctest::Approx(1.0));
  CHECK(l.spent_delta() == doctest::Approx(1e-6));
  int changed = 0;
  for (double x : v) changed += x != 1.0;
  CHECK(changed == 10);
}

}  // TEST_SUITE

// Laws at fixed seeds; each check states its false-failure rate (ctest -L statistical).
TEST_SUITE("mechanisms_extra_statistical") {

TEST_CASE("Gaussian noise has mean 0 and the calibrated sd") {
  // Two two-sided 5-sigma checks (CLT; the sd's standard error sigma / sqrt(2n)): false failure < 1.2e-6.
  const double sigma = Mechanisms::gaussian_sigma(1.0, 1.0, 1e-5);
  const std::size_t n = 200000;
  Stream s(7, 8, 9);
  double sum = 0, sq = 0;
  for (std::size_t i = 0; i < n; ++i) {
    PrivacyLedger l(1.0, 1e-5);  // one release per ledger: deltas of n draws would pass 1
    Mechanisms noise(s, l);
    const double x = noise.gaussian(0.0, 1.0, 1.0, 1e-5);
    sum += x;
    sq += x * x;
  }
  const double mean = sum / double(n), sd = std::sqrt(sq / double(n) - mean * mean);
  CHECK(std::fabs(mean) < 5 * sigma / std::sqrt(double(n)));
  CHECK(std::fabs(sd - sigma) < 5 * sigma / std::sqrt(2.0 * double(n)));
}

TEST_CASE("randomized response keeps the truth with probability e^eps / (e^eps + k - 1), others uniform") {
  // Per eps: one 5-sigma binomial check for the binary case, k = 4 checks for the k-ary case;
  // 3 x 5 = 15 checks in all: false failure < 15 x 5.7e-7 < 1e-5.
  const std::size_t n = 100000;
  for (double eps : {0.1, 1.0, 3.0}) {
    CAPTURE(eps);
    PrivacyLedger l(2 * eps * n);
    Stream s(11, 12, static_cast<std::uint64_t>(eps * 10));
    Mechanisms noise(s, l);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < n; ++i) kept += noise.randomized_response(true, eps);
    const double p = std::exp(eps) / (1 + std::exp(eps));
    CHECK(std::fabs(double(kept) / double(n) - p) < 5 * std::sqrt(p * (1 - p) / double(n)));

    const std::size_t k = 4, truth = 2;
    std::vector<std::size_t> count(k, 0);
    for (std::size_t i = 0; i < n; ++i) ++count[noise.randomized_response(truth, k, eps)];
    const double keep = std::exp(eps) / (std::exp(eps) + double(k - 1));
    for (std::size_t c = 0; c < k; ++c) {
      CAPTURE(c);
      const double q = c == truth ? keep : (1 - keep) / double(k - 1);
      CHECK(std::fabs(double(count[c]) / double(n) - q) < 5 * std::sqrt(q * (1 - q) / double(n)));
    }
  }
}

}  // TEST_SUITE
