#include "algorithms/clustering/assign.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/clustering/assign_kernels.hpp"
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

// The expanded form ||x||^2 - 2 x.c + ||c||^2 in blocks of kernels::kBlock points. The kernel's
// scores S_c = ||c||^2 - 2 x.c (FMA chain) are within g_{2d} (||x|| + ||c||)^2 of the exact ones
// and the direct formula's distances within g_{d+2} (||x|| + ||c||)^2 of theirs (g_n ~ n 2^-53,
// Higham's gamma). (||x|| + ||c||)^2 <= 2 (||x||^2 + max ||c||^2), so a gap between the two
// smallest scores above 8 g_{2d+2} (||x||^2 + max ||c||^2) proves the direct formula picks the
// same centroid, strictly; tau_scale doubles that bound for the rounding of the norms
// themselves. Points within it (exact ties included) are recomputed with the direct formula.
// Sums are accumulated in point order, as the direct path does, so they are bit-identical; a run
// of points with the same label adds into registers (D known at compile time; 0: any d <= 16)
// instead of through memory, which the store-to-load latency of sums[b] += p would bound.
template <std::size_t D>
void assign_blocked(const double* x, std::size_t n, std::size_t d_any, const double* soa, const double* centroids,
                    std::size_t k, const double* mc, const double* cn, double cmax2, simd::Level level,
                    std::int32_t* labels, double* sums, double* counts) {
  using kernels::kBlock;
  const std::size_t d = D ? D : d_any;
  const Nearest direct = direct_for(d, k);
  const double tau_scale = 16.0 * static_cast<double>(2 * d + 2) * 0x1.0p-53;
  double xt[kBlock * 16] = {};  // d <= 16 on this path; a last partial block is padded with zeros
  std::int32_t best[kBlock];
  double run[D ? D : 16];
  std::size_t run_label = 0, run_count = 0;
  for (std::size_t j = 0; j < d; ++j) run[j] = sums[j];
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t m = std::min(kBlock, n - start);
    const double* block = x + start * d;
    if (m == kBlock) {
      for (std::size_t i = 0; i < kBlock; ++i)
        for (std::size_t j = 0; j < d; ++j) xt[j * kBlock + i] = block[i * d + j];
    } else {
      for (std::size_t i = 0; i < kBlock; ++i)
        for (std::size_t j = 0; j < d; ++j) xt[j * kBlock + i] = i < m ? block[i * d + j] : 0.0;
    }
    const unsigned uncertain = level == simd::Level::avx512
                                   ? kernels::nearest_avx512(xt, d, mc, cn, k, tau_scale, cmax2, best)
                                   : kernels::nearest_avx2(xt, d, mc, cn, k, tau_scale, cmax2, best);
    for (std::size_t i = 0; i < m; ++i) {
      const double* p = block + i * d;
      std::size_t b = static_cast<std::size_t>(best[i]);
      if ((uncertain >> i) & 1u) [[unlikely]] b = direct(p, d, soa, centroids, k);
      labels[start + i] = static_cast<std::int32_t>(b);
      if (b != run_label) {
        counts[run_label] += static_cast<double>(run_count);  // integers: exact in any order
        for (std::size_t j = 0; j < d; ++j) sums[run_label * d + j] = run[j];
        run_label = b;
        run_count = 0;
        for (std::size_t j = 0; j < d; ++j) run[j] = sums[b * d + j];
      }
      ++run_count;
      for (std::size_t j = 0; j < d; ++j) run[j] += p[j];
    }
  }
  counts[run_label] += static_cast<double>(run_count);
  for (std::size_t j = 0; j < d; ++j) sums[run_label * d + j] = run[j];
}

}  // namespace

void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& scratch) {
  const std::size_t n = data.n, d = data.d;
  acc.labels.resize(n);
  acc.sums.assign(k * d, 0.0);
  acc.counts.assign(k, 0.0);
  // scratch: the centroids in structure-of-arrays order (soa[j * k + c] = coordinate j of
  // centroid c), then -2 c (k x d) and ||c||^2 (k) for the blocked kernels.
  scratch.resize(3 * k * d + k);
  double* soa = scratch.data();
  double* mc = soa + k * d;
  double* cn = mc + k * d;
  double cmax2 = 0;
  for (std::size_t c = 0; c < k; ++c) {
    double norm = 0;
    for (std::size_t j = 0; j < d; ++j) {
      const double v = centroids[c * d + j];
      soa[j * k + c] = v;
      mc[c * d + j] = -2.0 * v;  // exact
      norm += v * v;
    }
    cn[c] = norm;
    cmax2 = std::max(cmax2, norm);
  }
  const simd::Level level = simd::level();
  // Below 8 centroids the transposition costs more than the kernel saves (bench/).
  if (level != simd::Level::scalar && d <= 16 && k >= 8 && std::isfinite(cmax2))
  {
    double* sums = acc.sums.data();
    double* counts = acc.counts.data();
    std::int32_t* labels = acc.labels.data();
    switch (d) {
      case 2: return assign_blocked<2>(data.x.data(), n, d, soa, centroids.data(), k, mc, cn, cmax2, level, labels,
                                       sums, counts);
      case 3: return assign_blocked<3>(data.x.data(), n, d, soa, centroids.data(), k, mc, cn, cmax2, level, labels,
                                       sums, counts);
      default: return assign_blocked<0>(data.x.data(), n, d, soa, centroids.data(), k, mc, cn, cmax2, level,
                                        labels, sums, counts);
    }
  }
  assign_direct(data.x.data(), n, d, soa, centroids.data(), k, acc.labels.data(), acc.sums.data(), acc.counts.data());
}

void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids) {
  const std::size_t k = acc.counts.size();
  for (std::size_t c = 0; c < k; ++c) {
    if (!(acc.counts[c] > 0)) continue;
    for (std::size_t j = 0; j < d; ++j) centroids[c * d + j] = acc.sums[c * d + j] / acc.counts[c];
  }
}

void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch) {
  for (int it = 0; it < iterations; ++it) {
    assign_and_accumulate(data, centroids, k, acc, scratch);
    update_means(acc, data.d, centroids);
  }
}

}  // namespace dplab::clustering
