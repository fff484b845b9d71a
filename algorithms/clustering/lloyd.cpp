#include "algorithms/clustering/lloyd.hpp"

namespace dplab::clustering {

LloydRun lloyd_until_stable(const PointSet& data, std::size_t k, std::vector<double>& centroids, int max_iterations,
                            Accumulators& acc, std::vector<double>& scratch, std::vector<std::int32_t>& previous,
                            const PointBlocks* blocks) {
  LloydRun r;
  previous.clear();
  PointBlocks local;  // many passes on the same data: prepare them once if the caller did not
  if (!blocks) {
    prepare_blocks(data, local);
    blocks = &local;
  }
  for (int t = 1; t <= max_iterations; ++t) {
    assign_and_accumulate(data, centroids, k, acc, scratch, blocks);
    r.passes = t;
    if (t > 1 && acc.labels == previous) {  // the confirming pass: not an iteration
      r.converged = true;
      break;
    }
    r.iterations = t;
    update_means(acc, data.d, centroids);
    previous = acc.labels;
  }
  return r;
}

double kmeans_cost(const PointSet& data, const std::vector<double>& centroids, std::size_t k,
                   const PointBlocks* blocks) {
  // This thread's buffers, reused: PrivGene evaluates thousands of candidates per run.
  thread_local std::vector<double> scratch;
  thread_local std::vector<float> kernel_scratch;
  return assignment_cost(data, centroids, k, scratch, kernel_scratch, blocks);
}

}  // namespace dplab::clustering
