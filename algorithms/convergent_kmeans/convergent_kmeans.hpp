// lu_thesis Algorithm 7.1 (with Algorithm 7.2): differentially private k-means with a
// convergence guarantee (Lu & Shen, PAKDD 2019 and IEEE TDSC 2020; thesis ch. 7).
//
// Each iteration t assigns the points to the private centroids S^(t-1) (line 4), takes the
// real means S^(t) (line 5), builds every cluster's sampling zone (line 6, Algorithm 7.2;
// sampling_zone.hpp) and draws the new private centroid from it by the exponential mechanism
// (line 7). The loop ends when the clusters converge ("while clusters do not converge", line 2):
// two consecutive assignment steps give the same partition, Lloyd's own stopping rule (§7.2),
// so the tolerance is zero, on the partition. Posterior stops as soon as its look-ahead step
// (Algorithm 7.2 line 2, whose result the thesis calls C^(t+1)) gives the current partition
// again: the real means are then Lloyd's fixed point and every zone is a single point. Finally
// (line 10, §7.5.1) the centroids are the means of the final partition with Laplace noise on
// the counts (epsilon_0, sensitivity 1).
//
// Privacy ledger (Theorem 7.5): eps_0 + sum over iterations of max_i eps_i^(t). Every iteration
// is one parallel scope with a branch per cluster (the clusters partition the data); a cluster
// whose zone is a single point (its mean did not move) samples nothing, so an iteration in
// which no cluster samples costs nothing. The total is data-dependent (it grows with the number
// of iterations), which is why the plugin declares only a cap.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/clustering/filter_tree.hpp"
#include "algorithms/clustering/shared_blocks.hpp"
#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/convergent_kmeans/sampling_zone.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::convergent_kmeans {

enum class ZoneKind { Prior, Posterior };
// How the loop stops: Partition (two consecutive assignment steps agree; the default) or
// Movement (every private centroid moved less than `tolerance` in the last iteration).
enum class Stop { Partition, Movement };
// Line 10's noise: on the counts only (§7.5.1, the thesis), or on counts and sums (eps_0 split
// in half, the sums with L1 sensitivity d as in the noisy Lloyd step).
enum class FinalNoise { Counts, CountsAndSums };

// What the published algorithm and its provable variant (provable.hpp) share.
struct ZoneOptions {
  ZoneKind zone = ZoneKind::Prior;
  double eps = 0.1;   // eps_i^(t), the same for every cluster and iteration
  double eps0 = 0.1;  // epsilon_0 of line 10
  PriorSide side = PriorSide::Forward;
  RotationPlane plane = RotationPlane::Uniform;
  bool clip_to_zone = true;
  bool count_lookahead = true;  // Posterior: a look-ahead assignment counts as an iteration
  clustering::Box box{0, 1};
};

struct Options : ZoneOptions {
  bool delta_from_zone = false;  // delta in units of the convergent zone's radius a, not ||X - S||
  Stop stop = Stop::Partition;
  double tolerance = 1e-4;
  int max_iterations = 500;
  // Count the assignment pass that only confirms the partition (false: as the thesis counts
  // its LLOYD row, lloyd.hpp; true: every pass, the convention before issue 27).
  bool count_confirming_pass = false;
  FinalNoise final_noise = FinalNoise::Counts;
};

// One draw of a private centroid, for tests and diagnostics.
struct TraceStep {
  int iteration = 0, cluster = 0;
  double lambda = 0, a = 0, radius_x = 0;  // a = ||S^(t-1) - S||, radius_x = ||X - S||
  double delta = 0, alpha = 0;             // of the drawn centroid (delta in units of ||X - S||)
  std::uint64_t proposals = 0;
  std::vector<double> mean, controller, drawn;
};

struct Result {
  std::vector<double> centroids;     // published (line 10), k x d
  std::vector<double> before_noise;  // the means of the final partition, before line 10's noise
  std::vector<double> sampled;       // the last private centroids drawn (line 8's S^(t))
  int iterations = 0;                // assignment passes (Posterior: look-ahead ones too, if counted), the
                                     // confirming one only with count_confirming_pass
  int assignment_steps = 0;          // every assignment pass, look-ahead and confirming ones included
  int noisy_iterations = 0;          // iterations that drew at least one private centroid
  bool converged = false;
};

// Runs Algorithm 7.1 from `initial` (k x d) on data inside opt.box. `stream` gives the zones'
// data-independent randomness (lambda, gamma, turn direction); `noise` every private draw.
// Buffers reused across runs (per-thread scratch).
struct Workspace {
  clustering::Accumulators acc, lookahead;
  std::vector<double> scratch;
  std::shared_ptr<const clustering::PointBlocks> blocks;  // the run's data prepared (shared_blocks)
  std::shared_ptr<const clustering::FilterTree> tree;     // its filter tree (the provable variant's noisy steps)
};
Result run_algorithm71(const PointSet& data, std::size_t k, const std::vector<double>& initial, const Options& opt,
                         Stream& stream, Mechanisms& noise, Workspace& ws, std::vector<TraceStep>* trace = nullptr);

}  // namespace dplab::convergent_kmeans
