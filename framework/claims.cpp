// Evaluation of claims (schema: framework/claims.hpp; statistics: framework/claim_intervals.hpp).
// A claim is split into cells (its for_each values); each cell registers the linear
// combinations of summary rows it needs, all of the claim's intervals are computed together
// (simultaneous, Bonferroni), then each cell decides and the cells combine.
#include "framework/claims.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "core/error.hpp"
#include "framework/claim_cells.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace claim_detail {

std::string fmt(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

std::string fmt_interval(double lo, double hi) {
  if (std::isnan(lo) || std::isnan(hi)) return "[no interval]";
  if (lo == hi) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.7g", lo);
    return std::string("exactly ") + buf;
  }
  // Enough digits that the two ends print apart.
  for (int digits = 4; digits <= 10; ++digits) {
    char a[32], b[32];
    std::snprintf(a, sizeof a, "%.*g", digits, lo);
    std::snprintf(b, sizeof b, "%.*g", digits, hi);
    if (std::string(a) != b || digits == 10) return std::string("[") + a + ", " + b + "]";
  }
  return "";
}

bool as_number(const std::string& s, double& x) {
  char* end = nullptr;
  x = std::strtod(s.c_str(), &end);
  return !s.empty() && end != s.c_str() && *end == '\0';
}

bool matches(const ClaimCondition& c, const std::string& text) {
  if (!c.values.empty()) {
    for (const auto& v : c.values)
      if (Reference::same_value(v, text)) return true;
    return false;
  }
  double x = 0;
  if (!as_number(text, x)) return false;
  return (!c.min || x >= *c.min) && (!c.max || x <= *c.max);
}

std::string describe(const ClaimSelect& s) {
  if (!s.label.empty()) return s.label;
  std::string out;
  for (const auto& [col, c] : s.where) {
    if (c.values.size() != 1) continue;
    double x = 0;
    out += (out.empty() ? "" : " ") + (as_number(c.values.front(), x) ? col + "=" : "") + c.values.front();
  }
  return out.empty() ? s.metric : out;
}

std::string group_name(const Group& g) {
  std::string out;
  for (const auto& [k, v] : g) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

// ------------------------------------------------------------------------------- rows

const PointColumn& Loaded::column_of(const std::string& col, const Claim& c) const {
  const PointColumn* p = data.column(col);
  if (!p)
    throw Error(located(c.file, c.line, "claim " + c.id + ".where." + col,
                        "results/" + data.meta.paper + "/" + c.result + ".h5 has no column " + quote(col)));
  return *p;
}

std::string Loaded::point_text(std::size_t p) const {
  std::string out;
  for (const auto& axis : data.axes) out += (out.empty() ? "" : " ") + axis + "=" + cell_text(*data.column(axis), p);
  return out;
}

std::size_t Loaded::series_of(std::size_t p, const std::string& metric, std::size_t element, bool variance) {
  const Key key{p, metric, element, variance};
  if (auto it = index.find(key); it != index.end()) return it->second;
  TrialSeries s;
  s.exact = deterministic_point(data, p) && metric != "wall_time";
  s.clusters = data_samples_at(data, p);
  const MetricData* m = nullptr;
  for (const auto& md : data.metrics)
    if (md.name == metric) m = &md;
  for (std::size_t t = 0; t < data.trials; ++t) {
    double v = Interval::nan;
    if (data.done[data.cell(p, t)]) v = m ? value_at(data, *m, p, t, element) : data.wall_time[data.cell(p, t)];
    s.values.push_back(v);
  }
  if (variance) {
    // Per-trial squared deviations, scaled so their mean is the sample variance: a standard
    // deviation compared as a variance, by the same intervals over trials (as Levene's test).
    double sum = 0;
    std::size_t n = 0;
    for (double v : s.values)
      if (!std::isnan(v)) { sum += v; ++n; }
    const double mean = n ? sum / static_cast<double>(n) : 0;
    const double k = n > 1 ? static_cast<double>(n) / static_cast<double>(n - 1) : 1;
    for (double& v : s.values)
      if (!std::isnan(v)) v = k * (v - mean) * (v - mean);
  }
  series.push_back(std::move(s));
  index.emplace(key, series.size() - 1);
  return series.size() - 1;
}

std::vector<Row> Loaded::rows(const ClaimSelect& s, const Group& extra, const Claim& c) {
  for (const auto& [col, _] : s.where) column_of(col, c);
  for (const auto& [col, _] : extra) column_of(col, c);
  const MetricData* m = nullptr;
  for (const auto& md : data.metrics)
    if (md.name == s.metric && !md.raw) m = &md;
  if (!m && s.metric != "wall_time")
    throw Error(located(c.file, c.line, "claim " + c.id, "results/" + data.meta.paper + "/" + c.result +
                                                             ".h5 has no metric " + quote(s.metric)));
  std::vector<Row> out;
  for (std::size_t p = 0; p < data.points; ++p) {
    bool ok = true;
    for (const auto& [col, cond] : s.where) ok = ok && matches(cond, cell_text(*data.column(col), p));
    for (const auto& [col, v] : extra) {
      // A column the selection fixes to one value keeps it (b: "Prior" at every algorithm of a).
      const auto w = s.where.find(col);
      if (w != s.where.end() && w->second.values.size() == 1) continue;
      ok = ok && Reference::same_value(v, cell_text(*data.column(col), p));
    }
    if (!ok) continue;
    const std::size_t length = m ? length_at(data, *m, p) : 1;
    for (std::size_t i = 0; i < length; ++i) {
      if (s.index >= 0 && static_cast<long>(i) + 1 != s.index) continue;
      Row r{p, i, series_of(p, s.metric, i, s.stat == "sd"), m && m->is_vector ? static_cast<long>(i) + 1 : -1};
      if (sample_size(series[r.series]) == 0)
        throw NotRun{"point " + point_text(p) + " has no value of " + s.metric + " yet (no trial computed, or " +
                     s.metric + " undefined in every trial)"};
      out.push_back(r);
    }
  }
  std::string cond;
  for (const auto& [col, v] : extra) cond += " " + col + "=" + v;
  if (out.empty()) throw NotRun{"no point of " + c.result + " has " + s.metric + " for " + describe(s) + cond};
  return out;
}

std::size_t sample_size(const TrialSeries& s) {
  std::size_t n = 0;
  for (double v : s.values) n += !std::isnan(v);
  return n;
}

std::vector<std::string> Loaded::values_of(const ClaimSelect& s, const std::string& col, const Claim& c,
                                           const Group& extra) {
  const PointColumn& pc = column_of(col, c);
  std::vector<std::string> vals;
  for (const auto& r : rows(s, extra, c)) {
    const std::string v = cell_text(pc, r.point);
    if (std::none_of(vals.begin(), vals.end(), [&](const std::string& w) { return Reference::same_value(v, w); }))
      vals.push_back(v);
  }
  std::stable_sort(vals.begin(), vals.end(), [](const std::string& x, const std::string& y) {
    double a = 0, b = 0;
    if (as_number(x, a) && as_number(y, b)) return a < b;
    return x < y;
  });
  return vals;
}

std::vector<Unit> Loaded::units(const ClaimSelect& s, const Group& extra, const Claim& c) {
  const auto rs = rows(s, extra, c);
  std::vector<Unit> out;
  if (s.reduce == "mean") {
    Unit u;
    u.name = describe(s);
    for (const auto& r : rs) u.combo.terms.push_back({r.series, 1.0 / static_cast<double>(rs.size())});
    out.push_back(std::move(u));
    return out;
  }
  for (const auto& r : rs) {
    Unit u;
    u.name = point_text(r.point) + (r.index > 0 ? " [" + std::to_string(r.index) + "]" : "");
    u.combo.terms.push_back({r.series, 1.0});
    out.push_back(std::move(u));
  }
  return out;
}

std::size_t Loaded::log_ratio_series(const Combination& a, const Combination& b, double factor, const Claim& c) {
  auto value = [&](const Combination& x, std::size_t t) {
    double sum = 0;
    for (const auto& term : x.terms) {
      const auto& v = series[term.series].values;
      if (t >= v.size() || std::isnan(v[t])) return Interval::nan;
      sum += term.weight * v[t];
    }
    return sum;
  };
  TrialSeries out;
  out.exact = true;
  for (const auto* x : {&a, &b})
    for (const auto& term : x->terms) {
      out.exact = out.exact && series[term.series].exact;
      out.clusters = std::max(out.clusters, series[term.series].clusters);
    }
  for (std::size_t t = 0; t < data.trials; ++t) {
    const double va = value(a, t), vb = value(b, t);
    if (!std::isnan(va) && !std::isnan(vb) && (va <= 0 || vb <= 0))
      throw NotRun{"claim " + c.id + " compares on scale: log, but a value is not positive in trial " + std::to_string(t)};
    out.values.push_back(std::log(va) - std::log(factor * vb));
  }
  series.push_back(std::move(out));
  return series.size() - 1;
}

Combination difference(const Combination& a, const Combination& b, double factor) {
  Combination d = a;
  for (const auto& t : b.terms) d.terms.push_back({t.series, -factor * t.weight});
  return d;
}

}  // namespace claim_detail

using namespace claim_detail;

namespace {

// Every combination of the for_each columns' values that the selection a takes.
std::vector<Group> groups_of(Loaded& l, const Claim& c) {
  std::vector<Group> groups = {{}};
  for (const auto& col : c.for_each) {
    std::vector<Group> next;
    for (const auto& g : groups)
      for (const auto& v : l.values_of(*c.a, col, c, g)) {
        auto h = g;
        h[col] = v;
        next.push_back(std::move(h));
      }
    groups = std::move(next);
  }
  if (groups.empty()) throw NotRun{"no point of " + c.result + " for " + describe(*c.a)};
  return groups;
}

ClaimOutcome evaluate(Loaded& l, const Claim& c) {
  ClaimOutcome o;
  o.claim = &c;
  try {
    const auto groups = groups_of(l, c);
    SimultaneousIntervals iv(l.series);
    std::vector<Decide> cells;
    Notes notes;
    for (const auto& g : groups) cells.push_back(plan_cell(l, c, g, iv, notes));
    iv.compute(c.confidence);
    std::vector<CellVerdict> verdicts;
    std::vector<Tri> tris;
    for (const auto& decide : cells) {
      verdicts.push_back(decide(iv));
      tris.push_back(verdicts.back().tri);
    }
    const Tri whole = c.some ? any_of(tris) : all_of(tris);
    o.status = whole == Tri::holds ? ClaimStatus::holds : whole == Tri::fails ? ClaimStatus::fails : ClaimStatus::inconclusive;
    o.precision = notes.precision;

    // The confidence behind it.
    bool all_exact = true;
    std::size_t least_n = static_cast<std::size_t>(-1), most_n = 0;
    bool paired = false, unpaired = false, clustered = false;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      const Interval& x = iv[i];
      clustered |= x.clustered;
      all_exact &= x.kind == Interval::Kind::exact;
      if (x.kind != Interval::Kind::exact && x.kind != Interval::Kind::none) {
        least_n = std::min(least_n, x.n);
        most_n = std::max(most_n, x.n);
      }
      paired |= x.kind == Interval::Kind::paired;
      unpaired |= x.kind == Interval::Kind::unpaired || x.kind == Interval::Kind::constant_share;
    }
    char level[64];
    std::snprintf(level, sizeof level, "%g%%", 100 * c.confidence);
    if (all_exact) {
      o.confidence = "exact values (deterministic, or the same in every trial)";
    } else {
      char each[32];
      std::snprintf(each, sizeof each, "%.4g%%", 100 * iv.each_level());
      o.confidence = std::string(level) + " simultaneous over " + std::to_string(iv.size()) + " interval" +
                     (iv.size() == 1 ? "" : "s") + (iv.size() > 1 ? " (Bonferroni; each " + std::string(each) + ")" : "") +
                     "; " + (least_n == most_n ? std::to_string(least_n) : std::to_string(least_n) + "-" + std::to_string(most_n)) +
                     (clustered ? " draws of the data (each the mean of its trials)" : " trials") +
                     (paired ? ", paired by trial" : "") + (unpaired ? (paired ? "; some unpaired" : ", unpaired") : "");
    }

    // The deciding cell: a failing one, else an undecided one, else the tightest.
    const Tri want = whole == Tri::holds ? Tri::holds : whole;
    std::size_t pick = verdicts.size();
    for (std::size_t i = 0; i < verdicts.size(); ++i)
      if (verdicts[i].tri == want && (pick == verdicts.size() || (want == Tri::holds && verdicts[i].slack < verdicts[pick].slack) ||
                                      (want == Tri::fails && verdicts[i].slack > verdicts[pick].slack)))
        pick = i;
    const std::string cols = [&] {
      std::string s;
      for (const auto& col : c.for_each) s += (s.empty() ? "" : ", ") + col;
      return s;
    }();
    const auto named = [&](std::size_t i) {
      return (groups[i].empty() ? "" : group_name(groups[i]) + ": ") + verdicts[i].text;
    };
    o.interval = pick < verdicts.size() ? (groups[pick].empty() ? "" : group_name(groups[pick]) + ": ") + verdicts[pick].interval : "";
    if (groups.size() == 1) {
      o.numbers = named(0);
    } else {
      std::size_t n_fail = 0, n_unknown = 0;
      for (Tri t : tris) {
        n_fail += t == Tri::fails;
        n_unknown += t == Tri::unknown;
      }
      const std::string of = " of " + std::to_string(groups.size()) + " values of " + cols;
      if (whole == Tri::holds && !c.some) {
        o.numbers = "holds at all " + std::to_string(groups.size()) + " values of " + cols + " (tightest: " + named(pick) + ")";
      } else if (c.some) {
        const std::size_t n_hold = std::count(tris.begin(), tris.end(), Tri::holds);
        o.numbers = "holds at " + std::to_string(n_hold) + of + " (claimed at some), undecided at " +
                    std::to_string(n_unknown) + ", fails at " + std::to_string(n_fail);
        // The cells that decide it: those that hold, else the undecided, else the failures.
        const Tri kind = n_hold ? Tri::holds : n_unknown ? Tri::unknown : Tri::fails;
        for (std::size_t i = 0, shown = 0; i < verdicts.size() && shown < 4; ++i)
          if (verdicts[i].tri == kind) {
            o.numbers += "; " + named(i);
            ++shown;
          }
      } else {
        o.numbers = (n_fail ? "fails at " + std::to_string(n_fail) + of : std::string()) +
                    (n_fail && n_unknown ? ", " : "") +
                    (n_unknown ? "undecided at " + std::to_string(n_unknown) + (n_fail ? "" : of) : std::string());
        std::string list;
        for (std::size_t i = 0; i < verdicts.size(); ++i) {
          if (verdicts[i].tri == Tri::holds) continue;
          if (list.size() > 600) { list += "; ..."; break; }
          list += "; " + named(i);
        }
        o.numbers += list;
      }
    }
  } catch (const NotRun& n) {
    o.status = ClaimStatus::not_run;
    o.numbers = n.why;
  }
  return o;
}

}  // namespace

const char* status_text(ClaimStatus s) {
  switch (s) {
    case ClaimStatus::holds: return "holds";
    case ClaimStatus::fails: return "does not hold";
    case ClaimStatus::inconclusive: return "inconclusive";
    default: return "not run";
  }
}

ClaimStatus expected_status(const std::string& expect) {
  if (expect == "holds") return ClaimStatus::holds;
  if (expect == "fails") return ClaimStatus::fails;
  return ClaimStatus::inconclusive;
}

bool ClaimOutcome::unexpected() const {
  if (!claim || claim->expect.empty() || status == ClaimStatus::not_run) return false;
  return expected_status(claim->expect) != status;
}

bool verdicts_flip(const std::vector<ClaimStatus>& verdicts) {
  const bool holds = std::find(verdicts.begin(), verdicts.end(), ClaimStatus::holds) != verdicts.end();
  const bool fails = std::find(verdicts.begin(), verdicts.end(), ClaimStatus::fails) != verdicts.end();
  return holds && fails;
}

double printed_half_unit(const std::string& text) {
  double x = 0;
  if (!as_number(text, x)) return 0;
  const auto e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const int exponent = e == std::string::npos ? 0 : std::atoi(text.c_str() + e + 1);
  const auto dot = mantissa.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
  return 0.5 * std::pow(10.0, exponent - decimals);
}

std::vector<ClaimOutcome> evaluate_claims(const ClaimsFile& file, const std::string& results_dir,
                                          const std::string& home) {
  std::map<std::string, std::unique_ptr<Loaded>> cache;  // by result name; null when absent
  std::vector<ClaimOutcome> out;
  for (const auto& c : file.claims) {
    const std::string path = (fs::path(results_dir) / file.paper / (c.result + ".h5")).string();
    auto it = cache.find(c.result);
    if (it == cache.end()) {
      std::unique_ptr<Loaded> l;
      if (fs::exists(path)) {
        l = std::make_unique<Loaded>();
        l->data = read_result(path);
        l->ref = load_reference(l->data, home);
      }
      it = cache.emplace(c.result, std::move(l)).first;
    }
    if (!it->second) {
      ClaimOutcome o;
      o.claim = &c;
      o.numbers = path + " absent";
      out.push_back(o);
      continue;
    }
    out.push_back(evaluate(*it->second, c));
  }
  return out;
}

}  // namespace dplab
