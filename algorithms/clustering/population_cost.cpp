#include "algorithms/clustering/population_cost.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>

#include "algorithms/clustering/assign_kernels.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/sixteen_distances.hpp"
#include "core/error.hpp"
#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dplab::clustering {

namespace {

using kernels::kBlock;
constexpr std::size_t kLanes = 8;  // the cost's running sums (assign.cpp's kCostLanes)

// The centroids that occur in two or more candidates, each given a column: column[i * k + c] is
// the column of candidate i's centroid c, or -1 (computed for that candidate alone).
struct SharedCentroids {
  std::vector<int> column;
  std::vector<const double*> centroid;  // one per column
};

SharedCentroids shared_centroids(const std::vector<std::vector<double>>& population, std::size_t k, std::size_t d) {
  // Keyed by the centroid's bits: only an exact copy reads the same distances.
  auto key = [d](const double* c) { return std::string(reinterpret_cast<const char*>(c), d * sizeof(double)); };
  std::unordered_map<std::string, int> seen;  // occurrences, then the column (or -1)
  for (const auto& cand : population)
    for (std::size_t c = 0; c < k; ++c) ++seen[key(cand.data() + c * d)];
  SharedCentroids out;
  for (auto& [bits, count] : seen) count = count >= 2 ? 0 : -1;
  out.column.assign(population.size() * k, -1);
  for (std::size_t i = 0; i < population.size(); ++i)
    for (std::size_t c = 0; c < k; ++c) {
      const double* q = population[i].data() + c * d;
      int& col = seen[key(q)];
      if (col < 0) continue;
      if (col == 0) {  // first occurrence of a shared centroid: its column
        out.centroid.push_back(q);
        col = static_cast<int>(out.centroid.size());  // stored + 1, so 0 still means "none yet"
      }
      out.column[i * k + c] = col - 1;
    }
  return out;
}

#if defined(__x86_64__)

// A centroid computed for one candidate alone, and the shared centroid whose first `from`
// coordinates it repeats (from = 0: none). PrivGene's offspring are crossovers cut at a random
// coordinate with one coordinate mutated: most of their own centroids begin as a parent's, whose
// distances over those coordinates the block already holds.
struct Own {
  const double* q;
  std::uint32_t partial;  // offset in the block's partial sums of the shared centroid's coordinate from - 1
  std::uint32_t from;
};

// The least distance of each of a block's kBlock points (past the data's last point: the
// padding's, never added) over one candidate's centroids. NaN distances are skipped as
// assign.cpp's least path skips them (min returns its second operand, the running least, when
// the first is NaN; the running least is never NaN), so the least does not depend on the order
// in which the centroids are taken: first those computed here (`own`, each from its shared
// prefix when it has one), then the shared ones, read from the block's stored sums (`read`:
// offsets into `stored`). Sixteen points a step, four independent vectors sharing each
// centroid's broadcast coordinates.
template <std::size_t D>
__attribute__((target("avx2"))) void block_least(const double* block, std::size_t d_any, const Own* own,
                                                 std::size_t owns, const double* stored, const std::uint32_t* read,
                                                 std::size_t reads, double* least) {
  const std::size_t d = D ? D : d_any;
  for (std::size_t l = 0; l < kBlock; l += 16) {
    __m256d t[4];
    for (auto& v : t) v = _mm256_set1_pd(std::numeric_limits<double>::infinity());
    for (std::size_t c = 0; c < owns; ++c) {
      // Read the points again for each centroid (first-level cache): without this empty asm,
      // which hides that the address is the same, GCC keeps all 4 d of the points' vectors
      // across the centroids and spills them to the stack (35 vector spills at d = 10).
      const double* rows = block + l;
      asm("" : "+r"(rows));
      __m256d sum[4];
      if (own[c].from > 0)
        kernels::sixteen_distances_from<D>(rows, own[c].q, d, own[c].from, stored + own[c].partial + l, sum);
      else
        kernels::sixteen_distances<D>(rows, own[c].q, d, sum);
      for (int v = 0; v < 4; ++v) t[v] = _mm256_min_pd(sum[v], t[v]);
    }
    for (std::size_t c = 0; c < reads; ++c)
      for (int v = 0; v < 4; ++v) t[v] = _mm256_min_pd(_mm256_loadu_pd(stored + read[c] + l + 4 * v), t[v]);
    for (int v = 0; v < 4; ++v) _mm256_store_pd(least + l + 4 * v, t[v]);
  }
}

// Each point's least added to its candidate's running sum i mod 8: a block's groups of eight in
// order, then its points past a whole group one at a time, as assign.cpp's cost_least adds them.
__attribute__((target("avx2"))) inline void add_block(const double* least, std::size_t m, double* lanes) {
  const std::size_t whole = m / kLanes * kLanes;
  __m256d low = _mm256_loadu_pd(lanes), high = _mm256_loadu_pd(lanes + 4);
  for (std::size_t g = 0; g < whole; g += kLanes) {
    low = _mm256_add_pd(low, _mm256_load_pd(least + g));
    high = _mm256_add_pd(high, _mm256_load_pd(least + g + 4));
  }
  _mm256_storeu_pd(lanes, low);
  _mm256_storeu_pd(lanes + 4, high);
  for (std::size_t q = whole; q < m; ++q) lanes[q % kLanes] += least[q];
}

// Block by block, every candidate: the block's points (kBlock x d) stay in the first-level cache
// for the whole generation instead of streaming the data once per candidate (Lifesci's 2.1 MB
// of rows do not fit in the second-level cache), and the shared centroids' distances are
// computed once per block.
template <std::size_t D>
__attribute__((target("avx2"))) void pooled_costs(const PointSet& data,
                                                  const std::vector<std::vector<double>>& population, std::size_t k,
                                                  const PointBlocks& blocks, const SharedCentroids& shared,
                                                  std::vector<double>& costs) {
  const std::size_t n = data.n, d = data.d, m = population.size(), pool = shared.centroid.size();
  // Starting own centroids from a shared prefix pays from four coordinates on (BM_PopulationCosts
  // at d = 10: 8.5-12.1 -> 6.6-7.8 ms a generation, results/summary/privgene-prefix-ab-2026-11-28.txt;
  // at d = 2 and 3 storing every coordinate's sums cost more than the coordinates it saved);
  // below, only the distances are stored.
  const bool prefixes = d >= 4;
  const std::size_t rows = prefixes ? d : 1;
  // The block's sums: stored[(p * rows + j) * kBlock + l], shared centroid p's sum over
  // coordinates 0 .. j for point l (with prefixes; without, only j = d - 1, the distance).
  auto offset = [&](std::size_t p, std::size_t j) {
    return static_cast<std::uint32_t>((p * rows + (prefixes ? j : 0)) * kBlock);
  };
  // Per candidate, its own centroids, each with the shared centroid that repeats most of its
  // first coordinates (bit for bit), and the offsets of its shared ones' distances in `stored`.
  std::vector<Own> own(m * k);
  std::vector<std::uint32_t> read(m * k);
  std::vector<std::size_t> owns(m, 0), reads(m, 0);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t c = 0; c < k; ++c) {
      const int col = shared.column[i * k + c];
      const double* q = population[i].data() + c * d;
      if (col >= 0) {
        read[i * k + reads[i]++] = offset(static_cast<std::size_t>(col), d - 1);
        continue;
      }
      Own o{q, 0, 0};
      for (std::size_t p = 0; prefixes && p < pool; ++p) {
        std::size_t same = 0;
        while (same < d && std::memcmp(q + same, shared.centroid[p] + same, sizeof(double)) == 0) ++same;
        if (same < d && same > o.from) o = Own{q, offset(p, same - 1), static_cast<std::uint32_t>(same)};
      }
      own[i * k + owns[i]++] = o;
    }
  std::vector<double> stored(pool * rows * kBlock);
  alignas(32) double least[kBlock];
  std::vector<double> lanes(m * kLanes, 0.0);
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t block_points = std::min(kBlock, n - start);
    const double* block = blocks.exact_rows.data() + start * d;  // padded with zeros to kBlock points
    for (std::size_t p = 0; p < pool; ++p)
      for (std::size_t l = 0; l < kBlock; l += 16) {
        // With prefixes every coordinate's running sums (the last row the distance), else the distance.
        __m256d sum[4];
        kernels::sixteen_distances<D>(block + l, shared.centroid[p], d, sum,
                                      prefixes ? stored.data() + offset(p, 0) + l : nullptr);
        if (!prefixes)
          for (int v = 0; v < 4; ++v) _mm256_storeu_pd(stored.data() + offset(p, d - 1) + l + 4 * v, sum[v]);
      }
    for (std::size_t i = 0; i < m; ++i) {
      block_least<D>(block, d, own.data() + i * k, owns[i], stored.data(), read.data() + i * k, reads[i], least);
      add_block(least, block_points, lanes.data() + i * kLanes);
    }
  }
  for (std::size_t i = 0; i < m; ++i) {
    const double* s = lanes.data() + i * kLanes;
    costs[i] = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));  // CostLanes::total
  }
}

#endif  // __x86_64__

}  // namespace

bool pooled_pays(std::size_t n, std::size_t k) { return n >= 4096 && k <= 16; }

std::vector<double> population_costs(const PointSet& data, const std::vector<std::vector<double>>& population,
                                     std::size_t k, const PointBlocks& blocks, std::size_t* columns) {
  std::vector<double> costs(population.size());
  if (columns) *columns = 0;
  const std::size_t d = data.d;
  for (const auto& cand : population)
    if (cand.size() != k * d) throw Error("population_costs: a candidate is not k x d centroids");
#if defined(__x86_64__)
  const bool prepared = blocks.x == data.x.data() && blocks.n == data.n && blocks.d == d && !blocks.exact_rows.empty();
  if (prepared && pooled_pays(data.n, k) && simd::level() != simd::Level::scalar) {
    const SharedCentroids shared = shared_centroids(population, k, d);
    if (!shared.centroid.empty()) {
      switch (d) {
        case 3: pooled_costs<3>(data, population, k, blocks, shared, costs); break;
        case 10: pooled_costs<10>(data, population, k, blocks, shared, costs); break;
        default: pooled_costs<0>(data, population, k, blocks, shared, costs); break;
      }
      if (columns) *columns = shared.centroid.size();
      return costs;
    }
  }
#endif
  for (std::size_t i = 0; i < population.size(); ++i) costs[i] = kmeans_cost(data, population[i], k, &blocks);
  return costs;
}

}  // namespace dplab::clustering
