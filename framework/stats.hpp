// Summaries over trials: mean, standard deviation and the 95% confidence interval of the mean
// (Student t with n-1 degrees of freedom).
#pragma once
#include <cstddef>
#include <vector>

namespace dplab {

struct Summary {
  std::size_t n = 0;
  double mean = 0, sd = 0, ci_low = 0, ci_high = 0;
};

// NaN values (trials not done, padding) are skipped. With one value the interval is NaN
// unless `deterministic` (then it is the value itself).
Summary summarize(const std::vector<double>& values, bool deterministic = false);
double student_t_quantile(double p, double dof);

}  // namespace dplab
