// AVX2+FMA and AVX-512 kernels of assign_kernels.hpp, chosen at run time (core/simd.hpp). The
// scores may use FMA: they only rank centroids, and assign.cpp certifies each ranking against
// the direct formula's (a point whose gap is within the error bound is recomputed directly).
#include "algorithms/clustering/assign_kernels.hpp"

#if defined(__x86_64__)
// GCC 12's avx512fintrin.h trips -W(maybe-)uninitialized once inlined (see core/simd_avx512.cpp).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#include <limits>

namespace dplab::clustering::kernels {

namespace {

// V vectors of points against every centroid, with the point coordinates held in registers
// when D (the dimension, 0: known only at run time) is small. AVX2 has 16 vector registers:
// two vectors (8 points) per pass keep coordinates, the three running values and the scores
// out of memory; AVX-512 has 32, one pass of two vectors covers the block.
template <std::size_t D, int V>
__attribute__((target("avx2,fma"), always_inline)) inline unsigned nearest_avx2_part(
    const double* xt, std::size_t d_any, const double* mc, const double* cn, std::size_t k, double tau_scale,
    double cmax2, std::int32_t* best) {
  const std::size_t d = D ? D : d_any;
  const __m256d inf = _mm256_set1_pd(std::numeric_limits<double>::infinity());
  __m256d lo[V], second[V], idx[V];
  for (int v = 0; v < V; ++v) { lo[v] = inf; second[v] = inf; idx[v] = _mm256_setzero_pd(); }
  for (std::size_t c = 0; c < k; ++c) {
    const __m256d cv = _mm256_set1_pd(static_cast<double>(c));
    __m256d s[V];
    for (int v = 0; v < V; ++v) s[v] = _mm256_set1_pd(cn[c]);
    for (std::size_t j = 0; j < d; ++j) {
      const __m256d m = _mm256_set1_pd(mc[c * d + j]);
      for (int v = 0; v < V; ++v) s[v] = _mm256_fmadd_pd(_mm256_loadu_pd(xt + j * kBlock + 4 * v), m, s[v]);
    }
    for (int v = 0; v < V; ++v) {
      const __m256d lt = _mm256_cmp_pd(s[v], lo[v], _CMP_LT_OQ);  // strict: the lowest index wins ties
      second[v] = _mm256_min_pd(second[v], _mm256_max_pd(lo[v], s[v]));
      lo[v] = _mm256_blendv_pd(lo[v], s[v], lt);
      idx[v] = _mm256_blendv_pd(idx[v], cv, lt);
    }
  }
  unsigned uncertain = 0;
  for (int v = 0; v < V; ++v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(best + 4 * v), _mm256_cvttpd_epi32(idx[v]));
    __m256d nx = _mm256_setzero_pd();
    for (std::size_t j = 0; j < d; ++j) {
      const __m256d x = _mm256_loadu_pd(xt + j * kBlock + 4 * v);
      nx = _mm256_fmadd_pd(x, x, nx);
    }
    const __m256d tau = _mm256_mul_pd(_mm256_set1_pd(tau_scale), _mm256_add_pd(nx, _mm256_set1_pd(cmax2)));
    const __m256d ok = _mm256_cmp_pd(_mm256_sub_pd(second[v], lo[v]), tau, _CMP_GT_OQ);
    uncertain |= static_cast<unsigned>(~_mm256_movemask_pd(ok) & 0xF) << (4 * v);
  }
  return uncertain;
}

template <std::size_t D>
__attribute__((target("avx2,fma"))) unsigned nearest_avx2_d(const double* xt, std::size_t d, const double* mc,
                                                             const double* cn, std::size_t k, double tau_scale,
                                                             double cmax2, std::int32_t* best) {
  unsigned uncertain = 0;
  for (std::size_t part = 0; part < kBlock; part += 8)
    uncertain |= nearest_avx2_part<D, 2>(xt + part, d, mc, cn, k, tau_scale, cmax2, best + part) << part;
  return uncertain;
}

template <std::size_t D>
__attribute__((target("avx512f"))) unsigned nearest_avx512_d(const double* xt, std::size_t d_any, const double* mc,
                                                              const double* cn, std::size_t k, double tau_scale,
                                                              double cmax2, std::int32_t* best) {
  constexpr int V = kBlock / 8;
  const std::size_t d = D ? D : d_any;
  const __m512d inf = _mm512_set1_pd(std::numeric_limits<double>::infinity());
  __m512d lo[V], second[V], idx[V];
  for (int v = 0; v < V; ++v) { lo[v] = inf; second[v] = inf; idx[v] = _mm512_setzero_pd(); }
  for (std::size_t c = 0; c < k; ++c) {
    const __m512d cv = _mm512_set1_pd(static_cast<double>(c));
    __m512d s[V];
    for (int v = 0; v < V; ++v) s[v] = _mm512_set1_pd(cn[c]);
    for (std::size_t j = 0; j < d; ++j) {
      const __m512d m = _mm512_set1_pd(mc[c * d + j]);
      for (int v = 0; v < V; ++v) s[v] = _mm512_fmadd_pd(_mm512_loadu_pd(xt + j * kBlock + 8 * v), m, s[v]);
    }
    for (int v = 0; v < V; ++v) {
      const __mmask8 lt = _mm512_cmp_pd_mask(s[v], lo[v], _CMP_LT_OQ);
      second[v] = _mm512_min_pd(second[v], _mm512_max_pd(lo[v], s[v]));
      lo[v] = _mm512_mask_mov_pd(lo[v], lt, s[v]);
      idx[v] = _mm512_mask_mov_pd(idx[v], lt, cv);
    }
  }
  unsigned uncertain = 0;
  for (int v = 0; v < V; ++v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(best + 8 * v), _mm512_cvttpd_epi32(idx[v]));
    __m512d nx = _mm512_setzero_pd();
    for (std::size_t j = 0; j < d; ++j) {
      const __m512d x = _mm512_loadu_pd(xt + j * kBlock + 8 * v);
      nx = _mm512_fmadd_pd(x, x, nx);
    }
    const __m512d tau = _mm512_mul_pd(_mm512_set1_pd(tau_scale), _mm512_add_pd(nx, _mm512_set1_pd(cmax2)));
    const __mmask8 ok = _mm512_cmp_pd_mask(_mm512_sub_pd(second[v], lo[v]), tau, _CMP_GT_OQ);
    uncertain |= static_cast<unsigned>(~ok & 0xFF) << (8 * v);
  }
  return uncertain;
}

}  // namespace

unsigned nearest_avx2(const double* xt, std::size_t d, const double* mc, const double* cn, std::size_t k,
                      double tau_scale, double cmax2, std::int32_t* best) {
  switch (d) {
    case 2: return nearest_avx2_d<2>(xt, d, mc, cn, k, tau_scale, cmax2, best);
    case 3: return nearest_avx2_d<3>(xt, d, mc, cn, k, tau_scale, cmax2, best);
    default: return nearest_avx2_d<0>(xt, d, mc, cn, k, tau_scale, cmax2, best);
  }
}

unsigned nearest_avx512(const double* xt, std::size_t d, const double* mc, const double* cn, std::size_t k,
                        double tau_scale, double cmax2, std::int32_t* best) {
  switch (d) {
    case 2: return nearest_avx512_d<2>(xt, d, mc, cn, k, tau_scale, cmax2, best);
    case 3: return nearest_avx512_d<3>(xt, d, mc, cn, k, tau_scale, cmax2, best);
    default: return nearest_avx512_d<0>(xt, d, mc, cn, k, tau_scale, cmax2, best);
  }
}

}  // namespace dplab::clustering::kernels

#else  // not x86-64: assign.cpp never calls these (core/simd.hpp reports the scalar level).

namespace dplab::clustering::kernels {
unsigned nearest_avx2(const double*, std::size_t, const double*, const double*, std::size_t, double, double,
                      std::int32_t*) {
  return ~0u;
}
unsigned nearest_avx512(const double*, std::size_t, const double*, const double*, std::size_t, double, double,
                        std::int32_t*) {
  return ~0u;
}
}  // namespace dplab::clustering::kernels

#endif
