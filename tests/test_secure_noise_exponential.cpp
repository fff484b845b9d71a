// The secure exponential family (core/secure_exponential, framework/mechanisms in secure mode):
// the exponential mechanism on grid-rounded scores, its per-part form, granular Laplace
// exceedances and randomized response, sampled exactly. Exact quantities exactly; the laws by
// per-value binomial z-tests against the stated probabilities.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/secure_exponential.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "ks_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::testing::binomial_ok;
using dplab::testing::contains;
using dplab::testing::error_of;
namespace sn = dplab::secure;

namespace {

// exp(eps s_i / 2) / sum_j exp(eps s_j / 2), sensitivity 1.
std::vector<double> exponential_law(const std::vector<double>& scores, double eps) {
  std::vector<double> p;
  double total = 0;
  for (double s : scores) total += std::exp(eps * s / 2);
  for (double s : scores) p.push_back(std::exp(eps * s / 2) / total);
  return p;
}

}  // namespace

TEST_SUITE("secure_exponential") {

TEST_CASE("scores on the grid: exact exponents eps (k_max - k_i) / (2 K)") {
  const sn::ScoreGrid g = sn::score_grid(1.0);
  CHECK(g.k == -40);  // the smallest power of two >= 2^-40
  CHECK(g.sensitivity == (sn::u128{1} << 40));
  const std::vector<double> scores = {0, 1, 3};
  const sn::ExponentialSampler s(scores, 1.0, 1.0);
  // x_2 = 0 (the best); x_1 = (3 - 1) / 2 = 1; x_0 = 3/2 = 1 + 1/2.
  CHECK(s.exponent(2).whole == 0);
  CHECK(s.exponent(2).num == 0);
  CHECK(s.exponent(1).whole == 1);
  CHECK(s.exponent(1).num == 0);
  CHECK(s.exponent(0).whole == 1);
  CHECK(s.exponent(0).num * 2 == s.exponent(0).den);
  // A sensitivity that is not a power of two: K = ceil(3 / 2^-39) = 3 2^39, x = eps gap / (2 K).
  const std::vector<double> s3 = {0, 3};
  const sn::ExponentialSampler t(s3, 3.0, 0.5);
  CHECK(t.exponent(0).whole == 0);
  CHECK(t.exponent(0).num * 4 == t.exponent(0).den);  // 0.5 * 3 / (2 * 3) = 1/4
  // Huge exponents (gap 2^90 grid steps at eps = 2^100) saturate instead of overflowing; the
  // best candidate is then drawn every time.
  const std::vector<double> far = {0, 1e15};
  const sn::ExponentialSampler f(far, 1.0, 0x1.0p100);
  CHECK(f.exponent(0).whole == ~sn::u128{0});
  Stream st(1, 2, 3);
  for (int i = 0; i < 100; ++i) CHECK(f.draw(st) == 1);
  CHECK(contains(error_of([] { std::vector<double> v = {0, 1e25}; sn::ExponentialSampler x(v, 1.0, 1.0); }), "2^100"));
  CHECK(contains(error_of([] { std::vector<double> v = {0, NAN}; sn::ExponentialSampler x(v, 1.0, 1.0); }), "finite"));
}

TEST_CASE("secure mode: the exponential family charges eps once; the others refuse, saying why") {
  Stream s(4, 5, 7);
  PrivacyLedger l(10);
  Mechanisms m(s, l);
  m.set_noise(Mechanisms::Noise::secure);
  std::vector<double> scores = {1, 2, 0};
  CHECK(m.exponential(scores, 1.0, 1.0) < 3);
  CHECK(l.spent() == doctest::Approx(1.0));
  CHECK(m.exponential_each(5, scores, 1.0, 1.0).size() == 5);
  CHECK(l.spent() == doctest::Approx(2.0));
  (void)m.laplace_exceedances(10, 1.0, 1.0, 1.0);
  CHECK(l.spent() == doctest::Approx(3.0));
  (void)m.randomized_response(true, 1.0);
  (void)m.randomized_response(std::size_t{2}, 4, 1.0);
  CHECK(l.spent() == doctest::Approx(5.0));
  // Refused before charging.
  CHECK(contains(error_of([&] { m.laplace_exceedances(std::uint64_t{1} << 30, 1.0, 1.0, 1.0); }), "limit"));
  std::vector<double> edges = {0, 1, 2}, q = {0, 1}, c = {0.5, 0.5}, out(2);
  CHECK(contains(error_of([&] { m.exponential_intervals(edges, q, 1.0, 1.0); }), "no exact (secure) sampler"));
  CHECK(contains(error_of([&] {
          m.exponential_ball(c, 0.1, [](std::span<const double>) { return 0.0; }, 0.0, 1.0, 1.0, out);
        }),
        "not eps-DP"));
  CHECK(contains(error_of([&] { m.gaussian(0.0, 1.0, 1.0, 1e-5); }), "zCDP"));
  CHECK(l.spent() == doctest::Approx(5.0));
}

}  // TEST_SUITE

TEST_SUITE("secure_exponential_statistical") {

TEST_CASE("the exact exponential mechanism has the exponential mechanism's law") {
  // 4 values x 2 cases, each a binomial z-test at 5 sigma: false failure < 8 x 5.7e-7 = 5e-6.
  const std::vector<double> scores = {0, 1, 2.5, -3};
  for (const double eps : {1.0, 0.3}) {
    CAPTURE(eps);
    Stream s(11, 12, static_cast<std::uint64_t>(eps * 10));
    const sn::ExponentialSampler sampler(scores, 1.0, eps);
    const int n = 200000;
    std::vector<double> count(scores.size());
    for (int i = 0; i < n; ++i) count[sampler.draw(s)] += 1;
    const auto p = exponential_law(scores, eps);
    for (std::size_t i = 0; i < scores.size(); ++i) CHECK(binomial_ok(count[i], n, p[i]));
  }
}

TEST_CASE("exponential_each in secure mode: every part follows the law") {
  // 3 values, one z-test at 5 sigma each: false failure < 2e-6.
  Stream s(13, 14, 15);
  PrivacyLedger l(1);
  Mechanisms m(s, l);
  m.set_noise(Mechanisms::Noise::secure);
  const std::vector<double> scores = {2, 0, 1};
  const int n = 150000;
  const auto drawn = m.exponential_each(n, scores, 1.0, 1.0);
  std::vector<double> count(3);
  for (auto d : drawn) count[d] += 1;
  const auto p = exponential_law(scores, 1.0);
  for (std::size_t i = 0; i < 3; ++i) CHECK(binomial_ok(count[i], n, p[i]));
}

TEST_CASE("secure exceedances: Pr[Lap(1/eps) > t] of the granular Laplace") {
  // Each threshold a z-test at 5 sigma (the granular law differs from the continuous Laplace by a
  // relative 2^-40): 4 checks, false failure < 3e-6.
  for (const double t : {-1.5, -0.25, 0.5, 2.0}) {
    CAPTURE(t);
    Stream s(16, 17, static_cast<std::uint64_t>(t * 4 + 10));
    const double eps = 0.8, b = 1 / eps;
    const sn::ExceedanceSampler e(t, 1.0, eps);
    const int n = 200000;
    double hits = 0;
    for (int i = 0; i < n; ++i) hits += e.draw(s);
    const double p = t >= 0 ? 0.5 * std::exp(-t / b) : 1 - 0.5 * std::exp(t / b);
    CHECK(binomial_ok(hits, n, p));
  }
}

TEST_CASE("secure randomized response: the truth with e^eps / (e^eps + k - 1)") {
  // Binary and 4-ary, every category a z-test at 5 sigma: false failure < 4e-6.
  Stream s(18, 19, 20);
  PrivacyLedger l(1e9);
  Mechanisms m(s, l);
  m.set_noise(Mechanisms::Noise::secure);
  const int n = 100000;
  double kept = 0;
  for (int i = 0; i < n; ++i) kept += m.randomized_response(true, 0.7);
  CHECK(binomial_ok(kept, n, std::exp(0.7) / (1 + std::exp(0.7))));
  std::vector<double> count(4);
  for (int i = 0; i < n; ++i) count[m.randomized_response(std::size_t{1}, 4, 1.2)] += 1;
  const double keep = std::exp(1.2) / (std::exp(1.2) + 3);
  for (std::size_t c = 0; c < 4; ++c) CHECK(binomial_ok(count[c], n, c == 1 ? keep : (1 - keep) / 3));
}

}  // TEST_SUITE
