#include "algorithms/baselines/php.hpp"

#include <algorithm>
#include <deque>
#include <numeric>

#include "core/error.hpp"

namespace dplab::baselines {

std::vector<double> prefix_l1_deviations(std::span<const double> v) {
  const std::size_t m = v.size();
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  // Fenwick trees (1-based) of the count and the sum of the inserted values by rank.
  std::vector<double> cnt(m + 1, 0.0), sum(m + 1, 0.0);
  std::vector<std::size_t> next_slot(m, 0);  // ties: equal values take consecutive ranks
  auto add = [&](std::size_t rank, double value) {
    for (std::size_t i = rank + 1; i <= m; i += i & (~i + 1)) cnt[i] += 1, sum[i] += value;
  };
  auto below = [&](std::size_t r, double& c, double& s) {  // ranks [0, r)
    c = 0, s = 0;
    for (std::size_t i = r; i > 0; i -= i & (~i + 1)) c += cnt[i], s += sum[i];
  };
  std::vector<double> d(m + 1, 0.0);
  double total = 0;
  for (std::size_t p = 0; p < m; ++p) {
    const auto first = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), v[p]) - sorted.begin());
    add(first + next_slot[first]++, v[p]);
    total += v[p];
    const double len = static_cast<double>(p + 1), mean = total / len;
    // Values below the mean have ranks below the first rank of a value >= mean.
    const auto r = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), mean) - sorted.begin());
    double c, s;
    below(r, c, s);
    d[p + 1] = std::max(0.0, (mean * c - s) + ((total - s) - mean * (len - c)));
  }
  return d;
}

std::vector<double> bisection_deviations(std::span<const double> v) {
  const std::size_t m = v.size();
  if (m < 2) return {};
  const std::vector<double> left = prefix_l1_deviations(v);
  std::vector<double> reversed(v.rbegin(), v.rend());
  const std::vector<double> right = prefix_l1_deviations(reversed);  // right[q]: the last q cells
  std::vector<double> out(m - 1);
  for (std::size_t i = 1; i < m; ++i) out[i - 1] = left[i] + right[m - i];
  return out;
}

namespace {

struct Cluster {
  std::uint32_t lo, hi, level;
  double error;  // L1 deviation + b
};

}  // namespace

Buckets php_partition(std::span<const double> x, const PhpOptions& o, Mechanisms& noise) {
  const auto n = static_cast<std::uint32_t>(x.size());
  if (n == 0) throw Error("php_partition: empty histogram");
  if (o.max_depth < 1) throw Error("php_partition: max_depth must be at least 1");
  const double eps_split = o.eps_cluster / (2.0 * o.max_depth);
  auto deviation = [&](std::uint32_t lo, std::uint32_t hi) {
    return prefix_l1_deviations(x.subspan(lo, hi - lo)).back();
  };

  // The candidates: the whole domain, then the partition after each recorded decision, kept as
  // (score, number of cuts so far); the cuts in the order they were made.
  std::vector<double> scores;
  std::vector<std::size_t> cuts_made;
  std::vector<std::uint32_t> cuts;
  double error = deviation(0, n) + o.b;  // sum of the clusters' errors
  scores.push_back(-error);
  cuts_made.push_back(0);

  std::deque<Cluster> open{{0, n, 1, error}};  // not final, first in first out
  std::size_t clusters = 1;
  bool stop = false;
  while (!stop && !open.empty()) {
    // One level: its clusters are disjoint, each decision a branch of one parallel scope.
    const std::uint32_t level = open.front().level;
    auto scope = noise.ledger().parallel("php: bisections of one level");
    while (!open.empty() && open.front().level == level) {
      if (clusters >= n || clusters > o.max_clusters) {
        stop = true;
        break;
      }
      const Cluster c = open.front();
      open.pop_front();
      const std::vector<double> halves = bisection_deviations(x.subspan(c.lo, c.hi - c.lo));
      // Candidate 0 keeps c; candidate i cuts it before its i-th cell.
      std::vector<double> q(halves.size() + 1);
      q[0] = -c.error;
      for (std::size_t i = 0; i < halves.size(); ++i) q[i + 1] = -(halves[i] + 2 * o.b);
      std::size_t pick;
      {
        auto branch = scope.branch();
        pick = noise.exponential(q, 2.0, eps_split, "php: bisection (exponential mechanism)");
      }
      if (pick == 0) {
        if (open.empty()) {  // every cluster final: DPBench stops without recording
          stop = true;
          break;
        }
      } else {
        const std::uint32_t cut = c.lo + static_cast<std::uint32_t>(pick);
        cuts.push_back(cut);
        ++clusters;
        error += -q[pick] - c.error;
        for (const auto& [lo, hi] : {std::pair{c.lo, cut}, std::pair{cut, c.hi}}) {
          const Cluster child{lo, hi, c.level + 1, deviation(lo, hi) + o.b};
          if (hi - lo > 1 && child.level < o.max_depth) open.push_back(child);
        }
      }
      scores.push_back(-error);
      cuts_made.push_back(cuts.size());
    }
  }

  const std::size_t chosen = noise.exponential(scores, 2.0, o.eps_cluster / 2, "php: partition (exponential mechanism)");
  Buckets b;
  std::vector<std::uint32_t> bounds(cuts.begin(), cuts.begin() + static_cast<std::ptrdiff_t>(cuts_made[chosen]));
  std::sort(bounds.begin(), bounds.end());
  b.bounds.insert(b.bounds.end(), bounds.begin(), bounds.end());
  b.bounds.push_back(n);
  return b;
}

}  // namespace dplab::baselines
