// lu_thesis ch. 4 (algorithms/lu_aggregation): Proposition 4.1's budget in the ledger for every
// scheme and ratio, the sensitivities, Ineq. 4.2 (f, its optimum, the break-evens), and -
// statistically - the fast path against a literal simulation of Algorithm 4.1 with secret
// shares and a coin per curator, and the measured MAE against its exact expectation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/linear_queries/laplace_sums.hpp"
#include "algorithms/lu_aggregation/normalised_noise.hpp"
#include "algorithms/lu_aggregation/schemes.hpp"
#include "core/samplers.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::lu_aggregation;

namespace {

// n curators x 5 values around 500, like aggregation_values but small and fixed.
PointSet curators(std::size_t n) {
  PointSet p;
  p.name = "tiny_curators";
  p.n = n;
  p.d = 5;
  Stream s(3, 3, 3);
  for (std::size_t i = 0; i < n * 5; ++i) p.x.push_back(500 + sample_normal(s));
  return p;
}

Params params(const std::string& scheme, double ratio, std::int64_t runs = 3) {
  Params p;
  p.set("scheme", Value(scheme));
  p.set("eps", Value(10.0));
  p.set("ratio", Value(ratio));
  p.set("runs", Value(runs));
  return p;
}

double max_sum(const PointSet& p) {
  double best = 0;
  for (std::size_t i = 0; i < p.n; ++i) {
    double s = 0;
    for (std::size_t k = 0; k < p.d; ++k) s += p.row(i)[k];
    best = std::max(best, s);
  }
  return best;
}

}  // namespace

TEST_SUITE("lu_aggregation") {

TEST_CASE("Proposition 4.1: every scheme's ledger holds eps = eps_u + eps_s, for every ratio") {
  const PointSet data = curators(200);
  for (const auto& scheme : scheme_names())
    for (double ratio : {0.01, 0.1, 0.25, 0.5, 0.75, 0.817, 0.9, 0.99}) {
      CAPTURE(scheme);
      CAPTURE(ratio);
      const auto r = run_algorithm("lu_aggregation.aggregation", params(scheme, ratio), &data, Stream(1, 2, 3));
      CHECK(r.spent_eps == doctest::Approx(10.0).epsilon(1e-12));
      // Two layers (curators, aggregators) per run for ThisWork and Orig, one for the others.
      CHECK(r.charges == (scheme == "ThisWork" || scheme == "Orig" ? 6u : 3u));
    }
}

TEST_CASE("sensitivities: D = max_i u_i / c with equal weights, PASTE's max_i u_i; Orig always noisy") {
  const PointSet data = curators(50);
  const double top = max_sum(data);
  auto r = run_algorithm("lu_aggregation.aggregation", params("ThisWork", 0.75), &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") == doctest::Approx(top / 5).epsilon(1e-12));
  r = run_algorithm("lu_aggregation.aggregation", params("PASTE", 0.75), &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") == doctest::Approx(top).epsilon(1e-12));
  Params share = params("PASTE", 0.75);
  share.set("paste_sensitivity", Value(std::string("share")));
  r = run_algorithm("lu_aggregation.aggregation", share, &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") == doctest::Approx(top / 5).epsilon(1e-12));
  // PrivaDA: the thesis's model calibrates its c noises to the share D (c eps at curator level);
  // at curator level each noise is calibrated to the whole value, c times the scale.
  r = run_algorithm("lu_aggregation.aggregation", params("PrivaDA", 0.75), &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") == doctest::Approx(top / 5).epsilon(1e-12));
  const double model_mae = r.outputs.scalar("expected_mae");
  Params curator_level = params("PrivaDA", 0.75);
  curator_level.set("privada_sensitivity", Value(std::string("curator")));
  r = run_algorithm("lu_aggregation.aggregation", curator_level, &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") == doctest::Approx(top).epsilon(1e-12));
  CHECK(r.outputs.scalar("expected_mae") == doctest::Approx(5 * model_mae).epsilon(1e-9));
  CHECK(r.spent_eps == doctest::Approx(10.0).epsilon(1e-12));
  // Simplex weights: the largest share lies between the equal share and the whole value.
  Params simplex = params("ThisWork", 0.75);
  simplex.set("weights", Value(std::string("simplex")));
  r = run_algorithm("lu_aggregation.aggregation", simplex, &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("sensitivity") > top / 5);
  CHECK(r.outputs.scalar("sensitivity") < top);
  // Orig and PrivaDA never release the exact sum; ThisWork with tiny probabilities nearly always.
  r = run_algorithm("lu_aggregation.aggregation", params("Orig", 0.5, 50), &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("exact_releases") == 0);
  CHECK(r.outputs.scalar("no_noise_probability") == 0);
  Params rare = params("ThisWork", 0.5, 50);
  rare.set("Pr_u", Value(1e-9));
  rare.set("Pr_s", Value(1e-9));
  r = run_algorithm("lu_aggregation.aggregation", rare, &data, Stream(1, 2, 3));
  CHECK(r.outputs.scalar("exact_releases") == 1);
  CHECK(r.outputs.scalar("mae") == 0);
  CHECK(r.outputs.scalar("no_noise_probability") == doctest::Approx(std::pow(1 - 1e-9, 55)).epsilon(1e-12));
}

TEST_CASE("Ineq. 4.2: f, its optimum and the break-evens (the thesis's setting n = 10^4, c = 5)") {
  const std::uint64_t n = 10000, c = 5;
  const double pu = 1e-4, ps = 1e-2;
  // f(0.75) = 2000 * 1e-4 / 0.75 + 0.01 / 0.25.
  CHECK(f_ratio(n, c, pu, ps, 0.75) == doctest::Approx(0.2 / 0.75 + 0.04).epsilon(1e-14));
  const double r = optimum_ratio(n, c, pu, ps);
  CHECK(r == doctest::Approx(1 / (1 + std::sqrt(0.05))).epsilon(1e-14));  // 0.8173
  CHECK(f_minimum(n, c, pu, ps) == doctest::Approx(f_ratio(n, c, pu, ps, r)).epsilon(1e-12));
  for (double h : {1e-3, 1e-2}) {
    CHECK(f_ratio(n, c, pu, ps, r + h) > f_ratio(n, c, pu, ps, r));
    CHECK(f_ratio(n, c, pu, ps, r - h) > f_ratio(n, c, pu, ps, r));
  }
  CHECK(f_ratio(n, c, break_even_pr_u(n, c, ps, 0.75), ps, 0.75) == doctest::Approx(1).epsilon(1e-12));
  CHECK(f_ratio(n, c, pu, break_even_pr_s(n, c, pu, 0.75), 0.75) == doctest::Approx(1).epsilon(1e-12));
  CHECK(break_even_pr_u(n, c, ps, 0.75) == doctest::Approx(3.6e-4).epsilon(1e-12));
  // The normalised noise of the schemes (Ineq. 4.1 over PrivaDA's side).
  Setting s;
  s.n = n;
  s.c = c;
  s.eps = 10;
  s.ratio = 0.75;
  s.pr_u = pu;
  s.pr_s = ps;
  s.share_sensitivity = 500;
  s.paste_sensitivity = 2500;
  s.privada_sensitivity = 500;
  CHECK(normalised_noise(s) == doctest::Approx(f_ratio(n, c, pu, ps, 0.75)).epsilon(1e-12));
  s.scheme = Scheme::PrivaDA;
  CHECK(normalised_noise(s) == doctest::Approx(1).epsilon(1e-12));
  s.privada_sensitivity = 2500;  // curator level: every noise at the whole value, c times the model's
  CHECK(normalised_noise(s) == doctest::Approx(5).epsilon(1e-12));
  s.scheme = Scheme::PASTE;
  CHECK(normalised_noise(s) == doctest::Approx(1).epsilon(1e-12));  // D_P = c D
}

TEST_CASE("the exact optimum ratio: Orig's is the cancellation optimum, not Ineq. 4.2's") {
  const std::uint64_t n = 10000, c = 5;
  // Orig (every noise present): Ineq. 4.2's f puts the optimum at 1 / (1 + sqrt(c / n)) = 0.978;
  // the nearly normal sum of n + c noises at 1 / (1 + (c / n)^(1/3)) = 0.9265.
  const double orig = exact_optimum_ratio(n, c, 1, 1);
  CHECK(optimum_ratio(n, c, 1, 1) == doctest::Approx(1 / (1 + std::sqrt(5e-4))).epsilon(1e-12));
  CHECK(orig == doctest::Approx(1 / (1 + std::cbrt(5e-4))).epsilon(3e-3));
  CHECK(orig < 0.93);
  // At the optimum the exact E|noise| is below its neighbours'.
  auto e = [&](double r) {
    Setting s;
    s.scheme = Scheme::Orig;
    s.n = n;
    s.c = c;
    s.eps = 1;
    s.ratio = r;
    s.share_sensitivity = 1;
    s.paste_sensitivity = double(c);
    s.privada_sensitivity = 1;
    return linear_queries::expected_abs_laplace_sum(noise_terms(s));
  };
  CHECK(e(orig) < e(orig - 0.01));
  CHECK(e(orig) < e(orig + 0.01));
  CHECK(e(orig) < e(0.978));
  // ThisWork at the thesis's probabilities: near, not at, f's 0.817 (README: 0.80).
  const double thiswork = exact_optimum_ratio(n, c, 1e-4, 1e-2);
  CHECK(thiswork > 0.78);
  CHECK(thiswork < 0.82);
}

TEST_CASE("the exact break-evens: ThisWork's E|noise| equals PrivaDA's there") {
  const std::uint64_t n = 10000, c = 5;
  const double pu = exact_break_even_pr_u(n, c, 0.01, 0.75);
  const double ps = exact_break_even_pr_s(n, c, 1e-4, 0.75);
  auto expected = [&](Scheme scheme, double pr_u, double pr_s) {
    Setting s;
    s.scheme = scheme;
    s.n = n;
    s.c = c;
    s.eps = 1;
    s.ratio = 0.75;
    s.pr_u = pr_u;
    s.pr_s = pr_s;
    s.share_sensitivity = 1;
    s.paste_sensitivity = double(c);
    s.privada_sensitivity = 1;
    return linear_queries::expected_abs_laplace_sum(noise_terms(s));
  };
  const double privada = expected(Scheme::PrivaDA, 1, 1);
  CHECK(privada == doctest::Approx(linear_queries::expected_abs_laplace_sum(5, 1.0)).epsilon(1e-9));
  CHECK(expected(Scheme::ThisWork, pu, 0.01) == doctest::Approx(privada).epsilon(1e-6));
  CHECK(expected(Scheme::ThisWork, 1e-4, ps) == doctest::Approx(privada).epsilon(1e-6));
  // Cancellation makes the exact break-even lower than Ineq. 4.2's sum-of-parameters one.
  CHECK(pu < break_even_pr_u(n, c, 0.01, 0.75));
}

}  // TEST_SUITE

TEST_SUITE("lu_aggregation_statistical") {

TEST_CASE("the fast path has the law of Algorithm 4.1 simulated literally (shares, a coin per curator)") {
  // 30 curators, c = 3 aggregators, simplex-free equal weights, Pr_u = 0.2, Pr_s = 0.5: the
  // literal simulation splits every value and its noise into shares, flips every coin and adds
  // the aggregators' partial sums. Two-sample KS of the errors at 1.95 sqrt(2/m) (false failure
  // 1e-3); mean |error| within 4.5 standard errors (< 7e-6).
  const PointSet data = curators(30);
  const std::size_t m = 20000;
  const double eps = 2, ratio = 0.6, pr_u = 0.2, pr_s = 0.5;
  const std::uint64_t c = 3;
  Params p = params("ThisWork", ratio, std::int64_t(m));
  p.set("eps", Value(eps));
  p.set("Pr_u", Value(pr_u));
  p.set("Pr_s", Value(pr_s));
  p.set("c", Value(std::int64_t(c)));
  // The plugin's per-run errors, one run per trial (its `mae` is then |error|).
  std::vector<double> fast;
  Params one = p;
  one.set("runs", Value(std::int64_t{1}));
  for (std::size_t t = 0; t < m; ++t)
    fast.push_back(run_algorithm("lu_aggregation.aggregation", one, &data, Stream(7, 8, t)).outputs.scalar("mae"));
  // The literal simulation.
  std::vector<double> u(data.n);
  double truth = 0, top = 0;
  for (std::size_t i = 0; i < data.n; ++i) {
    for (std::size_t k = 0; k < data.d; ++k) u[i] += data.row(i)[k];
    truth += u[i];
    top = std::max(top, u[i]);
  }
  const double d = top / double(c), eps_u = ratio * eps, eps_s = (1 - ratio) * eps;
  Stream s(9, 9, 9);
  std::vector<double> slow;
  for (std::size_t t = 0; t < m; ++t) {
    std::vector<double> partial(c, 0.0);
    for (std::size_t i = 0; i < data.n; ++i) {
      const double noise = s.uniform() < pr_u ? sample_laplace(s, d / eps_u) : 0.0;  // line 2
      for (std::uint64_t j = 0; j < c; ++j) partial[j] += (u[i] + noise) / double(c);  // lines 1-3
    }
    double result = 0;
    for (std::uint64_t j = 0; j < c; ++j) result += partial[j] + (s.uniform() < pr_s ? sample_laplace(s, d / eps_s) : 0.0);
    slow.push_back(std::fabs(result - truth));
  }
  std::vector<double> a = fast, b = slow;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  // Errors below 1e-6 are the exact releases (rounding of the literal shares): count them as 0.
  for (double& v : b) if (v < 1e-6) v = 0;
  std::size_t i = 0, j = 0;
  double ks = 0;
  while (i < m && j < m) {
    const double x = std::min(a[i], b[j]);
    while (i < m && a[i] <= x) ++i;
    while (j < m && b[j] <= x) ++j;
    ks = std::max(ks, std::fabs(double(i) - double(j)) / double(m));
  }
  CHECK(ks < 1.95 * std::sqrt(2.0 / double(m)));
  double ma = 0, mb = 0, va = 0;
  for (std::size_t k = 0; k < m; ++k) { ma += fast[k]; mb += slow[k]; va += fast[k] * fast[k]; }
  ma /= double(m);
  mb /= double(m);
  const double sd = std::sqrt(va / double(m) - ma * ma);
  CHECK(std::fabs(ma - mb) < 4.5 * sd * std::sqrt(2.0 / double(m)));
}

TEST_CASE("measured MAE and exact-release rate converge to their exact values") {
  // The thesis's setting on 10^4 curators (aggregation_values' shape): 20,000 runs per scheme.
  // |mae - expected| within 4.5 standard errors (< 7e-6 each); the exact-release share within
  // 4.5 binomial standard errors.
  PointSet data;
  data.name = "thesis_shape";
  data.n = 10000;
  data.d = 5;
  Stream g(1, 1, 1);
  for (std::size_t i = 0; i < data.n * data.d; ++i) data.x.push_back(500 + sample_normal(g));
  for (const auto& scheme : scheme_names()) {
    CAPTURE(scheme);
    Params p = params(scheme, 0.75, 200);
    std::vector<double> maes;
    double exact = 0, expected = 0, p0 = 0;
    for (std::uint64_t t = 0; t < 100; ++t) {
      const auto r = run_algorithm("lu_aggregation.aggregation", p, &data, Stream(40, 41, t));
      maes.push_back(r.outputs.scalar("mae"));
      exact += r.outputs.scalar("exact_releases");
      expected = r.outputs.scalar("expected_mae");
      p0 = r.outputs.scalar("no_noise_probability");
    }
    double mean = 0, var = 0;
    for (double v : maes) mean += v;
    mean /= double(maes.size());
    for (double v : maes) var += (v - mean) * (v - mean);
    const double se = std::sqrt(var / double(maes.size() - 1) / double(maes.size()));
    CHECK(std::fabs(mean - expected) < 4.5 * se);
    exact /= 100;
    CHECK(std::fabs(exact - p0) <= 4.5 * std::sqrt(p0 * (1 - p0) / 20000) + 1e-12);
  }
}

}  // TEST_SUITE
