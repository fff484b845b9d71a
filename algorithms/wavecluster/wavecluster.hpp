// WaveCluster (Sheikholeslami, Chatterjee, Zhang 1998/2000) as wavecluster §3.2 runs it, in
// the pieces the four private techniques share (§4): quantisation onto a g x g count grid M over
// a public box, the level-1 Haar approximation W (g/2 x g/2, W = sum of each 2 x 2 block / 2,
// the paper's §5.2.1 form), the density threshold as a percentile of the positive values of W,
// the significant cells, and their connected components (8-neighbour by default: the paper's
// 15 / 3 / 5 clusters on DS1 / DS2 / DS3). Cells are indexed i * ny + j with i along x.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/metrics/cell_clustering.hpp"
#include "datasets/dataset.hpp"

namespace dplab::wavecluster {

// Percentile of n sorted values at p (0..100), interpolating between order statistics at the
// 1-based position pos, clamped to the first and last value:
//   Weibull: pos = p (n + 1) / 100 (Apache Commons Math's Percentile, which the authors' Java
//            code uses; numpy method "weibull"). With it DS2's true k is the paper's 144.
//   Hazen:   pos = n p / 100 + 1/2 (MATLAB's prctile; numpy "hazen"). DS2's k is 143 with it.
//   Linear:  pos = 1 + (n - 1) p / 100 (numpy's default, R type 7).
enum class PercentileRule { Weibull, Hazen, Linear };
PercentileRule percentile_rule(const std::string& name);  // "weibull", "hazen", "linear"
double percentile(std::span<const double> sorted, double p, PercentileRule rule);

// Counts of the points (rows of `points`, all when `rows` is empty) in the cells of `grid`.
std::vector<double> quantise(const PointSet& points, const CellGrid& grid, std::span<const std::uint32_t> rows = {});

// Level-1 Haar approximation of a g x g grid (g even): (g/2) x (g/2), each the sum of its 2 x 2
// block divided by 2 (MATLAB's dwt2(M, 'haar') approximation, PyWavelets' dwt2 cA).
std::vector<double> haar_approximation(std::span<const double> m, std::size_t g);

// Connected components of the set cells (mask != 0) of an nx x ny grid, with 4 or 8 neighbours.
// Labels are 1..count in the order the scan (i, then j) first meets each component; 0 elsewhere.
std::vector<std::int32_t> connected_components(std::span<const std::uint8_t> mask, std::size_t nx, std::size_t ny,
                                               int connectivity, std::int32_t* count = nullptr);

// The positive values of W, sorted increasingly (the list L of §3.2).
std::vector<double> positive_sorted(std::span<const double> w);

// One clustering of the cells of W: significant cells are those with W >= threshold (or
// W > threshold when `strict`), and always W > 0.
struct Clustering {
  double threshold = 0;
  std::vector<std::int32_t> labels;  // per cell of W: 0 noise, 1.. clusters
  std::size_t significant = 0;       // k (k' for a private run)
  std::size_t zero = 0;              // |Z|: cells of W that are <= 0
  std::int32_t clusters = 0;
};
Clustering cluster_cells(std::span<const double> w, std::size_t h, double threshold, bool strict, int connectivity);

// The exponential-mechanism threshold of PrivTHREM (Alg. 4, NoisyDensityThreshold): the intervals
// between the sorted positive true values l_1 <= ... <= l_m, (0, l_1], (l_1, l_2], ..., each with
// quality -|rank - k| where rank = #{l >= x} for x inside (m, m - 1, ..., 1). The paper's range
// ends at l_m = max W (data-dependent); with `upper` (a public bound) the range is (0, upper],
// with a last interval (l_m, upper] of rank 0 and every edge capped at `upper`.
struct ThresholdIntervals {
  std::vector<double> edges;   // m + 1 (or m + 2) edges, from 0
  std::vector<double> scores;  // one per interval
};
ThresholdIntervals threshold_intervals(std::span<const double> sorted_positive, double k,
                                       std::optional<double> upper = std::nullopt);

}  // namespace dplab::wavecluster
