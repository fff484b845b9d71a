#include "algorithms/baselines/ahp.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace dplab::baselines {

void ahp_threshold(std::vector<double>& v, double eta, double eps1) {
  const double cutoff = eta * std::log(static_cast<double>(v.size())) / eps1;
  for (double& x : v)
    if (x <= cutoff) x = 0;
}

namespace {

// Prefix sums of v and of its squares: the error of any run in O(1).
struct RunErrors {
  std::vector<double> P, Q;
  double noise;        // 2 / eps2^2
  std::size_t zeros;   // v[0 .. zeros) are exactly 0 (the thresholded cells, sorted first)
  RunErrors(std::span<const double> v, double eps2) : P(v.size() + 1, 0.0), Q(v.size() + 1, 0.0) {
    for (std::size_t k = 0; k < v.size(); ++k) {
      P[k + 1] = P[k] + v[k];
      Q[k + 1] = Q[k] + v[k] * v[k];
    }
    noise = 2.0 / (eps2 * eps2);
    zeros = 0;
    while (zeros < v.size() && v[zeros] == 0) ++zeros;
  }
  // err(a, b) for the run v[a..b] (inclusive): squared error around its mean + noise / length.
  double err(std::size_t a, std::size_t b) const {
    const double len = static_cast<double>(b - a + 1), avg = (P[b + 1] - P[a]) / len;
    return (Q[b + 1] - Q[a]) - len * avg * avg + noise / len;
  }
  // err_star(j): the least error of v[j] alone in a cluster v[j..l], l >= j, with early stop.
  double err_star(std::span<const double> v, std::size_t j) const {
    const std::size_t n = v.size();
    const double rest = static_cast<double>(n - j + 1);
    const double bound = noise / (rest * rest);
    double last1 = 0, last2 = noise, best = noise;  // l = j: the value is its own mean
    std::size_t l = j + 1;
    if (j + 1 < zeros) {
      // Inside the leading zeros the scan's arithmetic is exact: the mean is 0, so e1 = 0, and e2
      // falls with l while staying above bound (l - j + 1 <= n - j), so the loop neither stops nor
      // keeps anything but its last e2. Its state at l = zeros - 1, taken at once (the same
      // doubles the scan computes: thresholded 2-D histograms have ~10^4-10^5 leading zeros,
      // whose scan was quadratic).
      const double len = static_cast<double>(zeros - j);
      last2 = best = noise / (len * len);
      l = zeros;
    }
    for (; l < n; ++l) {
      const double len = static_cast<double>(l - j + 1), c = (P[l + 1] - P[j]) / len;
      const double e1 = (v[j] - c) * (v[j] - c), e2 = noise / (len * len);
      // Growing the cluster further adds at least e1 - last1 to the first term and can take at
      // most last2 - bound off the second: stop when it cannot pay.
      if (e1 - last1 >= last2 - bound) break;
      best = std::min(best, e1 + e2);
      last1 = e1;
      last2 = e2;
    }
    return best;
  }
};

}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> ahp_clusters(std::span<const double> v, double eps2) {
  std::vector<std::pair<std::size_t, std::size_t>> clusters;
  if (v.empty()) return clusters;
  const RunErrors E(v, eps2);
  std::size_t i = 0;
  double last = E.err(0, 0);
  for (std::size_t j = 1; j < v.size(); ++j) {
    const double now = E.err(i, j);
    if (now >= last + E.err_star(v, j)) {
      clusters.emplace_back(i, j);
      i = j;
      last = E.err(j, j);
    } else {
      last = now;
    }
  }
  clusters.emplace_back(i, v.size());
  return clusters;
}

std::vector<double> ahp_estimate(std::span<const double> x, double eps, double ratio, double eta, Mechanisms& noise) {
  const double eps1 = eps * ratio, eps2 = eps - eps1;
  std::vector<double> noisy(x.begin(), x.end());
  noise.laplace(noisy, 1.0, eps1, "ahp: noisy histogram (eps1)");
  ahp_threshold(noisy, eta, eps1);
  // Sort positions by noisy value (ties by position: a choice that depends on x~ alone).
  std::vector<std::size_t> order(x.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return noisy[a] < noisy[b]; });
  std::vector<double> sorted(x.size());
  for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = noisy[order[k]];
  const auto clusters = ahp_clusters(sorted, eps2);
  // One Laplace(1/eps2) per cluster total: the clusters partition the cells, so the vector of
  // totals has L1 sensitivity 1.
  std::vector<double> totals(clusters.size(), 0.0);
  for (std::size_t c = 0; c < clusters.size(); ++c)
    for (std::size_t k = clusters[c].first; k < clusters[c].second; ++k) totals[c] += x[order[k]];
  noise.laplace(totals, 1.0, eps2, "ahp: cluster totals (eps2)");
  std::vector<double> estimate(x.size());
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    const double avg = totals[c] / static_cast<double>(clusters[c].second - clusters[c].first);
    for (std::size_t k = clusters[c].first; k < clusters[c].second; ++k) estimate[order[k]] = avg;
  }
  return estimate;
}

void describe_ahp(AlgorithmInfo& i) {
  i.params.push_back(ParamSpec::real("ratio", 0.85, "share of eps for the noisy histogram that shapes the clusters "
                                                    "(DPBench's default)").above(0).below(1));
  i.params.push_back(ParamSpec::real("eta", 0.35, "threshold factor: noisy counts <= eta ln(n) / eps1 become 0 "
                                                  "(DPBench's default)").at_least(0));
  i.privacy = PrivacyStatus::dp("Laplace(1/eps1) on every count (sensitivity 1) decides the clusters; Laplace(1/eps2) "
                                "on the clusters' totals (disjoint cells: sensitivity 1); eps1 + eps2 = eps");
}

}  // namespace dplab::baselines
