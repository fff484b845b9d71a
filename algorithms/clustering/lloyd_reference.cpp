#include "algorithms/clustering/lloyd_reference.hpp"

#include <cstdio>

#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/shared_blocks.hpp"
#include "core/error.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::clustering {

namespace {
// Lloyd always converges (finitely many partitions, the cost decreases); the cap only guards
// against floating-point ties that could make a partition cycle.
constexpr int kMaxIterations = 100000;
}  // namespace

std::vector<ParamSpec> shared_kmeans_params(const std::string& default_init) {
  return {ParamSpec::integer("k", 3, "number of clusters (lu_thesis Table 7.2)").at_least(1).at_most(100000),
          ParamSpec::text("init", default_init,
                          "the trial's shared initial centroids: 'data' = k distinct data points drawn uniformly "
                          "(Algorithm 7.1 line 1; data records, a release outside every budget), 'uniform' = "
                          "uniform in [0, 1]^d from a public stream (data-independent)")
              .one_of(init_choices()),
          count_confirming_pass_param()};
}

ParamSpec count_confirming_pass_param() {
  return ParamSpec::boolean("count_confirming_pass", false,
                            "count the final assignment pass that only finds the partition unchanged as an iteration "
                            "(false: as the thesis counts, Figs 7.9b/7.10b's LLOYD row; true: every pass)");
}

int lloyd_iterations(const LloydReference& ref, const Params& params) {
  return params.boolean("count_confirming_pass") ? ref.passes : ref.iterations;
}

PrivacyRule init_data_privacy_rule() {
  return when_param("init", {"data"},
                    PrivacyStatus::not_dp("lu_thesis.kmeans_init_data",
                                          "starts from k data records (Algorithm 7.1 line 1), outside the budget"));
}

std::shared_ptr<const LloydReference> lloyd_reference(const PointSet& data, const TrialSeeds& seeds, std::size_t k,
                                                      Init init) {
  static BuildOnceCache<LloydReference> cache(512);
  // The dataset's address with its name, size and three of its values: a dataset freed and
  // another loaded at the same address (tests) does not reuse the old entry.
  char key[256];
  const std::size_t m = data.x.size();
  std::snprintf(key, sizeof key, "%p|%zu|%zu|%.17g|%.17g|%.17g|%llu|%llu|%zu|%d", static_cast<const void*>(&data),
                data.n, data.d, m ? data.x[0] : 0.0, m ? data.x[m / 2] : 0.0, m ? data.x[m - 1] : 0.0,
                static_cast<unsigned long long>(seeds.seed), static_cast<unsigned long long>(seeds.trial), k,
                static_cast<int>(init));
  return cache.get(data.name + "|" + key, [&] {
    LloydReference ref;
    ref.initial = shared_initial_centroids(seeds, data, k, init, kUnitBox);
    ref.centroids = ref.initial;
    Accumulators acc;
    std::vector<double> scratch;
    std::vector<std::int32_t> previous;
    const auto shared = shared_blocks(data);  // once per dataset, not once per trial's reference
    const PointBlocks& blocks = *shared;
    const LloydRun run = lloyd_until_stable(data, k, ref.centroids, kMaxIterations, acc, scratch, previous, &blocks);
    if (!run.converged) throw Error("Lloyd's algorithm did not converge in " + std::to_string(kMaxIterations) + " iterations");
    ref.iterations = run.iterations;
    ref.passes = run.passes;
    ref.cost = kmeans_cost(data, ref.centroids, k, &blocks);
    return ref;
  });
}

std::shared_ptr<const LloydReference> lloyd_reference(const PointSet& data, const TrialSeeds& seeds,
                                                      const Params& params) {
  return lloyd_reference(data, seeds, static_cast<std::size_t>(params.integer("k")), parse_init(params.text("init")));
}

}  // namespace dplab::clustering
