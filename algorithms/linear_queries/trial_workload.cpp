#include "algorithms/linear_queries/trial_workload.hpp"

#include <string>

#include "framework/build_once_cache.hpp"

namespace dplab::linear_queries {

std::shared_ptr<const GeneratedWorkload> trial_workload(const TrialSeeds& seeds, const WorkloadShape& shape) {
  // Trials run trial-major (every point's trial t, then t + 1) on a few threads, so only the
  // workloads of the trials in flight are asked for again: a few hundred keys cover every spec's
  // workload shapes (Fig 6 has 8) many times over. A workload of 2,000 queries is 16-130 KB.
  static BuildOnceCache<GeneratedWorkload> cache(256);
  const std::string what = shape.key();
  const std::string key = std::to_string(seeds.seed) + "|" + std::to_string(seeds.trial) + "|" + what;
  return cache.get(key, [&] {
    Stream stream = seeds.public_stream(what);
    return generate_workload(shape, stream);
  });
}

}  // namespace dplab::linear_queries
