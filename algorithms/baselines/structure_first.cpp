#include "algorithms/baselines/structure_first.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace dplab::baselines {

std::uint32_t sf_buckets(std::uint32_t n, double k_ratio) {
  return static_cast<std::uint32_t>(std::ceil(static_cast<double>(n) * k_ratio));
}

double sf_eps1(std::uint32_t n, std::uint32_t k, double eps, double F) {
  const double step = eps / 20;  // DPBench's STEP_LEN
  double best = step, best_value = FLT_MAX;
  const double km1 = static_cast<double>(k) - 1, s = 2 * F + 1;
  for (double e = step; e < eps; e += step) {
    const double v = 8 * km1 * km1 * s * s / (e * (8 * km1 * s - e * n * F * F)) + 2.0 * k / ((eps - e) * (eps - e));
    if (v < best_value) best = e, best_value = v;
  }
  return best;
}

double VOptimalTable::sse(std::uint32_t lo, std::uint32_t hi) const {
  if (hi - lo <= 1) return 0;
  const double s = prefix[hi] - prefix[lo];
  return std::max(0.0, prefix_sq[hi] - prefix_sq[lo] - s * s / (hi - lo));
}

VOptimalTable v_optimal_table(std::span<const double> counts, std::uint32_t k) {
  VOptimalTable t;
  t.n = static_cast<std::uint32_t>(counts.size());
  t.k = k;
  if (t.n == 0 || k == 0 || k > t.n) throw Error("v_optimal_table: need 1 <= k <= n");
  t.prefix.assign(t.n + 1, 0.0);
  t.prefix_sq.assign(t.n + 1, 0.0);
  for (std::uint32_t i = 0; i < t.n; ++i) {
    t.prefix[i + 1] = t.prefix[i] + counts[i];
    t.prefix_sq[i + 1] = t.prefix_sq[i] + counts[i] * counts[i];
  }
  t.D.assign(std::size_t(k) * t.n, std::numeric_limits<double>::infinity());
  for (std::uint32_t i = 0; i < t.n; ++i) t.D[i] = t.sse(0, i + 1);
  // D[r][i] = min over j in [r-1, i-1] of D[r-1][j] + SSE[j+1, i] (i >= r), scanning j down from
  // i - 1 with an exact pruning: for every j' < j,
  //   D[r-1][j'] + SSE[j'+1, i] >= D[r-1][j'] + SSE[j'+1, j] + SSE[j+1, i] >= D[r][j] + SSE[j+1, i]
  // (splitting an interval never raises its SSE; D[r][j] is the least over j'), and D[r][j] is
  // already known: once that bound reaches the best value so far, no smaller j can beat it.
  for (std::uint32_t r = 1; r < k; ++r) {
    const double* prev = &t.D[std::size_t(r - 1) * t.n];
    double* row = &t.D[std::size_t(r) * t.n];
    for (std::uint32_t i = r; i < t.n; ++i) {
      double best = std::numeric_limits<double>::infinity();
      for (std::uint32_t j = i; j-- > r - 1;) {
        const double s = t.sse(j + 1, i + 1);
        best = std::min(best, prev[j] + s);
        if (row[j] + s >= best) break;  // row[r-1] is +infinity: the scan ends there
      }
      row[i] = best;
    }
  }
  return t;
}

std::vector<double> boundary_errors(const VOptimalTable& t, std::uint32_t r, std::uint32_t right) {
  if (r < 1 || r >= t.k || right <= r || right > t.n) throw Error("boundary_errors: need 1 <= r < k and r < right <= n");
  std::vector<double> e(right - r);
  for (std::uint32_t j = r; j < right; ++j) e[j - r] = t.at(r - 1, j - 1) + t.sse(j, right);
  return e;
}

}  // namespace dplab::baselines
