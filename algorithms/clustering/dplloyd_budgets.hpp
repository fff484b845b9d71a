// How the interactive noisy-Lloyd baselines of lu_thesis §7.6 (§3.4) spread a total budget over
// their iterations and between the counts and the sums of each iteration:
//   BLUM  (Blum, Dwork, McSherry, Nissim 2005, SuLQ k-means): a fixed number of iterations T,
//         the same budget in each ("BLUM predefines a number of iterations, and then allocates
//         the overall privacy budget to each iteration uniformly", §7.6.1);
//   DWORK (Dwork 2011): "eps/2 for the first iteration, eps/4 for the second, and eps/8 for the
//         third, etc." (§3.4), for T iterations; the last one also takes what the halving leaves
//         (eps/2^T), so the whole budget is spent;
//   SU    (Su, Cao, Li, Bertino, Lyu, Jin 2016/2017): T = floor(eps / eps_m) clamped to [2, 7]
//         with eps_m = sqrt(500 k^3 / N^2 (d + cbrt(4 d rho^2))^3), rho = 0.225 -- the smallest
//         per-iteration budget keeping each iteration's mean squared error under Su et al.'s
//         bound, assuming clusters of equal size N/k (§3.4) -- equal budget per iteration, and
//         in each iteration the count : each dimension's sum weighted cbrt(4 d rho^2) : 1.
// BLUM and DWORK split each iteration's budget evenly between counts and sums (the split of
// budget_series Algorithm 1; neither source gives one).
#pragma once
#include <cstddef>
#include <vector>

#include "algorithms/clustering/noisy_lloyd.hpp"

namespace dplab::clustering {

std::vector<IterationBudget> blum_budgets(double total, int iterations);
std::vector<IterationBudget> dwork_budgets(double total, int iterations);

struct SuSchedule {
  double eps_m = 0;  // Su et al.'s per-iteration budget for the MSE bound
  int iterations = 0;
  std::vector<IterationBudget> budgets;
};
inline constexpr double kSuRho = 0.225;  // Su et al.'s average squared coordinate of a centroid
SuSchedule su_budgets(double total, std::size_t n, std::size_t k, std::size_t d, double rho = kSuRho);

}  // namespace dplab::clustering
