#include "algorithms/clustering/assign.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "algorithms/clustering/assign_kernels.hpp"
#include "core/error.hpp"
#include "core/simd.hpp"

namespace dplab::clustering {

namespace {

// The direct formula: the centroid minimising sum_j (p_j - c_j)^2, the lowest index on ties.
// D known at compile time for the papers' dimensions (2-D to 4-D sets, lu_thesis's 10-D
// Lifesci); soa[j * k + c] is coordinate j of centroid c, so the loop over clusters vectorises.
template <std::size_t D>
std::size_t nearest_fixed(const double* p, const double* soa, std::size_t k) {
  double dist[256];
  for (std::size_t c = 0; c < k; ++c) {
    double s = 0;
    for (std::size_t j = 0; j < D; ++j) {
      const double diff = p[j] - soa[j * k + c];
      s += diff * diff;
    }
    dist[c] = s;
  }
  std::size_t best = 0;
  double best_d = dist[0];
  for (std::size_t c = 1; c < k; ++c)
    if (dist[c] < best_d) { best_d = dist[c]; best = c; }
  return best;
}

std::size_t nearest_any(const double* p, std::size_t d, const double* centroids, std::size_t k) {
  std::size_t best = 0;
  double best_d = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < k; ++c) {
    double s = 0;
    for (std::size_t j = 0; j < d; ++j) {
      const double diff = p[j] - centroids[c * d + j];
      s += diff * diff;
    }
    if (s < best_d) { best_d = s; best = c; }
  }
  return best;
}

using Nearest = std::size_t (*)(const double* p, std::size_t d, const double* soa, const double* centroids,
                                std::size_t k);
template <std::size_t D>
std::size_t nearest_fixed_adapter(const double* p, std::size_t, const double* soa, const double*, std::size_t k) {
  return nearest_fixed<D>(p, soa, k);
}
std::size_t nearest_any_adapter(const double* p, std::size_t d, const double*, const double* c, std::size_t k) {
  return nearest_any(p, d, c, k);
}

Nearest direct_for(std::size_t d, std::size_t k) {
  if (k <= 256) {
    switch (d) {
      case 1: return nearest_fixed_adapter<1>;
      case 2: return nearest_fixed_adapter<2>;
      case 3: return nearest_fixed_adapter<3>;
      case 4: return nearest_fixed_adapter<4>;
      case 10: return nearest_fixed_adapter<10>;
      default: break;
    }
  }
  return nearest_any_adapter;
}

template <std::size_t D>
void assign_fixed(const double* x, std::size_t n, const double* soa, std::size_t k, std::int32_t* labels,
                  double* sums, double* counts) {
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * D;
    const std::size_t best = nearest_fixed<D>(p, soa, k);
    labels[i] = static_cast<std::int32_t>(best);
    counts[best] += 1;
    for (std::size_t j = 0; j < D; ++j) sums[best * D + j] += p[j];
  }
}

void assign_direct(const double* x, std::size_t n, std::size_t d, const double* soa, const double* centroids,
                   std::size_t k, std::int32_t* labels, double* sums, double* counts) {
  if (!sums) {  // the exact path: labels only
    const Nearest nearest = direct_for(d, k);
    for (std::size_t i = 0; i < n; ++i)
      labels[i] = static_cast<std::int32_t>(nearest(x + i * d, d, soa, centroids, k));
    return;
  }
  if (k <= 256) {
    switch (d) {
      case 1: return assign_fixed<1>(x, n, soa, k, labels, sums, counts);
      case 2: return assign_fixed<2>(x, n, soa, k, labels, sums, counts);
      case 3: return assign_fixed<3>(x, n, soa, k, labels, sums, counts);
      case 4: return assign_fixed<4>(x, n, soa, k, labels, sums, counts);
      case 10: return assign_fixed<10>(x, n, soa, k, labels, sums, counts);
      default: break;
    }
  }
  const Nearest nearest = direct_for(d, k);
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * d;
    const std::size_t best = nearest(p, d, soa, centroids, k);
    labels[i] = static_cast<std::int32_t>(best);
    counts[best] += 1;
    for (std::size_t j = 0; j < d; ++j) sums[best * d + j] += p[j];
  }
}

// Adds point p to its cluster's sums. For d = 2 one SSE2 add of both coordinates: lane-wise the
// same IEEE addition as two scalar adds, so the same bits.
template <std::size_t D>
inline void add_point(double* sum, const double* p, std::size_t d) {
#if defined(__SSE2__)
  if constexpr (D == 2) {
    _mm_storeu_pd(sum, _mm_add_pd(_mm_loadu_pd(sum), _mm_loadu_pd(p)));
    return;
  }
#endif
  for (std::size_t j = 0; j < d; ++j) sum[j] += p[j];
}

// The centroids as the vector kernels take them: centred on their mean o (the scores are
// translation invariant, and centring keeps single precision useful for data far from the
// origin), -2 c' and ||c'||^2 in float, and the certificate's two constants.
struct KernelCentroids {
  const float* mc = nullptr;  // k x d: -2 fl32(c - o)
  const float* cn = nullptr;  // k: fl32(||c - o||^2)
  double origin[16] = {};
  float tau_scale = 0, tau_base = 0;
};

// The certificate (why a point the kernel ranks with a large enough gap needs no recomputation).
// With x' = x - o, c' = c - o exactly, u = 2^-24 and gamma_n = 1.01 n 2^-53:
// - the kernel's score of centroid c is within E_k = 2 (d + 5) u (||x'||^2 + ||c'||^2) of the
//   exact ||c'||^2 - 2 x'.c': rounding x', c' and ||c'||^2 to float perturbs the terms by at most
//   4.1 u of (||x'|| + ||c'||)^2, the chain of d FMAs by gamma_d (Higham, eq. 3.5), and
//   (||x'|| + ||c'||)^2 <= 2 (||x'||^2 + ||c'||^2);
// - the direct formula's distance sum_j (x_j - c_j)^2 is within E_d = gamma_{d+2} ||x - c||^2
//   <= 2 gamma_{d+2} (||x'||^2 + ||c'||^2) of the exact one (x - c = x' - c');
// - exact distances and exact scores differ by ||x'||^2, the same for every centroid.
// So a gap between the kernel's two best scores above 2 E_k + 2 E_d, i.e. above
// T = (4 (d + 5) u + 4 gamma_{d+2}) (||x'||^2 + max ||c'||^2), proves the direct formula picks the
// kernel's centroid, strictly. The kernel tests gap > tau_scale ||x'||^2 + tau_base with both
// coefficients doubled (for the rounding of ||x'||^2, of tau and of the gap themselves) and an
// absolute 2^-100 for underflow (relative bounds fail below float's normal range; flush-to-zero
// errors are below 2^-126 (1 + ||c'||^2)). Points that fail, or with ||x'||^2 >= kNormLimit
// (float overflow), are recomputed directly; centroids with ||c'||^2 >= kNormLimit send the whole
// pass to the direct formula.
// The origin o is the centroids' mean, or the prepared points' origin (any o will do: the bound
// holds for every o, and it only decides how many points are recomputed).
// A kernel that tags its scores with the centroid's index (tag_bits > 0, assign_kernels.hpp)
// moves each by E_t < 2^tag_bits ulps <= 2^(tag_bits - 23) |score|, and |score| <=
// 2 (||x'||^2 + ||c'||^2) (1 + 2^-20): T grows by 2 E_t, i.e. by 1.01 2^(tag_bits - 21) of the
// same norms.
bool kernel_centroids(const double* centroids, std::size_t k, std::size_t d, std::vector<float>& buffer,
                      KernelCentroids& out, const PointBlocks* blocks, int tag_bits) {
  for (std::size_t j = 0; j < d; ++j) {
    double mean = 0;
    for (std::size_t c = 0; c < k && !blocks; ++c) mean += centroids[c * d + j];
    out.origin[j] = blocks ? blocks->origin[j] : mean / static_cast<double>(k);
  }
  buffer.resize(k * d + k);
  float* mc = buffer.data();
  float* cn = mc + k * d;
  double cmax2 = 0;
  for (std::size_t c = 0; c < k; ++c) {
    double norm = 0;
    for (std::size_t j = 0; j < d; ++j) {
      const double v = centroids[c * d + j] - out.origin[j];
      mc[c * d + j] = -2.0f * static_cast<float>(v);  // the doubling is exact
      norm += v * v;
    }
    cn[c] = static_cast<float>(norm);
    cmax2 = std::max(cmax2, norm);
  }
  if (!(cmax2 < kernels::kNormLimit)) return false;  // NaN, infinite or too large
  const double u = 0x1.0p-24, gamma = 1.01 * static_cast<double>(d + 2) * 0x1.0p-53;
  const double tag = tag_bits > 0 ? 1.01 * std::ldexp(1.0, tag_bits - 21) : 0.0;
  const double coefficient = 2.0 * (4.0 * static_cast<double>(d + 5) * u + 4.0 * gamma + tag);
  out.mc = mc;
  out.cn = cn;
  out.tau_scale = static_cast<float>(coefficient);
  out.tau_base = static_cast<float>(coefficient * cmax2 + 0x1.0p-100);
  return true;
}

// Centres block `start` of the points on `origin` and transposes it into float rows (a last
// partial block padded with zeros): the layout of the kernels and of PointBlocks.
void transpose_block(const double* x, std::size_t n, std::size_t d, std::size_t start, const double* origin,
                     float* rows) {
  using kernels::kBlock;
  const std::size_t m = std::min(kBlock, n - start);
  const double* block = x + start * d;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < d; ++j) rows[j * kBlock + i] = static_cast<float>(block[i * d + j] - origin[j]);
  for (std::size_t i = m; i < kBlock; ++i)
    for (std::size_t j = 0; j < d; ++j) rows[j * kBlock + i] = 0.0f;
}

// Blocks of kernels::kBlock points: centred and transposed into float rows (or taken from
// `prepared`, the PointBlocks rows), ranked by the kernel, uncertain points recomputed directly.
// visit(i, p, b) then sees the points in order, each with the direct formula's nearest centroid b.
// Inlined into each caller so that the visitor's running values stay in registers. A caller
// whose visit only stores labels[i] = b passes `labels_only`: a block whose ranks are all
// certain is then copied whole (the same labels, without a call a point).
template <std::size_t D, class Visit>
[[gnu::always_inline]] inline void for_each_nearest(const double* x, std::size_t n, std::size_t d_any,
                                                    const double* soa, const double* centroids, std::size_t k,
                                                    const KernelCentroids& kc, simd::Level level,
                                                    const float* prepared, Visit&& visit,
                                                    std::int32_t* labels_only = nullptr) {
  using kernels::kBlock;
  const std::size_t d = D ? D : d_any;
  const Nearest direct = direct_for(d, k);
  alignas(64) float xt[kBlock * 16];  // d <= 16 on this path
  alignas(64) std::int32_t best[kBlock];
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t m = std::min(kBlock, n - start);
    const double* block = x + start * d;
    const float* rows = xt;
    if (prepared) rows = prepared + start * d;  // block start / kBlock, d rows of kBlock each
    else transpose_block(x, n, d, start, kc.origin, xt);
    const std::uint64_t uncertain =
        level == simd::Level::avx512
            ? kernels::nearest_avx512(rows, d, kc.mc, kc.cn, k, kc.tau_scale, kc.tau_base, best)
            : kernels::nearest_avx2(rows, d, kc.mc, kc.cn, k, kc.tau_scale, kc.tau_base, best);
    if (labels_only && uncertain == 0) {  // a visit that only stores labels, and every rank certain
      std::memcpy(labels_only + start, best, m * sizeof(std::int32_t));
      continue;
    }
    for (std::size_t i = 0; i < m; ++i) {
      const double* p = block + i * d;
      std::size_t b = static_cast<std::size_t>(best[i]);
      if ((uncertain >> i) & 1u) [[unlikely]] b = direct(p, d, soa, centroids, k);
      visit(start + i, p, b);
    }
  }
}

// Sums are added in point order, as the direct path adds them, so they are bit-identical;
// counts go to four partial tallies (blocks start at multiples of 4, so i & 3 cycles as before).
// Without `sums` (the exact path, which adds afterwards) only the labels.
template <std::size_t D>
void assign_blocked(const double* x, std::size_t n, std::size_t d_any, const double* soa, const double* centroids,
                    std::size_t k, const KernelCentroids& kc, simd::Level level, const float* prepared,
                    std::int32_t* labels, double* sums, double* partial_counts) {
  const std::size_t d = D ? D : d_any;
  if (!sums) {
    for_each_nearest<D>(x, n, d, soa, centroids, k, kc, level, prepared,
                        [&](std::size_t i, const double*, std::size_t b) { labels[i] = static_cast<std::int32_t>(b); },
                        labels);
    return;
  }
  for_each_nearest<D>(x, n, d, soa, centroids, k, kc, level, prepared, [&](std::size_t i, const double* p, std::size_t b) {
    labels[i] = static_cast<std::int32_t>(b);
    partial_counts[(i & 3) * k + b] += 1;
    add_point<D>(sums + b * d, p, d);
  });
}

// The squared distance sum_j (p_j - q_j)^2, in the order the direct formula uses, so its values
// are that formula's.
template <std::size_t D>
double distance(const double* p, const double* q, std::size_t d_any) {
  const std::size_t d = D ? D : d_any;
  double s = 0;
  for (std::size_t t = 0; t < d; ++t) {
    const double diff = p[t] - q[t];
    s += diff * diff;
  }
  return s;
}

// Point p's least distance over the k centroids c, NaN distances skipped (std::min keeps the
// running value; infinity when all are NaN).
template <std::size_t D>
double least_distance(const double* p, const double* c, std::size_t d, std::size_t k) {
  double s = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < k; ++j) s = std::min(s, distance<D>(p, c + j * d, d));
  return s;
}

// A point's term of the cost: the distance to its nearest centroid b (the direct formula's
// argmin, so the minimum distance bit for bit); only a NaN distance (a NaN coordinate) needs
// the full minimum.
template <std::size_t D>
[[gnu::always_inline]] inline double cost_term(const double* p, const double* c, std::size_t d, std::size_t k, std::size_t b) {
  const double s = distance<D>(p, c + b * d, d);
  if (s != s) [[unlikely]] return least_distance<D>(p, c, d, k);
  return s;
}

// The cost's terms are added in kCostLanes running sums, point i to sum i mod kCostLanes, then
// the sums pairwise ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)): results version 2. One sum
// in point order (version 1) made each point wait for the previous point's addition (4 cycles,
// most of a PrivGene candidate's cost); eight independent sums do not, and the order is the same
// on every path (blocked or direct, any vector unit), so the bits are too.
constexpr std::size_t kCostLanes = 8;

struct CostLanes {
  double s[kCostLanes] = {};
  double total() const { return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7])); }
};

template <std::size_t D>
double cost_blocked(const double* x, std::size_t n, std::size_t d_any, const double* soa, const double* centroids,
                    std::size_t k, const KernelCentroids& kc, simd::Level level, const float* prepared,
                    const double* exact_rows) {
  using kernels::kBlock;
  const std::size_t d = D ? D : d_any;
  const Nearest direct = direct_for(d, k);
  alignas(64) float xt[kBlock * 16];  // d <= 16 on this path
  alignas(64) std::int32_t best[kBlock];
  CostLanes lanes;
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t m = std::min(kBlock, n - start);
    const double* block = x + start * d;
    const float* rows = xt;
    if (prepared) rows = prepared + start * d;
    else transpose_block(x, n, d, start, kc.origin, xt);
    std::uint64_t uncertain =
        level == simd::Level::avx512
            ? kernels::nearest_avx512(rows, d, kc.mc, kc.cn, k, kc.tau_scale, kc.tau_base, best)
            : kernels::nearest_avx2(rows, d, kc.mc, kc.cn, k, kc.tau_scale, kc.tau_base, best);
    if (m < kBlock) uncertain &= (std::uint64_t{1} << m) - 1;
    while (uncertain) {  // the few points whose ranking was within the rounding bound
      const std::size_t i = static_cast<std::size_t>(__builtin_ctzll(uncertain));
      uncertain &= uncertain - 1;
      best[i] = static_cast<std::int32_t>(direct(block + i * d, d, soa, centroids, k));
    }
    // Blocks start at multiples of kCostLanes, so point i's lane is i mod kCostLanes here too.
    // Whole groups: four points per AVX2 vector (the same operations, so the same bits) for
    // d = 2, and for other d from the prepared blocks' exact rows when k <= 8; otherwise
    // unrolled so that the eight sums stay in registers.
    std::size_t q = 0;
#if defined(__x86_64__)
    if constexpr (D == 2) {  // this path runs at the AVX2 or AVX-512 level only (use_kernel)
      const std::size_t groups = m / kCostLanes;
      kernels::cost_terms_avx2_d2(block, centroids, k, best, groups, lanes.s);
      q = groups * kCostLanes;
    } else if (exact_rows && k <= kernels::kRowsMaxK) {  // prepared points, four a vector
      const std::size_t groups = m / kCostLanes;
      kernels::cost_terms_avx2_rows(exact_rows + start * d, d, soa, k, block, centroids, best, groups, lanes.s);
      q = groups * kCostLanes;
    }
#endif
    for (; q + kCostLanes <= m; q += kCostLanes) {
#pragma GCC unroll 8
      for (std::size_t l = 0; l < kCostLanes; ++l)
        lanes.s[l] += cost_term<D>(block + (q + l) * d, centroids, d, k, static_cast<std::size_t>(best[q + l]));
    }
    for (std::size_t l = 0; q + l < m; ++l)
      lanes.s[l] += cost_term<D>(block + (q + l) * d, centroids, d, k, static_cast<std::size_t>(best[q + l]));
  }
  return lanes.total();
}

// The cost from each point's least distance over the centroids (kernels::least_terms_avx2 on
// the prepared exact rows, the scalar minimum for a block's last points): no labels needed, the
// same terms in the same lanes as cost_blocked's, so the same bits.
template <std::size_t D>
double cost_least(const double* x, std::size_t n, std::size_t d_any, const double* centroids, std::size_t k,
                  const double* exact_rows) {
  using kernels::kBlock;
  const std::size_t d = D ? D : d_any;
  CostLanes lanes;
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t m = std::min(kBlock, n - start);
    const std::size_t groups = m / kCostLanes;
#if defined(__x86_64__)
    kernels::least_terms_avx2(exact_rows + start * d, d, centroids, k, groups, lanes.s);
#endif
    for (std::size_t q = groups * kCostLanes; q < m; ++q)
      lanes.s[q % kCostLanes] += least_distance<D>(x + (start + q) * d, centroids, d, k);
  }
  return lanes.total();
}

// Whether cost_least costs less than ranking the centroids and then computing each label's
// distance (cost_blocked): it computes all k distances in double, four points a vector, against
// the ranking's eight in single precision plus one exact distance and the certificate. Measured
// with bench_kmeans's BM_KmeansCostPaths (12,000 points, this project's AVX2 machine, 2026-11-27,
// medians of 5; results/summary/bench-kmeans-cost-paths-2026-11-27.txt): least 1.3-2.5x faster
// at (d, k) = (2, 3..8), (3, 3..5), (10, 3), (16, 3); as fast or slower at (2, 15), (10, 5),
// (10, 8), (16, 8).
bool least_pays(std::size_t d, std::size_t k) { return k <= 8 && k * d <= 48; }

template <std::size_t D>
double cost_direct(const double* x, std::size_t n, std::size_t d_any, const double* soa, const double* centroids,
                   std::size_t k) {
  const std::size_t d = D ? D : d_any;
  const Nearest direct = direct_for(d, k);
  CostLanes lanes;
  for (std::size_t i = 0; i < n; ++i) {
    const double* p = x + i * d;
    lanes.s[i % kCostLanes] += cost_term<D>(p, centroids, d, k, direct(p, d, soa, centroids, k));
  }
  return lanes.total();
}

// The centroids in structure-of-arrays order (soa[j * k + c] = coordinate j of centroid c), for
// the direct formula and the exact cost terms (which read whole vectors: kSoaPad zeros after).
double* structure_of_arrays(const std::vector<double>& centroids, std::size_t k, std::size_t d,
                            std::vector<double>& scratch) {
  scratch.assign(k * d + kernels::kSoaPad, 0.0);
  double* soa = scratch.data();
  for (std::size_t c = 0; c < k; ++c)
    for (std::size_t j = 0; j < d; ++j) soa[j * k + c] = centroids[c * d + j];
  return soa;
}

// From k = 2 on the kernel beats the direct formula (bench_kmeans: k = 3 on Birch3, 0.32 against
// 0.43 ms a pass); d <= 16 bounds the block buffer; the kernel carries centroid indices as
// floats, exact below 2^24.
bool use_kernel(simd::Level level, std::size_t d, std::size_t k) {
  return level != simd::Level::scalar && d <= 16 && k >= 2 && k < (std::size_t{1} << 24);
}

// The bits of the index in the kernel's scores at this level (the AVX-512 kernel does not tag).
int tag_bits(simd::Level level, std::size_t k) {
  return level == simd::Level::avx2 ? kernels::avx2_tag_bits(k) : 0;
}

// The prepared blocks of `data`, or null when none are given.
const PointBlocks* checked(const PointBlocks* blocks, const PointSet& data) {
  if (blocks && (blocks->x != data.x.data() || blocks->n != data.n || blocks->d != data.d))
    throw Error("k-means assignment: the prepared point blocks are of other data (prepare_blocks of this run's data)");
  return blocks;
}

// The prepared rows of `data`, or null (none given, or the kernels do not apply to them).
const PointBlocks* usable(const PointBlocks* blocks, const PointSet& data) {
  blocks = checked(blocks, data);
  return blocks && !blocks->rows.empty() ? blocks : nullptr;
}

// Bit i set where a[i] != b[i], for i < m <= 64 (four labels per SSE2 compare).
inline std::uint64_t changed_labels(const std::int32_t* a, const std::int32_t* b, std::size_t m) {
  std::uint64_t mask = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  for (; i + 4 <= m; i += 4) {
    const __m128i eq = _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)),
                                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i)));
    mask |= static_cast<std::uint64_t>(~_mm_movemask_ps(_mm_castsi128_ps(eq)) & 0xF) << i;
  }
#endif
  for (; i < m; ++i) mask |= static_cast<std::uint64_t>(a[i] != b[i]) << i;
  return mask;
}

// Moves point i (fixed-point coordinates f) from cluster `from` (-1: none) to cluster `to`.
inline void move_point(const Fixed* f, std::size_t d, std::int32_t from, std::int32_t to, Fixed* sums,
                       std::int64_t* counts) {
  if (from >= 0) {
    Fixed* s = sums + static_cast<std::size_t>(from) * d;
    for (std::size_t j = 0; j < d; ++j) s[j] -= f[j];
    --counts[from];
  }
  Fixed* s = sums + static_cast<std::size_t>(to) * d;
  for (std::size_t j = 0; j < d; ++j) s[j] += f[j];
  ++counts[to];
}

// The exact sums and counts of acc.labels (exact_sums.hpp): from the previous pass's when it was
// on the same prepared blocks with the same k (only the points whose label changed move), from
// zero otherwise; then their doubles in acc.sums and acc.counts.
void accumulate_exact(const PointSet& data, std::size_t k, const PointBlocks& blocks, Accumulators& acc) {
  const std::size_t n = data.n, d = data.d;
  // kExactCopies partial sums and counts per cluster, point i's moves in copy i mod kExactCopies:
  // consecutive changed points in one cluster then update different memory, not one chain of
  // dependent read-modify-writes (most of a DP k-means pass, where noise moves many points).
  // Exact integers, so the copies' total is the same whichever copy a point went to.
  const std::size_t copies = kExactCopies;
  const bool delta = acc.exact_blocks == blocks.id && acc.exact_counts.size() == copies * k &&
                     acc.exact_labels.size() == n && acc.exact_sums.size() == copies * k * d;
  if (!delta) {
    acc.exact_sums.assign(copies * k * d, 0);
    acc.exact_counts.assign(copies * k, 0);
    acc.exact_labels.assign(n, -1);
  }
  acc.exact_blocks = blocks.id;
  std::int32_t* previous = acc.exact_labels.data();
  const std::int32_t* labels = acc.labels.data();
  if (delta) {
    // When more than half the points changed cluster (the first passes, or noisy centroids),
    // adding every point from zero costs less than moving the changed ones (two updates each)
    // and reads the coordinates in order. The same integers either way.
    std::size_t moved = 0;
    for (std::size_t start = 0; start < n; start += 64)
      moved += static_cast<std::size_t>(
          __builtin_popcountll(changed_labels(labels + start, previous + start, std::min<std::size_t>(64, n - start))));
    if (2 * moved > n) {
      std::fill(acc.exact_sums.begin(), acc.exact_sums.end(), Fixed{0});
      std::fill(acc.exact_counts.begin(), acc.exact_counts.end(), 0);
      std::fill(acc.exact_labels.begin(), acc.exact_labels.end(), -1);
    }
  }
  // The points of each run of 64 whose label changed, found without a branch per point (in a
  // late Lloyd iteration few change, and which ones is unpredictable). Their coordinates are
  // scattered 16-byte integers the hardware prefetcher does not follow: those of the next run
  // are fetched while this run's move, every cache line of each point (a 10-D point's 160 bytes
  // span three lines).
  const Fixed* fixed = blocks.fixed.data();
  const std::size_t point_bytes = d * sizeof(Fixed);
  auto changed_in = [&](std::size_t start) {
    if (start >= n) return std::uint64_t{0};
    const std::uint64_t changed = changed_labels(labels + start, previous + start, std::min<std::size_t>(64, n - start));
    for (std::uint64_t c = changed; c; c &= c - 1) {
      const char* p = reinterpret_cast<const char*>(fixed + (start + static_cast<std::size_t>(__builtin_ctzll(c))) * d);
      for (std::size_t b = 0; b < point_bytes; b += 64) __builtin_prefetch(p + b);
      __builtin_prefetch(p + point_bytes - 1);  // the last line, when the point does not start one
    }
    return changed;
  };
  std::uint64_t next = changed_in(0);
  for (std::size_t start = 0; start < n; start += 64) {
    std::uint64_t changed = next;
    next = changed_in(start + 64);
    for (; changed; changed &= changed - 1) {
      const std::size_t i = start + static_cast<std::size_t>(__builtin_ctzll(changed));
      const std::size_t copy = i % copies;
      move_point(fixed + i * d, d, previous[i], labels[i], acc.exact_sums.data() + copy * k * d,
                 acc.exact_counts.data() + copy * k);
      previous[i] = labels[i];
    }
  }
  for (std::size_t c = 0; c < k; ++c) {
    std::int64_t count = 0;
    for (std::size_t q = 0; q < copies; ++q) count += acc.exact_counts[q * k + c];
    acc.counts[c] = static_cast<double>(count);
    for (std::size_t j = 0; j < d; ++j) {
      Fixed sum = 0;
      for (std::size_t q = 0; q < copies; ++q) sum += acc.exact_sums[(q * k + c) * d + j];
      acc.sums[c * d + j] = from_fixed(sum, blocks.scale.low[j]);
    }
  }
}

}  // namespace

void prepare_blocks(const PointSet& data, PointBlocks& out) {
  using kernels::kBlock;
  static std::atomic<std::uint64_t> next_id{1};
  const std::size_t n = data.n, d = data.d;
  out.x = data.x.data();
  out.n = n;
  out.d = d;
  out.id = next_id.fetch_add(1);
  out.rows.clear();
  out.exact_rows.clear();
  out.fixed.clear();
  fixed_point_scale(data, out.scale);
  if (out.scale.exact) {
    out.fixed.resize(n * d);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < d; ++j) out.fixed[i * d + j] = to_fixed(data.x[i * d + j], out.scale.low[j]);
  }
  if (!use_kernel(simd::level(), d, 2) || n == 0) return;
  // The origin: the mean of each coordinate's finite values (a NaN or infinite coordinate must
  // not spoil every point's centring; that point alone is recomputed directly).
  for (std::size_t j = 0; j < d; ++j) {
    double sum = 0, count = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (std::isfinite(data.x[i * d + j])) { sum += data.x[i * d + j]; count += 1; }
    out.origin[j] = count > 0 && std::isfinite(sum / count) ? sum / count : 0.0;
  }
  out.rows.resize((n + kBlock - 1) / kBlock * kBlock * d);
  for (std::size_t start = 0; start < n; start += kBlock)
    transpose_block(data.x.data(), n, d, start, out.origin, out.rows.data() + start * d);
  out.exact_rows.resize(out.rows.size());
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t m = std::min(kBlock, n - start);
    double* rows = out.exact_rows.data() + start * d;
    for (std::size_t i = 0; i < kBlock; ++i)
      for (std::size_t j = 0; j < d; ++j) rows[j * kBlock + i] = i < m ? data.x[(start + i) * d + j] : 0.0;
  }
}

DataPrint fingerprint(const PointSet& data) {
  DataPrint p;
  for (std::size_t i = 0; i < data.x.size(); ++i) {
    std::uint64_t w;
    std::memcpy(&w, &data.x[i], sizeof w);
    p.plain += w;
    p.weighted += w * (2 * i + 1);
  }
  return p;
}

void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks) {
  const std::size_t n = data.n, d = data.d;
  acc.labels.resize(n);
  acc.sums.assign(k * d, 0.0);
  acc.counts.assign(k, 0.0);
  const double* soa = structure_of_arrays(centroids, k, d, scratch);
  const simd::Level level = simd::level();
  KernelCentroids kc;
  // Without blocks from the caller, the accumulators' own, prepared again only when the data
  // differ from the last pass's (a pass of fingerprint() is cheaper than converting every point).
  if (!checked(blocks, data)) {
    const DataPrint print = fingerprint(data);
    if (acc.own_blocks.id == 0 || acc.own_blocks.x != data.x.data() || acc.own_blocks.n != n ||
        acc.own_blocks.d != d || !(acc.own_print == print)) {
      prepare_blocks(data, acc.own_blocks);
      acc.own_print = print;
    }
    blocks = &acc.own_blocks;
  }
  const PointBlocks* prepared = usable(blocks, data);
  // Exact sums: the pass below only labels, accumulate_exact adds. Otherwise (data the fixed
  // point cannot hold) version 1's doubles in point order.
  double* sums = blocks->scale.exact ? nullptr : acc.sums.data();
  if (use_kernel(level, d, k) &&
      kernel_centroids(centroids.data(), k, d, acc.kernel_centroids, kc, prepared, tag_bits(level, k))) {
    const float* rows = prepared ? prepared->rows.data() : nullptr;
    acc.partial_counts.assign(4 * k, 0.0);
    double* tally = acc.partial_counts.data();
    const double* x = data.x.data();
    switch (d) {
      case 2: assign_blocked<2>(x, n, d, soa, centroids.data(), k, kc, level, rows, acc.labels.data(), sums, tally); break;
      case 3: assign_blocked<3>(x, n, d, soa, centroids.data(), k, kc, level, rows, acc.labels.data(), sums, tally); break;
      case 10: assign_blocked<10>(x, n, d, soa, centroids.data(), k, kc, level, rows, acc.labels.data(), sums, tally); break;
      default: assign_blocked<0>(x, n, d, soa, centroids.data(), k, kc, level, rows, acc.labels.data(), sums, tally); break;
    }
    if (sums)
      for (std::size_t c = 0; c < k; ++c) acc.counts[c] = (tally[c] + tally[k + c]) + (tally[2 * k + c] + tally[3 * k + c]);
  } else {
    assign_direct(data.x.data(), n, d, soa, centroids.data(), k, acc.labels.data(), sums, acc.counts.data());
  }
  if (!sums) accumulate_exact(data, k, *blocks, acc);
}

double assignment_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                       std::vector<double>& scratch, std::vector<float>& kernel_scratch,
                       const PointBlocks* blocks, CostPath path) {
  const std::size_t n = data.n, d = data.d;
  const double* soa = structure_of_arrays(centroids, k, d, scratch);
  const double* x = data.x.data();
  const double* c = centroids.data();
  const simd::Level level = simd::level();
  KernelCentroids kc;
  const PointBlocks* prepared = usable(blocks, data);
#if defined(__x86_64__)
  const bool least = path == CostPath::least || (path == CostPath::automatic && least_pays(d, k));
  if (least && level != simd::Level::scalar && prepared && !prepared->exact_rows.empty()) {
    switch (d) {
      case 2: return cost_least<2>(x, n, d, c, k, prepared->exact_rows.data());
      case 3: return cost_least<3>(x, n, d, c, k, prepared->exact_rows.data());
      default: return cost_least<0>(x, n, d, c, k, prepared->exact_rows.data());
    }
  }
#endif
  if (use_kernel(level, d, k) && kernel_centroids(c, k, d, kernel_scratch, kc, prepared, tag_bits(level, k))) {
    const float* rows = prepared ? prepared->rows.data() : nullptr;
    const double* exact = prepared && !prepared->exact_rows.empty() ? prepared->exact_rows.data() : nullptr;
    switch (d) {
      case 2: return cost_blocked<2>(x, n, d, soa, c, k, kc, level, rows, exact);
      case 3: return cost_blocked<3>(x, n, d, soa, c, k, kc, level, rows, exact);
      case 10: return cost_blocked<10>(x, n, d, soa, c, k, kc, level, rows, exact);
      default: return cost_blocked<0>(x, n, d, soa, c, k, kc, level, rows, exact);
    }
  }
  switch (d) {
    case 1: return cost_direct<1>(x, n, d, soa, c, k);
    case 2: return cost_direct<2>(x, n, d, soa, c, k);
    case 3: return cost_direct<3>(x, n, d, soa, c, k);
    case 4: return cost_direct<4>(x, n, d, soa, c, k);
    case 10: return cost_direct<10>(x, n, d, soa, c, k);
    default: return cost_direct<0>(x, n, d, soa, c, k);
  }
}

void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids) {
  const std::size_t k = acc.counts.size();
  for (std::size_t c = 0; c < k; ++c) {
    if (!(acc.counts[c] > 0)) continue;
    for (std::size_t j = 0; j < d; ++j) centroids[c * d + j] = acc.sums[c * d + j] / acc.counts[c];
  }
}

void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks) {
  for (int it = 0; it < iterations; ++it) {
    assign_and_accumulate(data, centroids, k, acc, scratch, blocks);
    update_means(acc, data.d, centroids);
  }
}

}  // namespace dplab::clustering
