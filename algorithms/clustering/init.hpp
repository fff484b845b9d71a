// Initial centroids and the data domain shared by the k-means variants (budget_series
// Algorithm 1; lu_thesis Algorithm 7.1 and its baselines, §7.6.1).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "datasets/dataset.hpp"
#include "framework/trial.hpp"

namespace dplab::clustering {

// The public domain [lo, hi]^d of the data; the sensitivities of the noisy counts and sums
// depend on it, so algorithms refuse data outside it.
struct Box {
  double lo = -1, hi = 1;
};

// Throws unless every coordinate lies in the box, naming the algorithm and the transform that
// fixes it (`fix`, e.g. "transforms: [scale]").
void require_box(const PointSet& data, Box box, const std::string& algorithm, const std::string& fix);

// k centroids uniform in the box (data-independent: no budget). Centroid c, coordinate j is
// lo + (hi - lo) u with the stream's u in order c * d + j.
std::vector<double> uniform_centroids(Stream& stream, std::size_t k, std::size_t d, Box box);

// k rows of the data chosen uniformly at random, distinct in value (lu_thesis Algorithm 7.1
// line 1: "uniformly sample k initial centroids from X"). A draw that repeats a chosen value is
// drawn again, so no two initial centroids coincide (Iris holds repeated rows); a dataset with
// fewer than k distinct rows throws. Not data-independent: the values are data points.
std::vector<double> sample_data_points(Stream& stream, const PointSet& data, std::size_t k);

// k centroids by Su et al.'s sphere packing (CODASPY 2016, the start budget_series cites as
// [6]): each centroid uniform in the box at least a from its faces and at least 2a from the
// centroids already placed; after 100 failed draws for one centroid the packing restarts with a
// 10% smaller a, from a = (hi - lo) / 2. Our reading of their description (they give no
// constants). Data-independent: a function of the stream, k, d and the box only. `radius`, when
// given, receives the a that fitted.
std::vector<double> sphere_packing_centroids(Stream& stream, std::size_t k, std::size_t d, Box box,
                                             double* radius = nullptr);

// k-means++ seeding (Arthur and Vassilvitskii 2007) on the exact data: the first centroid a
// uniformly drawn row, each next one a row drawn with probability proportional to its squared
// distance to the nearest centroid chosen so far. Not private: the centroids are data records
// chosen by the data's geometry. Throws when the data hold fewer than k distinct rows.
std::vector<double> kmeanspp_centroids(Stream& stream, const PointSet& data, std::size_t k);

// How the initial centroids are drawn: `data` (k distinct data points, Algorithm 7.1 line 1),
// `uniform` (uniform in the box, no data involved), `sphere` (Su et al.'s sphere packing, no
// data involved) or `kmeanspp` (k-means++ on the exact data).
enum class Init { DataPoints, Uniform, SpherePacking, KMeansPP };
Init parse_init(const std::string& text);
// The choices of lu_thesis ch. 7 (its specs and privacy rules know these two).
inline const std::vector<std::string>& init_choices() {
  static const std::vector<std::string> c{"data", "uniform"};
  return c;
}
// Every initialisation (budget_series.dp_kmeans).
inline const std::vector<std::string>& all_init_choices() {
  static const std::vector<std::string> c{"uniform", "sphere", "data", "kmeanspp"};
  return c;
}

// The initial centroids of `init` drawn from `stream`.
std::vector<double> initial_centroids(Stream& stream, const PointSet& data, std::size_t k, Init init, Box box);

// The initial centroids every method of a trial starts from (lu_thesis §7.6.1: "LLOYD, BLUM,
// DWORK, SU, and Algorithm 7.1 use the same initial centroids"): drawn from the trial's public
// stream, so every algorithm, budget and metric of a trial sees the same ones on a dataset.
std::vector<double> shared_initial_centroids(const TrialSeeds& seeds, const PointSet& data, std::size_t k,
                                             Init init, Box box);

}  // namespace dplab::clustering
