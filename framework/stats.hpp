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

// Trials in `clusters` groups that are not independent within a group: trial t (values[t], NaN
// when not done) ran on draw t mod clusters of its dataset (DatasetRef::samples), so trials on
// one draw share its data and only the draws are independent. The mean is the mean of the
// groups' means (the plain mean when every group has as many trials), the interval the Student t
// interval over the groups' means (clusters - 1 degrees of freedom), sd the spread of single
// trials, n the trials done. clusters <= 1 is summarize().
Summary summarize_clusters(const std::vector<double>& values, std::size_t clusters);
// The means of the groups t mod clusters of values[t] (NaN skipped; an empty group left out).
std::vector<double> cluster_means(const std::vector<double>& values, std::size_t clusters);

}  // namespace dplab
