// MWEM (Hardt, Ligett, McSherry, "A simple and practical algorithm for differentially private
// data release", NIPS 2012, Algorithm 1): the baseline workload_division compares against (§5).
//
// For T rounds, on an approximating histogram A_{t-1} (A_0 uniform):
//   1. select a workload query q with the exponential mechanism (eps/(2T)), score
//      |q(A_{t-1}) - q(x)| (sensitivity 1: one record moves one cell, a query counts a cell once);
//   2. measure it with the Laplace mechanism (eps/(2T)): m = q(x) + Lap(2T/eps);
//   3. multiplicative-weights update A_t(i) ~ A_{t-1}(i) exp(q_i (m - q(A_{t-1})) / (2N)),
//      renormalised to N.
// Sequential composition over the 2T releases gives eps exactly.
//
// The workload_division paper gives no MWEM settings; it cites DPBench and uses its 1-D
// datasets, so we follow DPBench's MWEM (mwemND_engine) where Algorithm 1 leaves a choice:
//  - The scale N = sum x is treated as public, as DPBench does (its A_0 is x.sum()/n in every
//    cell; Hardt et al.'s MW works on a distribution over the domain times a known record count).
//    No budget is spent on N.
//  - Hardt et al.'s practical improvement "use of prior measurements": in every round the MW
//    update is applied `update_passes` times over every measurement so far, in the order they
//    were taken. DPBench's default is 100 passes (its `updateround`); Hardt's own
//    PrivateMultiplicativeWeights.jl defaults to 10 repetitions. We follow DPBench.
//    update_passes = 0 is the printed Algorithm 1: one update with the new measurement only.
//  - A measured query is not offered to the selection again (DPBench removes it from the
//    candidates; PrivateMultiplicativeWeights.jl zeroes its score); `exclude_measured`.
//  - The estimate is the last A_T (DPBench returns it) or the average of A_1..A_T (the
//    estimate Hardt et al.'s accuracy theorem is stated for).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "algorithms/workload_division/workload.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::wd {

// The workload's rows as maximal runs of consecutive cells [begin, end). A range query is a
// single run, so its sum over a vector with prefix sums costs O(1), and the MW update walks
// contiguous memory; any 0/1 query works (a row of k scattered cells is k runs).
struct Run {
  std::uint32_t begin = 0, end = 0;
};
class QueryRuns {
 public:
  explicit QueryRuns(const Workload& W);
  // One query from its sorted, distinct cells.
  explicit QueryRuns(std::span<const std::uint32_t> cells);
  std::size_t queries() const { return offsets_.size() - 1; }
  std::span<const Run> row(std::size_t i) const {
    return {runs_.data() + offsets_[i], static_cast<std::size_t>(offsets_[i + 1] - offsets_[i])};
  }
  std::size_t runs() const { return runs_.size(); }
  // W v for a vector v of n cells, through its prefix sums: O(n + runs).
  std::vector<double> answer(std::span<const double> v) const;

 private:
  void add_row(std::span<const std::uint32_t> cells);
  std::vector<std::uint64_t> offsets_{0};
  std::vector<Run> runs_;
};

// Prefix sums p of v: p[0] = 0, p[i + 1] = v[0] + ... + v[i]; a run's sum is p[end] - p[begin].
void prefix_sums(std::span<const double> v, std::vector<double>& p);

// The approximating histogram A, kept as scale * w so that the renormalisation to N after
// every multiplicative update costs O(1): one update touches only the cells of its query,
// O(|q|), instead of the whole domain.
class MwHistogram {
 public:
  // A_0: N/n in every one of the n cells. N must be finite and >= 0, n > 0.
  MwHistogram(std::uint32_t n, double total);

  std::uint32_t size() const { return static_cast<std::uint32_t>(w_.size()); }
  double total() const { return total_; }
  double operator[](std::uint32_t i) const { return scale_ * w_[i]; }
  // q(A) for the 0/1 query made of these runs.
  double answer(std::span<const Run> q) const;
  // One multiplicative-weights update towards the measurement m of the query q (Algorithm
  // 1, step 3): A(i) *= exp(q_i (m - q(A)) / (2N)), then A renormalised to N. Nothing
  // changes when N = 0 (A is then 0 everywhere, as is x).
  void update(std::span<const Run> q, double measured);
  // The same for the query counting `cells` (sorted, distinct).
  void update(std::span<const std::uint32_t> cells, double measured);
  double answer(std::span<const std::uint32_t> cells) const;
  // Recomputes the normaliser from scratch (O(n)): bounds the rounding that the O(1)
  // bookkeeping of update() accumulates.
  void resync();
  // A as a vector of n values summing to N.
  std::vector<double> values() const;
  void values(std::vector<double>& out) const;

 private:
  void rescale();  // folds scale into w (keeps w away from overflow and underflow)
  std::vector<double> w_;
  double sum_w_ = 0;   // sum of w
  double scale_ = 0;   // A = scale * w, scale = N / sum_w
  double total_ = 0;   // N
};

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
// of Q), score |q(A) - q(x)| = |q(A - x)| read from `difference_prefix`, the prefix sums of
// A - x; sensitivity 1. Returns the chosen row. Costs O(runs of the candidates).
std::uint32_t mwem_select(const QueryRuns& Q, std::span<const double> difference_prefix,
                          std::span<const std::uint32_t> candidates, double eps_t, Mechanisms& noise);

// The whole of MWEM on data x (length W.n, non-negative scale) with total budget eps:
// 2T charges of eps/(2T) to noise's ledger. Errors (dplab::Error) for rounds < 1,
// update_passes < 0, eps <= 0, a data vector of the wrong length or negative scale, and more
// rounds than queries when measured queries are excluded.
MwemResult mwem(const Workload& W, std::span<const double> x, double eps, const MwemOptions& options,
                Mechanisms& noise);

}  // namespace dplab::wd
