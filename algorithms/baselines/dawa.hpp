// DAWA's two stages on a 1-D vector (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014), shared by the 1-D
// plugin (baselines.dawa, dawa_algorithm.cpp) and the 2-D one (baselines.dawa_2d, on the Hilbert
// order of the cells):
//   Stage 1 (eps1): private L1 partition of [0, n) into buckets (l1_partition.hpp).
//   Stage 2 (eps2): the workload mapped onto the buckets (bucket_workload.hpp), a hierarchical
//   strategy chosen for it by greedyH (greedy_h.hpp), Laplace noise of scale Delta_A / eps2 on
//   its answers, least squares (hierarchy.hpp), each terminal node's total spread evenly over its
//   cells.
#pragma once
#include <span>
#include <vector>

#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "framework/mechanisms.hpp"
#include "framework/registry.hpp"

namespace dplab::baselines {

struct DawaOptions {
  double eps1 = 0, eps2 = 0;  // the two stages' budgets
  IntervalFamily family = IntervalFamily::All;
  PartitionNoise noise = PartitionNoise::Provable;
  IntervalValues* costs = nullptr;  // scratch for the dyadic candidates' costs (optional)
};

struct DawaEstimate {
  std::vector<double> xhat;   // the estimate of x
  std::size_t buckets = 0;    // of the private partition
  double strategy_error = 0;  // trace(Q (A^T A)^+ Q^T) of greedyH's strategy
  // ||W E t - W x||^2, t the buckets' exact totals spread evenly by E: stage 1's bias, the error
  // DAWA keeps with no noise at all. A diagnostic from the true data (never released); dawa()
  // sets it, greedy_h_estimate leaves it 0.
  double partition_bias_sq = 0;
};

// Stage 2 alone on the buckets b of [0, x.size()): eps2 charged to `noise`. On the identity
// partition (every cell a bucket) this is DPBench's GreedyH (baselines.greedy_h).
DawaEstimate greedy_h_estimate(std::span<const double> x, const linear_queries::Workload& W, const Buckets& b,
                               double eps2, Mechanisms& noise);

// DAWA on x (length W.n) for workload W: eps1 + eps2 charged to `noise`.
DawaEstimate dawa(std::span<const double> x, const linear_queries::Workload& W, const DawaOptions& options,
                  Mechanisms& noise);

// The diagnostics both DAWA plugins output (buckets, strategy_error, partition_bias_sq): declared
// internal, so that `dplab audit` leaves them out (DAWA releases the workload's answers only).
void add_dawa_diagnostics(AlgorithmInfo& info);
void publish_dawa_diagnostics(TrialContext& ctx, const DawaEstimate& e);

}  // namespace dplab::baselines
