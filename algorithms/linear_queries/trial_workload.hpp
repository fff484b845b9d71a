// A trial's workload, generated once and shared. The workload is a public input: at trial t
// every algorithm, budget and dataset of a run answers the same one (common random numbers),
// drawn from the public stream keyed by (spec seed, workload description, t). Generating it once
// per (seed, trial, description) instead of once per algorithm run saves its cost (hot_normal:
// 22,000 normal draws and 2,000 sorts) for every point after the first, and lets the metric read
// the very workload the algorithm answered.
//
// Where the cost of the first generation lands: outside every algorithm's run time. The runner
// times Algorithm::run and calls Algorithm::prepare just before it, untimed; WorkloadAlgorithm
// (workload_problem.hpp) builds the workload there (bench BM_GenerateWorkload, CPU time on the
// loaded 2-core machine: 24 us for 2,000 RandomRange queries, 2.1 ms for hot_normal, which the
// first algorithm of a trial used to pay inside its run time).
#pragma once
#include <memory>

#include "algorithms/linear_queries/workload_generators.hpp"
#include "framework/trial.hpp"

namespace dplab::linear_queries {

// The workload of `shape` at this trial: built on first request (thread-safe; concurrent
// requests for the same key wait for one build), kept for the most recent few hundred keys.
std::shared_ptr<const GeneratedWorkload> trial_workload(const TrialSeeds& seeds, const WorkloadShape& shape);

}  // namespace dplab::linear_queries
