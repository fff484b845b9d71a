// The audit canaries of issue 26 (algorithms/canary/): the true privacy loss of the sparse
// vector canary computed exactly, and every canary caught by the default audit (confidence
// 0.95) at fixed, reduced runs, with eps_hat below the true loss (it is a lower bound, false
// with probability below 0.05 per audit); the sparse vector, a marginal violation at these
// runs, only within its eps_hat range. The seeds are fixed, so the outcome is the same on every
// run; the catches were checked at other seeds (docs/audit-and-secure-noise.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "audit_support.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::audit;

namespace {

// Pr[release = b] for the sparse vector canary on counts x at threshold T and budget eps, for
// every b in {0, 1}^(n (n - 1)): the threshold noise rho ~ Lap(2 / eps) integrated out (the
// trapezoid rule on [-60 / eps, 60 / eps], 4,000 steps), the answers independent given rho,
// answer (i, j) above with probability Pr[x_i - x_j + Lap(4 / eps) >= T + rho].
std::vector<double> sparse_vector_law(const std::vector<double>& x, double T, double eps) {
  std::vector<double> q;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j)
      if (i != j) q.push_back(x[i] - x[j]);
  const std::size_t m = q.size();
  const double b_rho = 2 / eps, b_nu = 4 / eps;
  auto above = [&](double z) { return z >= 0 ? 0.5 * std::exp(-z / b_nu) : 1 - 0.5 * std::exp(z / b_nu); };
  const int steps = 4000;
  const double lo = -30 * b_rho, h = 60 * b_rho / steps;
  std::vector<double> law(std::size_t{1} << m, 0.0), s(m);
  for (int k = 0; k <= steps; ++k) {
    const double rho = lo + k * h;
    const double w = 0.5 / b_rho * std::exp(-std::fabs(rho) / b_rho) * h * (k == 0 || k == steps ? 0.5 : 1.0);
    for (std::size_t i = 0; i < m; ++i) s[i] = above(T + rho - q[i]);
    for (std::size_t out = 0; out < law.size(); ++out) {
      double p = w;
      for (std::size_t i = 0; i < m; ++i) p *= (out >> i & 1) ? s[i] : 1 - s[i];
      law[out] += p;
    }
  }
  return law;
}

}  // namespace

TEST_SUITE("audit_canaries") {

TEST_CASE("the sparse vector canary: its loss above eps lives on outputs of probability below 3e-4") {
  // The default audit's pair x = (1, 0, 1, 0) with cell 0 +1, T = 5, eps = 1.
  const auto d = sparse_vector_law({1, 0, 1, 0}, 5, 1), e = sparse_vector_law({2, 0, 1, 0}, 5, 1);
  double mass = 0, loss = 0, rare = 0;
  for (std::size_t b = 0; b < d.size(); ++b) {
    mass += d[b];
    const double l = std::fabs(std::log(e[b] / d[b]));
    loss = std::max(loss, l);
    if (l > 1) rare = std::max({rare, d[b], e[b]});
  }
  CHECK(mass == doctest::Approx(1).epsilon(1e-3));
  MESSAGE("true loss " << loss << " eps; outputs of loss above eps have probability at most " << rare);
  CHECK(loss > 1.3);       // seen: 1.365
  CHECK(loss < 1.4);       // seen: 1.365
  CHECK(rare < 3e-4);      // seen: 1.04e-4
  // The likelihood-ratio event a test can certify: the outputs of largest ratio Pr_D / Pr_D',
  // taken together while their ratio stays above e^1.2, have probability about 1e-3.
  std::vector<std::size_t> idx(d.size());
  for (std::size_t b = 0; b < d.size(); ++b) idx[b] = b;
  std::sort(idx.begin(), idx.end(), [&](auto a, auto b) { return d[a] / e[a] > d[b] / e[b]; });
  double pe = 0, pd = 0, best = 0;
  for (std::size_t b : idx) {
    pe += e[b], pd += d[b];
    if (std::log(pd / pe) > 1.2) best = pd;
  }
  CHECK(best > 5e-4);  // seen: 9.9e-4
}

TEST_CASE("every canary is caught, below its true loss") {
  // Halved Laplace: true loss 2 eps on every pair.
  AuditReport r = testing::audit_of("canary.halved_laplace", {}, {5000, 0, 0, 0.95});
  CHECK(r.violation());
  CHECK(r.eps_hat <= 2.0 + 1e-9);
  // The middle cell counted twice: true loss 2 eps on the pairs that change cell n / 2, which the
  // family holds at every size (the old three pairs missed it at size 8).
  for (std::size_t size : {4, 8}) {
    CAPTURE(size);
    r = testing::audit_of("canary.middle_double_count", {}, {5000, 0, 0, 0.95}, {size});
    CHECK(r.violation());
    CHECK(r.eps_hat <= 2.0 + 1e-9);
    CHECK_CONTAINS(r.best.pair, "(cell " + std::to_string(size / 2) + " +1)");
  }
  // The sparse vector: loss at most 1.37 eps, above eps only on outputs of probability below
  // 3e-4 each (above). A marginal violation (framework/audit/known_findings.hpp): at 50,000
  // search and 2 x 10^6 test runs per side the eps_hat lands either side of eps with the seed
  // (0.95-1.09, caught at 10 of seeds 7-20: results/summary/audit-seeds*.md), so
  // the verdict is not checked; the audit must get close to eps (a power check: below 0.85
  // it lost most of its sight of the rare outputs) and stay below the true loss (soundness).
  r = testing::audit_of("canary.sparse_vector", {}, {50000, 2000000, 0, 0.95});
  MESSAGE("canary.sparse_vector: " << std::string(r.violation() ? "caught" : "not caught") << " at this seed, eps_hat " << r.eps_hat);
  CHECK(r.eps_hat > 0.85);
  CHECK(r.eps_hat <= 1.37);
  // The paper's sensitivity-1 k-means sums at the default d = 2: loss up to 1.5 eps, beyond eps
  // only where a centroid lies far out. 100,000 search runs: eps_hat 1.09-1.13 at seeds 7-20
  // (results/summary/audit-seeds*.md); at 10,000 it was 0.97-1.02, caught at 2 of 5 seeds.
  r = testing::audit_of("budget_series.dp_kmeans_paper_sums", {}, {100000, 0, 0, 0.95});
  CHECK(r.violation());
  CHECK(r.eps_hat <= 1.5 + 1e-9);
}

}  // TEST_SUITE
