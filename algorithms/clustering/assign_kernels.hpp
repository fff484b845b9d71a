// Vector kernels of the k-means assignment (algorithms/clustering/assign.cpp): for a block of
// points, the centroid minimising ||c||^2 - 2 x.c (the nearest one; ||x||^2 is the same for
// every centroid) and the gap to the runner-up. The caller accepts the kernel's choice only when
// the gap exceeds the rounding error bound, and otherwise recomputes the point with the direct
// formula sum_j (x_j - c_j)^2, so the labels are those of the direct formula exactly.
#pragma once
#include <cstddef>
#include <cstdint>

namespace dplab::clustering::kernels {

// Points per block: two AVX-512 vectors, four AVX2 vectors.
constexpr std::size_t kBlock = 16;

// xt: d rows of kBlock coordinates (xt[j * kBlock + i] = coordinate j of point i); mc: k x d,
// minus twice the centroids; cn: k squared centroid norms. Writes best[i], the centroid of the
// smallest score, and returns a bit mask of the points whose gap to the second smallest score is
// not above tau_scale (||x||^2 + cmax2) (or is NaN): those the caller recomputes directly.
unsigned nearest_avx2(const double* xt, std::size_t d, const double* mc, const double* cn, std::size_t k,
                      double tau_scale, double cmax2, std::int32_t* best);
unsigned nearest_avx512(const double* xt, std::size_t d, const double* mc, const double* cn, std::size_t k,
                        double tau_scale, double cmax2, std::int32_t* best);

}  // namespace dplab::clustering::kernels
