// Lloyd's algorithm from a trial's shared initial centroids: the reference lu_thesis ch. 7
// measures every DP k-means against (the normalised cost gap, the convergence degree and the
// iteration ratio, §7.6), also used to size the baselines' matched budgets. It depends only on
// the dataset, the trial and (k, init), so it is computed once per trial and dataset and shared
// by every algorithm, budget and metric of that trial (a thread-safe cache: with the runner's
// trial-major order all points of a trial meet while its entries are fresh).
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/clustering/init.hpp"
#include "core/params.hpp"
#include "datasets/dataset.hpp"
#include "framework/privacy.hpp"
#include "framework/trial.hpp"

namespace dplab::clustering {

struct LloydReference {
  std::vector<double> initial;    // the trial's shared initial centroids, k x d
  std::vector<double> centroids;  // Lloyd's converged centroids from them
  double cost = 0;                // eq. 7.1 at the converged centroids
  int iterations = 0;             // Lloyd's iterations, the confirming pass not counted (lloyd.hpp)
  int passes = 0;                 // assignment passes, the confirming one included
};

// The data domain of lu_thesis ch. 7 (§7.6.1: "we normalise the data in all datasets to [0, 1]").
inline constexpr Box kUnitBox{0, 1};
inline const char* const kUnitBoxFix = "transforms: [{scale: {low: 0, high: 1}}]";

// The parameters every lu_thesis ch. 7 k-means plugin declares: the number of clusters, how
// the trial's shared initial centroids are drawn (they key the reference; `default_init` is
// "data" for the methods as published, Algorithm 7.1 line 1 and LLOYD, "uniform" for the noisy
// Lloyd baselines, which are eps-DP only from a data-independent start) and how iterations are
// counted (count_confirming_pass_param).
std::vector<ParamSpec> shared_kmeans_params(const std::string& default_init = "data");

// count_confirming_pass: false (default) counts Lloyd's iterations as the thesis does, without
// the final assignment pass that only confirms the partition; true counts every pass.
ParamSpec count_confirming_pass_param();

// Lloyd's iteration count from the reference under the point's convention.
int lloyd_iterations(const LloydReference& ref, const Params& params);

// init: data starts from k data records, a release outside every method's budget
// (lu_thesis.kmeans_init_data): the privacy rule of every method that starts from them.
PrivacyRule init_data_privacy_rule();

std::shared_ptr<const LloydReference> lloyd_reference(const PointSet& data, const TrialSeeds& seeds, std::size_t k,
                                                      Init init);
// The same, with k and init read from a plugin's parameters (shared_kmeans_params).
std::shared_ptr<const LloydReference> lloyd_reference(const PointSet& data, const TrialSeeds& seeds,
                                                      const Params& params);

}  // namespace dplab::clustering
