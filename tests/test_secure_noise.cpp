// core/secure_noise (exact integer samplers of Canonne, Kamath, Steinke 2020 and the granular
// Laplace path) and the secure mode of framework/mechanisms: exact arithmetic exactly, laws
// statistically (per-value binomial z-tests against the exact pmf).
#include <doctest/doctest.h>

#include <cmath>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/secure_noise.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "framework/spec.hpp"
#include "ks_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::testing::binomial_ok;
using dplab::testing::contains;
using dplab::testing::error_of;
namespace sn = dplab::secure;

TEST_SUITE("secure_noise") {

TEST_CASE("exact_rational and laplace_scale are the doubles' exact fractions") {
  auto r = sn::exact_rational(0.75);
  CHECK(r.num == 3);
  CHECK(r.den == 4);
  r = sn::exact_rational(6.0);
  CHECK(r.num == 6);
  CHECK(r.den == 1);
  // 0.1 is 3602879701896397 / 2^55 as a double.
  r = sn::exact_rational(0.1);
  CHECK(r.num == 3602879701896397ull);
  CHECK(r.den == (sn::u128{1} << 55));
  // sensitivity 2 / eps 0.5 = 4; 1 / 0.75 = 4/3; 3 / 1.5 = 2.
  auto b = sn::laplace_scale(2, 0.5);
  CHECK((b.num == 4 && b.den == 1));
  b = sn::laplace_scale(1, 0.75);
  CHECK((b.num == 4 && b.den == 3));
  b = sn::laplace_scale(3, 1.5);
  CHECK((b.num == 2 && b.den == 1));
  CHECK(contains(error_of([] { sn::exact_rational(0); }), "> 0"));
  CHECK(contains(error_of([] { sn::exact_rational(1e300); }), "too large"));
}

TEST_CASE("granularity: the smallest power of two >= b 2^-40") {
  CHECK(sn::granularity(1.0) == std::ldexp(1.0, -40));
  CHECK(sn::granularity(1.5) == std::ldexp(1.0, -39));
  CHECK(sn::granularity(2.0) == std::ldexp(1.0, -39));
  CHECK(sn::granularity(1024.0) == std::ldexp(1.0, -30));
}

TEST_CASE("granular Laplace releases lie on the grid, whatever the value's low bits") {
  Stream s(1, 2, 3);
  const double g = sn::granularity(1.0 / 0.5);
  for (double v : {0.0, 0.1, 1.0 / 3, -7.123456789, 1e6 + 0.3}) {
    for (int i = 0; i < 50; ++i) {
      const double out = sn::granular_laplace(s, v, 1.0, 0.5);
      CHECK(std::floor(out / g) == out / g);
    }
  }
  std::vector<double> vec = {0.1, 0.2, 0.3};
  sn::granular_laplace(s, vec, 1.0, 1.0);
  const double gv = sn::granularity(1.0);
  for (double x : vec) CHECK(std::floor(x / gv) == x / gv);
  CHECK(contains(error_of([&] { sn::granular_laplace(s, 1e300, 1.0, 1.0); }), "exceeds 2^100"));
}

TEST_CASE("secure mode: laplace and geometric charge eps once; mechanisms without an exact sampler refuse") {
  Stream s(4, 5, 6);
  PrivacyLedger l(10);
  Mechanisms m(s, l);
  m.set_noise(Mechanisms::Noise::secure);
  const double a = m.laplace(3.0, 1.0, 0.5);
  const double g = sn::granularity(2.0);
  CHECK(std::floor(a / g) == a / g);
  CHECK(l.spent() == doctest::Approx(0.5));
  std::vector<double> v(4, 0.0);
  m.laplace(v, 1.0, 0.5);
  CHECK(l.spent() == doctest::Approx(1.0));
  (void)m.geometric(7, 1.0, 1.0);
  CHECK(l.spent() == doctest::Approx(2.0));
  (void)m.discrete_laplace(7, 1.0, 1.0);
  CHECK(l.spent() == doctest::Approx(3.0));
  // Mechanisms without an exact sampler refuse, saying why (tests/test_secure_noise_exponential.cpp
  // covers those that have one).
  Mechanisms::NoiseGroup group{1.0, 10};
  CHECK(contains(error_of([&] { m.laplace_sum(std::span(&group, 1), 1.0, 1.0); }), "no exact (secure) sampler"));
  CHECK(contains(error_of([&] { (void)m.laplace_blocks(1.0, 1.0); }), "grows with its length"));
  CHECK(l.spent() == doctest::Approx(3.0));  // refused before charging
  // Overspending is refused before drawing, as in fast mode.
  CHECK(contains(error_of([&] { m.laplace(0.0, 1.0, 100.0); }), "budget"));
}

TEST_CASE("spec key noise: fast | secure") {
  const std::string base =
      "name: t\npaper: budget_series\nalgorithm: budget_series.allocation\nparams: {eps: 1.0}\n"
      "sweep: {strategy: [AVG, Geo]}\nmetrics: [k]\nplot: {kind: line}\n";
  CHECK(parse_spec(base, "t.yaml").noise == "fast");
  const Spec s = parse_spec(base + "noise: secure\n", "t.yaml");
  CHECK(s.noise == "secure");
  CHECK(s.hash != parse_spec(base, "t.yaml").hash);
  CHECK(contains(error_of([&] { parse_spec(base + "noise: exact\n", "t.yaml"); }), "expected fast or secure"));
}

}  // TEST_SUITE

TEST_SUITE("secure_noise_statistical") {

TEST_CASE("Bernoulli(exp(-gamma)) for rational gamma below and above 1") {
  // 5 checks at |z| < 5: false failure < 5 x 5.7e-7 = 2.9e-6.
  Stream s(21, 0, 0);
  const int n = 200000;
  const std::pair<unsigned, unsigned> gammas[] = {{0, 1}, {3, 10}, {1, 1}, {5, 3}, {7, 2}};
  for (auto [num, den] : gammas) {
    double hits = 0;
    for (int i = 0; i < n; ++i) hits += sn::bernoulli_exp(s, num, den);
    const double p = std::exp(-static_cast<double>(num) / den);
    CHECK_MESSAGE(binomial_ok(hits, n, p), "gamma = " << num << "/" << den << ": " << hits << " of " << n);
  }
}

TEST_CASE("discrete Laplace: Pr[x] = (1 - a) / (1 + a) a^|x|, a = exp(-s/t)") {
  // Scales 3/2 and 1/3 (t/s), one draw at a time and in batches of 1,000 (where step 1 of the
  // inversion, core/geometric_inversion.hpp, runs on AVX-512 CPUs), values -8..8 and the tail
  // |x| > 8 each: 4 x 18 checks at |z| < 5, false failure < 72 x 5.7e-7 = 4.1e-5.
  Stream s(22, 0, 0);
  const int n = 200000;
  for (auto [t, sd, batched] : {std::tuple<unsigned, unsigned, bool>{3, 2, false}, {1, 3, false}, {3, 2, true}, {1, 3, true}}) {
    CAPTURE(batched);
    const double a = std::exp(-static_cast<double>(sd) / t);
    std::vector<double> counts(17, 0);
    double tail = 0;
    std::vector<std::int64_t> batch(1000);
    for (int i = 0; i < n; ++i) {
      if (batched && i % 1000 == 0) sn::discrete_laplace(s, t, sd, batch);
      const std::int64_t x = batched ? batch[static_cast<std::size_t>(i % 1000)] : sn::discrete_laplace(s, t, sd);
      if (x >= -8 && x <= 8) counts[static_cast<std::size_t>(x + 8)] += 1; else tail += 1;
    }
    double inside = 0;
    for (int x = -8; x <= 8; ++x) {
      const double p = (1 - a) / (1 + a) * std::pow(a, std::abs(x));
      inside += p;
      CHECK_MESSAGE(binomial_ok(counts[static_cast<std::size_t>(x + 8)], n, p), "t/s = " << t << "/" << sd << ", x = " << x);
    }
    CHECK(binomial_ok(tail, n, 1 - inside));
  }
}

TEST_CASE("discrete Laplace at the granular path's scale: Pr[|x| >= k] = 2 a^k / (1 + a)") {
  // t/s = (2^43 + 1) / 3, about 2^41.4 (the size of granular_laplace's scales): too wide for a
  // per-value check, so the law is checked through its sign and its tail at k = lambda {0.05,
  // 0.5, 1, 2, 4}, in batches of 4,096. 6 checks at |z| < 5, false failure < 6 x 5.7e-7 = 3.4e-6.
  const unsigned __int128 t = (static_cast<unsigned __int128>(1) << 43) + 1, sd = 3;
  const double lambda = static_cast<double>(t) / sd;
  Stream s(23, 0, 0);
  const int n = 4096 * 60;
  std::vector<std::int64_t> z(n);
  for (int i = 0; i < n; i += 4096) sn::discrete_laplace(s, t, sd, std::span<std::int64_t>(z.data() + i, 4096));
  double positive = 0;
  for (auto x : z) positive += x > 0;
  const double a = std::exp(-1 / lambda);
  CHECK_MESSAGE(binomial_ok(positive, n, a / (1 + a)), positive << " positive of " << n);
  for (double f : {0.05, 0.5, 1.0, 2.0, 4.0}) {
    const auto k = static_cast<std::int64_t>(std::ceil(f * lambda));
    double hits = 0;
    for (auto x : z) hits += (x >= k || x <= -k);
    CHECK_MESSAGE(binomial_ok(hits, n, 2 * std::exp(-static_cast<double>(k) / lambda) / (1 + a)), "k = lambda " << f);
  }
}

TEST_CASE("discrete Gaussian: Pr[x] proportional to exp(-x^2 / (2 sigma^2))") {
  // sigma^2 = 1/4, 2 and 25/2; values within 3 sigma (+1) and the tail beyond: at most 24 checks
  // per sigma at |z| < 5, false failure < 72 x 5.7e-7 = 4.1e-5.
  Stream s(23, 0, 0);
  const int n = 200000;
  for (auto [num, den] : {std::pair<unsigned, unsigned>{1, 4}, {2, 1}, {25, 2}}) {
    const double var = static_cast<double>(num) / den;
    const int k = static_cast<int>(3 * std::sqrt(var)) + 1;
    double z = 0;
    for (int x = -200; x <= 200; ++x) z += std::exp(-x * x / (2 * var));
    std::vector<double> counts(static_cast<std::size_t>(2 * k + 1), 0);
    double tail = 0;
    for (int i = 0; i < n; ++i) {
      const std::int64_t x = sn::discrete_gaussian(s, num, den);
      if (x >= -k && x <= k) counts[static_cast<std::size_t>(x + k)] += 1; else tail += 1;
    }
    double inside = 0;
    for (int x = -k; x <= k; ++x) {
      const double p = std::exp(-x * x / (2 * var)) / z;
      inside += p;
      CHECK_MESSAGE(binomial_ok(counts[static_cast<std::size_t>(x + k)], n, p), "sigma^2 = " << var << ", x = " << x);
    }
    CHECK(binomial_ok(tail, n, std::max(0.0, 1 - inside)));
  }
}

TEST_CASE("secure geometric mechanism and granular Laplace follow their laws") {
  // Geometric: 7 values; granular Laplace: its CDF at 5 points of a Laplace(2): 12 checks at
  // |z| < 5, false failure < 12 x 5.7e-7 = 6.9e-6. (The grid step is 2^-39, far below what a
  // CDF test sees, so the granular release is compared with the continuous law.)
  Stream s(24, 0, 0);
  PrivacyLedger l(1e12);
  Mechanisms m(s, l);
  m.set_noise(Mechanisms::Noise::secure);
  const int n = 200000;
  const double a = std::exp(-0.8);
  std::vector<double> counts(7, 0);
  for (int i = 0; i < n; ++i) {
    const std::int64_t z = m.geometric(50, 1.0, 0.8) - 50;
    if (z >= -3 && z <= 3) counts[static_cast<std::size_t>(z + 3)] += 1;
  }
  for (int k = -3; k <= 3; ++k)
    CHECK(binomial_ok(counts[static_cast<std::size_t>(k + 3)], n, (1 - a) / (1 + a) * std::pow(a, std::abs(k))));
  const double b = 2.0, v = 0.3;
  const double cuts[] = {-2 * b, -b, 0, b, 2 * b};
  std::vector<double> below(5, 0);
  for (int i = 0; i < n; ++i) {
    const double d = m.laplace(v, 1.0, 0.5) - v;
    for (int c = 0; c < 5; ++c) below[static_cast<std::size_t>(c)] += d <= cuts[c];
  }
  for (int c = 0; c < 5; ++c) {
    const double x = cuts[c], p = x < 0 ? 0.5 * std::exp(x / b) : 1 - 0.5 * std::exp(-x / b);
    CHECK_MESSAGE(binomial_ok(below[static_cast<std::size_t>(c)], n, p), "cut " << x);
  }
}

}  // TEST_SUITE
