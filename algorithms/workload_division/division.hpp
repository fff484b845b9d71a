// The workload division of workload_division §4, Algorithm 1 (DIVIDEWORKLOAD): the workload
// and the budget are split in two recursively; each final part (leaf) W_j with budget eps_j is
// answered by the Laplace mechanism with noise Lap(Delta_{W_j} / eps_j) (§3.2), so that the
// leaves compose sequentially to eps (their budgets halve at each split, Property 2).
//
// Readings of the pseudocode (see docs/papers/workload_division.md):
//  - line 3, "the most frequent item in x": taken as the cell most often queried in W (the
//    largest column of W, which also sets Delta_W). Reading it from the private x would leak x
//    and break the privacy argument of eq. (4); W is public.
//  - line 5: W1 is |W1| queries drawn uniformly (public randomness) among those counting that
//    cell, |W1| = floor((|W| + Delta_W + g) / 4) (line 4) capped at how many there are; W2 is
//    the rest.
//  - line 8 returns DIVIDE(W1, eps/2) twice; the second call must be on W2.
//  - lines 6-7: the paper's stopping test compares |W| Delta_W with |W1| Delta_W1 + |W2| Delta_W2,
//    leaving out that both halves get eps/2. Rule `expected_error` (default) compares the
//    expected L1 errors themselves, |W| Delta_W / eps against 2 (|W1| Delta_W1 + |W2| Delta_W2) / eps
//    (§3.2); rule `pseudocode` follows lines 6-7 literally. Either way division continues only
//    while the chosen bound decreases strictly and both parts are non-empty.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/linear_queries/workload.hpp"
#include "core/rng.hpp"

namespace dplab::workload_division {

using linear_queries::Workload;

enum class StopRule { ExpectedError, Pseudocode };
StopRule parse_stop_rule(const std::string& name);

struct Leaf {
  std::vector<std::uint32_t> rows;  // queries of W in this part
  double eps = 0;                   // its budget
  std::uint32_t sensitivity = 0;    // Delta of the part
};

// The leaves of DIVIDEWORKLOAD(W, eps). `stream` draws the random choice of W1 (public,
// data-independent randomness). Depth is capped at `max_depth` splits.
std::vector<Leaf> divide_workload(const Workload& W, double eps, double g, StopRule rule, Stream& stream,
                                  int max_depth = 60);

// Expected average L1 error per query of answering every leaf by Lap(Delta_j / eps_j):
// (1/m) sum_j |W_j| Delta_j / eps_j (§3.2).
double expected_error(const std::vector<Leaf>& leaves);

}  // namespace dplab::workload_division
