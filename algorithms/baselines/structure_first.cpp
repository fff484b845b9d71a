#include "algorithms/baselines/structure_first.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
// GCC bug 105593: false maybe-uninitialized warnings from the AVX-512 intrinsics' headers (as in
// core/simd_avx512.cpp).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace dplab::baselines {
namespace {

// The scan for one entry D[r][i] of the V-optimal table: the least D[r-1][j] + SSE[j+1, i] over
// the starts j = i-1 down to r-1, with the exact pruning described at v_optimal_table. `prev` is
// row r-1, `row` row r (entries below i known), p / q the prefix sums and sums of squares. The
// SSE is VOptimalTable::sse written out: 0 for one cell (j = i - 1), else
// max(0, (q[i+1] - q[j+1]) - s * s / (i - j)) with s = p[i+1] - p[j+1].
//
// The starts are taken in blocks of kLanes from the top (i-1 .. i-8, then the next eight, ...),
// start i-1-8b-(7-L) in lane L of block b, and each lane keeps its own running minimum. The scan
// stops after the first block in which some start's bound D[r][j] + SSE[j+1, i] reaches its
// lane's minimum (which is at least the minimum over every start scanned, so the pruning stays
// exact), and returns the least of the lanes; a last block of fewer than eight starts is scanned
// whole. Eight lane minima rather than one running minimum let a vector of eight starts go on
// without a horizontal minimum per block (the chain that held the earlier four-start scan back).
// Every path computes these bits: the same IEEE operations on each candidate (no FMA) and
// minima, whose value does not depend on the order they are taken in (the candidates are finite
// or +infinity, never -0). tests/test_dpbench_1d_more.cpp compares the paths.
constexpr std::uint32_t kLanes = 8;

// One candidate: D[r-1][j] + SSE[j+1, i] (sse_of returns the SSE).
inline double sse_of(const double* p, const double* q, std::uint32_t i, std::uint32_t j) {
  if (i - j <= 1) return 0.0;
  const double sum = p[i + 1] - p[j + 1];
  return std::max(0.0, q[i + 1] - q[j + 1] - sum * sum / (i - j));
}

double entry_scalar(const double* prev, const double* row, const double* p, const double* q, std::uint32_t r,
                    std::uint32_t i) {
  double lane_min[kLanes];
  std::fill(lane_min, lane_min + kLanes, std::numeric_limits<double>::infinity());
  std::uint32_t top = i;  // the starts left to scan are top - 1 down to r - 1
  while (top - (r - 1) >= kLanes) {
    bool stop = false;
    for (std::uint32_t L = 0; L < kLanes; ++L) {
      const std::uint32_t j = top - kLanes + L;
      const double s = sse_of(p, q, i, j);
      lane_min[L] = std::min(lane_min[L], prev[j] + s);
      stop = stop || row[j] + s >= lane_min[L];
    }
    top -= kLanes;
    if (stop) return *std::min_element(lane_min, lane_min + kLanes);
  }
  double best = *std::min_element(lane_min, lane_min + kLanes);
  for (std::uint32_t j = r - 1; j < top; ++j) best = std::min(best, prev[j] + sse_of(p, q, i, j));
  return best;
}

#if defined(__x86_64__)
// The lanes' candidates and bounds of the block of starts lo .. lo+7, four at a time (AVX2).
// `first`: the block holds start i-1 (lane 7), whose SSE is 0 by definition.
__attribute__((target("avx2"))) inline bool block_avx2(const double* prev, const double* row, const double* p,
                                                       const double* q, std::uint32_t i, std::uint32_t lo,
                                                       bool first, __m256d& min_lo, __m256d& min_hi) {
  const __m256d p_hi = _mm256_set1_pd(p[i + 1]), q_hi = _mm256_set1_pd(q[i + 1]);
  const __m256d zero = _mm256_setzero_pd();
  int stop = 0;
  for (int half = 0; half < 2; ++half) {
    const std::uint32_t b = lo + 4 * static_cast<std::uint32_t>(half);
    // lane L: start b + L, interval [b + L + 1, i], length i - b - L.
    const __m256d len = _mm256_sub_pd(_mm256_set1_pd(static_cast<double>(i - b)), _mm256_set_pd(3, 2, 1, 0));
    const __m256d sum = _mm256_sub_pd(p_hi, _mm256_loadu_pd(p + b + 1));
    const __m256d sq = _mm256_sub_pd(q_hi, _mm256_loadu_pd(q + b + 1));
    __m256d sse = _mm256_max_pd(_mm256_sub_pd(sq, _mm256_div_pd(_mm256_mul_pd(sum, sum), len)), zero);
    if (first && half == 1) sse = _mm256_blend_pd(sse, zero, 0b1000);
    __m256d& m = half == 0 ? min_lo : min_hi;
    m = _mm256_min_pd(m, _mm256_add_pd(_mm256_loadu_pd(prev + b), sse));
    const __m256d bound = _mm256_add_pd(_mm256_loadu_pd(row + b), sse);
    stop |= _mm256_movemask_pd(_mm256_cmp_pd(bound, m, _CMP_GE_OQ));
  }
  return stop != 0;
}

__attribute__((target("avx2"))) double entry_avx2(const double* prev, const double* row, const double* p,
                                                  const double* q, std::uint32_t r, std::uint32_t i) {
  __m256d min_lo = _mm256_set1_pd(std::numeric_limits<double>::infinity()), min_hi = min_lo;
  std::uint32_t top = i;
  bool stop = false;
  while (!stop && top - (r - 1) >= kLanes) {
    stop = block_avx2(prev, row, p, q, i, top - kLanes, top == i, min_lo, min_hi);
    top -= kLanes;
  }
  alignas(32) double lanes[kLanes];
  _mm256_store_pd(lanes, min_lo);
  _mm256_store_pd(lanes + 4, min_hi);
  double best = *std::min_element(lanes, lanes + kLanes);
  if (!stop)
    for (std::uint32_t j = r - 1; j < top; ++j) best = std::min(best, prev[j] + sse_of(p, q, i, j));
  return best;
}

// The same, eight starts per vector (AVX-512F).
__attribute__((target("avx512f"))) double entry_avx512(const double* prev, const double* row, const double* p,
                                                       const double* q, std::uint32_t r, std::uint32_t i) {
  const __m512d p_hi = _mm512_set1_pd(p[i + 1]), q_hi = _mm512_set1_pd(q[i + 1]);
  const __m512d zero = _mm512_setzero_pd(), steps = _mm512_set_pd(7, 6, 5, 4, 3, 2, 1, 0);
  __m512d best = _mm512_set1_pd(std::numeric_limits<double>::infinity());
  std::uint32_t top = i;
  while (top - (r - 1) >= kLanes) {
    const std::uint32_t lo = top - kLanes;  // lane L: start lo + L, interval [lo + L + 1, i]
    const __m512d len = _mm512_sub_pd(_mm512_set1_pd(static_cast<double>(i - lo)), steps);
    const __m512d sum = _mm512_sub_pd(p_hi, _mm512_loadu_pd(p + lo + 1));
    const __m512d sq = _mm512_sub_pd(q_hi, _mm512_loadu_pd(q + lo + 1));
    __m512d sse = _mm512_max_pd(_mm512_sub_pd(sq, _mm512_div_pd(_mm512_mul_pd(sum, sum), len)), zero);
    if (top == i) sse = _mm512_mask_mov_pd(sse, 0x80, zero);  // start i - 1: one cell
    best = _mm512_min_pd(best, _mm512_add_pd(_mm512_loadu_pd(prev + lo), sse));
    const __m512d bound = _mm512_add_pd(_mm512_loadu_pd(row + lo), sse);
    top = lo;
    if (_mm512_cmp_pd_mask(bound, best, _CMP_GE_OQ) != 0) return _mm512_reduce_min_pd(best);
  }
  double least = _mm512_reduce_min_pd(best);
  for (std::uint32_t j = r - 1; j < top; ++j) least = std::min(least, prev[j] + sse_of(p, q, i, j));
  return least;
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
  // The vector paths compute the same bits (entry_avx2, entry_avx512); DPLAB_SIMD selects one.
  auto* entry = &entry_scalar;
#if defined(__x86_64__)
  if (simd::level() >= simd::Level::avx2) entry = &entry_avx2;
  if (simd::level() >= simd::Level::avx512) entry = &entry_avx512;
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
