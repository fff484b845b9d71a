#include "algorithms/budget_series/protections.hpp"

#include <cmath>

#include "core/samplers.hpp"

namespace dplab::budget_series {

std::vector<double> random_arrangement(std::vector<double> k, Stream& stream) {
  auto perm = sample_permutation(stream, k.size());
  std::vector<double> out(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) out[i] = k[perm[i]];
  return out;
}

std::vector<double> probability_perturbation(const std::vector<double>& k, Stream& stream) {
  const int n = static_cast<int>(k.size());
  std::vector<int> remaining(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) remaining[static_cast<std::size_t>(i)] = i + 1;  // original positions
  std::vector<double> out;
  out.reserve(k.size());
  std::vector<double> logq;
  for (int x = 1; x <= n; ++x) {
    // Scores in log space: log q = log(n - i) + (x - i); position n scores 0 (log = -inf).
    logq.clear();
    bool any = false;
    for (int i : remaining) {
      if (i == n) logq.push_back(-INFINITY);
      else { logq.push_back(std::log(double(n - i)) + double(x - i)); any = true; }
    }
    std::size_t j = 0;
    if (any) {
      double m = -INFINITY;
      for (double l : logq) m = std::max(m, l);
      std::vector<double> w(logq.size());
      for (std::size_t a = 0; a < w.size(); ++a) w[a] = std::exp(logq[a] - m);
      j = sample_categorical(stream, w);
    }
    out.push_back(k[static_cast<std::size_t>(remaining[j] - 1)]);
    remaining.erase(remaining.begin() + static_cast<long>(j));
  }
  return out;
}

int noisy_query_count(int n, double eps, Mechanisms& noise) {
  double noisy = noise.laplace(static_cast<double>(n), 1.0, eps, "noisy query count (eq. 36)");
  return n + static_cast<int>(std::lround(std::fabs(noisy - n)));
}

}  // namespace dplab::budget_series
