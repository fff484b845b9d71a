#include "framework/audit/events.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_map>

#include "core/rng.hpp"

namespace dplab::audit {

namespace {
constexpr double kMissing = -std::numeric_limits<double>::infinity();

std::uint64_t mix(std::uint64_t h, double v) {
  std::uint64_t bits;
  if (v == 0) v = 0;  // -0 and +0 are the same release
  std::memcpy(&bits, &v, sizeof bits);
  return hash64(&bits, sizeof bits) ^ (h * 0x9e3779b97f4a7c15ULL + (h >> 7));
}
}  // namespace

FeatureLayout::FeatureLayout(const AlgorithmInfo& info) {
  for (const auto& o : info.outputs) {
    if (o.object || o.evaluation) continue;
    if (o.is_vector) {
      vectors_.push_back(o.name);
      for (std::size_t i = 0; i < kMaxCoordinates; ++i) names_.push_back(o.name + "[" + std::to_string(i) + "]");
      for (const char* agg : {"sum", "max", "argmax", "nonzero", "length"})
        names_.push_back(std::string(agg) + "(" + o.name + ")");
    } else {
      scalars_.push_back(o.name);
    }
  }
  std::vector<std::string> scalar_names = scalars_;
  names_.insert(names_.begin(), scalar_names.begin(), scalar_names.end());
}

std::uint64_t FeatureLayout::extract(const Outputs& out, double* row) const {
  std::uint64_t h = 0x5eed;
  std::size_t f = 0;
  for (const auto& s : scalars_) {
    const double v = out.scalar(s);
    row[f++] = v;
    h = mix(h, v);
  }
  for (const auto& name : vectors_) {
    const auto& v = out.vector(name);
    for (std::size_t i = 0; i < kMaxCoordinates; ++i) row[f++] = i < v.size() ? v[i] : kMissing;
    double sum = 0, max = v.empty() ? kMissing : v[0], nonzero = 0;
    std::size_t argmax = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      sum += v[i];
      nonzero += v[i] != 0;
      if (v[i] > max) max = v[i], argmax = i;
      h = mix(h, v[i]);
    }
    h = mix(h, static_cast<double>(v.size()));
    row[f++] = sum;
    row[f++] = max;
    row[f++] = v.empty() ? kMissing : static_cast<double>(argmax);
    row[f++] = nonzero;
    row[f++] = static_cast<double>(v.size());
  }
  return h;
}

bool Event::holds(const double* row, std::uint64_t hash) const {
  switch (kind) {
    case EventKind::Above: return row[feature] > t;
    case EventKind::AtMost: return row[feature] <= t;
    case EventKind::Equal: return row[feature] == t;
    case EventKind::ReleaseEqual: return hash == release;
  }
  return false;
}

std::string Event::describe(const std::vector<std::string>& names) const {
  std::ostringstream o;
  o.precision(6);
  switch (kind) {
    case EventKind::Above: o << names[feature] << " > " << t; break;
    case EventKind::AtMost: o << names[feature] << " <= " << t; break;
    case EventKind::Equal: o << names[feature] << " = " << t; break;
    case EventKind::ReleaseEqual: o << "the whole release equals the one with hash " << std::hex << release; break;
  }
  o << (first_over_second ? " (likelier on D)" : " (likelier on D')");
  return o.str();
}

double clopper_pearson_lower(std::size_t k, std::size_t n, double alpha) {
  if (k == 0) return 0.0;
  if (k == n) return std::pow(alpha, 1.0 / static_cast<double>(n));
  return boost::math::ibeta_inv(static_cast<double>(k), static_cast<double>(n - k + 1), alpha);
}

double clopper_pearson_upper(std::size_t k, std::size_t n, double alpha) {
  if (k == n) return 1.0;
  if (k == 0) return 1.0 - std::pow(alpha, 1.0 / static_cast<double>(n));
  return boost::math::ibeta_inv(static_cast<double>(k + 1), static_cast<double>(n - k), 1.0 - alpha);
}

double log_ratio_lower(std::size_t k_num, std::size_t k_den, std::size_t n, double alpha) {
  const double lo = clopper_pearson_lower(k_num, n, alpha);
  if (lo <= 0) return -std::numeric_limits<double>::infinity();
  return std::log(lo / clopper_pearson_upper(k_den, n, alpha));
}

std::size_t count_event(const Event& e, const RowRange& r) {
  std::size_t c = 0;
  for (std::size_t i = r.begin; i < r.end; ++i) c += e.holds(r.table->row(i), r.table->hashes[i]);
  return c;
}

namespace {

// Quantile levels of the pooled sample tried as thresholds: a uniform grid and the tails,
// where the ratio of two shifted laws is largest.
std::vector<double> threshold_levels() {
  std::vector<double> q = {1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.02, 0.03};
  for (int i = 1; i < 64; ++i) q.push_back(i / 64.0);
  for (double t : {0.97, 0.98, 0.99, 0.997, 0.999, 0.9997, 0.9999}) q.push_back(t);
  return q;
}

struct Scored {
  double score;
  Event event;
};

// Keeps the best event per (feature, kind, direction), so that the events validated are
// different views of the release rather than neighbouring thresholds of one.
struct Best {
  std::map<std::tuple<std::size_t, int, bool>, Scored> best;
  void offer(const Event& e, double score) {
    if (!std::isfinite(score)) return;
    auto key = std::make_tuple(e.kind == EventKind::ReleaseEqual ? SIZE_MAX : e.feature, static_cast<int>(e.kind),
                               e.first_over_second);
    auto it = best.find(key);
    if (it == best.end() || score > it->second.score) best[key] = {score, e};
  }
};

}  // namespace

std::vector<Event> search_events(const RowRange& a, const RowRange& b, std::size_t keep, double beta) {
  const std::size_t n = std::min(a.size(), b.size());
  Best best;
  // Both directions of one event, from its counts on the two sides.
  auto consider = [&](Event e, std::size_t ca, std::size_t cb) {
    if (ca > cb) {
      e.first_over_second = true;
      best.offer(e, log_ratio_lower(ca, cb, n, beta));
    } else if (cb > ca) {
      e.first_over_second = false;
      best.offer(e, log_ratio_lower(cb, ca, n, beta));
    }
  };
  const std::size_t features = a.table->features;
  const std::vector<double> levels = threshold_levels();
  std::vector<double> xa(n), xb(n), pooled(2 * n);
  for (std::size_t f = 0; f < features; ++f) {
    for (std::size_t i = 0; i < n; ++i) {
      xa[i] = a.table->row(a.begin + i)[f];
      xb[i] = b.table->row(b.begin + i)[f];
    }
    std::sort(xa.begin(), xa.end());
    std::sort(xb.begin(), xb.end());
    std::merge(xa.begin(), xa.end(), xb.begin(), xb.end(), pooled.begin());
    if (pooled.front() == pooled.back()) continue;  // constant: nothing to tell apart
    // #{x <= t} and #{x == t} on each side.
    auto at_most = [](const std::vector<double>& x, double t) {
      return static_cast<std::size_t>(std::upper_bound(x.begin(), x.end(), t) - x.begin());
    };
    auto equal = [](const std::vector<double>& x, double t) {
      auto r = std::equal_range(x.begin(), x.end(), t);
      return static_cast<std::size_t>(r.second - r.first);
    };
    std::vector<double> thresholds;
    std::vector<double> distinct;
    for (std::size_t i = 0; i < pooled.size() && distinct.size() <= 64; ++i)
      if (distinct.empty() || pooled[i] != distinct.back()) distinct.push_back(pooled[i]);
    const bool discrete = distinct.size() <= 64;
    if (discrete) {
      thresholds = distinct;
      for (double v : distinct) consider({EventKind::Equal, f, v}, equal(xa, v), equal(xb, v));
    } else {
      for (double q : levels) thresholds.push_back(pooled[static_cast<std::size_t>(q * static_cast<double>(pooled.size() - 1))]);
      thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
    }
    for (double t : thresholds) {
      const std::size_t la = at_most(xa, t), lb = at_most(xb, t);
      consider({EventKind::AtMost, f, t}, la, lb);
      consider({EventKind::Above, f, t}, n - la, n - lb);
    }
  }
  // The whole release, value by value (its most frequent values).
  std::unordered_map<std::uint64_t, std::pair<std::size_t, std::size_t>> freq;
  for (std::size_t i = 0; i < n; ++i) {
    ++freq[a.table->hashes[a.begin + i]].first;
    ++freq[b.table->hashes[b.begin + i]].second;
  }
  if (freq.size() > 1) {
    std::vector<std::pair<std::size_t, std::uint64_t>> top;
    for (const auto& [h, c] : freq) top.push_back({c.first + c.second, h});
    const std::size_t m = std::min<std::size_t>(top.size(), 64);
    std::partial_sort(top.begin(), top.begin() + static_cast<std::ptrdiff_t>(m), top.end(), std::greater<>());
    for (std::size_t i = 0; i < m; ++i) {
      Event e;
      e.kind = EventKind::ReleaseEqual;
      e.release = top[i].second;
      consider(e, freq[e.release].first, freq[e.release].second);
    }
  }
  std::vector<Scored> all;
  for (const auto& [_, s] : best.best) all.push_back(s);
  std::sort(all.begin(), all.end(), [](const Scored& x, const Scored& y) { return x.score > y.score; });
  std::vector<Event> out;
  for (std::size_t i = 0; i < all.size() && i < keep; ++i) out.push_back(all[i].event);
  return out;
}

}  // namespace dplab::audit
