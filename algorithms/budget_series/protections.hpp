// Protections of a budget sequence against collusion (budget_series §6).
#pragma once
#include <vector>

#include "framework/mechanisms.hpp"
#include "core/rng.hpp"

namespace dplab::budget_series {

// §6.2: the terms in a uniformly random order.
std::vector<double> random_arrangement(std::vector<double> k, Stream& stream);

// §6.3, eq. 34-35: for query x = 1..n, pick one of the remaining terms; the term at original
// position i scores q = (n - i) e^(x - i), chosen with probability q / sum(q). Terms left behind
// (i < x) score high, terms ahead decay as e^-(i-x), so the trend of the series is kept. The
// last term scores 0 and is taken when it is the only one left.
std::vector<double> probability_perturbation(const std::vector<double>& k, Stream& stream);

// §6.4, eq. 36: n_s = n + |eta| rounded to an integer, eta ~ Lap(1/eps). The paper adds positive
// noise only ("in the absence of the U_s constraint, positive noise should be added"). The
// draw goes through the Laplace mechanism and is charged to the ledger; callers put it in a
// parallel-composition branch of its own (the query count and the data are disjoint, §6.4).
int noisy_query_count(int n, double eps, Mechanisms& noise);

}  // namespace dplab::budget_series
