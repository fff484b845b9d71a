#include "algorithms/baselines/structure_first.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dplab::baselines {
namespace {

// The scan for one entry D[r][i] of the V-optimal table: the least D[r-1][j] + SSE[j+1, i] over
// the starts j from `from` - 1 down to r - 1, starting from `best`, with the exact pruning
// described at v_optimal_table. `prev` is row r-1, `row` row r (entries below i known), p / q
// the prefix sums and sums of squares. The SSE is VOptimalTable::sse written out: 0 for one
// cell (j = i - 1), else max(0, (q[i+1] - q[j+1]) - s * s / (i - j)) with s = p[i+1] - p[j+1].
double scan_scalar(const double* prev, const double* row, const double* p, const double* q, std::uint32_t r,
                   std::uint32_t i, std::uint32_t from, double best) {
  for (std::uint32_t j = from; j-- > r - 1;) {
    double s = 0;
    if (i - j > 1) {
      const double sum = p[i + 1] - p[j + 1];
      s = std::max(0.0, q[i + 1] - q[j + 1] - sum * sum / (i - j));
    }
    best = std::min(best, prev[j] + s);
    if (row[j] + s >= best) break;  // row[r-1] is +infinity: the scan ends there
  }
  return best;
}

double entry_scalar(const double* prev, const double* row, const double* p, const double* q, std::uint32_t r,
                    std::uint32_t i) {
  return scan_scalar(prev, row, p, q, r, i, i, std::numeric_limits<double>::infinity());
}

#if defined(__x86_64__)
// The same scan, four starts at a time. The candidates are taken in the scalar order (start j
// down): the running minimum after start j is the least of `best` and the candidates from the
// block's top down to j (a suffix minimum over the lanes), and the scan stops at the first
// start, from the top, whose bound reaches its running minimum, returning that minimum. The
// candidates are finite or +infinity and never -0, so a minimum's value does not depend on the
// order it is taken in: the scalar scan's bits (the same IEEE operations, no FMA), up to three
// SSEs past the stop computed and ignored. tests/test_dpbench_1d_more.cpp compares the paths.
__attribute__((target("avx2"))) double entry_avx2(const double* prev, const double* row, const double* p,
                                                  const double* q, std::uint32_t r, std::uint32_t i) {
  // j = i - 1: one cell, SSE 0.
  double best = std::min(std::numeric_limits<double>::infinity(), prev[i - 1] + 0.0);
  if (row[i - 1] + 0.0 >= best || i - 1 == r - 1) return best;
  const __m256d p_hi = _mm256_set1_pd(p[i + 1]), q_hi = _mm256_set1_pd(q[i + 1]);
  const __m256d zero = _mm256_setzero_pd();
  __m256d best4 = _mm256_set1_pd(best);
  std::uint32_t j = i - 1;  // the starts left to scan are j - 1 down to r - 1
  while (j >= r + 3) {      // four starts j - 4 .. j - 1, all >= r - 1
    const std::uint32_t lo = j - 4;
    // lane L: start lo + L, interval [lo + L + 1, i], length i - lo - L.
    const __m256d len = _mm256_sub_pd(_mm256_set1_pd(static_cast<double>(i - lo)), _mm256_set_pd(3, 2, 1, 0));
    const __m256d sum = _mm256_sub_pd(p_hi, _mm256_loadu_pd(p + lo + 1));
    const __m256d sq = _mm256_sub_pd(q_hi, _mm256_loadu_pd(q + lo + 1));
    const __m256d sse = _mm256_max_pd(_mm256_sub_pd(sq, _mm256_div_pd(_mm256_mul_pd(sum, sum), len)), zero);
    __m256d run = _mm256_add_pd(_mm256_loadu_pd(prev + lo), sse);
    const __m256d bound = _mm256_add_pd(_mm256_loadu_pd(row + lo), sse);
    // lane L <- min of lanes L .. 3 (the block's own), then of best; the block's least, in
    // every lane, is the next best (one minimum on the chain from block to block).
    run = _mm256_min_pd(run, _mm256_permute4x64_pd(run, _MM_SHUFFLE(3, 3, 2, 1)));
    run = _mm256_min_pd(run, _mm256_permute4x64_pd(run, _MM_SHUFFLE(3, 3, 3, 2)));
    const __m256d least = _mm256_permute4x64_pd(run, _MM_SHUFFLE(0, 0, 0, 0));
    run = _mm256_min_pd(run, best4);
    const int stop = _mm256_movemask_pd(_mm256_cmp_pd(bound, run, _CMP_GE_OQ));
    if (stop != 0) {
      alignas(32) double lanes[4];
      _mm256_store_pd(lanes, run);
      return lanes[31 - __builtin_clz(static_cast<unsigned>(stop))];  // the topmost stopping start
    }
    best4 = _mm256_min_pd(least, best4);
    j = lo;
  }
  return scan_scalar(prev, row, p, q, r, i, j, _mm256_cvtsd_f64(best4));  // the last 0-3 starts
}
#endif

}  // namespace

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
  // The vector path computes the same bits (entry_avx2); DPLAB_SIMD=scalar selects the other.
  auto* entry = &entry_scalar;
#if defined(__x86_64__)
  if (simd::level() >= simd::Level::avx2) entry = &entry_avx2;
#endif
  const double* p = t.prefix.data();
  const double* q = t.prefix_sq.data();
  for (std::uint32_t r = 1; r < k; ++r) {
    const double* prev = &t.D[std::size_t(r - 1) * t.n];
    double* row = &t.D[std::size_t(r) * t.n];
    for (std::uint32_t i = r; i < t.n; ++i) row[i] = entry(prev, row, p, q, r, i);
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
