#include "framework/claim_intervals.hpp"

#include <algorithm>
#include <cmath>

#include "framework/stats.hpp"

namespace dplab {

namespace {

double first_value(const TrialSeries& s) {
  for (double v : s.values)
    if (!std::isnan(v)) return v;
  return Interval::nan;
}

struct Sample {
  std::size_t n = 0;
  double mean = 0, var = 0;  // sample variance (n - 1); exactly 0 when every value is the same
};

Sample sample_of(const std::vector<double>& v) {
  Sample s;
  double first = Interval::nan;
  bool same = true;
  for (double x : v) {
    if (std::isnan(x)) continue;
    if (std::isnan(first)) first = x;
    same &= x == first;
    s.mean += x;
    ++s.n;
  }
  if (s.n == 0) return s;
  if (same) {  // identical values: exactly that value, no rounding residue in mean or variance
    s.mean = first;
    s.var = s.n > 1 ? 0 : Interval::nan;
    return s;
  }
  s.mean /= static_cast<double>(s.n);
  for (double x : v)
    if (!std::isnan(x)) s.var += (x - s.mean) * (x - s.mean);
  s.var = s.n > 1 ? s.var / static_cast<double>(s.n - 1) : Interval::nan;
  return s;
}

bool binary_constant(const std::vector<double>& v) {
  double c = Interval::nan;
  for (double x : v) {
    if (std::isnan(x)) continue;
    if (std::isnan(c)) c = x;
    if (x != c) return false;
  }
  return c == 0 || c == 1;
}

}  // namespace

std::size_t SimultaneousIntervals::add(Combination c) {
  combos_.push_back(std::move(c));
  return combos_.size() - 1;
}

void SimultaneousIntervals::compute(double confidence) {
  each_ = combos_.empty() ? confidence : 1 - (1 - confidence) / static_cast<double>(combos_.size());
  intervals_.clear();
  for (const auto& c : combos_) intervals_.push_back(interval_of(c, each_));
}

double SimultaneousIntervals::mean_of(const Combination& c) const {
  double sum = 0;
  for (const auto& t : c.terms) sum += t.weight * sample_of(series_.at(t.series).values).mean;
  return sum;
}

Interval SimultaneousIntervals::interval_of(const Combination& c, double level) const {
  Interval out;
  const double tail = (1 + level) / 2;  // two-sided
  // Exact rows are constants; the others are random.
  double constant = 0;
  std::vector<Combination::Term> random;
  std::size_t exact_n = static_cast<std::size_t>(-1);
  for (const auto& t : c.terms) {
    const TrialSeries& s = series_.at(t.series);
    if (!s.exact) {
      random.push_back(t);
      continue;
    }
    const double v = first_value(s);
    if (std::isnan(v)) {
      out.why = "no computed trial";
      return out;
    }
    constant += t.weight * v;
    exact_n = std::min(exact_n, sample_of(s.values).n);
  }
  if (random.empty()) {
    out.estimate = out.lo = out.hi = constant;
    out.n = exact_n;
    out.kind = Interval::Kind::exact;
    return out;
  }
  // Paired: the trials every random row computed (NaN where one did not), per draw of the data
  // when the trials cycle through several (their means are the independent units).
  const std::size_t trials = series_.at(random.front().series).values.size();
  std::size_t clusters = 1;
  for (const auto& term : random) clusters = std::max(clusters, series_.at(term.series).clusters);
  std::vector<double> d(trials, Interval::nan);
  for (std::size_t t = 0; t < trials; ++t) {
    double sum = 0;
    bool all = true;
    for (const auto& term : random) {
      const auto& v = series_.at(term.series).values;
      if (t >= v.size() || std::isnan(v[t])) { all = false; break; }
      sum += term.weight * v[t];
    }
    if (all) d[t] = sum;
  }
  const Sample paired = sample_of(clusters > 1 ? cluster_means(d, clusters) : d);
  bool share = false;  // a random row that is a 0/1 share, constant over its trials
  for (const auto& term : random) share |= binary_constant(series_.at(term.series).values);
  if (paired.n >= 2 && (paired.var > 0 || !share)) {
    const double inflate = c.paper_trials > 0 ? std::sqrt(1 + static_cast<double>(paired.n) / c.paper_trials) : 1.0;
    const double half = paired.var > 0 ? student_t_quantile(tail, static_cast<double>(paired.n - 1)) *
                                             std::sqrt(paired.var / static_cast<double>(paired.n)) * inflate
                                       : 0;
    out.estimate = constant + paired.mean;
    out.lo = out.estimate - half;
    out.hi = out.estimate + half;
    out.n = paired.n;
    out.clustered = clusters > 1;
    // The same value in every trial: the quantity does not vary (e.g. a property of the data).
    out.kind = paired.var > 0 ? Interval::Kind::paired : Interval::Kind::exact;
    return out;
  }
  // No paired interval: rows computed in different trials, or a share that was 0 (or 1) in
  // every trial, which a Student t interval would make exact. Each random row gets its own
  // interval (Bonferroni over the rows) and they add up: a row with spread by Student t, a
  // constant share by the exact binomial bound (Clopper-Pearson: p >= a^(1/n) after n ones),
  // another constant row as exact.
  const double row_tail = 1 - (1 - tail) / static_cast<double>(random.size());
  out.estimate = out.lo = out.hi = constant;
  out.n = static_cast<std::size_t>(-1);
  for (const auto& term : random) {
    const auto& v = series_.at(term.series).values;
    const std::size_t k = series_.at(term.series).clusters;
    const Sample s = sample_of(k > 1 ? cluster_means(v, k) : v);
    if (s.n == 0) {
      out = Interval{};
      out.why = "no computed trial";
      return out;
    }
    out.n = std::min(out.n, s.n);
    double lo = s.mean, hi = s.mean;
    if (s.n >= 2 && s.var > 0) {
      const double k = c.paper_trials > 0 ? std::sqrt(1 + static_cast<double>(s.n) / c.paper_trials) : 1.0;
      const double half = student_t_quantile(row_tail, static_cast<double>(s.n - 1)) *
                          std::sqrt(s.var / static_cast<double>(s.n)) * k;
      lo -= half;
      hi += half;
    } else if (binary_constant(v)) {
      const double gap = 1 - std::pow(1 - row_tail, 1.0 / static_cast<double>(s.n));
      if (s.mean == 1) lo = 1 - gap;
      else hi = gap;
    } else if (s.n < 2) {
      out = Interval{};
      out.n = s.n;
      out.why = "1 trial: no interval";
      return out;
    }
    out.estimate += term.weight * s.mean;
    out.lo += term.weight * (term.weight >= 0 ? lo : hi);
    out.hi += term.weight * (term.weight >= 0 ? hi : lo);
  }
  out.kind = share ? Interval::Kind::constant_share : Interval::Kind::unpaired;
  for (const auto& term : random) out.clustered |= series_.at(term.series).clusters > 1;
  return out;
}

Tri relation_verdict(double lo, double hi, const std::string& rel) {
  if (std::isnan(lo) || std::isnan(hi)) return Tri::unknown;
  if (rel == "<") return hi < 0 ? Tri::holds : lo >= 0 ? Tri::fails : Tri::unknown;
  if (rel == "<=") return hi <= 0 ? Tri::holds : lo > 0 ? Tri::fails : Tri::unknown;
  if (rel == ">") return lo > 0 ? Tri::holds : hi <= 0 ? Tri::fails : Tri::unknown;
  if (rel == ">=") return lo >= 0 ? Tri::holds : hi < 0 ? Tri::fails : Tri::unknown;
  // ==
  if (lo == 0 && hi == 0) return Tri::holds;
  return (lo > 0 || hi < 0) ? Tri::fails : Tri::unknown;
}

Tri within_verdict(double lo, double hi, double band_lo, double band_hi) {
  if (std::isnan(lo) || std::isnan(hi)) return Tri::unknown;
  if (lo >= band_lo && hi <= band_hi) return Tri::holds;
  if (hi < band_lo || lo > band_hi) return Tri::fails;
  return Tri::unknown;
}

Tri all_of(const std::vector<Tri>& cells) {
  bool all = true;
  for (Tri t : cells) {
    if (t == Tri::fails) return Tri::fails;
    all &= t == Tri::holds;
  }
  return all ? Tri::holds : Tri::unknown;
}

Tri any_of(const std::vector<Tri>& cells) {
  bool none = true;
  for (Tri t : cells) {
    if (t == Tri::holds) return Tri::holds;
    none &= t == Tri::fails;
  }
  return none ? Tri::fails : Tri::unknown;
}

}  // namespace dplab
