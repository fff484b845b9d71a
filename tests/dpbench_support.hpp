// What the DPBench 1-D suites share (test_dpbench_1d*.cpp, test_dpcube_1d.cpp): the parameters of
// a RandomRange workload run, one run's answers beside the true answers of the same workload, and
// histograms of given counts and piecewise-constant data.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/linear_queries/workload_problem.hpp"
#include "framework/runner.hpp"

namespace dplab::testing {

inline Params range_params(double eps, std::int64_t queries) {
  Params p;
  p.set("workload", std::string("random_range"));
  p.set("queries", queries);
  p.set("eps", eps);
  return p;
}

// The answers of `alg` at trial `t`, the true answers of the same workload and the eps spent.
struct Answers {
  std::vector<double> noisy, truth;
  double spent = 0;
};
inline Answers answers_of(const std::string& alg, const Histogram& h, const Params& p, std::uint64_t t) {
  const AlgorithmRun r = run_algorithm(alg, p, &h, Stream(11, 22, t), TrialSeeds{3, 0});
  const auto& W = r.outputs.object<linear_queries::WorkloadOutput>("workload");
  return {r.outputs.vector("answers"), W->W.answer(h.counts), r.spent_eps};
}

// A 1-D histogram of these counts.
inline Histogram histogram(std::vector<double> counts) {
  Histogram h;
  h.name = "h";
  h.counts = std::move(counts);
  return h;
}

// Pieces of the given lengths and values, one after another.
inline std::vector<double> pieces(const std::vector<std::pair<std::uint32_t, double>>& p) {
  std::vector<double> x;
  for (const auto& [len, v] : p) x.insert(x.end(), len, v);
  return x;
}

}  // namespace dplab::testing
