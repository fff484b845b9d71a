#include "framework/claims.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

// ---------------------------------------------------------------------------------- parsing

int line_of(const YAML::Node& n) { return n.Mark().line >= 0 ? n.Mark().line + 1 : 0; }

[[noreturn]] void bad(const std::string& file, const YAML::Node& n, const std::string& field, const std::string& msg) {
  throw Error(located(file, line_of(n), field, msg));
}

void check_keys(const std::string& file, const YAML::Node& map, const std::string& where,
                const std::vector<std::string>& allowed) {
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) bad(file, kv.first, where, "keys must be plain names");
    const std::string k = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      bad(file, kv.first, where.empty() ? k : where + "." + k, unknown_name_message("key", k, allowed));
  }
}

std::string scalar(const std::string& file, const YAML::Node& n, const std::string& field) {
  if (!n.IsScalar()) bad(file, n, field, "must be a single value");
  if (n.Scalar().empty()) bad(file, n, field, "must not be empty");
  return n.Scalar();
}

std::string choice(const std::string& file, const YAML::Node& n, const std::string& field,
                   const std::vector<std::string>& allowed) {
  const std::string v = scalar(file, n, field);
  if (std::find(allowed.begin(), allowed.end(), v) == allowed.end())
    bad(file, n, field, unknown_name_message("value", v, allowed));
  return v;
}

double number(const std::string& file, const YAML::Node& n, const std::string& field) {
  const std::string s = scalar(file, n, field);
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end != '\0' || !std::isfinite(x)) bad(file, n, field, quote(s) + " is not a finite number");
  return x;
}

ClaimSelect parse_select(const std::string& file, const YAML::Node& n, const std::string& field) {
  if (!n.IsMap()) bad(file, n, field, "must be a mapping {metric: ..., where: {...}}");
  check_keys(file, n, field, {"metric", "index", "where", "stat", "reduce", "label"});
  ClaimSelect s;
  if (!n["metric"]) bad(file, n, field + ".metric", "is required");
  s.metric = scalar(file, n["metric"], field + ".metric");
  if (n["index"]) {
    const double i = number(file, n["index"], field + ".index");
    if (i < 1 || i != std::floor(i)) bad(file, n["index"], field + ".index", "must be a whole number >= 1");
    s.index = static_cast<long>(i);
  }
  if (n["stat"]) s.stat = choice(file, n["stat"], field + ".stat", {"mean", "sd", "ci_low", "ci_high", "paper"});
  if (n["reduce"]) s.reduce = choice(file, n["reduce"], field + ".reduce", {"mean", "min", "max"});
  if (n["label"]) s.label = scalar(file, n["label"], field + ".label");
  if (n["where"]) {
    const YAML::Node w = n["where"];
    if (!w.IsMap()) bad(file, w, field + ".where", "must be a mapping of column: value");
    for (const auto& kv : w) {
      const std::string col = scalar(file, kv.first, field + ".where");
      const std::string f = field + ".where." + col;
      ClaimCondition c;
      if (kv.second.IsScalar()) {
        c.values.push_back(scalar(file, kv.second, f));
      } else if (kv.second.IsSequence()) {
        if (kv.second.size() == 0) bad(file, kv.second, f, "must list at least one value");
        for (const auto& v : kv.second) c.values.push_back(scalar(file, v, f));
      } else if (kv.second.IsMap()) {
        check_keys(file, kv.second, f, {"min", "max"});
        if (kv.second["min"]) c.min = number(file, kv.second["min"], f + ".min");
        if (kv.second["max"]) c.max = number(file, kv.second["max"], f + ".max");
        if (!c.min && !c.max) bad(file, kv.second, f, "a range needs min or max");
        if (c.min && c.max && *c.min > *c.max) bad(file, kv.second, f, "min is above max");
      } else {
        bad(file, kv.second, f, "must be a value, a list of values or {min: x, max: y}");
      }
      if (s.where.count(col)) bad(file, kv.first, f, "is given twice");
      s.where[col] = std::move(c);
    }
  }
  return s;
}

const std::vector<std::string> kChecks = {"compare", "threshold", "trend", "paper"};
const std::vector<std::string> kRelations = {"<", "<=", ">", ">=", "=="};

Claim parse_claim(const std::string& file, const YAML::Node& n, std::size_t i) {
  const std::string at = "claims[" + std::to_string(i) + "]";
  if (!n.IsMap()) bad(file, n, at, "must be a mapping (id, says, result, check, ...)");
  check_keys(file, n, at, {"id", "section", "says", "expect", "result", "check", "a", "b", "relation", "factor",
                           "bound", "along", "direction", "for_each", "tolerance"});
  Claim c;
  c.file = file;
  c.line = line_of(n);
  for (const char* req : {"id", "says", "result", "check", "a"})
    if (!n[req]) bad(file, n, at + "." + req, "is required");
  c.id = scalar(file, n["id"], at + ".id");
  for (char ch : c.id)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.')
      bad(file, n["id"], at + ".id", quote(c.id) + ": use letters, digits, '-', '_' and '.'");
  const std::string f = "claim " + c.id;
  c.says = scalar(file, n["says"], f + ".says");
  c.result = scalar(file, n["result"], f + ".result");
  if (c.result.find('/') != std::string::npos || c.result.find("..") != std::string::npos)
    bad(file, n["result"], f + ".result", "must be a result name (results/<paper>/<name>.h5), not a path");
  if (n["section"]) c.section = scalar(file, n["section"], f + ".section");
  if (n["expect"]) c.expect = choice(file, n["expect"], f + ".expect", {"holds", "fails"});
  c.check = choice(file, n["check"], f + ".check", kChecks);
  c.a = parse_select(file, n["a"], f + ".a");
  if (n["b"]) c.b = parse_select(file, n["b"], f + ".b");
  if (n["relation"]) c.relation = choice(file, n["relation"], f + ".relation", kRelations);
  if (n["factor"]) {
    c.factor = number(file, n["factor"], f + ".factor");
    if (c.factor <= 0) bad(file, n["factor"], f + ".factor", "must be > 0");
  }
  if (n["bound"]) c.bound = number(file, n["bound"], f + ".bound");
  if (n["along"]) c.along = scalar(file, n["along"], f + ".along");
  if (n["direction"])
    c.direction = choice(file, n["direction"], f + ".direction", {"increasing", "decreasing", "nondecreasing", "nonincreasing"});
  if (n["for_each"]) {
    const YAML::Node fe = n["for_each"];
    if (fe.IsSequence()) {
      for (const auto& v : fe) c.for_each.push_back(scalar(file, v, f + ".for_each"));
      if (c.for_each.empty()) bad(file, fe, f + ".for_each", "must name at least one column");
    } else {
      c.for_each.push_back(scalar(file, fe, f + ".for_each"));
    }
  }
  if (n["tolerance"]) {
    c.tolerance = number(file, n["tolerance"], f + ".tolerance");
    if (*c.tolerance < 0) bad(file, n["tolerance"], f + ".tolerance", "must be >= 0");
  }

  // Which keys each check needs and allows.
  auto need = [&](const char* key, bool present) {
    if (!present) bad(file, n, f + "." + key, std::string("is required by check: ") + c.check);
  };
  auto refuse = [&](const char* key) {
    if (n[key]) bad(file, n[key], f + "." + key, std::string("does not apply to check: ") + c.check);
  };
  if (c.check == "compare") {
    need("b", c.b.has_value());
    need("relation", !c.relation.empty());
    for (const char* k : {"bound", "along", "direction", "tolerance"}) refuse(k);
  } else if (c.check == "threshold") {
    need("relation", !c.relation.empty());
    need("bound", static_cast<bool>(n["bound"]));
    for (const char* k : {"b", "factor", "along", "direction", "tolerance"}) refuse(k);
  } else if (c.check == "trend") {
    need("along", !c.along.empty());
    need("direction", !c.direction.empty());
    for (const char* k : {"relation", "factor", "bound", "tolerance"}) refuse(k);
    if (std::find(c.for_each.begin(), c.for_each.end(), c.along) != c.for_each.end())
      bad(file, n["for_each"], f + ".for_each", "cannot repeat over the trend's own column " + quote(c.along));
  } else {  // paper
    if (!n["factor"] && !n["tolerance"]) bad(file, n, f + ".factor", "check: paper needs factor or tolerance");
    if (n["factor"] && n["tolerance"]) bad(file, n["tolerance"], f + ".tolerance", "give factor or tolerance, not both");
    if (c.factor < 1) bad(file, n["factor"], f + ".factor", "must be >= 1 (ours / paper within [1/factor, factor])");
    for (const char* k : {"b", "relation", "bound", "along", "direction"}) refuse(k);
    if (c.a->stat == "paper") bad(file, n["a"], f + ".a.stat", "check: paper compares a statistic of ours with the paper's");
  }
  return c;
}

// ------------------------------------------------------------------------------- evaluation

std::string fmt(double x) {
  if (std::isnan(x)) return "NaN";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

bool compare(double a, const std::string& rel, double b) {
  if (rel == "<") return a < b;
  if (rel == "<=") return a <= b;
  if (rel == ">") return a > b;
  if (rel == "==") return a == b;
  return a >= b;
}

bool as_number(const std::string& s, double& x) {
  char* end = nullptr;
  x = std::strtod(s.c_str(), &end);
  return !s.empty() && end != s.c_str() && *end == '\0';
}

struct Loaded {
  ResultData data;
  std::vector<SummaryRow> rows;
};

// A claim that cannot be decided: not run, with the reason.
struct NotRun {
  std::string why;
};

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

// How the numbers name a selection: its label, else its single-valued conditions ("bl-Ty N=14":
// text values alone, numbers with their column), else its metric.
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

std::string stat_name(const ClaimSelect& s) {
  std::string name = s.stat == "mean" ? "" : s.stat + " ";
  name += s.metric;
  if (s.index >= 0) name += "[" + std::to_string(s.index) + "]";
  return name;
}

// The rows a selection picks, with `extra` (for_each, trend groups) added to its conditions.
std::vector<const SummaryRow*> select_rows(const Loaded& l, const ClaimSelect& s,
                                           const std::map<std::string, std::string>& extra, const Claim& c) {
  for (const auto& [col, _] : s.where)
    if (!l.data.column(col))
      throw Error(located(c.file, c.line, "claim " + c.id + ".where." + col,
                          "results/" + l.data.meta.paper + "/" + c.result + ".h5 has no column " + quote(col)));
  std::vector<const SummaryRow*> out;
  for (const auto& row : l.rows) {
    if (row.metric != s.metric || (s.index >= 0 && row.index != s.index) || !row.baseline.empty()) continue;
    bool ok = true;
    for (const auto& [col, cond] : s.where)
      if (!matches(cond, cell_text(*l.data.column(col), row.point))) ok = false;
    for (const auto& [col, v] : extra)
      if (!Reference::same_value(v, cell_text(*l.data.column(col), row.point))) ok = false;
    if (ok) out.push_back(&row);
  }
  return out;
}

double stat_of(const SummaryRow& r, const std::string& stat) {
  if (stat == "mean") return r.stats.mean;
  if (stat == "sd") return r.stats.sd;
  if (stat == "ci_low") return r.stats.ci_low;
  if (stat == "ci_high") return r.stats.ci_high;
  return r.paper ? *r.paper : std::nan("");
}

// The selection's value: its statistic reduced over the rows it picks. Throws NotRun when it
// picks no row, a row has no computed trial, or the statistic is not there.
double value_of(const Loaded& l, const ClaimSelect& s, const std::map<std::string, std::string>& extra, const Claim& c) {
  const auto rows = select_rows(l, s, extra, c);
  std::string cond;
  for (const auto& [col, v] : extra) cond += " " + col + "=" + v;
  if (rows.empty()) throw NotRun{"no point of " + c.result + " has " + stat_name(s) + " for " + describe(s) + cond};
  std::size_t missing = 0;
  for (const auto* r : rows) missing += r->stats.n == 0;
  if (missing)
    throw NotRun{std::to_string(missing) + " of " + std::to_string(rows.size()) + " points of " + describe(s) + cond +
                 " have no value yet (no trial computed, or " + s.metric + " undefined in every trial)"};
  double acc = s.reduce == "min" ? INFINITY : s.reduce == "max" ? -INFINITY : 0;
  for (const auto* r : rows) {
    const double x = stat_of(*r, s.stat);
    if (std::isnan(x)) throw NotRun{"no " + stat_name(s) + " value for " + describe(s) + cond};
    if (s.reduce == "min") acc = std::min(acc, x);
    else if (s.reduce == "max") acc = std::max(acc, x);
    else acc += x;
  }
  return s.reduce == "mean" ? acc / static_cast<double>(rows.size()) : acc;
}

// The values a column takes in the rows a selection picks, in numeric (else text) order.
std::vector<std::string> values_of(const Loaded& l, const ClaimSelect& s, const std::string& col, const Claim& c,
                                   const std::map<std::string, std::string>& extra = {}) {
  if (!l.data.column(col))
    throw Error(located(c.file, c.line, "claim " + c.id, "results/" + l.data.meta.paper + "/" + c.result +
                                                             ".h5 has no column " + quote(col)));
  std::vector<std::string> vals;
  for (const auto* r : select_rows(l, s, extra, c)) {
    const std::string v = cell_text(*l.data.column(col), r->point);
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

// One evaluation (of one for_each group): holds or not, and the numbers.
std::pair<bool, std::string> decide(const Loaded& l, const Claim& c, const std::map<std::string, std::string>& extra) {
  const ClaimSelect& a = *c.a;
  if (c.check == "compare") {
    const double x = value_of(l, a, extra, c), y = value_of(l, *c.b, extra, c);
    const bool ok = compare(x, c.relation, c.factor * y);
    std::string s = describe(a) + " " + fmt(x) + (ok ? " " : " not ") + c.relation + " ";
    s += (c.factor != 1 ? fmt(c.factor) + " x " : "") + describe(*c.b) + " " + fmt(y);
    return {ok, s};
  }
  if (c.check == "threshold") {
    const double x = value_of(l, a, extra, c);
    const bool ok = compare(x, c.relation, c.bound);
    return {ok, describe(a) + " " + fmt(x) + (ok ? " " : " not ") + c.relation + " " + fmt(c.bound)};
  }
  if (c.check == "paper") {
    const auto rows = select_rows(l, a, extra, c);
    double worst = c.tolerance ? 0 : 1;
    std::size_t n = 0;
    std::string worst_text;
    for (const auto* r : rows) {
      if (!r->paper) continue;
      if (r->stats.n == 0) throw NotRun{"points of " + describe(a) + " with a paper value not computed yet"};
      const double ours = stat_of(*r, a.stat);
      const double ratio = ours / *r->paper;
      const double off = c.tolerance ? std::fabs(ours - *r->paper) : ratio > 0 ? std::max(ratio, 1 / ratio) : INFINITY;
      ++n;
      if (!(off <= worst)) {
        worst = off;
        std::string where;
        for (const auto& axis : l.data.axes) where += (where.empty() ? "" : " ") + axis + "=" + cell_text(*l.data.column(axis), r->point);
        worst_text = where + ": ours " + fmt(ours) + ", paper " + fmt(*r->paper);
      }
    }
    if (n == 0) throw NotRun{"no point of " + describe(a) + " has a paper value"};
    if (c.tolerance)
      return {worst <= *c.tolerance, std::to_string(n) + " values, largest difference " + fmt(worst) + " (limit " +
                                         fmt(*c.tolerance) + ") at " + worst_text};
    return {worst <= c.factor, std::to_string(n) + " values, worst ratio " + fmt(worst) + " (limit " + fmt(c.factor) +
                                   ") at " + worst_text};
  }
  // trend
  const auto steps = values_of(l, a, c.along, c, extra);
  if (steps.size() < 2) throw NotRun{"fewer than two values of " + c.along + " for " + describe(a)};
  std::vector<double> ys;
  std::string s = describe(a) + (c.b ? " / " + describe(*c.b) : "") + " along " + c.along + ":";
  for (const auto& v : steps) {
    auto at = extra;
    at[c.along] = v;
    ys.push_back(c.b ? value_of(l, a, at, c) / value_of(l, *c.b, at, c) : value_of(l, a, at, c));
    s += " " + fmt(ys.back()) + " (" + v + ")";
  }
  bool ok = true;
  for (std::size_t i = 1; i < ys.size(); ++i) {
    if (c.direction == "increasing") ok &= ys[i] > ys[i - 1];
    else if (c.direction == "decreasing") ok &= ys[i] < ys[i - 1];
    else if (c.direction == "nondecreasing") ok &= ys[i] >= ys[i - 1];
    else ok &= ys[i] <= ys[i - 1];
  }
  return {ok, s};
}

ClaimOutcome evaluate(const Loaded& l, const Claim& c) {
  ClaimOutcome o;
  o.claim = &c;
  try {
    if (c.for_each.empty()) {
      auto [ok, text] = decide(l, c, {});
      o.status = ok ? ClaimStatus::holds : ClaimStatus::fails;
      o.numbers = text;
      return o;
    }
    // Every combination of the for_each columns' values that the selection a takes.
    std::vector<std::map<std::string, std::string>> groups = {{}};
    for (const auto& col : c.for_each) {
      std::vector<std::map<std::string, std::string>> next;
      for (const auto& g : groups)
        for (const auto& v : values_of(l, *c.a, col, c, g)) {
          auto h = g;
          h[col] = v;
          next.push_back(std::move(h));
        }
      groups = std::move(next);
    }
    std::string cols;
    for (const auto& col : c.for_each) cols += (cols.empty() ? "" : ", ") + col;
    if (groups.empty()) throw NotRun{"no point of " + c.result + " for " + describe(*c.a)};
    auto name = [](const std::map<std::string, std::string>& g) {
      std::string out;
      for (const auto& [k, v] : g) out += (out.empty() ? "" : " ") + k + "=" + v;
      return out;
    };
    std::size_t failed = 0;
    std::string failed_text, first_text;
    for (const auto& g : groups) {
      auto [ok, text] = decide(l, c, g);
      if (first_text.empty()) first_text = name(g) + ": " + text;
      if (!ok) {
        ++failed;
        if (failed_text.size() < 400) failed_text += "; " + name(g) + ": " + text;
        else if (failed_text.size() < 410) failed_text += "; ...";
      }
    }
    o.status = failed == 0 ? ClaimStatus::holds : ClaimStatus::fails;
    if (failed == 0) {
      o.numbers = "at all " + std::to_string(groups.size()) + " values of " + cols + " (e.g. " + first_text + ")";
    } else {
      o.numbers = "fails at " + std::to_string(failed) + " of " + std::to_string(groups.size()) + " values of " + cols +
                  failed_text;
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
    default: return "not run";
  }
}

bool ClaimOutcome::unexpected() const {
  if (!claim || claim->expect.empty() || status == ClaimStatus::not_run) return false;
  return (claim->expect == "holds") != (status == ClaimStatus::holds);
}

ClaimsFile load_claims(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot read the claims file");
  std::stringstream ss;
  ss << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(ss.str());
  } catch (const YAML::Exception& e) {
    throw Error(located(path, e.mark.line + 1, "", "malformed YAML: " + e.msg));
  }
  ClaimsFile f;
  f.path = path;
  f.paper = fs::path(path).parent_path().filename().string();
  if (!root.IsMap()) throw Error(path + ": a claims file is a mapping with title and claims");
  check_keys(path, root, "", {"title", "claims"});
  if (root["title"]) f.title = scalar(path, root["title"], "title");
  if (!root["claims"] || !root["claims"].IsSequence()) bad(path, root, "claims", "is required: a list of claims");
  std::set<std::string> ids;
  std::size_t i = 0;
  for (const auto& n : root["claims"]) {
    Claim c = parse_claim(path, n, i++);
    if (!ids.insert(c.id).second) bad(path, n["id"], "claim " + c.id + ".id", "is used twice in this file");
    f.claims.push_back(std::move(c));
  }
  return f;
}

std::vector<ClaimsFile> load_all_claims(const std::string& home) {
  std::vector<ClaimsFile> out;
  const fs::path ref = fs::path(home) / "results" / "reference";
  std::error_code ec;
  if (!fs::is_directory(ref, ec)) return out;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(ref))
    if (fs::exists(e.path() / "claims.yaml")) files.push_back(e.path() / "claims.yaml");
  std::sort(files.begin(), files.end());
  for (const auto& p : files) out.push_back(load_claims(p.string()));
  return out;
}

std::vector<ClaimOutcome> evaluate_claims(const ClaimsFile& file, const std::string& results_dir,
                                          const std::string& home) {
  std::map<std::string, std::optional<Loaded>> cache;  // by result name; nullopt when absent
  std::vector<ClaimOutcome> out;
  for (const auto& c : file.claims) {
    const std::string path = (fs::path(results_dir) / file.paper / (c.result + ".h5")).string();
    auto it = cache.find(c.result);
    if (it == cache.end()) {
      std::optional<Loaded> l;
      if (fs::exists(path)) {
        l.emplace();
        l->data = read_result(path);
        SummaryOptions so;
        so.wall_time = true;
        l->rows = summarize_result(l->data, load_reference(l->data, home), so);
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
