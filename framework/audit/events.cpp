#include "framework/audit/events.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

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

// Values closer than this (relative) are ties: an estimate spread evenly over a bucket gives
// equal values up to the rounding of the sums that answer queries from it.
bool tied(double a, double b) {
  if (a == b) return true;
  return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

// Groups of tied values of v: group[i] numbers them by first occurrence; returns their count.
std::size_t tie_groups(const std::vector<double>& v, std::vector<std::uint32_t>& group, std::vector<std::uint32_t>& order) {
  const std::size_t n = v.size();
  order.resize(n);
  std::iota(order.begin(), order.end(), 0u);
  // NaNs last, together.
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const bool na = std::isnan(v[a]), nb = std::isnan(v[b]);
    if (na || nb) return !na && nb;
    return v[a] < v[b] || (v[a] == v[b] && a < b);
  });
  // Within a run of tied values every member takes the smallest index of the run...
  group.assign(n, 0);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    std::uint32_t first = order[i];
    const bool nan = std::isnan(v[order[i]]);
    while (j < n && (nan ? std::isnan(v[order[j]]) : tied(v[order[j - 1]], v[order[j]]))) first = std::min(first, order[j++]);
    for (std::size_t k = i; k < j; ++k) group[order[k]] = first;
    i = j;
  }
  // ... renumbered 0, 1, ... by first occurrence.
  std::size_t groups = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (group[i] == i) group[i] = static_cast<std::uint32_t>(groups++) | 0x80000000u;
    else group[i] = group[group[i]];
  }
  for (auto& g : group) g &= 0x7fffffffu;
  return groups;
}
}  // namespace

FeatureLayout::FeatureLayout(const AlgorithmInfo& info, bool include_internal) {
  for (const auto& o : info.outputs) {
    if (o.object || o.evaluation) continue;
    if (o.internal && !include_internal) {
      left_out_.push_back(o.name);
      continue;
    }
    released_.push_back(o.name);
    (o.is_vector ? vectors_ : scalars_).push_back(o.name);
  }
  for (const auto& s : scalars_) names_.push_back(s), source_.push_back(s);
  for (const auto& v : vectors_) {
    for (std::size_t i = 0; i < kMaxCoordinates; ++i) names_.push_back(v + "[" + std::to_string(i) + "]");
    for (const char* agg : {"sum", "max", "argmax", "nonzero", "length", "distinct"})
      names_.push_back(std::string(agg) + "(" + v + ")");
    source_.resize(names_.size(), v);
  }
}

ReleaseHashes FeatureLayout::extract(const Outputs& out, double* row) const {
  ReleaseHashes h{0x5eed, 0x7a7};
  std::size_t f = 0;
  for (const auto& s : scalars_) {
    const double v = out.scalar(s);
    row[f++] = v;
    h.value = mix(h.value, v);
  }
  thread_local std::vector<std::uint32_t> group, order;
  for (const auto& name : vectors_) {
    const auto& v = out.vector(name);
    for (std::size_t i = 0; i < kMaxCoordinates; ++i) row[f++] = i < v.size() ? v[i] : kMissing;
    double sum = 0, max = v.empty() ? kMissing : v[0], nonzero = 0;
    std::size_t argmax = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      sum += v[i];
      nonzero += v[i] != 0;
      if (v[i] > max) max = v[i], argmax = i;
      h.value = mix(h.value, v[i]);
    }
    const std::size_t distinct = tie_groups(v, group, order);
    for (std::uint32_t g : group) h.pattern = mix(h.pattern, g);
    h.value = mix(h.value, static_cast<double>(v.size()));
    h.pattern = mix(h.pattern, static_cast<double>(v.size()));
    row[f++] = sum;
    row[f++] = max;
    row[f++] = v.empty() ? kMissing : static_cast<double>(argmax);
    row[f++] = nonzero;
    row[f++] = static_cast<double>(v.size());
    row[f++] = static_cast<double>(distinct);
  }
  return h;
}

double LinearScore::operator()(const double* row) const {
  double s = 0;
  for (std::size_t j = 0; j < weight.size(); ++j)
    if (weight[j] != 0 && std::isfinite(row[j])) s += weight[j] * (row[j] - mean[j]) / scale[j];
  return s;
}

bool Event::holds(const double* row, const ReleaseHashes& h) const {
  switch (kind) {
    case EventKind::Above: return row[feature] > t;
    case EventKind::AtMost: return row[feature] <= t;
    case EventKind::Equal: return row[feature] == t;
    case EventKind::ReleaseIn: return std::binary_search(set->begin(), set->end(), h.value);
    case EventKind::PatternIn: return std::binary_search(set->begin(), set->end(), h.pattern);
    case EventKind::ScoreAbove: return (*score)(row) > t;
    case EventKind::ScoreAtMost: return (*score)(row) <= t;
  }
  return false;
}

namespace {
// The features with the largest weights of a score, "+1.2 answers[3], -0.8 sum(answers)".
std::string leading_terms(const LinearScore& s, const FeatureLayout& layout) {
  std::vector<std::size_t> idx(s.weight.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](auto a, auto b) { return std::fabs(s.weight[a]) > std::fabs(s.weight[b]); });
  std::ostringstream o;
  o.precision(2);
  for (std::size_t i = 0; i < idx.size() && i < 3 && s.weight[idx[i]] != 0; ++i)
    o << (i ? ", " : "") << std::showpos << s.weight[idx[i]] << std::noshowpos << " " << layout.names()[idx[i]];
  return o.str();
}
}  // namespace

std::string Event::describe(const FeatureLayout& layout) const {
  const auto& names = layout.names();
  std::ostringstream o;
  o.precision(6);
  switch (kind) {
    case EventKind::Above: o << names[feature] << " > " << t; break;
    case EventKind::AtMost: o << names[feature] << " <= " << t; break;
    case EventKind::Equal: o << names[feature] << " = " << t; break;
    case EventKind::ReleaseIn:
      o << "the whole release is one of " << set->size() << " value" << (set->size() > 1 ? "s" : "")
        << " ranked likeliest on " << (first_over_second ? "D" : "D'") << " by the search half";
      break;
    case EventKind::PatternIn:
      o << "the ties among the released vectors' coordinates follow one of " << set->size() << " pattern"
        << (set->size() > 1 ? "s" : "") << " ranked likeliest on " << (first_over_second ? "D" : "D'");
      break;
    case EventKind::ScoreAbove:
    case EventKind::ScoreAtMost:
      o << "classifier score " << (kind == EventKind::ScoreAbove ? "> " : "<= ") << t << " (logistic, leading terms "
        << leading_terms(*score, layout) << ")";
      break;
  }
  o << (first_over_second ? " (likelier on D)" : " (likelier on D')");
  return o.str();
}

std::vector<std::string> Event::outputs(const FeatureLayout& layout) const {
  std::vector<std::string> out;
  switch (kind) {
    case EventKind::Above:
    case EventKind::AtMost:
    case EventKind::Equal: out.push_back(layout.output_of(feature)); break;
    case EventKind::ScoreAbove:
    case EventKind::ScoreAtMost:
      for (std::size_t j = 0; j < score->weight.size(); ++j)
        if (score->weight[j] != 0) out.push_back(layout.output_of(j));
      break;
    default: out = layout.released(); break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
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

}  // namespace dplab::audit
