#include "framework/plot_check.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/home.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

fs::path kinds_dir() { return fs::path(dplab_home()) / "plots" / "kinds"; }

YAML::Node load_schema(const fs::path& p) {
  try {
    return YAML::LoadFile(p.string());
  } catch (const YAML::Exception& e) {
    throw Error(p.string() + ": cannot read the plot kind's options (" + e.msg + ")");
  }
}

struct Context {
  const Spec& spec;
  std::set<std::string> columns;   // of the points table
  std::set<std::string> metrics;   // of the spec, and wall_time
  std::set<std::string> used;      // columns the current plot uses
  std::string field;               // "plot" or "plot[i]"

  [[noreturn]] void fail(const std::string& key, const std::string& msg) const {
    const std::string f = field + (key.empty() ? "" : "." + key);
    throw Error(located(spec.file, line_of(f), f, msg));
  }
  // The line of an option ("plot[1].panels[0].where"), or of the nearest option around it that
  // has one; kFromCommandLine when --set gave it (located() then says so).
  int line_of(std::string f) const {
    for (;;) {
      if (auto it = spec.plot_lines.find(f); it != spec.plot_lines.end()) return it->second;
      const auto cut = f.find_last_of(".[");
      if (cut == std::string::npos || cut == 0) return spec.plot_line;
      f.resize(cut);
    }
  }
  // A column the plot names; `axis` when the plot draws its values apart (x, series, panels, ...)
  // rather than selecting some of them (where).
  void column(const std::string& key, const std::string& name, bool axis = true) {
    if (!columns.count(name))
      fail(key, unknown_name_message("column", name, {columns.begin(), columns.end()}) +
                    " (the points table has the algorithm, the dataset and every parameter)");
    if (axis) used.insert(name);
  }
  void metric(const std::string& key, const std::string& name) const {
    if (!metrics.count(name)) fail(key, unknown_name_message("metric", name, {metrics.begin(), metrics.end()}));
  }
  // A mapping of column: value or [values] (a filter, a baseline).
  void column_map(const std::string& key, const YAML::Node& n, bool lists) {
    if (!n.IsMap()) fail(key, "expected a mapping of column: value");
    for (const auto& kv : n) {
      if (!kv.first.IsScalar()) fail(key, "expected a mapping of column: value");
      column(key, kv.first.Scalar(), !lists);
      if (!kv.second.IsScalar() && !(lists && kv.second.IsSequence()))
        fail(key + "." + kv.first.Scalar(), lists ? "expected a value or a list of values" : "expected a single value");
    }
  }
};

bool is_number(const std::string& s, bool integer) {
  if (s.empty()) return false;
  char* end = nullptr;
  if (integer) (void)std::strtoll(s.c_str(), &end, 10);
  else (void)std::strtod(s.c_str(), &end);
  return *end == '\0';
}

void check_value(Context& c, const std::string& key, const YAML::Node& v, const YAML::Node& decl) {
  const std::string type = decl["type"] ? decl["type"].as<std::string>() : "scalar";
  auto scalar = [&]() -> std::string {
    if (!v.IsScalar()) c.fail(key, "expected a single value (" + type + ")");
    return v.Scalar();
  };
  if (type == "column") {
    c.column(key, scalar());
  } else if (type == "column_or_index") {
    if (scalar() != "index") c.column(key, v.Scalar());
  } else if (type == "metric") {
    c.metric(key, scalar());
  } else if (type == "metrics") {
    if (!v.IsSequence() || v.size() == 0) c.fail(key, "expected a list of metrics");
    for (const auto& m : v) {
      if (!m.IsScalar()) c.fail(key, "expected a list of metrics");
      c.metric(key, m.Scalar());
    }
  } else if (type == "panels") {
    if (v.IsScalar()) {
      c.column(key, v.Scalar());
    } else if (v.IsSequence()) {
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string k = key + "[" + std::to_string(i) + "]";
        if (!v[i].IsMap()) c.fail(k, "expected {title: ..., where: {column: [values]}}");
        for (const auto& kv : v[i]) {
          const std::string name = kv.first.IsScalar() ? kv.first.Scalar() : "";
          if (name == "where") c.column_map(k + ".where", kv.second, true);
          else if (name != "title") c.fail(k, unknown_name_message("panel option", name, {"title", "where"}));
        }
      }
    } else {
      c.fail(key, "expected a column, or a list of {title, where}");
    }
  } else if (type == "where") {
    c.column_map(key, v, true);
  } else if (type == "baseline") {
    c.column_map(key, v, false);
  } else if (type == "bool") {
    const std::string s = scalar();
    if (s != "true" && s != "false") c.fail(key, "expected true or false, got " + quote(s));
  } else if (type == "number" || type == "integer") {
    if (!is_number(scalar(), type == "integer")) c.fail(key, "expected " + std::string(type == "integer" ? "an integer" : "a number") + ", got " + quote(v.Scalar()));
  } else if (type == "pair") {
    if (!v.IsSequence() || v.size() != 2 || !v[0].IsScalar() || !v[1].IsScalar() || !is_number(v[0].Scalar(), false) ||
        !is_number(v[1].Scalar(), false))
      c.fail(key, "expected two numbers, e.g. [5, 4]");
  } else if (type == "list") {
    if (!v.IsSequence()) c.fail(key, "expected a list");
  } else if (type == "mapping") {
    if (!v.IsMap()) c.fail(key, "expected a mapping");
  } else {  // text, scalar
    scalar();
  }
  if (decl["choices"]) {
    std::vector<std::string> choices;
    for (const auto& ch : decl["choices"]) choices.push_back(ch.as<std::string>());
    if (std::find(choices.begin(), choices.end(), v.Scalar()) == choices.end())
      c.fail(key, unknown_name_message("value", v.Scalar(), choices));
  }
}

// The value of a column of the points table at a point, as the figure code reads it.
std::string column_value(const Point& p, const std::string& column) {
  if (column == "algorithm") return p.label;
  if (column == "dataset") return p.dataset;
  for (const auto& [k, v] : p.coords)
    if (k == column) return to_string(v);
  return p.params.has(column) ? to_string(p.params.get(column)) : "";
}

// As plots/dplab_plot/result.py's same(): equal as text, or as numbers ("1" and "1.0").
bool same_value(const std::string& a, const std::string& b) {
  if (a == b) return true;
  return is_number(a, false) && is_number(b, false) && std::strtod(a.c_str(), nullptr) == std::strtod(b.c_str(), nullptr);
}

// `where: {column: value or [values]}`: a point is selected when every column holds one of them.
bool matches(const Point& p, const YAML::Node& where) {
  if (!where || !where.IsMap()) return true;
  for (const auto& kv : where) {
    const std::string have = column_value(p, kv.first.Scalar());
    bool any = false;
    if (kv.second.IsSequence()) {
      for (const auto& v : kv.second) any = any || (v.IsScalar() && same_value(have, v.Scalar()));
    } else {
      any = kv.second.IsScalar() && same_value(have, kv.second.Scalar());
    }
    if (!any) return false;
  }
  return true;
}

// The parameters that take two values among the points of one curve or cell (the points a
// selection, a where, keeps that agree on every column in `used`), each with two of its values,
// in the order they are met.
struct Mixed {
  std::string column, first, second;
};
std::vector<Mixed> find_mixed(const std::set<std::string>& used, const std::vector<YAML::Node>& selections,
                              const std::vector<Point>& points) {
  std::vector<Mixed> out;
  auto known = [&](const std::string& k) {
    return std::any_of(out.begin(), out.end(), [&](const Mixed& m) { return m.column == k; });
  };
  for (const auto& where : selections) {
    std::map<std::string, std::map<std::string, std::string>> seen;  // parameter -> (cell -> value)
    for (const auto& p : points) {
      if (!matches(p, where)) continue;
      std::string cell;
      for (const auto& u : used) cell += column_value(p, u) + '\x1f';
      for (const auto& [k, v] : p.coords) {
        if (used.count(k) || known(k)) continue;
        const std::string value = to_string(v);
        auto [it, fresh] = seen[k].emplace(cell, value);
        if (!fresh && !same_value(it->second, value)) out.push_back({k, it->second, value});
      }
    }
  }
  return out;
}

// The kinds a common option is for (its `kinds` in _common.yaml); empty: every kind.
bool common_option_applies(const YAML::Node& decl, const std::string& kind) {
  if (!decl["kinds"]) return true;
  for (const auto& k : decl["kinds"])
    if (k.as<std::string>() == kind) return true;
  return false;
}

void check_one(Context& c, const YAML::Node& plot, const YAML::Node& common, const std::vector<Point>& points) {
  if (!plot.IsMap()) c.fail("", "expected a mapping of plot options");
  const std::string kind = plot["kind"] && plot["kind"].IsScalar() ? plot["kind"].Scalar() : "line";
  const auto kinds = plot_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    c.fail("kind", unknown_name_message("plot kind", kind, kinds));
  const YAML::Node schema = load_schema(kinds_dir() / (kind + ".yaml"));
  const YAML::Node options = schema["options"];
  std::vector<std::string> allowed;
  for (const auto& kv : common)
    if (common_option_applies(kv.second, kind)) allowed.push_back(kv.first.as<std::string>());
  for (const auto& kv : options) allowed.push_back(kv.first.as<std::string>());
  c.used.clear();
  for (const auto& kv : plot) {
    const std::string key = kv.first.Scalar();
    YAML::Node decl = options[key] ? options[key] : common[key];
    if (!decl) c.fail(key, unknown_name_message("option of a " + kind + " plot", key, allowed));
    // An option the kind would ignore is refused: a table given panels would draw one table and
    // silently drop the values the panels were to separate.
    if (!options[key] && !common_option_applies(decl, kind))
      c.fail(key, "a " + kind + " plot does not use '" + key + "' (it would be ignored); its options: " + [&] {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        return list;
      }());
    check_value(c, key, kv.second, decl);
  }
  for (const auto& req : schema["required"])
    if (!plot[req.as<std::string>()])
      c.fail(req.as<std::string>(), "a " + kind + " plot needs '" + req.as<std::string>() + "'");
  // Defaults that use a column: the series of lines and bars is the algorithm when it varies.
  const bool default_series = (kind == "line" || kind == "bar") && !plot["series"];
  if (default_series) c.used.insert("algorithm");

  // Every parameter that varies must be on the figure: among the points a plot shows (its
  // panels' and its own `where`), two points that agree on every column the plot uses (x, series,
  // panels, rows, columns, baseline) but differ in another parameter would be drawn as one, their
  // trials mixed, or one of them dropped. A parameter zipped with a shown one is determined by it.
  std::vector<YAML::Node> selections;  // one per panel of a list, else the plot's own where
  if (plot["panels"] && plot["panels"].IsSequence()) {
    for (const auto& panel : plot["panels"]) selections.push_back(panel["where"]);
  } else {
    selections.push_back(plot["where"]);
  }
  const std::vector<Mixed> all_mixed = find_mixed(c.used, selections, points);
  if (all_mixed.empty()) return;
  const Mixed* mixed = &all_mixed.front();

  // The fixes this kind has, each kept only when, with it, the parameter no longer mixes and no
  // other one starts to (series replaces the default series, the algorithm): another axis for
  // the parameter (panels and series of lines and bars, columns of tables), or one value of it
  // (a table's where). A spec's list of plots is edited in the spec (--set cannot address plot[i]).
  struct Fix { std::string option, value; std::set<std::string> used; std::vector<YAML::Node> selections; };
  std::vector<Fix> fixes;
  const std::string& k = mixed->column;
  auto with = [&](std::set<std::string> u, bool drop_default_series) {
    if (drop_default_series) u.erase("algorithm");
    u.insert(k);
    return u;
  };
  if (kind != "table" && !plot["panels"]) fixes.push_back({"panels", k, with(c.used, false), selections});
  if ((kind == "line" || kind == "bar") && !plot["series"]) fixes.push_back({"series", k, with(c.used, default_series), selections});
  if (kind == "table" && !plot["columns"]) fixes.push_back({"columns", k, with(c.used, false), selections});
  if (kind == "table" && !plot["where"]) {
    YAML::Node one;
    one[k] = mixed->first;
    fixes.push_back({"where." + k, mixed->first, c.used, {one}});
  }
  std::string how;
  auto resolves = [&](const Fix& f) {
    for (const Mixed& m : find_mixed(f.used, f.selections, points)) {
      if (m.column == k) return false;
      if (std::none_of(all_mixed.begin(), all_mixed.end(), [&](const Mixed& b) { return b.column == m.column; }))
        return false;
    }
    return true;
  };
  for (const auto& f : fixes) {
    if (!resolves(f)) continue;
    how += how.empty() ? "" : " or ";
    how += c.field == "plot" ? "--set plot." + f.option + "=" + f.value : f.option + ": " + f.value;
  }
  if (how.empty())
    how = "select one value of '" + k + "' with " +
          (kind == "table" ? std::string("the table's where") : "a panel's where (panels: [{title: ..., where: {" + k + ": " + mixed->first + "}}])") +
          " in the spec";
  else if (c.field != "plot")
    how = "in " + c.field + " of the spec, " + how;
  c.fail("", "'" + k + "' takes several values (" + mixed->first + ", " + mixed->second + ", ...) on the same " +
                 std::string(kind == "table" ? "cell" : kind == "strip" ? "dot" : "curve") + " of this " + kind +
                 " plot, which would mix or drop its values: " + how);
}

}  // namespace

std::vector<std::string> plot_kinds() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(kinds_dir(), ec))
    if (e.path().extension() == ".yaml" && e.path().stem().string()[0] != '_') out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

void check_plot(const Spec& spec, const std::vector<Point>& points) {
  YAML::Node plot = YAML::Load(spec.plot_json);
  if (!plot || plot.IsNull() || (plot.IsMap() && plot.size() == 0)) return;  // no figure: nothing to check
  const fs::path common_path = kinds_dir() / "_common.yaml";
  if (!fs::exists(common_path))
    throw Error(common_path.string() + ": not found; is DPLAB_HOME (" + dplab_home() + ") the dplab source or install tree?");
  const YAML::Node common = load_schema(common_path);
  Context c{spec, {"algorithm", "dataset"}, {"wall_time"}, {}, "plot"};
  for (const auto& p : points)
    for (const auto& [k, _] : p.params.all()) c.columns.insert(k);
  c.metrics.insert(spec.metrics.begin(), spec.metrics.end());
  if (plot.IsSequence()) {
    for (std::size_t i = 0; i < plot.size(); ++i) {
      c.field = "plot[" + std::to_string(i) + "]";
      check_one(c, plot[i], common, points);
    }
  } else {
    check_one(c, plot, common, points);
  }
}

}  // namespace dplab
