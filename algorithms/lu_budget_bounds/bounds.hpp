// The global privacy budgets of a distributed sum whose curators are each eps_i-DP locally
// (lu_thesis §5.2, §5.4.1), and the noise each implies.
//
//   MaxEpsilon  McSherry [99], parallel composition: eps = max_i eps_i. Curators add
//               Lap(Df_L(x_i) / eps_i); the global mechanism would add Lap(Df_L(X) / eps).
//               Proven only when Df_L(X) >= sum_i Df_L(x_i).
//   ThisWork    Theorem 5.1: eps = max_i |U| Df_L(x_i) / f(x_i) eps_i, with no condition;
//               same local noise; global Lap(Df_L(X) / eps).
//   SumEpsilon  Shi et al. [140]: eps = sum_i eps_i, every curator using the global sensitivity:
//               local Lap(Df_G(X) / eps_i), global Lap(Df_G(X) / eps).
//
// Curators with f(x_i) = 0 (nothing to hide: Df_L(x_i) = 0 as well) are left out of
// Theorem 5.1's maximum, where they would be 0 / 0.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "algorithms/lu_budget_bounds/curator_sums.hpp"

namespace dplab::lu_budget_bounds {

enum class Bound { MaxEpsilon, ThisWork, SumEpsilon };
Bound parse_bound(const std::string& name);
const std::vector<std::string>& bound_names();

// Theorem 5.1 for per-curator budgets eps_i (same length as f and local).
double theorem_5_1(std::span<const double> f, std::span<const double> local, std::span<const double> eps);

// What one bound means for a query whose curators all use `eps` (the thesis's experiments).
struct BoundNoise {
  double eps_global = 0;          // the global budget the bound gives
  double global_sensitivity = 0;  // of the global mechanism's noise: Lap(global_sensitivity / eps_global)
  bool local_uses_global = false; // SumEpsilon: curators add Lap(Df_G / eps) instead of Lap(Df_L(x_i) / eps)
};
BoundNoise bound_noise(const CuratorQuery& q, Bound b, double eps);

// The curators' noise groups under a bound (Df_L(x_i) groups, or every curator at Df_G).
std::vector<Mechanisms::NoiseGroup> local_groups(const CuratorQuery& q, const BoundNoise& b);

// The widest curator noise's sensitivity under a bound (max_i Df_L(x_i), or Df_G): what sets
// the curator-level loss (curator_level_loss).
double widest_noise_sensitivity(const CuratorQuery& q, const BoundNoise& b);

}  // namespace dplab::lu_budget_bounds
