#include "framework/audit/search.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace dplab::audit {

double Ranker::operator()(std::size_t first, std::size_t second, std::size_t n) const {
  const double p1 = (static_cast<double>(first) + 0.5) / (static_cast<double>(n) + 1);
  const double p2 = (static_cast<double>(second) + 0.5) / (static_cast<double>(n) + 1);
  const double t = static_cast<double>(std::max<std::size_t>(test_runs, 1));
  const double var_test = (1 - std::min(p1, 0.999)) / (p1 * t) + (1 - std::min(p2, 0.999)) / (p2 * t);
  return log_ratio_lower(first, second, n, 0.05) - z_test * std::sqrt(var_test);
}

namespace {

// Quantile levels of the pooled sample tried as thresholds: a uniform grid and both tails,
// where the ratio of two shifted laws is largest and rare-output leaks live.
const std::vector<double>& threshold_levels() {
  static const std::vector<double> q = [] {
    std::vector<double> v = {1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.02, 0.03};
    for (int i = 1; i < 64; ++i) v.push_back(i / 64.0);
    for (double t : {0.97, 0.98, 0.99, 0.995, 0.998, 0.999, 0.9995, 0.9998, 0.9999}) v.push_back(t);
    return v;
  }();
  return q;
}

// The best candidate per (family, kind, direction), so that the events kept are different
// views of the release rather than neighbouring thresholds of one.
class Best {
 public:
  Best(const Ranker& rank, std::size_t n) : rank_(rank), n_(n) {}
  // Offers both directions of an event seen ca times on the first side and cb on the second.
  void consider(Event e, std::size_t family, std::size_t ca, std::size_t cb) {
    if (ca == cb) return;
    e.first_over_second = ca > cb;
    const std::size_t hi = std::max(ca, cb), lo = std::min(ca, cb);
    const double s = rank_(hi, lo, n_);
    if (!std::isfinite(s)) return;
    auto key = std::make_tuple(family, static_cast<int>(e.kind), e.first_over_second);
    auto it = best_.find(key);
    if (it == best_.end() || s > it->second.score) best_[key] = Candidate{e, 0, hi, lo, n_, s};
  }
  std::vector<Candidate> take(std::size_t keep) {
    std::vector<Candidate> all;
    for (auto& [_, c] : best_) all.push_back(std::move(c));
    std::stable_sort(all.begin(), all.end(), [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
    if (all.size() > keep) all.resize(keep);
    return all;
  }

 private:
  const Ranker& rank_;
  std::size_t n_;
  std::map<std::tuple<std::size_t, int, bool>, Candidate> best_;
};

std::size_t at_most(const std::vector<double>& x, double t) {
  return static_cast<std::size_t>(std::upper_bound(x.begin(), x.end(), t) - x.begin());
}
std::size_t equal(const std::vector<double>& x, double t) {
  auto r = std::equal_range(x.begin(), x.end(), t);
  return static_cast<std::size_t>(r.second - r.first);
}

// Thresholds of one sorted sample pair (xa, xb): every distinct value when there are at most
// 64 (then also {x = v}), else the pooled quantiles.
template <class MakeEvent>
void threshold_events(const std::vector<double>& xa, const std::vector<double>& xb, std::size_t family, Best& best,
                      MakeEvent make, bool with_equal) {
  const std::size_t n = xa.size();
  std::vector<double> pooled(2 * n);
  std::merge(xa.begin(), xa.end(), xb.begin(), xb.end(), pooled.begin());
  if (pooled.front() == pooled.back()) return;  // constant: nothing to tell apart
  std::vector<double> distinct, thresholds;
  for (std::size_t i = 0; i < pooled.size() && distinct.size() <= 64; ++i)
    if (distinct.empty() || pooled[i] != distinct.back()) distinct.push_back(pooled[i]);
  if (distinct.size() <= 64) {
    thresholds = distinct;
    if (with_equal)
      for (double v : distinct) best.consider(make(EventKind::Equal, v), family, equal(xa, v), equal(xb, v));
  } else {
    for (double q : threshold_levels())
      thresholds.push_back(pooled[static_cast<std::size_t>(q * static_cast<double>(pooled.size() - 1))]);
    thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
  }
  for (double t : thresholds) {
    const std::size_t la = at_most(xa, t), lb = at_most(xb, t);
    best.consider(make(EventKind::AtMost, t), family, la, lb);
    best.consider(make(EventKind::Above, t), family, n - la, n - lb);
  }
}

// DP-Sniper's event for a discrete output: the values of largest likelihood ratio. The values
// seen at least twice on the ranking rows are ranked by their smoothed ratio there, in each
// direction, and every prefix of the ranking (up to 4,096 values) is a candidate, counted on
// the other rows: ranking and counting on the same runs would favour values seen a few times on
// one side by chance (seen: 1,976 vs 255 search runs, 30,633 vs 16,268 test runs).
void value_set_events(const RowRange& rank_a, const RowRange& rank_b, const RowRange& count_a,
                      const RowRange& count_b, bool pattern, std::size_t family, Best& best, const Ranker& rank) {
  auto key = [&](const RowRange& r, std::size_t i) {
    const ReleaseHashes& h = r.table->hashes[r.begin + i];
    return pattern ? h.pattern : h.value;
  };
  std::unordered_map<std::uint64_t, std::pair<std::size_t, std::size_t>> freq;
  for (std::size_t i = 0; i < rank_a.size(); ++i) ++freq[key(rank_a, i)].first;
  for (std::size_t i = 0; i < rank_b.size(); ++i) ++freq[key(rank_b, i)].second;
  if (freq.size() < 2) return;
  std::unordered_map<std::uint64_t, std::pair<std::size_t, std::size_t>> counted;
  for (std::size_t i = 0; i < count_a.size(); ++i) ++counted[key(count_a, i)].first;
  for (std::size_t i = 0; i < count_b.size(); ++i) ++counted[key(count_b, i)].second;
  const std::size_t n = std::min(count_a.size(), count_b.size());
  struct Value {
    std::uint64_t hash;
    std::size_t ca, cb;  // on the ranking rows
  };
  std::vector<Value> values;
  for (const auto& [h, c] : freq)
    if (c.first + c.second >= 2) values.push_back({h, c.first, c.second});
  for (const bool first : {true, false}) {
    auto ratio = [&](const Value& v) {
      const double x = static_cast<double>(v.ca) + 0.5, y = static_cast<double>(v.cb) + 0.5;
      return first ? x / y : y / x;
    };
    std::sort(values.begin(), values.end(), [&](const Value& x, const Value& y) {
      const double rx = ratio(x), ry = ratio(y);
      return rx > ry || (rx == ry && x.hash < y.hash);
    });
    std::size_t ca = 0, cb = 0, best_len = 0, best_a = 0, best_b = 0;
    double best_score = -INFINITY;
    for (std::size_t j = 0; j < values.size() && j < 4096; ++j) {
      if (ratio(values[j]) <= 1) break;  // no longer favours this side
      const auto it = counted.find(values[j].hash);
      if (it != counted.end()) ca += it->second.first, cb += it->second.second;
      const std::size_t hi = first ? ca : cb, lo = first ? cb : ca;
      if (hi <= lo) continue;
      const double s = rank(hi, lo, n);
      if (s > best_score) best_score = s, best_len = j + 1, best_a = ca, best_b = cb;
    }
    if (best_len == 0) continue;
    auto set = std::make_shared<std::vector<std::uint64_t>>();
    for (std::size_t j = 0; j < best_len; ++j) set->push_back(values[j].hash);
    std::sort(set->begin(), set->end());
    Event e;
    e.kind = pattern ? EventKind::PatternIn : EventKind::ReleaseIn;
    e.set = std::move(set);
    best.consider(e, family, best_a, best_b);
  }
}

// Solves A x = b for a symmetric positive definite A (n x n, row-major) by Cholesky; false when
// A is not numerically positive definite.
bool cholesky_solve(std::vector<double> A, std::vector<double>& b, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {
    double d = A[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= A[j * n + k] * A[j * n + k];
    if (!(d > 1e-12)) return false;
    d = std::sqrt(d);
    A[j * n + j] = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      double s = A[i * n + j];
      for (std::size_t k = 0; k < j; ++k) s -= A[i * n + k] * A[j * n + k];
      A[i * n + j] = s / d;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    double s = b[i];
    for (std::size_t k = 0; k < i; ++k) s -= A[i * n + k] * b[k];
    b[i] = s / A[i * n + i];
  }
  for (std::size_t i = n; i-- > 0;) {
    double s = b[i];
    for (std::size_t k = i + 1; k < n; ++k) s -= A[k * n + i] * b[k];
    b[i] = s / A[i * n + i];
  }
  return true;
}

// A logistic classifier of the features telling the first side (label 1) from the second, by
// Newton's method with a small ridge penalty, on (the first 20,000 of) the given runs.
// Its linear score estimates the log likelihood ratio up to a constant. Null when no feature
// varies or the fit fails.
std::shared_ptr<LinearScore> fit_logistic(const RowRange& a, const RowRange& b) {
  const std::size_t F = a.table->features, n = std::min<std::size_t>({a.size(), b.size(), 20000});
  auto score = std::make_shared<LinearScore>();
  score->weight.assign(F, 0.0);
  score->mean.assign(F, 0.0);
  score->scale.assign(F, 1.0);
  std::vector<std::size_t> active;
  for (std::size_t j = 0; j < F; ++j) {
    double s = 0, s2 = 0, m = 0;
    for (const RowRange* r : {&a, &b})
      for (std::size_t i = 0; i < n; ++i) {
        const double v = r->table->row(r->begin + i)[j];
        if (std::isfinite(v)) s += v, s2 += v * v, ++m;
      }
    if (m < 2) continue;
    const double mean = s / m, var = std::max(0.0, s2 / m - mean * mean);
    if (!(var > 1e-18 * std::max(1.0, mean * mean))) continue;
    score->mean[j] = mean;
    score->scale[j] = std::sqrt(var);
    active.push_back(j);
  }
  if (active.empty()) return nullptr;
  const std::size_t p = active.size() + 1;  // + intercept
  std::vector<double> X(2 * n * p), y(2 * n);
  for (std::size_t side = 0; side < 2; ++side) {
    const RowRange& r = side == 0 ? a : b;
    for (std::size_t i = 0; i < n; ++i) {
      double* x = X.data() + (side * n + i) * p;
      const double* row = r.table->row(r.begin + i);
      for (std::size_t k = 0; k < active.size(); ++k) {
        const std::size_t j = active[k];
        x[k] = std::isfinite(row[j]) ? (row[j] - score->mean[j]) / score->scale[j] : 0.0;
      }
      x[p - 1] = 1;
      y[side * n + i] = side == 0 ? 1 : 0;
    }
  }
  const double ridge = 1.0;
  std::vector<double> w(p, 0.0), H(p * p), g(p);
  for (int it = 0; it < 12; ++it) {
    std::fill(H.begin(), H.end(), 0.0);
    std::fill(g.begin(), g.end(), 0.0);
    for (std::size_t i = 0; i < 2 * n; ++i) {
      const double* x = X.data() + i * p;
      double z = 0;
      for (std::size_t k = 0; k < p; ++k) z += w[k] * x[k];
      const double q = 1 / (1 + std::exp(-z)), v = std::max(q * (1 - q), 1e-12);
      for (std::size_t k = 0; k < p; ++k) {
        g[k] += (y[i] - q) * x[k];
        const double vk = v * x[k];
        for (std::size_t l = 0; l <= k; ++l) H[k * p + l] += vk * x[l];
      }
    }
    for (std::size_t k = 0; k < p; ++k) {
      for (std::size_t l = 0; l < k; ++l) H[l * p + k] = H[k * p + l];
      if (k + 1 < p) H[k * p + k] += ridge, g[k] -= ridge * w[k];
      else H[k * p + k] += 1e-9;
    }
    if (!cholesky_solve(H, g, p)) return nullptr;
    double step = 0;
    for (std::size_t k = 0; k < p; ++k) w[k] += g[k], step = std::max(step, std::fabs(g[k]));
    if (!std::isfinite(step)) return nullptr;
    if (step < 1e-6) break;
  }
  bool any = false;
  for (std::size_t k = 0; k < active.size(); ++k) {
    score->weight[active[k]] = w[k];
    any = any || w[k] != 0;
  }
  return any ? score : nullptr;
}

}  // namespace

std::vector<Candidate> search_events(const RowRange& a, const RowRange& b, const Ranker& rank, std::size_t keep) {
  const std::size_t n = std::min(a.size(), b.size());
  const std::size_t features = a.table->features;
  // Single features: thresholds and values counted on every search run. The likelihood-ratio
  // events are ranked (values) or fitted (the classifier) on the first half of the runs and
  // counted on the second.
  Best best(rank, n);
  std::vector<double> xa(n), xb(n);
  for (std::size_t f = 0; f < features; ++f) {
    for (std::size_t i = 0; i < n; ++i) {
      xa[i] = a.table->row(a.begin + i)[f];
      xb[i] = b.table->row(b.begin + i)[f];
    }
    std::sort(xa.begin(), xa.end());
    std::sort(xb.begin(), xb.end());
    threshold_events(
        xa, xb, f, best,
        [f](EventKind k, double t) {
          Event e;
          e.kind = k;
          e.feature = f;
          e.t = t;
          return e;
        },
        true);
  }
  const std::size_t h = n / 2;
  const RowRange fit_a{a.table, a.begin, a.begin + h}, fit_b{b.table, b.begin, b.begin + h};
  const RowRange count_a{a.table, a.begin + h, a.begin + n}, count_b{b.table, b.begin + h, b.begin + n};
  Best halves(rank, n - h);
  value_set_events(fit_a, fit_b, count_a, count_b, false, features, halves, rank);
  value_set_events(fit_a, fit_b, count_a, count_b, true, features + 1, halves, rank);
  if (auto score = fit_logistic(fit_a, fit_b)) {
    std::vector<double> sa(n - h), sb(n - h);
    for (std::size_t i = 0; i < n - h; ++i) {
      sa[i] = (*score)(count_a.table->row(count_a.begin + i));
      sb[i] = (*score)(count_b.table->row(count_b.begin + i));
    }
    std::sort(sa.begin(), sa.end());
    std::sort(sb.begin(), sb.end());
    std::shared_ptr<const LinearScore> s = score;
    threshold_events(
        sa, sb, features + 2, halves,
        [s](EventKind k, double t) {
          Event e;
          e.kind = k == EventKind::Above ? EventKind::ScoreAbove : EventKind::ScoreAtMost;
          e.t = t;
          e.score = s;
          return e;
        },
        false);
  }
  std::vector<Candidate> out = best.take(keep), more = halves.take(keep);
  out.insert(out.end(), more.begin(), more.end());
  std::stable_sort(out.begin(), out.end(), [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
  if (out.size() > keep) out.resize(keep);
  return out;
}

}  // namespace dplab::audit
