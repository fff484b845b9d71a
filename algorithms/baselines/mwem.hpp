// MWEM (Hardt, Ligett, McSherry, "A simple and practical algorithm for differentially private
// data release", NIPS 2012, Algorithm 1): a baseline of workload_division §5 (and of DPBench).
//
// For T rounds, on an approximating histogram A_{t-1} (A_0 uniform):
//   1. select a workload query q with the exponential mechanism (eps/(2T)), score
//      |q(A_{t-1}) - q(x)| (sensitivity 1: one record moves one cell, a query counts a cell once);
//   2. measure it with the Laplace mechanism (eps/(2T)): m = q(x) + Lap(2T/eps);
//   3. multiplicative-weights update A_t(i) ~ A_{t-1}(i) exp(q_i (m - q(A_{t-1})) / (2N)),
//      renormalised to N.
// Sequential composition over the 2T releases gives eps exactly.
//
// Where Algorithm 1 leaves a choice we follow DPBench's MWEM (ektelo's standalone Mwem, which
// workload_division compared against; it uses DPBench's 1-D datasets):
//  - The scale N = sum x is treated as public, as DPBench does (its A_0 is x.sum()/n in every
//    cell; Hardt et al.'s MW works on a distribution over the domain times a known record count).
//    No budget is spent on N.
//  - Hardt et al.'s practical improvement "use of prior measurements": in every round the MW
//    update is applied `update_passes` times over every measurement so far, in the order they
//    were taken. DPBench's default is 100 passes (its `update_rounds`); Hardt's own
//    PrivateMultiplicativeWeights.jl defaults to 10 repetitions. We follow DPBench.
//    update_passes = 0 is the printed Algorithm 1: one update with the new measurement only.
//  - A measured query is not offered to the selection again (DPBench removes it from the
//    candidates; PrivateMultiplicativeWeights.jl zeroes its score); `exclude_measured`.
//  - The estimate is the last A_T (DPBench returns it) or the average of A_1..A_T (the
//    estimate Hardt et al.'s accuracy theorem is stated for).
//
// Cost: a round's selection reads every query's q(A) - q(x) from the prefix sums of A - x,
// O(n + runs); the updates work on A's atoms (mw_histogram.hpp), O(atoms) each, so the 100
// passes cost almost nothing whatever the widths of the queries.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "algorithms/baselines/mw_histogram.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::baselines {

using linear_queries::Workload;

enum class MwemEstimate { Last, Average };
MwemEstimate parse_mwem_estimate(const std::string& name);  // "last" | "average"

struct MwemOptions {
  std::int64_t rounds = 10;          // T
  std::int64_t update_passes = 100;  // MW passes over all measurements per round (0: Algorithm 1)
  bool exclude_measured = true;      // a measured query is no longer a candidate
};

struct MwemMeasurement {
  std::uint32_t query = 0;  // row of the workload
  double value = 0;         // q(x) + Lap(2T/eps)
};

struct MwemResult {
  std::vector<MwemMeasurement> measurements;  // in the order taken, one per round
  std::vector<double> last;                   // A_T
  std::vector<double> average;                // (A_1 + ... + A_T) / T
};

// Step 1 of a round: the exponential mechanism with budget eps_t over the `candidates` (rows
// of W), score |q(A) - q(x)| = |q(A - x)| read from `difference_prefix`, the prefix sums of
// A - x; sensitivity 1. Returns the chosen row. Costs O(runs of the candidates).
std::uint32_t mwem_select(const Workload& W, std::span<const double> difference_prefix,
                          std::span<const std::uint32_t> candidates, double eps_t, Mechanisms& noise);

// The whole of MWEM on data x (length W.n, non-negative scale) with total budget eps:
// 2T charges of eps/(2T) to noise's ledger. Errors (dplab::Error) for rounds < 1,
// update_passes < 0, eps <= 0, a data vector of the wrong length or negative scale, and more
// rounds than queries when measured queries are excluded.
MwemResult mwem(const Workload& W, std::span<const double> x, double eps, const MwemOptions& options,
                Mechanisms& noise);

}  // namespace dplab::baselines
