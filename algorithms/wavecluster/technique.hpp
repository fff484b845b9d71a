// What the five WaveCluster plugins (the non-private algorithm and the four private techniques of
// wavecluster §4) share: their parameters, the data of one trial (the public grid over the public
// box, and the points the run may use: all of them, or the training folds of a cross-validation),
// the non-private reference result, and the outputs every figure reads.
#pragma once
#include <cstdint>
#include <vector>

#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/wavecluster/wavecluster.hpp"
#include "framework/registry.hpp"

namespace dplab::wavecluster {

// g, p, the public box (xmin, xmax, ymin, ymax), percentile, connectivity, folds.
std::vector<ParamSpec> clustering_params();
// significant_cells, zero_cells, clusters, threshold and the cell_clusterings object.
std::vector<OutputSpec> clustering_outputs();
// For `dplab audit` (AlgorithmInfo::audit_params): the public box [-1, 1]^2 its neighbouring point
// sets lie in (the default point_domain), which the box parameters have no default for.
std::vector<std::string> audit_box();

struct TrialInput {
  const PointSet* data = nullptr;
  CellGrid fine;    // g x g: the count matrix M
  CellGrid coarse;  // g/2 x g/2: the cells of W, the cells that are clustered
  double p = 0;
  PercentileRule rule = PercentileRule::Weibull;
  int connectivity = 8;
  // The rows the run clusters (empty: every point) and the held-out fold (empty without folds).
  std::vector<std::uint32_t> train, test;
  std::size_t size() const { return train.empty() ? data->n : train.size(); }
};
TrialInput trial_input(const TrialContext& ctx);

// M of the rows the run may use (no noise: the input of the private mechanisms).
std::vector<double> true_counts(const TrialInput& in);
// WaveCluster on a W: threshold = percentile p of its positive values, significant when >= it.
Clustering cluster_by_percentile(std::span<const double> w, const TrialInput& in);
// Non-private WaveCluster on the run's rows: the reference every private run is compared with
// (from their count grid M when the caller has it).
Clustering true_clustering(const TrialInput& in);
Clustering true_clustering(const TrialInput& in, std::span<const double> m);

// Publishes the run's scalars and the cell_clusterings object (truth vs found).
void publish(TrialContext& ctx, const TrialInput& in, const Clustering& truth, const Clustering& found);

}  // namespace dplab::wavecluster
