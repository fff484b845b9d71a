// Stage 2 of DAWA (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014, §4): choosing the weighted
// hierarchical strategy for the bucket workload Q (Algorithm greedyH).
//
// greedyH works bottom up: every node v splits its subtree's unit of sensitivity into 1 - p for
// its own query and p for its children's (already chosen, then scaled by p) strategies, with p
// in (0, 1] minimising the error of the workload restricted to v's buckets. By Sherman-Morrison
// (hierarchy.cpp) that error is
//   err(p) = (s - m (1-p)^2 / (p^2 + (1-p)^2 k)) / p^2,
// s the children's errors, k = 1^T D 1 and m = u^T M_vv u (u = D 1, M = Q^T Q, D the children's
// (A^T A)^+). A node all of whose queries weigh its buckets alike is only asked as a whole.
//
// The local minimum is myopic: it prices v's own query as if no ancestor could answer v's total,
// so it over-weights the deep nodes (about 2.4x DPBench's error on INCOME). DPBench's greedyH
// (ektelo's GreedyH, the implementation workload_division ran) damps the node's query at depth t
// by the heuristic decay d = 2^(-t/2): it minimises
//   err_d(p) = (s - ((m - m0) d + m0) (1-p)^2 d / (p^2 + (1-p)^2 d k)) / p^2,
// m0 the children's block-diagonal part of m, on a grid p = 0.01, ..., 1, and passes err_d up. It
// also evaluates the quadratic forms with M = (Q^T Q)^2 where the error needs Q^T Q: in effect a
// workload that weighs long queries more.
//
// We search a family around DPBench's heuristic: decay bases b (d = b^(-t/2); b = 1 is the
// undamped local minimum, b = 2 DPBench's decay) times query weights (|q| / max |q|)^a (M =
// Q^T diag(w) Q with |q| the cells of query i; a = 0 is Q^T Q), each node's p found exactly on
// [0.01, 1] (best_split), and keep the strategy whose exact error trace(Q (A^T A)^+ Q^T) is
// least. The choice depends on the public workload and the released partition only. On
// DPBench's own cases it is 0.80-1.00 times DPBench's error (the 6 of tests/test_greedy_h.cpp's
// fixture and 5 further ones, computed by running ektelo's code; docs/papers/workload_division.md).
#pragma once
#include <vector>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/hierarchy.hpp"

namespace dplab::baselines {

// The default family: 15 candidates, chosen on DPBench's cases (bench/dpbench_greedy_h_fixture.py,
// the fixture's 6 and 24 more): a finer set of bases helps less than the heavier query weights.
struct GreedyHOptions {
  std::vector<double> decay_bases = {1.1, 1.25, 1.5, 2, 4};
  std::vector<double> weight_exponents = {0, 2, 4};
};

struct GreedyHResult {
  Hierarchy H;          // every root-to-terminal path's weights sum to 1 (Delta_A = 1)
  double error = 0;     // strategy_error(Q, H)
  double base = 1;      // the decay base that produced H
  double exponent = 0;  // the query-weight exponent that produced H
};

// The p in [0.01, 1] minimising err_d(p) above for children's error s, k, m, m0 and decay d.
// With r = (1 - p) / p the error is (1 + r)^2 (s - C r^2 / (1 + A r^2)), A = d k, C = d m_eff,
// whose derivative has the sign of h(r) = (s A - C)(A r^4 + 2 r^2) - C r + s: convex when
// s A >= C, so the minimum is at p = 1, at p = 0.01, or at the larger root of h (Newton from the
// right); otherwise at one of the ends.
double best_split(double s, double k, double m, double m0, double decay);

// greedyH with one decay base (>= 1) and query-weight exponent a (>= 0): weights (|q| / max |q|)^a.
Hierarchy greedy_h_with(const BucketWorkload& Q, double base, double exponent);

// The best of greedy_h_with over options' bases and exponents by strategy_error (ties: the
// first tried, exponents outer).
GreedyHResult greedy_h(const BucketWorkload& Q, const GreedyHOptions& options = {});

}  // namespace dplab::baselines
