// DPBench's error measure, the scaled average per-query error (Hay et al., SIGMOD 2016; the
// paper's full text could not be read in the session that wrote this, so its section is not
// cited: the definition below is DPBench's code and the dpcomp.org tutorial "Scaled error"):
// for a workload W of q queries, data x of scale s = ||x||_1 and the noisy answers y,
//     error = ||W x - y||_p / (s * q),
// with p = 2 in the paper's experiments (DPBench's code: metric.py calculate_error, 'TypeI.L2'
// = norm(diff) / diff.size / scale). Dividing by the scale makes errors comparable across
// scales (an error of 100 is large on 1,000 records and small on 10^6). Note that this is the
// L2 norm of the error vector divided by q, not a root mean square (which divides by sqrt(q)):
// the paper's numbers are on this scale, so we keep it.
//
// The metrics scaled_l2_error_per_query (the paper's) and scaled_l1_error_per_query read the
// answers an algorithm published and its workload, and compute the true answers W x from the
// dataset the algorithm ran on (after any dpbench_sample transform: the paper measures error
// against the sampled data x, 'TypeI', not against the population shape). They serve 1-D and
// 2-D: a 1-D algorithm publishes `workload` as linear_queries::WorkloadOutput
// (workload_problem.hpp), and so do DPBench's 2-D algorithms (workload_problem_2d.hpp: the
// rectangles answered by 2-D prefix sums); another workload may publish a QueryWorkloadOutput.
#pragma once
#include <memory>
#include <span>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::baselines::dpbench {

// A public workload that can compute its own true answers from a dataset (any dimension): what
// a 2-D (or other) workload publishes as output `workload` for the DPBench error metrics.
struct QueryWorkload {
  virtual ~QueryWorkload() = default;
  // W x on the raw data, one answer per query; throws Error on a dataset of the wrong kind.
  virtual std::vector<double> true_answers(const Dataset& data) const = 0;
};
using QueryWorkloadOutput = std::shared_ptr<const QueryWorkload>;

// ||truth - answers||_p / (scale * q), p = 1 or 2. NaN for an empty workload; throws Error if
// the lengths differ or the scale is not positive.
double scaled_per_query_error(std::span<const double> answers, std::span<const double> truth, double scale, int p);

// s = ||x||_1 of a 1-D or 2-D histogram; throws Error for other kinds.
double histogram_scale(const Dataset& data);

}  // namespace dplab::baselines::dpbench
