// AVX2+FMA and AVX-512 kernels of assign_kernels.hpp, chosen at run time (core/simd.hpp). The
// scores are single precision and may use FMA: they only rank centroids, and assign.cpp
// certifies each ranking against the direct formula's in double (a point whose gap is within
// the error bound is recomputed directly).
#include "algorithms/clustering/assign_kernels.hpp"

#if defined(__x86_64__)
// GCC 12's avx512fintrin.h trips -W(maybe-)uninitialized once inlined (see core/simd_avx512.cpp).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#include <algorithm>
#include <limits>

#include "algorithms/clustering/sixteen_distances.hpp"

namespace dplab::clustering::kernels {

namespace {

// The certificate's test for one vector of 8 points (assign.cpp, kernel_centroids): a bit for each
// point whose gap between its two best scores is not above tau_scale ||x'||^2 + tau_base, or whose
// ||x'||^2 is not below kNormLimit (or is NaN).
__attribute__((target("avx2,fma"), always_inline)) inline std::uint32_t uncertain_avx2(
    const float* xt, std::size_t d, __m256 lo, __m256 second, float tau_scale, float tau_base) {
  __m256 nx = _mm256_setzero_ps();
  for (std::size_t j = 0; j < d; ++j) {
    const __m256 x = _mm256_loadu_ps(xt + j * kBlock);
    nx = _mm256_fmadd_ps(x, x, nx);
  }
  const __m256 tau = _mm256_fmadd_ps(_mm256_set1_ps(tau_scale), nx, _mm256_set1_ps(tau_base));
  const __m256 ok = _mm256_and_ps(_mm256_cmp_ps(_mm256_sub_ps(second, lo), tau, _CMP_GT_OQ),
                                  _mm256_cmp_ps(nx, _mm256_set1_ps(static_cast<float>(kNormLimit)), _CMP_LT_OQ));
  return static_cast<std::uint32_t>(~_mm256_movemask_ps(ok) & 0xFF);
}

// V vectors of points against every centroid. The three running values per vector (best score,
// second best, best index) form a compare -> select chain per centroid; several independent
// vectors keep the vector units busy while each chain waits. AVX2 has 16 registers: two
// vectors (16 points) per pass; AVX-512 has 32: four vectors (64 points).
template <std::size_t D, int V>
__attribute__((target("avx2,fma"), always_inline)) inline std::uint32_t nearest_avx2_part(
    const float* xt, std::size_t d_any, const float* mc, const float* cn, std::size_t k, float tau_scale,
    float tau_base, std::int32_t* best) {
  const std::size_t d = D ? D : d_any;
  const __m256 inf = _mm256_set1_ps(std::numeric_limits<float>::infinity());
  __m256 lo[V], second[V], idx[V];
  for (int v = 0; v < V; ++v) { lo[v] = inf; second[v] = inf; idx[v] = _mm256_setzero_ps(); }
  for (std::size_t c = 0; c < k; ++c) {
    const __m256 cv = _mm256_set1_ps(static_cast<float>(c));
    __m256 s[V];
    for (int v = 0; v < V; ++v) s[v] = _mm256_set1_ps(cn[c]);
    for (std::size_t j = 0; j < d; ++j) {
      const __m256 m = _mm256_set1_ps(mc[c * d + j]);
      for (int v = 0; v < V; ++v) s[v] = _mm256_fmadd_ps(_mm256_loadu_ps(xt + j * kBlock + 8 * v), m, s[v]);
    }
    for (int v = 0; v < V; ++v) {
      const __m256 lt = _mm256_cmp_ps(s[v], lo[v], _CMP_LT_OQ);  // strict: the lowest index wins ties
      second[v] = _mm256_min_ps(second[v], _mm256_max_ps(lo[v], s[v]));
      lo[v] = _mm256_blendv_ps(lo[v], s[v], lt);
      idx[v] = _mm256_blendv_ps(idx[v], cv, lt);
    }
  }
  std::uint32_t uncertain = 0;
  for (int v = 0; v < V; ++v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(best + 8 * v), _mm256_cvttps_epi32(idx[v]));
    uncertain |= uncertain_avx2(xt + 8 * v, d, lo[v], second[v], tau_scale, tau_base) << (8 * v);
  }
  return uncertain;
}

// The same with the centroid's index in the score's low mantissa bits (tag_bits of them, k <=
// 2^tag_bits): one minimum then carries both the best score and its index, instead of a compare
// and two blends whose chain the next centroid waits for (the untagged kernel's bound on AVX2).
// The tag moves a score by less than 2^tag_bits ulps; the caller's certificate allows for it
// (assign.cpp, kernel_centroids), and ties or near-ties go to the direct formula as before.
template <std::size_t D, int V>
__attribute__((target("avx2,fma"), always_inline)) inline std::uint32_t nearest_avx2_tagged_part(
    const float* xt, std::size_t d_any, const float* mc, const float* cn, std::size_t k, int tag_bits,
    float tau_scale, float tau_base, std::int32_t* best) {
  const std::size_t d = D ? D : d_any;
  const __m256i tag_mask = _mm256_set1_epi32((1 << tag_bits) - 1);
  const __m256 keep = _mm256_castsi256_ps(_mm256_xor_si256(tag_mask, _mm256_set1_epi32(-1)));
  const __m256 inf = _mm256_set1_ps(std::numeric_limits<float>::infinity());
  __m256 lo[V], second[V];
  for (int v = 0; v < V; ++v) { lo[v] = inf; second[v] = inf; }
  __m256i tag = _mm256_setzero_si256();  // c in every lane
  for (std::size_t c = 0; c < k; ++c, tag = _mm256_sub_epi32(tag, _mm256_set1_epi32(-1))) {
    __m256 s[V];
    for (int v = 0; v < V; ++v) s[v] = _mm256_set1_ps(cn[c]);
    for (std::size_t j = 0; j < d; ++j) {
      const __m256 m = _mm256_set1_ps(mc[c * d + j]);
      for (int v = 0; v < V; ++v) s[v] = _mm256_fmadd_ps(_mm256_loadu_ps(xt + j * kBlock + 8 * v), m, s[v]);
    }
    for (int v = 0; v < V; ++v) {
      const __m256 t = _mm256_or_ps(_mm256_and_ps(s[v], keep), _mm256_castsi256_ps(tag));
      second[v] = _mm256_min_ps(second[v], _mm256_max_ps(lo[v], t));
      lo[v] = _mm256_min_ps(lo[v], t);
    }
  }
  std::uint32_t uncertain = 0;
  for (int v = 0; v < V; ++v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(best + 8 * v),
                        _mm256_and_si256(_mm256_castps_si256(lo[v]), tag_mask));
    uncertain |= uncertain_avx2(xt + 8 * v, d, lo[v], second[v], tau_scale, tau_base) << (8 * v);
  }
  return uncertain;
}

template <std::size_t D>
__attribute__((target("avx2,fma"))) std::uint64_t nearest_avx2_d(const float* xt, std::size_t d, const float* mc,
                                                                  const float* cn, std::size_t k, float tau_scale,
                                                                  float tau_base, std::int32_t* best) {
  std::uint64_t uncertain = 0;
  const int tag_bits = avx2_tag_bits(k);
  if (tag_bits > 0) {
    for (std::size_t part = 0; part < kBlock; part += 32)
      uncertain |= static_cast<std::uint64_t>(nearest_avx2_tagged_part<D, 4>(xt + part, d, mc, cn, k, tag_bits,
                                                                              tau_scale, tau_base, best + part))
                   << part;
    return uncertain;
  }
  for (std::size_t part = 0; part < kBlock; part += 16)
    uncertain |= static_cast<std::uint64_t>(
                     nearest_avx2_part<D, 2>(xt + part, d, mc, cn, k, tau_scale, tau_base, best + part))
                 << part;
  return uncertain;
}

template <std::size_t D>
__attribute__((target("avx512f"))) std::uint64_t nearest_avx512_d(const float* xt, std::size_t d_any,
                                                                    const float* mc, const float* cn, std::size_t k,
                                                                    float tau_scale, float tau_base,
                                                                    std::int32_t* best) {
  constexpr int V = kBlock / 16;
  const std::size_t d = D ? D : d_any;
  const __m512 inf = _mm512_set1_ps(std::numeric_limits<float>::infinity());
  __m512 lo[V], second[V], idx[V];
  for (int v = 0; v < V; ++v) { lo[v] = inf; second[v] = inf; idx[v] = _mm512_setzero_ps(); }
  for (std::size_t c = 0; c < k; ++c) {
    const __m512 cv = _mm512_set1_ps(static_cast<float>(c));
    __m512 s[V];
    for (int v = 0; v < V; ++v) s[v] = _mm512_set1_ps(cn[c]);
    for (std::size_t j = 0; j < d; ++j) {
      const __m512 m = _mm512_set1_ps(mc[c * d + j]);
      for (int v = 0; v < V; ++v) s[v] = _mm512_fmadd_ps(_mm512_loadu_ps(xt + j * kBlock + 16 * v), m, s[v]);
    }
    for (int v = 0; v < V; ++v) {
      const __mmask16 lt = _mm512_cmp_ps_mask(s[v], lo[v], _CMP_LT_OQ);
      second[v] = _mm512_min_ps(second[v], _mm512_max_ps(lo[v], s[v]));
      lo[v] = _mm512_mask_mov_ps(lo[v], lt, s[v]);
      idx[v] = _mm512_mask_mov_ps(idx[v], lt, cv);
    }
  }
  std::uint64_t uncertain = 0;
  for (int v = 0; v < V; ++v) {
    _mm512_storeu_si512(best + 16 * v, _mm512_cvttps_epi32(idx[v]));
    __m512 nx = _mm512_setzero_ps();
    for (std::size_t j = 0; j < d; ++j) {
      const __m512 x = _mm512_loadu_ps(xt + j * kBlock + 16 * v);
      nx = _mm512_fmadd_ps(x, x, nx);
    }
    const __m512 tau = _mm512_fmadd_ps(_mm512_set1_ps(tau_scale), nx, _mm512_set1_ps(tau_base));
    const __mmask16 ok = _mm512_cmp_ps_mask(_mm512_sub_ps(second[v], lo[v]), tau, _CMP_GT_OQ) &
                         _mm512_cmp_ps_mask(nx, _mm512_set1_ps(static_cast<float>(kNormLimit)), _CMP_LT_OQ);
    uncertain |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(~ok)) << (16 * v);
  }
  return uncertain;
}

// The cost terms below (four_terms_d2, cost_terms_avx2_d2, cost_terms_avx2_rows and their NaN
// fallback) are compiled for "avx2" alone, unlike the ranking kernels above ("avx2,fma"): without
// FMA instructions neither their scalar nor their vector products can be contracted into fused
// multiply-adds, which round differently from the direct formula.

// Four points' terms in point order: the squares of x - c for two points per vector, their
// horizontal sums (points 0, 2, 1, 3), put in order.
__attribute__((target("avx2"))) inline __m256d four_terms_d2(const double* p, const double* centroids,
                                                             const std::int32_t* b) {
  const __m256d c01 = _mm256_set_m128d(_mm_loadu_pd(centroids + 2 * b[1]), _mm_loadu_pd(centroids + 2 * b[0]));
  const __m256d c23 = _mm256_set_m128d(_mm_loadu_pd(centroids + 2 * b[3]), _mm_loadu_pd(centroids + 2 * b[2]));
  const __m256d d01 = _mm256_sub_pd(_mm256_loadu_pd(p), c01), d23 = _mm256_sub_pd(_mm256_loadu_pd(p + 4), c23);
  const __m256d h = _mm256_hadd_pd(_mm256_mul_pd(d01, d01), _mm256_mul_pd(d23, d23));
  return _mm256_permute4x64_pd(h, 0xD8);  // (0, 2, 1, 3) -> (0, 1, 2, 3)
}

// The least distance of point p over the k centroids, NaN distances skipped (infinity when every
// one is NaN): the scalar path's cost_term for a point whose distance to its label is NaN.
__attribute__((target("avx2"))) double least_distance(const double* p, std::size_t d, const double* centroids,
                                                      std::size_t k) {
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < k; ++c) least = std::min(least, direct_distance(p, centroids + c * d, d));
  return least;
}

// Adds eight points' terms t0 (points 0-3) and t1 (4-7) to the running sums low and high (lane l
// takes point l), a NaN term replaced by the point's least distance (x: the first point,
// row-major), as the scalar path's cost_term does.
__attribute__((target("avx2"), always_inline)) inline void add_eight_terms(__m256d t0, __m256d t1, const double* x,
                                                                          std::size_t d, const double* centroids,
                                                                          std::size_t k, __m256d& low, __m256d& high) {
  const int nan = _mm256_movemask_pd(_mm256_cmp_pd(t0, t0, _CMP_UNORD_Q)) |
                  (_mm256_movemask_pd(_mm256_cmp_pd(t1, t1, _CMP_UNORD_Q)) << 4);
  if (nan) [[unlikely]] {
    alignas(32) double t[8];
    _mm256_store_pd(t, t0);
    _mm256_store_pd(t + 4, t1);
    for (int l = 0; l < 8; ++l)
      if ((nan >> l) & 1) t[l] = least_distance(x + static_cast<std::size_t>(l) * d, d, centroids, k);
    t0 = _mm256_load_pd(t);
    t1 = _mm256_load_pd(t + 4);
  }
  low = _mm256_add_pd(low, t0);
  high = _mm256_add_pd(high, t1);
}

}  // namespace

__attribute__((target("avx2"))) void cost_terms_avx2_d2(const double* x, const double* centroids, std::size_t k,
                                                        const std::int32_t* best, std::size_t groups, double* lanes) {
  __m256d low = _mm256_loadu_pd(lanes), high = _mm256_loadu_pd(lanes + 4);
  for (std::size_t g = 0; g < groups; ++g) {
    const double* p = x + 16 * g;
    const std::int32_t* b = best + 8 * g;
    __m256d t0 = four_terms_d2(p, centroids, b), t1 = four_terms_d2(p + 8, centroids, b + 4);
    add_eight_terms(t0, t1, p, 2, centroids, k, low, high);
  }
  _mm256_storeu_pd(lanes, low);
  _mm256_storeu_pd(lanes + 4, high);
}

namespace {

// Four points' distances to their centroids best[0..3]. Coordinate j of the four centroids comes
// from one register holding soa[j k .. j k + 3] (and one more for clusters 4-7), permuted by the
// labels: no gather, which costs more than the arithmetic on AMD's cores.
template <std::size_t D, bool kWide>
__attribute__((target("avx2"), always_inline)) inline __m256d four_distances(const double* rows, std::size_t d_any,
                                                                             const double* soa, std::size_t k,
                                                                             const std::int32_t* best) {
  const std::size_t d = D ? D : d_any;
  const __m256i label = _mm256_cvtepu32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(best)));
  // 32-bit lanes (2 b, 2 b + 1) select double b of a register (the permute reads 3 bits).
  const __m256i twice = _mm256_slli_epi64(label, 1);
  const __m256i pick = _mm256_or_si256(twice, _mm256_slli_epi64(_mm256_add_epi64(twice, _mm256_set1_epi64x(1)), 32));
  const __m256d upper = _mm256_castsi256_pd(_mm256_cmpgt_epi64(label, _mm256_set1_epi64x(3)));
  __m256d s = _mm256_setzero_pd();
  for (std::size_t j = 0; j < d; ++j) {
    const double* cj = soa + j * k;
    __m256d c = _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_loadu_pd(cj)), pick));
    if constexpr (kWide) {
      const __m256d c_high =
          _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_loadu_pd(cj + 4)), pick));
      c = _mm256_blendv_pd(c, c_high, upper);
    }
    const __m256d diff = _mm256_sub_pd(_mm256_loadu_pd(rows + j * kBlock), c);
    s = _mm256_add_pd(s, _mm256_mul_pd(diff, diff));
  }
  return s;
}

template <std::size_t D, bool kWide>
__attribute__((target("avx2"))) void cost_terms_rows(const double* rows, std::size_t d_any, const double* soa,
                                                     std::size_t k, const double* x, const double* centroids,
                                                     const std::int32_t* best, std::size_t groups, double* lanes) {
  const std::size_t d = D ? D : d_any;
  __m256d low = _mm256_loadu_pd(lanes), high = _mm256_loadu_pd(lanes + 4);
  for (std::size_t g = 0; g < groups; ++g) {
    const std::size_t i = 8 * g;
    __m256d t0 = four_distances<D, kWide>(rows + i, d, soa, k, best + i);
    __m256d t1 = four_distances<D, kWide>(rows + i + 4, d, soa, k, best + i + 4);
    add_eight_terms(t0, t1, x + i * d, d, centroids, k, low, high);
  }
  _mm256_storeu_pd(lanes, low);
  _mm256_storeu_pd(lanes + 4, high);
}

template <bool kWide>
void cost_terms_rows_d(const double* rows, std::size_t d, const double* soa, std::size_t k, const double* x,
                       const double* centroids, const std::int32_t* best, std::size_t groups, double* lanes) {
  switch (d) {
    case 3: return cost_terms_rows<3, kWide>(rows, d, soa, k, x, centroids, best, groups, lanes);
    case 10: return cost_terms_rows<10, kWide>(rows, d, soa, k, x, centroids, best, groups, lanes);
    default: return cost_terms_rows<0, kWide>(rows, d, soa, k, x, centroids, best, groups, lanes);
  }
}

}  // namespace

void cost_terms_avx2_rows(const double* rows, std::size_t d, const double* soa, std::size_t k, const double* x,
                          const double* centroids, const std::int32_t* best, std::size_t groups, double* lanes) {
  if (k <= 4) cost_terms_rows_d<false>(rows, d, soa, k, x, centroids, best, groups, lanes);
  else cost_terms_rows_d<true>(rows, d, soa, k, x, centroids, best, groups, lanes);
}

namespace {

// Sixteen points' least distances over the k centroids (k x d, row-major), NaN distances
// skipped, into t[0..3] (points 4 v to 4 v + 3 in t[v]), each distance the direct formula's bits
// (sixteen_distances.hpp); min returns its second operand when the first is NaN, so a NaN
// distance keeps the running least, as std::min(least, s) does in the scalar cost_term.
template <std::size_t D>
__attribute__((target("avx2"), always_inline)) inline void sixteen_least(const double* rows, std::size_t d_any,
                                                                         const double* centroids, std::size_t k,
                                                                         __m256d (&t)[4]) {
  const std::size_t d = D ? D : d_any;
  for (auto& v : t) v = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  for (std::size_t c = 0; c < k; ++c) {
    __m256d s[4];
    sixteen_distances<D>(rows, centroids + c * d, d, s);
    for (int v = 0; v < 4; ++v) t[v] = _mm256_min_pd(s[v], t[v]);
  }
}

// Groups of eight points: lanes[l] takes point l of each group (the cost's eight running sums).
template <std::size_t D>
__attribute__((target("avx2"))) void least_terms_rows(const double* rows, std::size_t d, const double* centroids,
                                                      std::size_t k, std::size_t groups, double* lanes) {
  __m256d low = _mm256_loadu_pd(lanes), high = _mm256_loadu_pd(lanes + 4);
  for (std::size_t g = 0; g < groups; g += 2) {  // two groups at a time, added in point order
    __m256d t[4];
    sixteen_least<D>(rows + 8 * g, d, centroids, k, t);
    low = _mm256_add_pd(low, t[0]);
    high = _mm256_add_pd(high, t[1]);
    if (g + 1 < groups) {
      low = _mm256_add_pd(low, t[2]);
      high = _mm256_add_pd(high, t[3]);
    }
    // An odd last group's partner is still inside the block's rows (a block holds eight groups,
    // padded with zeros past its last point): read, not added.
  }
  _mm256_storeu_pd(lanes, low);
  _mm256_storeu_pd(lanes + 4, high);
}

}  // namespace

void least_terms_avx2(const double* rows, std::size_t d, const double* centroids, std::size_t k,
                      std::size_t groups, double* lanes) {
  switch (d) {
    case 2: return least_terms_rows<2>(rows, d, centroids, k, groups, lanes);
    case 3: return least_terms_rows<3>(rows, d, centroids, k, groups, lanes);
    default: return least_terms_rows<0>(rows, d, centroids, k, groups, lanes);
  }
}

std::uint64_t nearest_avx2(const float* xt, std::size_t d, const float* mc, const float* cn, std::size_t k,
                           float tau_scale, float tau_base, std::int32_t* best) {
  switch (d) {
    case 2: return nearest_avx2_d<2>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    case 3: return nearest_avx2_d<3>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    case 10: return nearest_avx2_d<10>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    default: return nearest_avx2_d<0>(xt, d, mc, cn, k, tau_scale, tau_base, best);
  }
}

std::uint64_t nearest_avx512(const float* xt, std::size_t d, const float* mc, const float* cn, std::size_t k,
                             float tau_scale, float tau_base, std::int32_t* best) {
  switch (d) {
    case 2: return nearest_avx512_d<2>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    case 3: return nearest_avx512_d<3>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    case 10: return nearest_avx512_d<10>(xt, d, mc, cn, k, tau_scale, tau_base, best);
    default: return nearest_avx512_d<0>(xt, d, mc, cn, k, tau_scale, tau_base, best);
  }
}

}  // namespace dplab::clustering::kernels

#else  // not x86-64: assign.cpp never calls these (core/simd.hpp reports the scalar level).

namespace dplab::clustering::kernels {
std::uint64_t nearest_avx2(const float*, std::size_t, const float*, const float*, std::size_t, float, float,
                           std::int32_t*) {
  return ~std::uint64_t{0};
}
std::uint64_t nearest_avx512(const float*, std::size_t, const float*, const float*, std::size_t, float, float,
                             std::int32_t*) {
  return ~std::uint64_t{0};
}
}  // namespace dplab::clustering::kernels

#endif
