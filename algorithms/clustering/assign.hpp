// The k-means assignment step, the hot path of every k-means variant (budget_series Algorithm 1,
// Lloyd, the thesis's convergent DP k-means): each point goes to its nearest centroid, and the
// per-cluster counts and coordinate sums are accumulated in the same pass (the update then only
// divides). The sums are exact (algorithms/clustering/exact_sums.hpp, results version 2): a pass
// on prepared blocks starts from the previous pass's sums and moves only the points whose label
// changed. With AVX2 or AVX-512 (core/simd.hpp) the nearest centroid comes from the expanded
// form ||c'||^2 - 2 x'.c' in single precision over blocks of 64 points (assign_kernels.hpp),
// certified against the direct formula sum_j (x_j - c_j)^2 in double: a point whose two best
// scores are within the rounding bound is recomputed directly, so labels, counts and sums are bit
// for bit those of the direct (scalar) path, ties to the lowest index included
// (tests/test_kmeans_blocked.cpp). Nothing is allocated when the caller reuses its buffers.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/clustering/exact_sums.hpp"
#include "datasets/dataset.hpp"

namespace dplab::clustering {

// The points in the vector kernels' layout, for many passes over the same data (Lloyd's
// iterations, PrivGene's candidates): blocks of 64 points, each coordinate centred on the data's
// mean (over its finite values) and rounded to float, one row per coordinate. A pass given them
// skips its own centring and transposition of every point; the labels are certified against the
// direct formula either way, so the results are the same bits. Valid while the data are
// unchanged: build them at the start of a run, from the data of that run.
// The data's fixed-point form is kept too (exact_sums.hpp), for the exact sums' delta updates:
// the data must not change while the blocks are in use.
struct PointBlocks {
  const double* x = nullptr;  // the data they were built from (a pass on other data is an error)
  std::size_t n = 0, d = 0;
  std::uint64_t id = 0;       // unique to each prepare_blocks call
  double origin[16] = {};
  std::vector<float> rows;  // empty when the kernels do not apply (d > 16, or no vector unit)
  // The same layout in double, not centred, for the exact cost terms: kmeans_cost's distances to
  // the labels for d != 2 (the ranked path at d = 2 reads the points directly) and the least
  // distances of the small-k path, four points a vector. Empty when `rows` is.
  std::vector<double> exact_rows;
  FixedPointScale scale;
  std::vector<Fixed> fixed;  // n * d: x / 2^scale.low[j]; empty unless scale.exact
};
// Two sums over the bits of the data's values, plain and weighted by position (mod 2^64): two
// point sets that differ in one value, or in one record, differ in them. Keys the blocks a pass
// prepares for itself (Accumulators::own_blocks) and the ones shared per dataset (shared_blocks).
struct DataPrint {
  std::uint64_t plain = 0, weighted = 0;
  bool operator==(const DataPrint&) const = default;
};
DataPrint fingerprint(const PointSet& data);

// Partial exact sums per cluster (assign.cpp's accumulate_exact).
constexpr std::size_t kExactCopies = 4;

struct Accumulators {
  std::vector<std::int32_t> labels;  // n: nearest centroid (lowest index on ties)
  std::vector<double> sums;          // k * d, row-major by cluster
  std::vector<double> counts;        // k
  // Scratch of the vector path: four partial counts per cluster (integers, exact in any order;
  // four break the store-to-load chain of consecutive points in one cluster) and the centred
  // centroids in single precision.
  std::vector<double> partial_counts;
  std::vector<float> kernel_centroids;
  // The exact sums and counts and the labels they are of; a pass on the same prepared blocks
  // (PointBlocks::id) and k updates them by the points whose label changed.
  std::vector<Fixed> exact_sums;            // kExactCopies x k x d partial sums
  std::vector<std::int64_t> exact_counts;   // kExactCopies x k partial counts
  std::vector<std::int32_t> exact_labels;   // n
  std::uint64_t exact_blocks = 0;           // the PointBlocks::id they belong to (0: none)
  // A pass without the caller's blocks prepares these, again only when the data changed.
  PointBlocks own_blocks;
  DataPrint own_print;
};

void prepare_blocks(const PointSet& data, PointBlocks& out);

// centroids: k * d, row-major. Resizes the accumulators and `scratch` (the centroids rearranged
// for the kernels; no allocation once sized). `blocks`: optional, prepare_blocks of `data`;
// without them the accumulators prepare their own (own_blocks), again only when the data's
// fingerprint changes, so that repeated passes on the same data still move only changed points.
void assign_and_accumulate(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks = nullptr);

// The k-means cost sum_i min_c sum_j (x_ij - c_j)^2 from the same certified assignment, in one
// pass without labels or sums (PrivGene scores thousands of candidates per run): the nearest
// centroid's distance, point i's added to running sum i mod 8, the eight sums then added pairwise
// (results version 2; version 1 added in point order), the same on every path.
// `scratch` and `kernel_scratch` are the caller's buffers (no allocation once sized).
// Two ways to the same terms: rank the centroids (the certified kernel) and take the label's
// distance, or take every point's least distance over the k centroids in double (prepared blocks
// with a vector unit only; cheaper for small k d). `path` forces one, for tests and benchmarks.
enum class CostPath { automatic, ranked, least };
double assignment_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                       std::vector<double>& scratch, std::vector<float>& kernel_scratch,
                       const PointBlocks* blocks = nullptr, CostPath path = CostPath::automatic);

// Centroid c = sums / counts for clusters with count > 0 (others keep their centroid).
void update_means(const Accumulators& acc, std::size_t d, std::vector<double>& centroids);

// Lloyd's algorithm without noise: `iterations` rounds of assignment and mean update.
void lloyd(const PointSet& data, std::size_t k, int iterations, std::vector<double>& centroids,
           Accumulators& acc, std::vector<double>& scratch, const PointBlocks* blocks = nullptr);

}  // namespace dplab::clustering
