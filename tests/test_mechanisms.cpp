// Unit tests of framework/mechanisms: every mechanism charges exactly its epsilon once, refuses
// to overspend before drawing anything, and has the right output law.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "core/rng.hpp"

using namespace dplab;

namespace {
// The first 64-bit draw of a fresh stream with these arguments.
std::uint64_t first_draw(std::uint64_t seed, std::uint64_t key, std::uint64_t trial) {
  Stream s(seed, key, trial);
  return s.next_u64();
}
}  // namespace

TEST_SUITE("mechanisms") {

TEST_CASE("each mechanism charges exactly eps, once") {
  Stream s(1, 2, 3);
  {
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    double y = m.laplace(10.0, 1.0, 0.3);
    CHECK(l.spent() == 0.3);
    CHECK(l.charges() == 1);
    CHECK(y != 10.0);
    CHECK(&m.ledger() == &l);
  }
  {
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    std::vector<double> v(50, 5.0);
    m.laplace(v, 1.0, 0.4);
    CHECK(l.spent() == 0.4);
    CHECK(l.charges() == 1);  // one charge for the whole vector
    int changed = 0;
    for (double x : v) changed += x != 5.0;
    CHECK(changed == 50);
    // Coordinates get independent noise.
    CHECK(v[0] != v[1]);
  }
  {
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    (void)m.geometric(100, 1.0, 0.6);
    CHECK(l.spent() == 0.6);
    CHECK(l.charges() == 1);
  }
  {
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    const std::vector<double> scores = {1, 2, 3};
    std::size_t i = m.exponential(scores, 1.0, 0.7);
    CHECK(i < 3);
    CHECK(l.spent() == 0.7);
    CHECK(l.charges() == 1);
  }
  {
    // Charges of several mechanisms compose sequentially.
    PrivacyLedger l(1.0);
    Mechanisms m(s, l);
    m.laplace(0.0, 1.0, 0.25);
    m.geometric(0, 1.0, 0.25);
    const std::vector<double> scores = {0, 1};
    m.exponential(scores, 1.0, 0.25);
    std::vector<double> v(3, 0.0);
    m.laplace(v, 1.0, 0.25);
    CHECK(l.spent() == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(l.charges() == 4);
  }
}

TEST_CASE("an over-budget call throws before drawing or changing anything") {
  const std::uint64_t untouched = first_draw(5, 6, 7);
  PrivacyLedger l(0.5);
  l.charge(0.4, "earlier");
  {
    Stream s(5, 6, 7);
    Mechanisms m(s, l);
    CHECK_THROWS_AS(m.laplace(1.0, 1.0, 0.2), BudgetExceeded);
    CHECK(s.next_u64() == untouched);
  }
  {
    Stream s(5, 6, 7);
    Mechanisms m(s, l);
    std::vector<double> v = {1, 2, 3};
    CHECK_THROWS_AS(m.laplace(v, 1.0, 0.2), BudgetExceeded);
    CHECK(v == std::vector<double>{1, 2, 3});
    CHECK(s.next_u64() == untouched);
  }
  {
    Stream s(5, 6, 7);
    Mechanisms m(s, l);
    CHECK_THROWS_AS(m.geometric(3, 1.0, 0.2), BudgetExceeded);
    CHECK(s.next_u64() == untouched);
  }
  {
    Stream s(5, 6, 7);
    Mechanisms m(s, l);
    const std::vector<double> scores = {1, 2};
    CHECK_THROWS_AS(m.exponential(scores, 1.0, 0.2), BudgetExceeded);
    CHECK(s.next_u64() == untouched);
  }
  CHECK(l.spent() == doctest::Approx(0.4));
  CHECK(l.charges() == 1);
}

TEST_CASE("invalid sensitivity, epsilon or candidates are refused without charging") {
  Stream s(1, 1, 1);
  PrivacyLedger l(10.0);
  Mechanisms m(s, l);
  CHECK_THROWS_AS(m.laplace(0.0, 0.0, 0.1), Error);
  CHECK_THROWS_AS(m.laplace(0.0, -1.0, 0.1), Error);
  CHECK_THROWS_AS(m.laplace(0.0, std::nan(""), 0.1), Error);
  CHECK_THROWS_AS(m.laplace(0.0, 1.0, 0.0), Error);
  CHECK_THROWS_AS(m.geometric(0, 1.0, -1.0), Error);
  const std::vector<double> none;
  CHECK_THROWS_AS(m.exponential(none, 1.0, 0.1), Error);
  CHECK(l.spent() == 0.0);
  CHECK(l.charges() == 0);
}

TEST_CASE("exponential mechanism: one charge of eps per call") {
  const std::vector<double> scores = {0, 1, 2, 4, -3};
  Stream s(13, 0, 0);
  PrivacyLedger l(1e9);
  Mechanisms m(s, l);
  for (int i = 0; i < 1000; ++i) CHECK(m.exponential(scores, 1.5, 1.2) < scores.size());
  CHECK(l.charges() == 1000);
  CHECK(l.spent() == doctest::Approx(1200.0).epsilon(1e-12));
}

TEST_CASE("mechanisms inside parallel branches compose by maximum") {
  Stream s(14, 0, 0);
  PrivacyLedger l(1.0);
  Mechanisms m(s, l);
  {
    auto scope = l.parallel("cells");
    for (int cell = 0; cell < 5; ++cell) {
      auto b = scope.branch();
      m.laplace(1.0, 1.0, 0.9);
    }
  }
  CHECK(l.spent() == doctest::Approx(0.9));
  CHECK(l.charges() == 5);
}

TEST_CASE("laplace_blocks: one charge, the draws of one vector call on the concatenation") {
  // Same stream, same scale: block by block equals the whole vector at once, exactly; so its law
  // is the vector mechanism's (tested above).
  std::vector<double> whole(1000), blocks(1000);
  for (std::size_t i = 0; i < whole.size(); ++i) whole[i] = blocks[i] = static_cast<double>(i % 7);
  Stream s1(21, 1, 0), s2(21, 1, 0);
  PrivacyLedger l1(2.0), l2(2.0);
  Mechanisms m1(s1, l1), m2(s2, l2);
  m1.laplace(whole, 3.0, 0.5);
  auto noise = m2.laplace_blocks(3.0, 0.5);
  std::size_t at = 0;
  for (std::size_t len : {1, 0, 17, 400, 82, 500}) {
    noise.add(std::span<double>(blocks).subspan(at, len));
    at += len;
  }
  REQUIRE(at == blocks.size());
  CHECK(blocks == whole);
  CHECK(l2.charges() == 1);
  CHECK(l2.spent() == 0.5);
  // Charged before drawing: over budget, nothing is returned.
  PrivacyLedger small(0.1);
  Mechanisms m3(s1, small);
  CHECK_THROWS_AS(m3.laplace_blocks(1.0, 0.2), BudgetExceeded);
  CHECK(small.charges() == 0);
}

}  // TEST_SUITE

// Statistical tests of the mechanisms' output laws: fixed seeds (so each result is stable); the
// comment above each check gives how often a correct implementation would fail it with another
// seed. |z| < 5 (normal approximation, n = 100000): two-sided false failure 5.7e-7 per check.
TEST_SUITE("mechanisms_statistical") {

TEST_CASE("laplace mechanism: noise Lap(sensitivity / eps)") {
  // 3 checks at |z| < 5 (mean, second moment, second moment of the vector version): 1.7e-6.
  Stream s(11, 0, 0);
  PrivacyLedger l(1e9);
  Mechanisms m(s, l);
  const double sens = 2.0, eps = 0.5, b = sens / eps;
  const int n = 100000;
  double sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    double d = m.laplace(3.0, sens, eps) - 3.0;
    sum += d;
    sq += d * d;
  }
  const double var = 2 * b * b;
  CHECK(std::fabs(sum / n) < 5 * std::sqrt(var / n));
  CHECK(std::fabs(sq / n - var) < 5 * std::sqrt(20 * b * b * b * b / n));
  // Vector version: same law on every coordinate.
  std::vector<double> v(n, 0.0);
  m.laplace(v, sens, eps);
  double vs = 0;
  for (double x : v) vs += x * x;
  CHECK(std::fabs(vs / n - var) < 5 * std::sqrt(20 * b * b * b * b / n));
}

TEST_CASE("geometric mechanism: Pr[Z=k] proportional to exp(-eps |k| / sensitivity)") {
  // 7 checks at |z| < 5 (k = -3..3): 7 x 5.7e-7 = 4.0e-6.
  Stream s(12, 0, 0);
  PrivacyLedger l(1e9);
  Mechanisms m(s, l);
  const double sens = 1.0, eps = 0.8;
  const double a = std::exp(-eps / sens);
  const int n = 100000;
  std::vector<double> counts(7, 0);
  for (int i = 0; i < n; ++i) {
    std::int64_t z = m.geometric(50, sens, eps) - 50;
    if (z >= -3 && z <= 3) counts[static_cast<std::size_t>(z + 3)] += 1;
  }
  for (int k = -3; k <= 3; ++k) {
    CAPTURE(k);
    const double p = (1 - a) / (1 + a) * std::pow(a, std::abs(k));
    CHECK(std::fabs(counts[static_cast<std::size_t>(k + 3)] / n - p) < 5 * std::sqrt(p * (1 - p) / n));
  }
}

TEST_CASE("exponential mechanism: frequencies match exp(eps score / (2 sensitivity))") {
  // Total: 5 x 5.7e-7 + 1.0e-3 + ~0 = 1.0e-3 per seed (union bound).
  const std::vector<double> scores = {0, 1, 2, 4, -3};
  const double sens = 1.5, eps = 1.2;
  Stream s(13, 0, 0);
  PrivacyLedger l(1e9);
  Mechanisms m(s, l);
  const int n = 100000;
  std::vector<double> counts(scores.size(), 0);
  for (int i = 0; i < n; ++i) counts[m.exponential(scores, sens, eps)] += 1;
  std::vector<double> p(scores.size());
  double z = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) z += p[i] = std::exp(eps * scores[i] / (2 * sens));
  double chi2 = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    CAPTURE(i);
    p[i] /= z;
    // |z| < 5: 5.7e-7 each.
    CHECK(std::fabs(counts[i] / n - p[i]) < 5 * std::sqrt(p[i] * (1 - p[i]) / n));
    chi2 += (counts[i] - n * p[i]) * (counts[i] - n * p[i]) / (n * p[i]);
  }
  // chi-square, 4 dof, at its 0.999 quantile (18.47): false failure 1.0e-3 per seed.
  CHECK(chi2 < 18.47);
  // The factor 2 matters: without it the top score would be chosen far more often.
  // p = 0.497 against 0.748 without the factor: the 0.05 margin is 127 standard errors, ~0.
  const double p_no_half = std::exp(eps * 4 / sens) /
                           (1 + std::exp(eps / sens) + std::exp(2 * eps / sens) +
                            std::exp(4 * eps / sens) + std::exp(-3 * eps / sens));
  CHECK(std::fabs(counts[3] / n - p_no_half) > 0.05);
}

}  // TEST_SUITE

