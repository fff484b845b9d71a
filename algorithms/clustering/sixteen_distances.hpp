// The squared distances of sixteen points of a block of prepared rows (assign.hpp's PointBlocks::
// exact_rows: rows[j * kBlock + l] = coordinate j of point l) to one centroid q, four AVX2
// vectors sharing each broadcast coordinate: each distance summed over j in order with one
// multiply and one add per coordinate, as the direct formula sums it (its first addition, 0 + s,
// is s itself: s = diff^2 is +0, positive or NaN), so the same bits. For the kernels' .cpp files
// only (assign_kernels.cpp, population_cost.cpp), which keep vector code in functions compiled
// with target("avx2") and call them only on CPUs that have it.
#pragma once
#if defined(__x86_64__)
#include <immintrin.h>

#include <cstddef>

#include "algorithms/clustering/assign_kernels.hpp"

namespace dplab::clustering::kernels {

// With `partials`, every coordinate's running sums are stored too (partials + j * kBlock: the
// sums over coordinates 0 .. j), the starts of sixteen_distances_from below.
template <std::size_t D>
__attribute__((target("avx2"), always_inline)) inline void sixteen_distances(const double* rows, const double* q,
                                                                           std::size_t d_any, __m256d (&sum)[4],
                                                                           double* partials = nullptr) {
  const std::size_t d = D ? D : d_any;
  __m256d cj = _mm256_broadcast_sd(q);
  for (int v = 0; v < 4; ++v) {
    const __m256d diff = _mm256_sub_pd(_mm256_loadu_pd(rows + 4 * v), cj);
    sum[v] = _mm256_mul_pd(diff, diff);
    if (partials) _mm256_storeu_pd(partials + 4 * v, sum[v]);
  }
  for (std::size_t j = 1; j < d; ++j) {
    cj = _mm256_broadcast_sd(q + j);
    for (int v = 0; v < 4; ++v) {
      const __m256d diff = _mm256_sub_pd(_mm256_loadu_pd(rows + j * kBlock + 4 * v), cj);
      sum[v] = _mm256_add_pd(sum[v], _mm256_mul_pd(diff, diff));
      if (partials) _mm256_storeu_pd(partials + j * kBlock + 4 * v, sum[v]);
    }
  }
}

// The same sums continued from coordinate `from` (1 <= from < d): `partial` holds the sixteen
// sums over coordinates 0 .. from - 1 (of a centroid whose first `from` coordinates are q's, as
// sixteen_distances leaves them after those coordinates), so the result is sixteen_distances'
// bits at the cost of d - from coordinates.
template <std::size_t D>
__attribute__((target("avx2"), always_inline)) inline void sixteen_distances_from(const double* rows, const double* q,
                                                                                std::size_t d_any, std::size_t from,
                                                                                const double* partial,
                                                                                __m256d (&sum)[4]) {
  const std::size_t d = D ? D : d_any;
  for (int v = 0; v < 4; ++v) sum[v] = _mm256_loadu_pd(partial + 4 * v);
  for (std::size_t j = from; j < d; ++j) {
    const __m256d cj = _mm256_broadcast_sd(q + j);
    for (int v = 0; v < 4; ++v) {
      const __m256d diff = _mm256_sub_pd(_mm256_loadu_pd(rows + j * kBlock + 4 * v), cj);
      sum[v] = _mm256_add_pd(sum[v], _mm256_mul_pd(diff, diff));
    }
  }
}

}  // namespace dplab::clustering::kernels

#endif
