#include "algorithms/clustering/dplloyd_budgets.hpp"

#include <algorithm>
#include <cmath>

namespace dplab::clustering {

std::vector<IterationBudget> blum_budgets(double total, int iterations) {
  const double per = total / iterations;
  return std::vector<IterationBudget>(static_cast<std::size_t>(iterations), {per / 2, per / 2});
}

std::vector<IterationBudget> dwork_budgets(double total, int iterations) {
  std::vector<IterationBudget> out;
  double share = total;
  for (int t = 1; t <= iterations; ++t) {
    if (t < iterations) share /= 2;  // eps/2, eps/4, ...; the last keeps the previous share
    out.push_back({share / 2, share / 2});
  }
  return out;
}

SuSchedule su_budgets(double total, std::size_t n, std::size_t k, std::size_t d, double rho) {
  SuSchedule s;
  const double dd = static_cast<double>(d), kk = static_cast<double>(k), nn = static_cast<double>(n);
  const double count_weight = std::cbrt(4 * dd * rho * rho);
  s.eps_m = std::sqrt(500 * kk * kk * kk / (nn * nn) * std::pow(dd + count_weight, 3));
  s.iterations = static_cast<int>(std::clamp(std::floor(total / s.eps_m), 2.0, 7.0));
  const double per = total / s.iterations;
  const double count = per * count_weight / (dd + count_weight);
  s.budgets.assign(static_cast<std::size_t>(s.iterations), {count, per - count});
  return s;
}

}  // namespace dplab::clustering
