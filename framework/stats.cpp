#include "framework/stats.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

namespace dplab {

double student_t_quantile(double p, double dof) {
  boost::math::students_t dist(dof);
  return boost::math::quantile(dist, p);
}

Summary summarize(const std::vector<double>& values, bool deterministic) {
  Summary s;
  double sum = 0;
  for (double v : values)
    if (!std::isnan(v)) { sum += v; ++s.n; }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (s.n == 0) { s.mean = s.sd = s.ci_low = s.ci_high = nan; return s; }
  s.mean = sum / double(s.n);
  double ss = 0;
  for (double v : values)
    if (!std::isnan(v)) ss += (v - s.mean) * (v - s.mean);
  // Identical values (deterministic quantities): exactly zero spread, not rounding residue.
  bool all_equal = true;
  double first = NAN;
  for (double v : values) {
    if (std::isnan(v)) continue;
    if (std::isnan(first)) first = v;
    else if (v != first) all_equal = false;
  }
  if (s.n >= 2 && all_equal) {
    s.mean = first;
    s.sd = 0;
    s.ci_low = s.ci_high = s.mean;
    return s;
  }
  if (s.n < 2) {
    s.sd = deterministic ? 0 : nan;
    s.ci_low = s.ci_high = deterministic ? s.mean : nan;
    return s;
  }
  s.sd = std::sqrt(ss / double(s.n - 1));
  double half = student_t_quantile(0.975, double(s.n - 1)) * s.sd / std::sqrt(double(s.n));
  s.ci_low = s.mean - half;
  s.ci_high = s.mean + half;
  return s;
}

std::vector<double> cluster_means(const std::vector<double>& values, std::size_t clusters) {
  std::vector<double> sum(clusters, 0.0);
  std::vector<std::size_t> count(clusters, 0);
  for (std::size_t t = 0; t < values.size(); ++t)
    if (!std::isnan(values[t])) { sum[t % clusters] += values[t]; ++count[t % clusters]; }
  std::vector<double> out;
  for (std::size_t k = 0; k < clusters; ++k)
    if (count[k]) out.push_back(sum[k] / static_cast<double>(count[k]));
  return out;
}

Summary summarize_clusters(const std::vector<double>& values, std::size_t clusters) {
  if (clusters <= 1) return summarize(values);
  const Summary trials = summarize(values);
  Summary s = summarize(cluster_means(values, clusters));
  s.n = trials.n;
  s.sd = trials.sd;
  return s;
}

}  // namespace dplab
