#include "algorithms/lu_budget_bounds/bounds.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab::lu_budget_bounds {

const std::vector<std::string>& bound_names() {
  static const std::vector<std::string> names = {"MaxEpsilon", "ThisWork", "SumEpsilon"};
  return names;
}

Bound parse_bound(const std::string& name) {
  const auto& names = bound_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<Bound>(i);
  throw Error("unknown bound '" + name + "' (allowed: MaxEpsilon, ThisWork, SumEpsilon)");
}

double theorem_5_1(std::span<const double> f, std::span<const double> local, std::span<const double> eps) {
  if (f.size() != local.size() || f.size() != eps.size())
    throw Error("theorem_5_1: f, the local sensitivities and the budgets differ in length");
  const double curators = double(f.size());
  double best = 0;
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i] > 0) best = std::max(best, curators * local[i] / f[i] * eps[i]);
  return best;
}

BoundNoise bound_noise(const CuratorQuery& q, Bound b, double eps) {
  BoundNoise r;
  switch (b) {
    case Bound::MaxEpsilon:
      r.eps_global = eps;
      r.global_sensitivity = q.local_X;
      break;
    case Bound::ThisWork: {
      const std::vector<double> budgets(q.f.size(), eps);
      r.eps_global = theorem_5_1(q.f, q.local, budgets);
      r.global_sensitivity = q.local_X;
      break;
    }
    case Bound::SumEpsilon:
      r.eps_global = eps * double(q.f.size());
      r.global_sensitivity = q.global;
      r.local_uses_global = true;
      break;
  }
  return r;
}

std::vector<Mechanisms::NoiseGroup> local_groups(const CuratorQuery& q, const BoundNoise& b) {
  if (b.local_uses_global) return {{q.global, q.f.size()}};
  return q.groups;
}

double widest_noise_sensitivity(const CuratorQuery& q, const BoundNoise& b) {
  if (b.local_uses_global) return q.global;
  return q.local.empty() ? 0.0 : *std::max_element(q.local.begin(), q.local.end());
}

}  // namespace dplab::lu_budget_bounds
