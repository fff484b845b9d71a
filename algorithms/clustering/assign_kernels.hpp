// Vector kernels of the k-means assignment (algorithms/clustering/assign.cpp): for a block of
// points, the centroid minimising ||c'||^2 - 2 x'.c' (the nearest one; x' = x - o and c' = c - o
// for an origin o, and ||x'||^2 is the same for every centroid) and the gap to the runner-up, in
// single precision (twice the lanes of double). The caller accepts the kernel's choice only when
// the gap exceeds the rounding error bound, and otherwise recomputes the point with the direct
// formula sum_j (x_j - c_j)^2 in double, so the labels are those of the direct formula exactly.
#pragma once
#include <cstddef>
#include <cstdint>

namespace dplab::clustering::kernels {

// The direct formula sum_j (p_j - c_j)^2 in double, in this order, without fused multiply-adds
// (the build targets plain x86-64): every path's labels, costs and bounds are this formula's
// (assign.cpp's nearest_fixed and distance<D> are its unrolled forms).
inline double direct_distance(const double* p, const double* c, std::size_t d) {
  double s = 0;
  for (std::size_t j = 0; j < d; ++j) {
    const double diff = p[j] - c[j];
    s += diff * diff;
  }
  return s;
}

// Points per block: four AVX-512 vectors of floats (four chains hide the compare latency),
// eight AVX2 vectors.
constexpr std::size_t kBlock = 64;

// Squared norms (of centred points and centroids) at or above 2^120 might overflow a float
// score, whose terms reach 2 (||x'||^2 + ||c'||^2): such points go to the direct formula, such
// centroids make the whole pass take it.
constexpr double kNormLimit = 0x1.0p120;

// xt: d rows of kBlock centred coordinates (xt[j * kBlock + i] = coordinate j of point i); mc:
// k x d, minus twice the centred centroids; cn: their k squared norms. Writes best[i], the
// centroid of the smallest score, and returns a bit mask of the points whose gap to the second
// smallest score is not above tau_scale ||x'||^2 + tau_base, or whose ||x'||^2 is not below
// kNormLimit (or is NaN): those the caller recomputes directly.
// The AVX2 kernel carries the centroid's index in the low bits of each score when k <= 2^5: this
// many bits (0: k > 32, the untagged kernel). A tagged score is within 2^tag_bits ulps of the
// untagged one; the caller's tau must allow for that (assign.cpp, kernel_centroids).
constexpr int kMaxTagBits = 5;
inline int avx2_tag_bits(std::size_t k) {
  int bits = 1;
  while (bits <= kMaxTagBits && (std::size_t{1} << bits) < k) ++bits;
  return bits <= kMaxTagBits ? bits : 0;
}

std::uint64_t nearest_avx2(const float* xt, std::size_t d, const float* mc, const float* cn, std::size_t k,
                           float tau_scale, float tau_base, std::int32_t* best);
std::uint64_t nearest_avx512(const float* xt, std::size_t d, const float* mc, const float* cn, std::size_t k,
                             float tau_scale, float tau_base, std::int32_t* best);

// The k-means cost's terms for d = 2 (assign.cpp's cost_blocked): for `groups` groups of eight
// points (row-major doubles from `x`), the squared distance to centroid best[i], computed as the
// scalar path computes it ((x0 - c0)^2 + (x1 - c1)^2, no FMA), added to lanes[i mod 8]; a NaN
// distance is replaced by the least distance over the k centroids, NaNs skipped.
void cost_terms_avx2_d2(const double* x, const double* centroids, std::size_t k, const std::int32_t* best,
                        std::size_t groups, double* lanes);

// The same for any d and k <= kRowsMaxK, from a block's coordinates in double laid out as the
// kernels' rows (rows[j * kBlock + i] = coordinate j of point i, not centred: PointBlocks::
// exact_rows) and the centroids in structure-of-arrays order (soa[j * k + c], readable up to
// kSoaPad values past its end): four points a vector, each point's distance summed over j in
// order with one multiply and one add per coordinate, as the scalar path sums it, so the same
// bits. x (row-major, the block's first point) and centroids (k x d) serve the NaN fallback.
constexpr std::size_t kRowsMaxK = 8, kSoaPad = 8;
void cost_terms_avx2_rows(const double* rows, std::size_t d, const double* soa, std::size_t k, const double* x,
                          const double* centroids, const std::int32_t* best, std::size_t groups, double* lanes);

// The same terms without labels, for the k-means cost alone (assign.cpp's cost_least): each
// point's least distance over the k centroids (k x d, row-major), NaN distances skipped -- the
// distance to the direct formula's argmin, the scalar path's cost_term, bit for bit -- from the
// exact rows, four points a vector. For small k d it costs less than ranking the centroids and
// then computing the label's distance (assign.cpp, least_pays).
void least_terms_avx2(const double* rows, std::size_t d, const double* centroids, std::size_t k,
                      std::size_t groups, double* lanes);

}  // namespace dplab::clustering::kernels
