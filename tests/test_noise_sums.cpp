// Sums of many independent, possibly absent, Laplace noises (framework/mechanisms.hpp
// laplace_sum, core/samplers.hpp sample_binomial / sample_gamma_ge1 / sample_laplace_sum) and
// their exact expectations (algorithms/linear_queries/laplace_sums.hpp): the ledger charge, the
// argument checks, the closed forms, and - statistically - the laws against the naive
// coin-per-part sum and the exact pmf / cdf, at fixed seeds.
#include <doctest/doctest.h>

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <vector>

#include "algorithms/linear_queries/laplace_sums.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/samplers.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::linear_queries::LaplaceTerms;
using dplab::linear_queries::expected_abs_laplace_sum;

namespace {

// Two-sample Kolmogorov-Smirnov statistic.
double ks_two_sample(std::vector<double> a, std::vector<double> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::size_t i = 0, j = 0;
  double d = 0;
  const double na = double(a.size()), nb = double(b.size());
  while (i < a.size() && j < b.size()) {
    const double x = std::min(a[i], b[j]);
    while (i < a.size() && a[i] <= x) ++i;
    while (j < b.size() && b[j] <= x) ++j;
    d = std::max(d, std::fabs(double(i) / na - double(j) / nb));
  }
  return d;
}

// The naive law: one coin per part, a Laplace draw for each present part.
double naive_sum(Stream& s, std::uint64_t count, double q, double b) {
  double sum = 0;
  for (std::uint64_t i = 0; i < count; ++i)
    if (s.uniform() < q) sum += sample_laplace(s, b);
  return sum;
}

double binomial_pmf(std::uint64_t n, double p, std::uint64_t k) {
  const double nd = double(n), kd = double(k);
  return std::exp(std::lgamma(nd + 1) - std::lgamma(kd + 1) - std::lgamma(nd - kd + 1) + kd * std::log(p) +
                  (nd - kd) * std::log1p(-p));
}

}  // namespace

TEST_SUITE("noise_sums") {

TEST_CASE("laplace_sum charges eps once, before drawing, whatever the coins give") {
  for (double q : {0.0, 1e-4, 0.5, 1.0}) {
    CAPTURE(q);
    Stream s(1, 2, 3);
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    const std::vector<Mechanisms::NoiseGroup> groups = {{2.0, 1000}, {5.0, 3}};
    const auto r = m.laplace_sum(groups, q, 0.7);
    CHECK(l.spent() == 0.7);
    CHECK(l.charges() == 1);
    if (q == 0) CHECK(r.present == 0);
    if (q == 0) CHECK(r.noise == 0);
    if (q == 1) CHECK(r.present == 1003);
  }
  // Refused before anything is drawn: the stream has not moved.
  Stream s(1, 2, 3), fresh(1, 2, 3);
  PrivacyLedger l(0.5);
  Mechanisms m(s, l);
  CHECK_THROWS_AS(m.laplace_sum(10, 1.0, 0.5, 0.6), BudgetExceeded);
  CHECK(s.next_u64() == fresh.next_u64());
  CHECK(l.spent() == 0);
}

TEST_CASE("laplace_sum checks its probability and sensitivities") {
  Stream s(1, 2, 3);
  PrivacyLedger l(10.0);
  Mechanisms m(s, l);
  CHECK_CONTAINS(dplab::testing::error_of([&] { m.laplace_sum(10, 1.0, 1.5, 1.0, "mine"); }), "must be in [0, 1]");
  CHECK_CONTAINS(dplab::testing::error_of([&] { m.laplace_sum(10, 0.0, 0.5, 1.0, "mine"); }), "sensitivity must be");
  CHECK(l.spent() == 0);
  // An empty group may have any sensitivity (it adds nothing).
  const std::vector<Mechanisms::NoiseGroup> groups = {{0.0, 0}, {1.0, 2}};
  CHECK(m.laplace_sum(groups, 1.0, 1.0).present == 2);
}

TEST_CASE("sample_binomial: the edges are exact") {
  Stream s(5, 5, 5);
  CHECK(sample_binomial(s, 0, 0.3) == 0);
  CHECK(sample_binomial(s, 1000, 0.0) == 0);
  CHECK(sample_binomial(s, 1000, 1.0) == 1000);
  for (int i = 0; i < 1000; ++i) CHECK(sample_binomial(s, 7, 0.5) <= 7);
  CHECK_THROWS_AS(sample_binomial(s, 10, -0.1), Error);
  CHECK_THROWS_AS(sample_gamma_ge1(s, 0.5), Error);
}

TEST_CASE("E|sum of m Laplace(b)|: closed form and characteristic-function integral agree") {
  // By hand: E|L| = b; E|L1 + L2| = 3b/2 (the density of the sum is (1 + |x|/b) e^{-|x|/b} / 4b).
  CHECK(expected_abs_laplace_sum(1, 2.0) == doctest::Approx(2.0).epsilon(1e-14));
  CHECK(expected_abs_laplace_sum(2, 2.0) == doctest::Approx(3.0).epsilon(1e-14));
  CHECK(expected_abs_laplace_sum(0, 2.0) == 0);
  // Large m: sqrt(2/pi) sqrt(2 m) b (1 - 1/(8m) + ...).
  CHECK(expected_abs_laplace_sum(943, 1.0) == doctest::Approx(std::sqrt(4 * 943 / M_PI) * (1 - 1.0 / (8 * 943))).epsilon(1e-6));
  for (std::uint64_t m : {1u, 2u, 5u, 37u, 943u, 10000u}) {
    CAPTURE(m);
    const LaplaceTerms t{0.3, m, 1.0};
    CHECK(expected_abs_laplace_sum(std::span<const LaplaceTerms>(&t, 1)) ==
          doctest::Approx(expected_abs_laplace_sum(m, 0.3)).epsilon(1e-9));
  }
}

TEST_CASE("E|sum| of noises present with probability q: the integral against the binomial mixture") {
  // One group: E|S| = sum_k Binomial(n, q)(k) E|sum of k Laplace(b)|.
  for (auto [n, q] : {std::pair<std::uint64_t, double>{10000, 1e-4}, {50, 0.3}, {5, 0.01}}) {
    CAPTURE(n);
    CAPTURE(q);
    double mixture = 0;
    for (std::uint64_t k = 1; k <= n; ++k) mixture += binomial_pmf(n, q, k) * expected_abs_laplace_sum(k, 2.5);
    const LaplaceTerms t{2.5, n, q};
    CHECK(expected_abs_laplace_sum(std::span<const LaplaceTerms>(&t, 1)) == doctest::Approx(mixture).epsilon(1e-8));
    CHECK(linear_queries::probability_no_noise(std::span<const LaplaceTerms>(&t, 1)) ==
          doctest::Approx(std::pow(1 - q, double(n))).epsilon(1e-12));
  }
  // Two groups of different scales (Algorithm 4.1's two layers): against the double mixture.
  const std::vector<LaplaceTerms> two = {{1.0, 20, 0.1}, {4.0, 5, 0.2}};
  double mixture = 0;
  for (std::uint64_t k = 0; k <= 20; ++k)
    for (std::uint64_t j = 0; j <= 5; ++j) {
      if (k + j == 0) continue;
      // E|sum of k Lap(1) + j Lap(4)| by the integral of one fully present pair of groups.
      const std::vector<LaplaceTerms> fixed = {{1.0, k, 1.0}, {4.0, j, 1.0}};
      mixture += binomial_pmf(20, 0.1, k) * binomial_pmf(5, 0.2, j) * expected_abs_laplace_sum(fixed);
    }
  CHECK(expected_abs_laplace_sum(two) == doctest::Approx(mixture).epsilon(1e-8));
  CHECK(expected_abs_laplace_sum(std::vector<LaplaceTerms>{}) == 0);
}

}  // TEST_SUITE

TEST_SUITE("noise_sums_statistical") {

TEST_CASE("sample_binomial against the exact pmf (chi-square), both paths and the flip") {
  // Chi-square over bins with expected count >= 20 (tails pooled). The threshold is the
  // chi-square quantile at 1 - 1e-6 (Wilson-Hilferty): false failure < 1e-6 per case.
  for (auto [n, p] : {std::pair<std::uint64_t, double>{10000, 1e-4}, {10000, 1.5e-3}, {10000, 0.3}, {10000, 0.97}, {40, 0.5}}) {
    CAPTURE(n);
    CAPTURE(p);
    Stream s(11, std::uint64_t(p * 1e6) + n, 0);
    const std::size_t draws = 200000;
    std::vector<double> counts(n + 1, 0.0);
    double mean = 0;
    for (std::size_t i = 0; i < draws; ++i) {
      const auto k = sample_binomial(s, n, p);
      counts[k] += 1;
      mean += double(k);
    }
    mean /= double(draws);
    const double sd = std::sqrt(double(n) * p * (1 - p));
    CHECK(std::fabs(mean - double(n) * p) < 5 * sd / std::sqrt(double(draws)));  // 5 sigma: < 6e-7
    double chi2 = 0, obs = 0, expct = 0;
    int bins = 0;
    for (std::uint64_t k = 0; k <= n; ++k) {
      obs += counts[k];
      expct += double(draws) * binomial_pmf(n, p, k);
      if (expct >= 20 || k == n) {
        chi2 += (obs - expct) * (obs - expct) / std::max(expct, 1e-300);
        obs = expct = 0;
        ++bins;
      }
    }
    const double dof = bins - 1;
    const double z = 4.753;  // one-sided normal quantile at 1e-6
    const double limit = dof * std::pow(1 - 2 / (9 * dof) + z * std::sqrt(2 / (9 * dof)), 3);
    CAPTURE(bins);
    CHECK(chi2 < limit);
  }
}

TEST_CASE("sample_gamma_ge1 against the Gamma cdf (KS)") {
  // KS at 1.95 / sqrt(n): asymptotic false failure 1e-3 per case, 4 cases.
  const std::size_t n = 20000;
  for (double shape : {1.0, 2.5, 33.0, 1000.0}) {
    CAPTURE(shape);
    Stream s(17, std::uint64_t(shape * 10), 0);
    std::vector<double> x(n);
    for (double& v : x) v = sample_gamma_ge1(s, shape);
    std::sort(x.begin(), x.end());
    double d = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double f = boost::math::gamma_p(shape, x[i]);
      d = std::max({d, double(i + 1) / double(n) - f, f - double(i) / double(n)});
    }
    CHECK(d < 1.95 / std::sqrt(double(n)));
  }
}

TEST_CASE("laplace_sum has the law of the naive coin-per-part sum (means, present counts, KS)") {
  // Geometric-skipping binomial (n q = 1), the inversion binomial with the gamma path (n q = 400),
  // and several groups. Two-sample KS at 1.95 sqrt(2/m): false failure 1e-3 each; means within
  // 4.5 standard errors of their difference: < 7e-6 each.
  struct Case {
    std::vector<Mechanisms::NoiseGroup> groups;
    double q;
  };
  const std::vector<Case> cases = {{{{1.0, 10000}}, 1e-4}, {{{1.0, 2000}}, 0.2}, {{{1.0, 300}, {7.0, 5}}, 0.05}};
  const std::size_t m = 20000;
  int which = 0;
  for (const auto& c : cases) {
    CAPTURE(which++);
    Stream fast(21, which, 0), slow(22, which, 0);
    PrivacyLedger ledger(1e9);
    Mechanisms mech(fast, ledger);
    std::vector<double> a(m), b(m);
    double present_fast = 0, present_expected = 0;
    for (const auto& g : c.groups) present_expected += double(g.count) * c.q;
    for (std::size_t i = 0; i < m; ++i) {
      const auto r = mech.laplace_sum(c.groups, c.q, 2.0);
      a[i] = r.noise;
      present_fast += double(r.present);
      double sum = 0;
      for (const auto& g : c.groups) sum += naive_sum(slow, g.count, c.q, g.sensitivity / 2.0);
      b[i] = sum;
    }
    CHECK(ks_two_sample(a, b) < 1.95 * std::sqrt(2.0 / double(m)));
    double var = 0, sa = 0, sb = 0;
    for (const auto& g : c.groups) var += double(g.count) * c.q * 2 * (g.sensitivity / 2) * (g.sensitivity / 2);
    for (std::size_t i = 0; i < m; ++i) { sa += a[i]; sb += b[i]; }
    CHECK(std::fabs(sa - sb) / double(m) < 4.5 * std::sqrt(2 * var / double(m)));
    present_fast /= double(m);
    double present_var = 0;
    for (const auto& g : c.groups) present_var += double(g.count) * c.q * (1 - c.q);
    CHECK(std::fabs(present_fast - present_expected) < 4.5 * std::sqrt(present_var / double(m)));
    // E|S| against the exact expectation (the MAE the experiments converge to).
    std::vector<LaplaceTerms> terms;
    for (const auto& g : c.groups) terms.push_back({g.sensitivity / 2.0, g.count, c.q});
    double mabs = 0, m2 = 0;
    for (double v : a) { mabs += std::fabs(v); m2 += v * v; }
    mabs /= double(m);
    const double sd_abs = std::sqrt(m2 / double(m) - mabs * mabs);
    CHECK(std::fabs(mabs - expected_abs_laplace_sum(terms)) < 4.5 * sd_abs / std::sqrt(double(m)));
  }
}

}  // TEST_SUITE
