// DPBench's 1-D baselines added for the DPBench study (algorithms/baselines/): Uniform, H2 and Hb
// (hierarchical_tree.hpp), Privelet (haar.hpp), AHP (ahp.hpp), EFPA (real_fourier.hpp).
//   dpbench_1d: deterministic parts exactly (tree counts, constrained inference against the
//     binary least squares of hierarchy.hpp and Hay et al.'s worked example, Qardaji's
//     branching, the Haar transform and its inverse; noiseless runs answer exactly);
//   dpbench_1d_statistical: each algorithm's noise has the variance its sensitivity implies.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <complex>
#include <map>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/ahp.hpp"
#include "algorithms/baselines/haar.hpp"
#include "algorithms/baselines/mwem_star.hpp"
#include "algorithms/baselines/real_fourier.hpp"
#include "algorithms/baselines/hierarchical_tree.hpp"
#include "algorithms/baselines/hierarchy.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/error.hpp"
#include "core/samplers.hpp"
#include "framework/runner.hpp"
#include "dpbench_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;

namespace {

Histogram ramp(std::size_t n) {
  Histogram h;
  h.name = "ramp";
  for (std::size_t i = 0; i < n; ++i) h.counts.push_back(double((i * 7) % 11));
  return h;
}

using testing::Answers;
using testing::answers_of;
using testing::range_params;

}  // namespace

TEST_SUITE("dpbench_1d") {

TEST_CASE("tree_height and Qardaji's branching") {
  CHECK(tree_height(1, 2) == 0);
  CHECK(tree_height(2, 2) == 1);
  CHECK(tree_height(4096, 2) == 12);
  CHECK(tree_height(4097, 2) == 13);
  CHECK(tree_height(4096, 16) == 3);
  CHECK(tree_height(4096, 17) == 3);
  // The minimiser of (b - 1) h^3 - 2 (b + 1) h^2 / 3, found by hand over b = 2..n for n = 4096:
  // h = 3 holds from b = 16 to 63, where the expression grows with b, so b = 16 beats all b with
  // h = 3; h = 2 (b >= 64): 63 * 8 - 2 * 65 * 4 / 3 = 330.7 > b = 16's 15 * 27 - 2 * 17 * 9 / 3 = 303.
  // h = 4 (b = 8..15): b = 8 gives 7 * 64 - 2 * 9 * 16 / 3 = 352 > 303.
  CHECK(qardaji_branching(4096) == 16);
  CHECK(qardaji_branching(1) == 2);
}

TEST_CASE("tree_counts: every node counts its leaves, padding empty") {
  const std::vector<double> x{1, 2, 3, 4, 5};
  const auto t = tree_counts(x, 2, 3);  // 8 leaves
  CHECK(t.size() == 15);
  CHECK(t[0] == 15);
  CHECK(t[1] == 10);
  CHECK(t[2] == 5);
  CHECK(std::vector<double>(t.begin() + 7, t.end()) == std::vector<double>{1, 2, 3, 4, 5, 0, 0, 0});
  const auto t3 = tree_counts(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 2);
  CHECK(std::vector<double>(t3.begin(), t3.begin() + 4) == std::vector<double>{45, 6, 15, 24});
}

TEST_CASE("tree_inference: exact on noiseless counts, Hay et al.'s example, binary least squares") {
  const auto x = ramp(27).counts;
  for (std::uint32_t b : {2u, 3u, 5u}) {
    const std::uint32_t h = tree_height(x.size(), b);
    const auto est = tree_inference(tree_counts(x, b, h), b, h, x.size());
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(est[i] == doctest::Approx(x[i]).epsilon(1e-12));
  }
  // Root 0, leaves 0.5 and 0.5 (DPBench h_tree.py's doctest): each leaf 1/6.
  const auto two = tree_inference(std::vector<double>{0, 0.5, 0.5}, 2, 1, 2);
  CHECK(two[0] == doctest::Approx(1.0 / 6).epsilon(1e-14));
  CHECK(two[1] == doctest::Approx(1.0 / 6).epsilon(1e-14));
  // On a binary tree over 8 cells, the same estimate as the general least squares of
  // hierarchy.hpp (uniform_hierarchy: weight 1/height on every node, equal noise on every row).
  Stream s(1, 2, 3);
  std::vector<double> y(15);
  for (double& v : y) v = 10 * sample_normal(s);
  const auto ours = tree_inference(y, 2, 3, 8);
  const Hierarchy H = uniform_hierarchy(8);
  // Its rows answer w * total (w = 1/4), so w y is the same observation scaled; a node at depth
  // d covering [lo, hi) is node 2^d - 1 + lo / (8 >> d) of tree_counts' level order.
  const auto rows = strategy_rows(H);
  REQUIRE(rows.size() == 15);
  std::vector<double> yw(15);
  for (std::size_t r = 0; r < 15; ++r) {
    const HierarchyNode& v = H.nodes[rows[r]];
    yw[r] = y[(std::size_t{1} << v.depth) - 1 + v.lo / (8u >> v.depth)] * v.weight;
  }
  const auto totals = strategy_least_squares(H, yw);
  std::size_t leaf = 0;
  for (std::size_t v = 0; v < H.nodes.size(); ++v)
    if (H.nodes[v].hi - H.nodes[v].lo == 1) {
      CHECK(totals[v] == doctest::Approx(ours[H.nodes[v].lo]).epsilon(1e-10));
      ++leaf;
    }
  CHECK(leaf == 8);
}

TEST_CASE("Haar transform: coefficients by hand and exact inverse") {
  const std::vector<double> x{1, 2, 3, 4};
  CHECK(haar_forward(x) == std::vector<double>{10, -4, -1, -1});
  CHECK(haar_inverse(haar_forward(x)) == x);
  const auto r = ramp(64).counts;
  CHECK(haar_inverse(haar_forward(r)) == r);
  // One record more in a cell changes the total and one difference per level by 1: m + 1.
  auto r2 = r;
  r2[37] += 1;
  const auto a = haar_forward(r), b = haar_forward(r2);
  double l1 = 0;
  for (std::size_t i = 0; i < a.size(); ++i) l1 += std::fabs(a[i] - b[i]);
  CHECK(l1 == 7);
  CHECK(testing::error_of([] { haar_forward(std::vector<double>{1, 2, 3}); }).find("not a power of 2") !=
        std::string::npos);
}

TEST_CASE("at a huge eps every algorithm answers the workload almost exactly; Uniform answers the uniform spread") {
  const Histogram h = ramp(100);
  for (const char* alg : {"baselines.h2", "baselines.hb", "baselines.privelet"}) {
    const Answers a = answers_of(alg, h, range_params(1e9, 50), 0);
    for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
  }
  for (const char* alg : {"baselines.h2", "baselines.hb"}) {
    Params p = range_params(1e9, 50);
    p.set("root", false);
    const Answers a = answers_of(alg, h, p, 0);
    for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
  }
  const Answers u = answers_of("baselines.uniform", h, range_params(1e9, 50), 0);
  const double total = std::accumulate(h.counts.begin(), h.counts.end(), 0.0);
  const AlgorithmRun ur = run_algorithm("baselines.uniform", range_params(1e9, 50), &h, Stream(11, 22, 0), TrialSeeds{3, 0});
  const auto W = ur.outputs.object<linear_queries::WorkloadOutput>("workload");
  // Each cell holds total / n snapped to a multiple of 2^-10 (publish_estimate), so a range's
  // answer is its length times that value, exactly.
  std::vector<double> cell{total / 100};
  linear_queries::snap_estimate(cell);
  for (std::size_t i = 0; i < u.noisy.size(); ++i) CHECK(u.noisy[i] == double(W->W.row_size(i)) * cell[0]);
}

// The fast-noise audit found eps_hat 6.28 for baselines.uniform when equal-length ranges could
// get answers differing in their last bits (which one rounding made largest depends on the noisy
// total's low bits). With the snapped estimate they are equal, bit for bit, at every seed.
TEST_CASE("baselines.uniform: ranges of equal length get identical answers") {
  const Histogram h = ramp(100);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const AlgorithmRun r = run_algorithm("baselines.uniform", range_params(1, 200), &h, Stream(seed, 5, 0), TrialSeeds{3, 0});
    const auto W = r.outputs.object<linear_queries::WorkloadOutput>("workload");
    const std::vector<double>& answers = r.outputs.vector("answers");
    std::map<std::size_t, double> by_length;
    std::size_t compared = 0;
    for (std::size_t i = 0; i < answers.size(); ++i) {
      const auto [it, fresh] = by_length.emplace(W->W.row_size(i), answers[i]);
      if (fresh) continue;
      CHECK(answers[i] == it->second);
      ++compared;
    }
    CHECK(compared > 0);
  }
}

TEST_CASE("baselines.hb: a given branching is used, 1 is refused") {
  const Histogram h = ramp(64);
  Params p = range_params(1e9, 20);
  p.set("branching", std::int64_t{4});
  const Answers a = answers_of("baselines.hb", h, p, 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
  p.set("branching", std::int64_t{1});
  CHECK(testing::error_of([&] { answers_of("baselines.hb", h, p, 0); }).find("'branching' is 1") != std::string::npos);
}

TEST_CASE("real Fourier basis: scipy's packing, orthonormal, exact inverse") {
  for (std::size_t n : {1u, 2u, 7u, 8u}) {
    const auto x = ramp(n).counts;
    const auto c = real_fourier_forward(x);
    REQUIRE(c.size() == n);
    // Against X_k = sum_j x_j e^{-2 pi i jk/n}: c = X_0/sqrt(n), sqrt(2/n) (Re X_k, Im X_k), X_{n/2}/sqrt(n).
    auto X = [&](std::size_t k) {
      std::complex<double> s = 0;
      for (std::size_t j = 0; j < n; ++j) s += x[j] * std::polar(1.0, -2 * std::numbers::pi * double(j * k) / double(n));
      return s;
    };
    const double rn = std::sqrt(double(n));
    CHECK(c[0] == doctest::Approx(X(0).real() / rn).epsilon(1e-12));
    for (std::size_t k = 1; 2 * k < n; ++k) {
      CHECK(c[2 * k - 1] == doctest::Approx(std::sqrt(2.0) * X(k).real() / rn).epsilon(1e-10).scale(1));
      CHECK(c[2 * k] == doctest::Approx(std::sqrt(2.0) * X(k).imag() / rn).epsilon(1e-10).scale(1));
    }
    if (n % 2 == 0) CHECK(c[n - 1] == doctest::Approx(X(n / 2).real() / rn).epsilon(1e-10).scale(1));
    double ex = 0, ec = 0;
    for (std::size_t i = 0; i < n; ++i) ex += x[i] * x[i], ec += c[i] * c[i];
    CHECK(ec == doctest::Approx(ex).epsilon(1e-12));
    const auto back = real_fourier_inverse(c);
    for (std::size_t i = 0; i < n; ++i) CHECK(back[i] == doctest::Approx(x[i]).epsilon(1e-10).scale(1));
    // One record more moves c by exactly 1 in L2 (orthonormal).
    auto x2 = x;
    x2[n / 2] += 1;
    const auto c2 = real_fourier_forward(x2);
    double d = 0;
    for (std::size_t i = 0; i < n; ++i) d += (c2[i] - c[i]) * (c2[i] - c[i]);
    CHECK(d == doctest::Approx(1).epsilon(1e-10));
  }
}

// The transform as first written: every entry from its formula (basis(r, j), the index (jk) mod n
// by a division), sums in the same order. real_fourier.cpp keeps the index by addition and runs
// several rows' sums side by side; the bits must not move (EFPA's results are versioned by them).
double direct_basis(std::size_t r, std::size_t j, std::size_t n) {
  const double inv = 1.0 / std::sqrt(static_cast<double>(n)), two = std::sqrt(2.0) * inv;
  if (r == 0) return inv;
  if (n % 2 == 0 && r == n - 1) return (j % 2 == 0) ? inv : -inv;
  const std::size_t k = (r + 1) / 2, idx = (j * k) % n;
  const double a = 2 * std::numbers::pi * static_cast<double>(idx) / static_cast<double>(n);
  return r % 2 == 1 ? two * std::cos(a) : -two * std::sin(a);
}

TEST_CASE("real Fourier transform: the same bits as the direct sums over basis(r, j)") {
  for (std::size_t n : {1u, 2u, 3u, 9u, 10u, 64u, 255u, 256u, 1000u}) {
    CAPTURE(n);
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j) x[j] = double((j * 7919 + 13) % 101) * (j % 3 == 0 ? 0.5 : 3.0);
    std::vector<double> c(n, 0.0), back(n, 0.0);
    for (std::size_t r = 0; r < n; ++r) {
      double s = 0;
      for (std::size_t j = 0; j < n; ++j) s += direct_basis(r, j, n) * x[j];
      c[r] = s;
    }
    const auto got = real_fourier_forward(x);
    REQUIRE(got.size() == n);
    CHECK(std::memcmp(got.data(), c.data(), n * sizeof(double)) == 0);
    // The inverse, with most coefficients zero as EFPA leaves them (skipped).
    for (std::size_t r = n / 3; r < n; ++r) c[r] = 0;
    for (std::size_t r = 0; r < n; ++r) {
      if (c[r] == 0) continue;
      for (std::size_t j = 0; j < n; ++j) back[j] += direct_basis(r, j, n) * c[r];
    }
    const auto inv = real_fourier_inverse(c);
    CHECK(std::memcmp(inv.data(), back.data(), n * sizeof(double)) == 0);
  }
}

TEST_CASE("EFPA at a huge eps keeps every coefficient and answers almost exactly") {
  const Histogram h = ramp(64);
  const Answers a = answers_of("baselines.efpa", h, range_params(1e9, 50), 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
}

// The as-run variant rebuilds scipy's unnormalised coefficients from the orthonormal ones and
// back: at a huge eps every coefficient is kept with negligible noise, so the answers are the
// true ones, for even n (a last real coefficient X_{n/2}) and odd n (pairs only).
TEST_CASE("EFPA as DPBench runs it (variant dpbench) at a huge eps answers almost exactly, even and odd n") {
  for (std::size_t n : {64, 63}) {
    CAPTURE(n);
    const Histogram h = ramp(n);
    Params p = range_params(1e9, 50);
    p.set("variant", std::string("dpbench"));
    const Answers a = answers_of("baselines.efpa", h, p, 0);
    for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
  }
}

TEST_CASE("MWEM*: DPBench's table of T against scale x eps") {
  CHECK(mwem_star_rounds(0) == 2);
  CHECK(mwem_star_rounds(10) == 2);
  CHECK(mwem_star_rounds(55) == 3);      // 2 + 2 * 45/90 = 3
  CHECK(mwem_star_rounds(1000) == 8);
  CHECK(mwem_star_rounds(5500) == 10);   // 8 + 4 * 4500/9000 = 10
  CHECK(mwem_star_rounds(1e5) == 60);
  CHECK(mwem_star_rounds(1e5 + 9e5 / 3) == 66);  // 60 + 20/3 = 66.67, truncated
  CHECK(mwem_star_rounds(1e7) == 140);
  CHECK(mwem_star_rounds(1e30) == 140);
}

TEST_CASE("AHP: threshold and greedy clusters") {
  std::vector<double> v{0.1, 5, 10, 0.38};
  ahp_threshold(v, 0.35, 1.0);  // cutoff 0.35 ln 4 = 0.485
  CHECK(v == std::vector<double>{0, 5, 10, 0});
  const std::vector<double> sorted{1, 1, 1, 5, 5, 9};
  // Almost no noise (eps2 huge): a cluster closes at every new value.
  using C = std::vector<std::pair<std::size_t, std::size_t>>;
  CHECK(ahp_clusters(sorted, 1e6) == C{{0, 3}, {3, 5}, {5, 6}});
  // Noise dominant (eps2 tiny): averaging more cells always pays, one cluster.
  CHECK(ahp_clusters(sorted, 1e-3) == C{{0, 6}});
  // In between (2 / eps2^2 = 8), by hand: at j = 3, err(0..3) = 12 + 8/4 = 14 >= err(0..2) +
  // err_star(3) = 8/3 + 2 (err_star: l = 4 gives 0 + 8/4, l = 5 stops early); at j = 5,
  // err(3..5) = 10.67 + 8/3 = 13.3 >= err(3..4) + err_star(5) = 4 + 8.
  CHECK(ahp_clusters(sorted, 0.5) == C{{0, 3}, {3, 5}, {5, 6}});
  CHECK(ahp_clusters(std::vector<double>{}, 1.0).empty());
  CHECK(ahp_clusters(std::vector<double>{4}, 1.0) == C{{0, 1}});
}

TEST_CASE("AHP at a huge eps answers almost exactly") {
  const Histogram h = ramp(100);
  const Answers a = answers_of("baselines.ahp", h, range_params(1e9, 50), 0);
  for (std::size_t i = 0; i < a.truth.size(); ++i) CHECK(a.noisy[i] == doctest::Approx(a.truth[i]).epsilon(1e-5));
}

}  // TEST_SUITE

TEST_SUITE("dpbench_1d_statistical") {

// Each algorithm's answer to the range over every cell (its estimate of ||x||_1) has a known
// noise variance:
//   Uniform:  2 / eps^2                                    (one Laplace(1/eps))
//   H2, Hb:   2 ((h+1)/eps)^2 (b-1) b^h / (b^(h+1) - 1)    (the root's z after the bottom-up pass:
//             inverse-variance combination level by level, Var z_l = sigma^2 (b-1) b^(l-1) / (b^l - 1))
//   Privelet: 2 ((m+1)/eps)^2                              (the total coefficient only)
// Each is checked on R = 4000 runs: the sample variance of a Laplace-based sum has relative sd
// about sqrt((kurtosis - 1) / R) <= sqrt(5 / 4000) = 3.5%; the check allows 18% (5 sd): false
// failure below 1e-6 per check, 4 checks.
TEST_CASE("the noise of the total has the variance the sensitivity implies") {
  const Histogram h = ramp(64);  // n = 64: H2 h = 6, Hb b = qardaji(64), Privelet m = 6
  const double total = std::accumulate(h.counts.begin(), h.counts.end(), 0.0);
  const double eps = 0.5;
  const std::uint32_t bq = qardaji_branching(64), hq = tree_height(64, bq);
  auto tree_var = [&](double b, double hh) {
    const double sigma2 = 2 * std::pow((hh + 1) / eps, 2);
    return sigma2 * (b - 1) * std::pow(b, hh) / (std::pow(b, hh + 1) - 1);
  };
  struct Case {
    const char* alg;
    double var;
  };
  // Without the root (ektelo's choice): h levels measured, the total is the sum of the b children
  // of the root, each with variance sigma^2 (b-1) b^(h-1) / (b^h - 1), sigma^2 = 2 (h/eps)^2.
  auto rootless_var = [&](double b, double hh) {
    const double sigma2 = 2 * std::pow(hh / eps, 2);
    return b * sigma2 * (b - 1) * std::pow(b, hh - 1) / (std::pow(b, hh) - 1);
  };
  const Case cases[] = {{"baselines.uniform", 2 / (eps * eps)},
                        {"baselines.h2 root=false", rootless_var(2, 6)},
                        {"baselines.hb root=false", rootless_var(bq, hq)},
                        {"baselines.h2", tree_var(2, 6)},
                        {"baselines.hb", tree_var(bq, hq)},
                        {"baselines.privelet", 2 * std::pow(7 / eps, 2)}};
  const int R = 4000;
  for (const Case& c : cases) {
    double s1 = 0, s2 = 0;
    for (int r = 0; r < R; ++r) {
      const std::string spec = c.alg;
      const bool rootless = spec.find(" root=false") != std::string::npos;
      Params p = range_params(eps, 4000);
      if (rootless) p.set("root", false);
      const AlgorithmRun run =
          run_algorithm(spec.substr(0, spec.find(' ')), p, &h, Stream(31, 41, r), TrialSeeds{5, 0});
      const auto& W = run.outputs.object<linear_queries::WorkloadOutput>("workload");
      const auto& ans = run.outputs.vector("answers");
      // The first full-width query of the (public, fixed) workload: 4000 ranges over 64 cells
      // contain one with probability 1 - (63/64)^4000.
      std::size_t q = 0;
      while (q < ans.size() && W->W.row_size(q) != 64) ++q;
      REQUIRE(q < ans.size());
      const double e = ans[q] - total;
      s1 += e;
      s2 += e * e;
    }
    const double mean = s1 / R, var = (s2 - R * mean * mean) / (R - 1);
    INFO(c.alg);
    CHECK(var == doctest::Approx(c.var).epsilon(0.18));
    CHECK(std::fabs(mean) < 5 * std::sqrt(c.var / R));  // unbiased
  }
}

// AHP's second stage: on one cell there is one cluster, on two cells 10^6 apart two (at eps = 1
// the first stage's noise, sd 1.7, cannot bring them together), so the full-range answer's noise
// is one or two Laplace(1/eps2) draws: variance 2 / eps2^2 per cluster, eps2 = 0.15 eps. Same
// tolerance and false-failure rate as above.
TEST_CASE("AHP: the cluster totals get Laplace(1/eps2)") {
  const double eps = 1.0, eps2 = 0.15;
  for (int cells = 1; cells <= 2; ++cells) {
    Histogram h;
    h.name = "h";
    h.counts = cells == 1 ? std::vector<double>{500} : std::vector<double>{0, 1e6};
    const double total = std::accumulate(h.counts.begin(), h.counts.end(), 0.0);
    double s1 = 0, s2 = 0;
    const int R = 4000;
    for (int r = 0; r < R; ++r) {
      const AlgorithmRun run = run_algorithm("baselines.ahp", range_params(eps, 200), &h, Stream(11, 22, 1000 + r), TrialSeeds{3, 0});
      const auto W = run.outputs.object<linear_queries::WorkloadOutput>("workload");
      const auto& ans = run.outputs.vector("answers");
      std::size_t q = 0;  // the first full-width query
      while (q < ans.size() && W->W.row_size(q) != h.counts.size()) ++q;
      REQUIRE(q < ans.size());
      const double e = ans[q] - total;
      s1 += e;
      s2 += e * e;
    }
    const double var = (s2 - s1 * s1 / R) / (R - 1), expected = cells * 2 / (eps2 * eps2);
    INFO("cells " << cells);
    CHECK(var == doctest::Approx(expected).epsilon(0.18));
    CHECK(std::fabs(s1 / R) < 5 * std::sqrt(expected / R));
  }
}

// EFPA on one cell: one candidate (K = 1), c = x, so the estimate is x + Laplace(1/eps2) with
// eps2 = eps/2: variance 8 / eps^2. Same tolerance and false-failure rate as above.
TEST_CASE("EFPA: the kept coefficients get Laplace(sqrt(K)/eps2)") {
  Histogram h;
  h.name = "one";
  h.counts = {300};
  const double eps = 0.5;
  double s1 = 0, s2 = 0;
  const int R = 4000;
  for (int r = 0; r < R; ++r) {
    const Answers a = answers_of("baselines.efpa", h, range_params(eps, 5), 5000 + r);
    const double e = a.noisy[0] - a.truth[0];
    s1 += e;
    s2 += e * e;
  }
  const double var = (s2 - s1 * s1 / R) / (R - 1), expected = 8 / (eps * eps);
  CHECK(var == doctest::Approx(expected).epsilon(0.18));
  CHECK(std::fabs(s1 / R) < 5 * std::sqrt(expected / R));
}

}  // TEST_SUITE
