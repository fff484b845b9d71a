// One planner per check kind (framework/claims.hpp): each registers the linear combinations a
// cell needs and returns how the cell decides from their simultaneous intervals. Reductions
// (min, max) and printed precision enter as interval arithmetic on those intervals: every
// quantity below is monotone in each interval's ends, so the simultaneous coverage carries over.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "framework/claim_cells.hpp"
#include "framework/summary.hpp"

namespace dplab::claim_detail {

namespace {

// The reduction of a side over its units: min, max, or the one unit of a mean.
double reduce(const std::string& op, const std::vector<double>& v) {
  if (op == "max") return *std::max_element(v.begin(), v.end());
  if (op == "min") return *std::min_element(v.begin(), v.end());
  return v.front();
}
std::string opposite(const std::string& op) { return op == "max" ? "min" : op == "min" ? "max" : op; }

// A printed number's interval ends, without %.4g's rounding ("14.145", not "14.14").
std::string fmt_ends(double lo, double hi) {
  char a[32], b[32];
  std::snprintf(a, sizeof a, "%.10g", lo);
  std::snprintf(b, sizeof b, "%.10g", hi);
  return std::string("[") + a + ", " + b + "]";
}

double slack_of(double lo, double hi) { return std::min(std::fabs(lo), std::fabs(hi)); }

Tri as_tri(bool holds_all, bool holds_none) { return holds_all ? Tri::holds : holds_none ? Tri::fails : Tri::unknown; }

std::string verdict_word(Tri t) { return t == Tri::holds ? "holds" : t == Tri::fails ? "fails" : "undecided"; }

std::string why_none(const SimultaneousIntervals& s, const std::vector<std::size_t>& idx) {
  for (auto i : idx)
    if (!s[i].why.empty()) return " (" + s[i].why + ")";
  return "";
}

// a relation factor x b, for every pair of a's and b's units.
Decide plan_compare(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv) {
  const bool var = c.a->stat == "sd";
  // within: the ratio a / b itself is tested against the band [1/factor, factor].
  const bool within = c.relation == "within";
  const double f = within ? 1.0 : var ? c.factor * c.factor : c.factor;
  const auto A = l.units(*c.a, g, c), B = l.units(*c.b, g, c);
  std::vector<std::vector<std::size_t>> idx(A.size());
  std::vector<std::size_t> all;
  for (std::size_t i = 0; i < A.size(); ++i)
    for (const auto& b : B) {
      Combination d = difference(A[i].combo, b.combo, f);
      if (c.log_scale) d = Combination{{{l.log_ratio_series(A[i].combo, b.combo, f, c), 1.0}}, 0};
      all.push_back(idx[i].emplace_back(iv.add(d)));
    }
  std::vector<double> am, bm;
  for (const auto& u : A) am.push_back(iv.mean_of(u.combo));
  for (const auto& u : B) bm.push_back(iv.mean_of(u.combo));
  return [=, &c](const SimultaneousIntervals& s) {
    auto q = [&](auto end) {
      std::vector<double> outer;
      for (const auto& row : idx) {
        std::vector<double> inner;
        for (auto k : row) inner.push_back(end(s[k]));
        outer.push_back(reduce(opposite(c.b->reduce), inner));
      }
      return reduce(c.a->reduce, outer);
    };
    const double lo = q([](const Interval& x) { return x.lo; }), hi = q([](const Interval& x) { return x.hi; });
    const double est = q([](const Interval& x) { return x.estimate; });
    CellVerdict v;
    v.tri = within ? within_verdict(lo, hi, -std::log(c.factor), std::log(c.factor)) : relation_verdict(lo, hi, c.relation);
    auto shown = [&](double x) { return fmt(var ? std::sqrt(std::max(0.0, x)) : x); };
    const std::string sd = var ? "sd " : "";
    const std::string fb = c.factor != 1 && !within ? fmt(c.factor) + " x " : "";
    const std::string diff = var ? "var a - " + fmt(f) + " x var b" : c.factor != 1 ? "a - " + fb + "b" : "a - b";
    // On the log scale the interval is of log(a / (f b)); shown as the ratio a / (f b).
    v.interval = c.log_scale ? "geometric means a / " + (!fb.empty() ? "(" + fb + "b)" : std::string("b")) + " = " +
                                   fmt(std::exp(est)) + " in " + fmt_interval(std::exp(lo), std::exp(hi)) + why_none(s, all)
                             : diff + " = " + fmt(est) + " in " + fmt_interval(lo, hi) + why_none(s, all);
    const std::string rel = within ? "within " + fmt(c.factor) + "x of" : c.relation;
    v.text = sd + describe(*c.a) + " " + shown(reduce(c.a->reduce, am)) + " " + rel + "? " + fb + sd +
             describe(*c.b) + " " + shown(reduce(c.b->reduce, bm)) + ": " + v.interval + " -> " + verdict_word(v.tri);
    const double band = std::log(c.factor);
    v.slack = within ? std::min(std::fabs(lo + band), std::fabs(hi - band)) : slack_of(lo, hi);
    return v;
  };
}

// a relation bound; a printed bound stands for [bound - h, bound + h].
Decide plan_threshold(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv, Notes& notes) {
  const bool var = c.a->stat == "sd";
  const auto A = l.units(*c.a, g, c);
  std::vector<std::size_t> idx;
  std::vector<double> am;
  for (const auto& u : A) {
    idx.push_back(iv.add(u.combo));
    am.push_back(iv.mean_of(u.combo));
  }
  const double h = c.precision_auto ? printed_half_unit(c.bound_text) : c.precision.value_or(0);
  double bl = c.bound - h, bh = c.bound + h;
  if (h > 0) notes.precision = "bound " + c.bound_text + " as printed: " + fmt_ends(bl, bh);
  if (var) {
    bl = std::max(0.0, bl) * std::max(0.0, bl);
    bh = bh * bh;
  }
  return [=, &c](const SimultaneousIntervals& s) {
    std::vector<double> los, his;
    for (auto k : idx) {
      los.push_back(s[k].lo);
      his.push_back(s[k].hi);
    }
    const double lo = reduce(c.a->reduce, los), hi = reduce(c.a->reduce, his);
    CellVerdict v;
    v.tri = relation_verdict(lo - bh, hi - bl, c.relation);
    auto shown = [&](double x) { return fmt(var ? std::sqrt(std::max(0.0, x)) : x); };
    v.interval = (var ? "sd " : "") + describe(*c.a) + " " + shown(reduce(c.a->reduce, am)) + " in " +
                 (var ? fmt_interval(std::sqrt(std::max(0.0, lo)), std::sqrt(std::max(0.0, hi))) : fmt_interval(lo, hi)) +
                 why_none(s, idx);
    v.text = v.interval + " " + c.relation + "? " + c.bound_text + (h > 0 ? " (+-" + fmt(h) + " printed)" : "") + " -> " +
             verdict_word(v.tri);
    v.slack = slack_of(lo - bh, hi - bl);
    return v;
  };
}

// [a, b] / [c, d]: unbounded when the divisor's interval holds 0.
std::pair<double, double> divide(double a, double b, double c, double d) {
  if (c <= 0 && d >= 0) return {-INFINITY, INFINITY};
  const double q[] = {a / c, a / d, b / c, b / d};
  return {*std::min_element(q, q + 4), *std::max_element(q, q + 4)};
}

// Every row with a paper value agrees with it: ours (its interval, widened by the paper's own
// Monte-Carlo noise) against the interval the printed digits allow.
Decide plan_paper(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv, Notes& notes) {
  struct Item {
    std::size_t k;
    double paper, h;
    std::string where;
  };
  std::vector<Item> items;
  std::string example;
  for (const auto& r : l.rows(*c.a, g, c)) {
    std::map<std::string, std::string> values;
    for (const auto& col : l.data.columns) values[col.name] = cell_text(col, r.point);
    const auto text = l.ref.find_text(values, c.a->metric, r.index);
    if (!text) continue;
    Combination one;
    one.terms.push_back({r.series, 1.0});
    one.paper_trials = c.paper_trials.value_or(0);
    const double p = std::strtod(text->c_str(), nullptr);
    const double h = c.precision ? *c.precision : printed_half_unit(*text);
    if (example.empty() && h > 0) example = *text + " stands for " + fmt_ends(p - h, p + h);
    items.push_back({iv.add(one), p, h, l.point_text(r.point) + (r.index > 0 ? " [" + std::to_string(r.index) + "]" : "")});
  }
  if (items.empty()) throw NotRun{"no point of " + describe(*c.a) + " has a paper value"};
  notes.precision = (example.empty() ? "paper values taken as exact" : "paper values as printed: e.g. " + example) +
                    (c.paper_trials ? "; the paper's Monte-Carlo noise: its mean over as many runs as " +
                                          fmt(*c.paper_trials) + " of our trials"
                                    : "");
  return [=, &c](const SimultaneousIntervals& s) {
    std::vector<Tri> tris;
    CellVerdict v;
    double worst = -1;
    for (const auto& it : items) {
      const Interval& x = s[it.k];
      double lo, hi;
      Tri t;
      std::string text;
      if (c.tolerance) {
        lo = x.lo - (it.paper + it.h);
        hi = x.hi - (it.paper - it.h);
        t = within_verdict(lo, hi, -*c.tolerance, *c.tolerance);
        text = "ours - paper in " + fmt_interval(lo, hi) + " (limit +-" + fmt(*c.tolerance) + ")";
      } else {
        std::tie(lo, hi) = divide(x.lo, x.hi, it.paper - it.h, it.paper + it.h);
        t = within_verdict(lo, hi, 1 / c.factor, c.factor);
        text = "ours / paper in " + fmt_interval(lo, hi) + " (limit " + fmt(1 / c.factor) + "-" + fmt(c.factor) + ")";
      }
      if (std::isnan(x.lo)) t = Tri::unknown;
      tris.push_back(t);
      // The row shown: the worst (a failure before an undecided row before the loosest fit).
      const double badness = (t == Tri::fails ? 2e300 : t == Tri::unknown ? 1e300 : 0) +
                             (t == Tri::holds ? std::max(std::fabs(lo - (c.tolerance ? 0 : 1)), std::fabs(hi - (c.tolerance ? 0 : 1))) : 0);
      if (badness > worst) {
        worst = badness;
        v.interval = it.where + ": ours " + fmt(x.estimate) + " in " + fmt_interval(x.lo, x.hi) + (x.why.empty() ? "" : " (" + x.why + ")") +
                     ", paper " + fmt(it.paper) + "; " + text;
        v.slack = slack_of(lo, hi);
      }
    }
    v.tri = all_of(tris);
    std::size_t n_fail = std::count(tris.begin(), tris.end(), Tri::fails), n_unk = std::count(tris.begin(), tris.end(), Tri::unknown);
    v.text = std::to_string(items.size()) + " values (" + std::to_string(items.size() - n_fail - n_unk) + " agree, " +
             std::to_string(n_fail) + " disagree, " + std::to_string(n_unk) + " undecided); worst at " + v.interval;
    return v;
  };
}

// The means of a (minus b) at every value of `along` in the cell, in order.
std::vector<std::pair<std::string, Combination>> steps_of(Loaded& l, const Claim& c, const Group& g, const std::string& col) {
  std::vector<std::pair<std::string, Combination>> out;
  for (const auto& x : l.values_of(*c.a, col, c, g)) {
    Group at = g;
    at[col] = x;
    Combination y = l.units(*c.a, at, c).front().combo;
    if (c.b) {
      const Combination b = l.units(*c.b, at, c).front().combo;
      y = c.log_scale ? Combination{{{l.log_ratio_series(y, b, 1, c), 1.0}}, 0} : difference(y, b, 1);
    }
    out.emplace_back(x, std::move(y));
  }
  return out;
}

std::string means_text(const SimultaneousIntervals& iv, const std::vector<std::pair<std::string, Combination>>& steps) {
  std::string out;
  for (const auto& [x, y] : steps) out += (out.empty() ? "" : ", ") + fmt(iv.mean_of(y)) + " (" + x + ")";
  return out;
}

// The least-squares slope of the step means over their ranks 0..K-1, as one contrast per trial.
Decide plan_trend(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv) {
  const auto steps = steps_of(l, c, g, c.along);
  if (steps.size() < 2) throw NotRun{"fewer than two values of " + c.along + " for " + describe(*c.a)};
  const double K = static_cast<double>(steps.size()), mid = (K - 1) / 2;
  double sxx = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) sxx += (k - mid) * (k - mid);
  Combination slope;
  for (std::size_t k = 0; k < steps.size(); ++k)
    for (const auto& t : steps[k].second.terms) slope.terms.push_back({t.series, t.weight * (k - mid) / sxx});
  const std::size_t k = iv.add(slope);
  const std::string means = means_text(iv, steps);
  return [=, &c](const SimultaneousIntervals& s) {
    CellVerdict v;
    const Interval& x = s[k];
    v.tri = relation_verdict(x.lo, x.hi, c.direction == "increasing" ? ">" : "<");
    v.interval = "slope per step of " + c.along + " " + fmt(x.estimate) + " in " + fmt_interval(x.lo, x.hi) +
                 (x.why.empty() ? "" : " (" + x.why + ")");
    v.text = (c.log_scale ? "log(" + describe(*c.a) + " / " + describe(*c.b) + ")"
                          : describe(*c.a) + (c.b ? " - " + describe(*c.b) : "")) +
             " along " + c.along + ": " + means + "; " +
             v.interval + " -> " + verdict_word(v.tri);
    v.slack = slack_of(x.lo, x.hi);
    return v;
  };
}

// The best value along `along` lies in `at`: the best of `at` beats every other value (or the
// `neighbours` nearest on each side) by more than their intervals.
Decide plan_extremum(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv) {
  const bool least = c.check == "minimum";
  const auto steps = steps_of(l, c, g, c.along);
  std::vector<std::size_t> in, out;
  for (std::size_t k = 0; k < steps.size(); ++k) (matches(*c.at, steps[k].first) ? in : out).push_back(k);
  if (in.empty()) throw NotRun{"no value of " + c.along + " in `at` for " + describe(*c.a)};
  if (c.neighbours > 0) {
    const long first = static_cast<long>(in.front()), last = static_cast<long>(in.back());
    std::erase_if(out, [&](std::size_t k) {
      const long x = static_cast<long>(k);
      return x < first - c.neighbours || x > last + c.neighbours;
    });
  }
  if (out.empty()) throw NotRun{"no value of " + c.along + " outside `at` to compare with"};
  std::vector<std::vector<std::size_t>> idx;
  for (auto s : in) {
    idx.emplace_back();
    for (auto o : out) idx.back().push_back(iv.add(difference(steps[s].second, steps[o].second, 1)));
  }
  std::string inside, best_at;
  double best = NAN;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const double m = iv.mean_of(steps[k].second);
    if (std::isnan(best) || (least ? m < best : m > best)) {
      best = m;
      best_at = steps[k].first;
    }
  }
  for (auto s : in) inside += (inside.empty() ? "" : ", ") + steps[s].first;
  const std::string means = means_text(iv, steps);
  return [=, &c](const SimultaneousIntervals& s) {
    // minimum: min_s max_o (y_s - y_o) < 0; maximum: max_s min_o (y_s - y_o) > 0.
    auto q = [&](auto end) {
      std::vector<double> outer;
      for (const auto& row : idx) {
        std::vector<double> inner;
        for (auto k : row) inner.push_back(end(s[k]));
        outer.push_back(reduce(least ? "max" : "min", inner));
      }
      return reduce(least ? "min" : "max", outer);
    };
    const double lo = q([](const Interval& x) { return x.lo; }), hi = q([](const Interval& x) { return x.hi; });
    CellVerdict v;
    v.tri = relation_verdict(lo, hi, least ? "<" : ">");
    v.interval = std::string(least ? "least" : "greatest") + " at " + c.along + " = " + inside + " minus " +
                 (least ? "least" : "greatest") + " elsewhere in " + fmt_interval(lo, hi);
    v.text = describe(*c.a) + " along " + c.along + ": " + means + "; " + (least ? "least" : "greatest") + " at " +
             best_at + "; " + v.interval + " -> " + verdict_word(v.tri);
    v.slack = slack_of(lo, hi);
    return v;
  };
}

// a's means at the `order` values of `by` are in that order: consecutive pairs apart, no pair reversed.
Decide plan_ordering(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv) {
  std::vector<Combination> y;
  for (const auto& v : c.order) {
    Group at = g;
    at[c.by] = v;
    y.push_back(l.units(*c.a, at, c).front().combo);
  }
  std::vector<std::vector<std::size_t>> idx(y.size());
  for (std::size_t i = 0; i < y.size(); ++i)
    for (std::size_t j = i + 1; j < y.size(); ++j) idx[i].push_back(iv.add(difference(y[i], y[j], 1)));
  std::string means;
  for (std::size_t i = 0; i < y.size(); ++i) means += (i ? " " + c.relation + " " : "") + c.order[i] + " " + fmt(iv.mean_of(y[i]));
  return [=, &c](const SimultaneousIntervals& s) {
    // The pair shown: a reversed pair, else an undecided consecutive pair, else the tightest.
    bool consecutive = true;
    std::string reversed, open, tightest;
    double slack = INFINITY;
    for (std::size_t i = 0; i < idx.size(); ++i)
      for (std::size_t j = 0; j < idx[i].size(); ++j) {
        const Interval& x = s[idx[i][j]];
        const Tri t = relation_verdict(x.lo, x.hi, c.relation);
        const std::string pair = c.order[i] + " - " + c.order[i + 1 + j] + " in " + fmt_interval(x.lo, x.hi);
        if (t == Tri::fails && reversed.empty()) reversed = pair;
        if (j > 0) continue;  // consecutive pairs decide "holds"
        consecutive &= t == Tri::holds;
        if (t != Tri::holds && open.empty()) open = pair;
        if (t == Tri::holds && slack_of(x.lo, x.hi) < slack) {
          slack = slack_of(x.lo, x.hi);
          tightest = pair;
        }
      }
    const std::string worst = !reversed.empty() ? reversed : !open.empty() ? open : tightest;
    CellVerdict v;
    v.tri = as_tri(consecutive, !reversed.empty());
    v.slack = slack;
    v.interval = worst;
    v.text = means + "; " + worst + " -> " + verdict_word(v.tri);
    return v;
  };
}

}  // namespace

Decide plan_cell(Loaded& l, const Claim& c, const Group& g, SimultaneousIntervals& iv, Notes& notes) {
  if (c.check == "compare") return plan_compare(l, c, g, iv);
  if (c.check == "threshold") return plan_threshold(l, c, g, iv, notes);
  if (c.check == "paper") return plan_paper(l, c, g, iv, notes);
  if (c.check == "trend") return plan_trend(l, c, g, iv);
  if (c.check == "ordering") return plan_ordering(l, c, g, iv);
  return plan_extremum(l, c, g, iv);
}

}  // namespace dplab::claim_detail
