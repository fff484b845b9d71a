// lu_thesis Ineq. 4.2 and where ThisWork stops beating PrivaDA.
//
// Ineq. 4.1 compares the sums of the Laplace parameters (weighted by the probabilities) of
// ThisWork and PrivaDA; divided by PrivaDA's (c D / eps) it becomes Ineq. 4.2:
//   f(ratio) = (n / c) Pr_u / ratio + Pr_s / (1 - ratio) <= 1,
// whose minimum over ratio in (0, 1) solves f'(ratio) = 0:
//   ratio* = 1 / (1 + sqrt(c Pr_s / (n Pr_u))),   f(ratio*) = (sqrt(n Pr_u / c) + sqrt(Pr_s))^2.
// f = 1 solved for one probability gives the "analytic" break-even. A sum of Laplace
// parameters bounds E|noise| from above (noises partly cancel), so the exact break-even, where
// the expected absolute noises are equal, differs: it is found numerically from
// linear_queries::expected_abs_laplace_sum.
#pragma once
#include <cstdint>

namespace dplab::lu_aggregation {

double f_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s, double ratio);
double optimum_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s);
double f_minimum(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s);

// f(ratio) = 1 solved for Pr_u (given Pr_s) or Pr_s (given Pr_u); 0 when even a zero
// probability does not reach it.
double break_even_pr_u(std::uint64_t n, std::uint64_t c, double pr_s, double ratio);
double break_even_pr_s(std::uint64_t n, std::uint64_t c, double pr_u, double ratio);

// The probability at which ThisWork's expected absolute noise equals PrivaDA's at the same eps
// and ratio (independent of eps and of the sensitivity, which scale both alike): 0 when
// ThisWork is worse even at probability 0, 1 when it is better even at probability 1.
double exact_break_even_pr_u(std::uint64_t n, std::uint64_t c, double pr_s, double ratio);
double exact_break_even_pr_s(std::uint64_t n, std::uint64_t c, double pr_u, double ratio);

// The ratio that minimises the exact expected absolute noise of the two-layer scheme (ThisWork;
// Orig with both probabilities 1), by golden-section search. Ineq. 4.2 adds Laplace parameters,
// which ignores that independent noises partly cancel: when every noise is present (Orig) the
// sum of n + c noises is nearly normal, E|noise| grows as the root of n / ratio^2 + c / (1 -
// ratio)^2, and its optimum solves (1 - ratio) / ratio = (c / n)^(1/3) rather than f's
// (c / n)^(1/2): 0.926 against 0.978 at n = 10^4, c = 5.
double exact_optimum_ratio(std::uint64_t n, std::uint64_t c, double pr_u, double pr_s);

}  // namespace dplab::lu_aggregation
