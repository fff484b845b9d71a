#include "framework/spec.hpp"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "framework/json.hpp"
#include "core/rng.hpp"

namespace dplab {

namespace {

const std::vector<std::string> kTopLevelKeys = {
    "name", "paper", "id", "description", "dataset", "datasets", "algorithm", "algorithms",
    "params", "sweep", "zip", "trials", "seed", "metrics", "plot", "reference", "notes"};
const std::vector<std::string> kAlgorithmKeys = {"name", "label", "params", "sweep", "zip", "datasets"};
const std::vector<std::string> kDatasetKeys = {"name", "label", "params", "seed", "transforms"};

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out;
}

class Reader {
 public:
  Reader(std::string file, std::set<std::string> overridden)
      : file_(std::move(file)), overridden_(std::move(overridden)) {}

  int line(const YAML::Node& n) const { return n.Mark().is_null() ? 0 : n.Mark().line + 1; }

  bool overridden(const std::string& field) const {
    for (const auto& o : overridden_)
      if (field == o || field.rfind(o + ".", 0) == 0 || field.rfind(o + "[", 0) == 0) return true;
    return false;
  }

  [[noreturn]] void fail(const YAML::Node& n, const std::string& field, const std::string& msg) const {
    throw Error(located(file_, overridden(field) ? kFromCommandLine : line(n), field, msg));
  }

  std::string scalar(const YAML::Node& n, const std::string& field) const {
    if (!n.IsScalar()) fail(n, field, "expected a single value, got " + shape(n));
    return n.Scalar();
  }

  std::string text(const YAML::Node& parent, const std::string& key, bool required) const {
    YAML::Node n = parent[key];
    if (!n) {
      if (required) fail(parent, key, "missing required field '" + key + "'");
      return "";
    }
    return scalar(n, key);
  }

  static std::string shape(const YAML::Node& n) {
    if (n.IsMap()) return "a mapping";
    if (n.IsSequence()) return "a list";
    if (n.IsNull()) return "nothing";
    return "'" + n.Scalar() + "'";
  }

  RawValue raw(const YAML::Node& n, const std::string& field) const {
    return RawValue{scalar(n, field), overridden(field) ? kFromCommandLine : line(n)};
  }

  std::map<std::string, RawValue> param_map(const YAML::Node& n, const std::string& field) const {
    std::map<std::string, RawValue> out;
    if (!n) return out;
    if (!n.IsMap()) fail(n, field, "expected a mapping of parameter: value, got " + shape(n));
    for (auto kv : n) {
      std::string key = kv.first.as<std::string>();
      out[key] = raw(kv.second, field + "." + key);
    }
    return out;
  }

  // sweep: {a: [..], b: [..]} -> one group per parameter (cartesian product).
  std::vector<AxisGroup> sweep(const YAML::Node& n, const std::string& field) const {
    std::vector<AxisGroup> out;
    if (!n) return out;
    if (!n.IsMap()) fail(n, field, "expected a mapping of parameter: [values], got " + shape(n));
    for (auto kv : n) {
      std::string key = kv.first.as<std::string>();
      AxisGroup g;
      g.names = {key};
      g.line = line(kv.second);
      for (const auto& v : values(kv.second, field + "." + key)) g.rows.push_back({v});
      out.push_back(std::move(g));
    }
    return out;
  }

  // zip: {a: [..], b: [..]} (one group) or [{a: .., b: ..}, {...}] (several groups).
  std::vector<AxisGroup> zip(const YAML::Node& n, const std::string& field) const {
    std::vector<AxisGroup> out;
    if (!n) return out;
    if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i)
        out.push_back(zip_group(n[i], field + "[" + std::to_string(i) + "]"));
    } else {
      out.push_back(zip_group(n, field));
    }
    return out;
  }

  AxisGroup zip_group(const YAML::Node& n, const std::string& field) const {
    if (!n.IsMap()) fail(n, field, "expected a mapping of parameter: [values] that move together");
    AxisGroup g;
    g.line = line(n);
    std::vector<std::vector<RawValue>> columns;
    for (auto kv : n) {
      std::string key = kv.first.as<std::string>();
      g.names.push_back(key);
      columns.push_back(values(kv.second, field + "." + key));
      if (columns.back().size() != columns.front().size())
        fail(kv.second, field + "." + key,
             "zipped values must have the same length: '" + g.names.front() + "' has " +
                 std::to_string(columns.front().size()) + ", '" + key + "' has " +
                 std::to_string(columns.back().size()));
    }
    if (g.names.empty()) fail(n, field, "empty zip group");
    for (std::size_t j = 0; j < columns.front().size(); ++j) {
      std::vector<RawValue> row;
      for (auto& c : columns) row.push_back(c[j]);
      g.rows.push_back(std::move(row));
    }
    return g;
  }

  std::vector<RawValue> values(const YAML::Node& n, const std::string& field) const {
    std::vector<RawValue> out;
    if (n.IsScalar()) {
      out.push_back(raw(n, field));
    } else if (n.IsSequence()) {
      if (n.size() == 0) fail(n, field, "an axis needs at least one value");
      for (std::size_t i = 0; i < n.size(); ++i)
        out.push_back(raw(n[i], field + "[" + std::to_string(i) + "]"));
    } else {
      fail(n, field, "expected a list of values, got " + shape(n));
    }
    return out;
  }

  std::vector<std::string> names(const YAML::Node& n, const std::string& field) const {
    std::vector<std::string> out;
    if (n.IsScalar()) return {scalar(n, field)};
    if (!n.IsSequence() || n.size() == 0) fail(n, field, "expected a name or a non-empty list of names");
    for (std::size_t i = 0; i < n.size(); ++i)
      out.push_back(scalar(n[i], field + "[" + std::to_string(i) + "]"));
    return out;
  }

  void check_keys(const YAML::Node& n, const std::vector<std::string>& allowed,
                  const std::string& where) const {
    for (auto kv : n) {
      std::string key = kv.first.as<std::string>();
      bool ok = false;
      for (const auto& a : allowed) ok |= a == key;
      if (!ok) fail(kv.first, where.empty() ? key : where + "." + key,
                    "unknown field '" + key + "' (allowed: " + join(allowed) + ")");
    }
  }

  // yaml-cpp keeps the last of repeated keys silently; a repeated field is a mistake.
  void check_unique(const YAML::Node& n, const std::string& where) const {
    if (!n || !n.IsMap()) return;
    std::set<std::string> seen;
    for (auto kv : n) {
      std::string key = kv.first.as<std::string>();
      std::string field = where.empty() ? key : where + "." + key;
      if (!seen.insert(key).second) fail(kv.first, field, "field '" + key + "' is given twice");
      if (kv.second.IsMap()) check_unique(kv.second, field);
    }
  }

  const std::string& file() const { return file_; }

 private:
  std::string file_;
  std::set<std::string> overridden_;
};

// Sets node[path] = value for a dotted path, creating maps on the way.
void apply_override(YAML::Node& root, const std::string& assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw Error("--set '" + assignment + "': expected key=value, e.g. --set trials=5");
  std::string key = assignment.substr(0, eq);
  std::string value_text = assignment.substr(eq + 1);
  YAML::Node value;
  try {
    value = YAML::Load(value_text);
  } catch (const YAML::Exception& e) {
    throw Error("--set " + key + ": value '" + value_text + "' is not valid YAML (" + e.msg + ")");
  }
  std::vector<std::string> parts;
  std::stringstream ss(key);
  for (std::string p; std::getline(ss, p, '.');) {
    if (p.empty()) throw Error("--set '" + assignment + "': empty component in key path");
    parts.push_back(p);
  }
  // yaml-cpp nodes are handles: walk with reset() so we never assign through a parent.
  std::vector<YAML::Node> chain{root};
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    YAML::Node child = chain.back()[parts[i]];
    if (!child || !child.IsMap()) {
      if (child && !child.IsMap())
        throw Error("--set " + key + ": '" + parts[i] + "' is not a mapping in the spec");
      chain.back()[parts[i]] = YAML::Node(YAML::NodeType::Map);
      child = chain.back()[parts[i]];
    }
    chain.push_back(child);
  }
  chain.back()[parts.back()] = value;
}

std::string result_hash(const YAML::Node& root) {
  // Only what changes the numbers: not trials (more trials extend a result), not the plot,
  // the description or the reference.
  YAML::Emitter e;
  e << YAML::BeginMap;
  for (const char* k : {"dataset", "datasets", "algorithm", "algorithms", "params", "sweep", "zip",
                        "seed", "metrics"}) {
    if (root[k]) e << YAML::Key << k << YAML::Value << root[k];
  }
  e << YAML::EndMap;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash64(e.c_str())));
  return buf;
}

}  // namespace

Spec parse_spec(const std::string& text, const std::string& file,
                const std::vector<std::string>& overrides) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw Error(located(file, e.mark.line + 1, "", "YAML syntax error: " + e.msg));
  } catch (const YAML::Exception& e) {
    throw Error(located(file, 0, "", "cannot read YAML: " + e.msg));
  }
  if (!root.IsMap()) throw Error(located(file, 1, "", "a spec must be a YAML mapping of fields"));

  std::set<std::string> overridden;
  for (const auto& o : overrides) {
    apply_override(root, o);
    overridden.insert(o.substr(0, o.find('=')));
  }
  Reader r(file, overridden);
  r.check_unique(root, "");
  r.check_keys(root, kTopLevelKeys, "");

  Spec s;
  s.file = file;
  s.source_text = text;
  s.effective_yaml = YAML::Dump(root) + "\n";
  s.name = r.text(root, "name", true);
  s.paper = r.text(root, "paper", true);
  s.id = r.text(root, "id", false);
  s.description = r.text(root, "description", false);
  s.reference = r.text(root, "reference", false);

  if (root["dataset"] && root["datasets"])
    r.fail(root["datasets"], "datasets", "give either 'dataset' or 'datasets', not both");
  auto read_dataset = [&](const YAML::Node& n, const std::string& field) {
    DatasetRef d;
    d.line = r.line(n);
    if (n.IsScalar()) {
      d.name = n.Scalar();
    } else if (n.IsMap()) {
      r.check_keys(n, kDatasetKeys, field);
      d.name = r.text(n, "name", true);
      d.label = r.text(n, "label", false);
      d.params = r.param_map(n["params"], field + ".params");
      if (n["seed"]) {
        std::string t = r.scalar(n["seed"], field + ".seed");
        char* end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(t.c_str(), &end, 10);
        if (t.empty() || *end || t[0] == '-' || errno == ERANGE)
          r.fail(n["seed"], field + ".seed", "expected an integer in [0, 2^64), got '" + t + "'");
        d.seed = v;
      }
      if (YAML::Node tr = n["transforms"]) {
        if (!tr.IsSequence()) r.fail(tr, field + ".transforms", "expected a list of transforms");
        for (std::size_t i = 0; i < tr.size(); ++i) {
          const std::string tf = field + ".transforms[" + std::to_string(i) + "]";
          TransformRef t;
          t.line = r.line(tr[i]);
          if (tr[i].IsScalar()) {
            t.name = tr[i].Scalar();
          } else if (tr[i].IsMap() && tr[i].size() == 1) {
            auto kv = *tr[i].begin();
            t.name = kv.first.as<std::string>();
            if (!kv.second.IsNull()) t.params = r.param_map(kv.second, tf + "." + t.name);
          } else {
            r.fail(tr[i], tf, "expected a transform name or {name: {parameter: value}}");
          }
          d.transforms.push_back(std::move(t));
        }
      }
    } else {
      r.fail(n, field, "expected a dataset name or a mapping with 'name'");
    }
    if (d.label.empty()) d.label = d.name;
    return d;
  };
  if (root["dataset"]) s.datasets = {read_dataset(root["dataset"], "dataset")};
  if (root["datasets"]) {
    YAML::Node ds = root["datasets"];
    if (!ds.IsSequence() || ds.size() == 0) r.fail(ds, "datasets", "expected a non-empty list of datasets");
    for (std::size_t i = 0; i < ds.size(); ++i)
      s.datasets.push_back(read_dataset(ds[i], "datasets[" + std::to_string(i) + "]"));
  }

  if (root["algorithm"] && root["algorithms"])
    r.fail(root["algorithms"], "algorithms", "give either 'algorithm' or 'algorithms', not both");
  if (!root["algorithm"] && !root["algorithms"])
    r.fail(root, "algorithm", "missing required field 'algorithm' (or 'algorithms')");
  YAML::Node algs = root["algorithm"] ? root["algorithm"] : root["algorithms"];
  std::string afield = root["algorithm"] ? "algorithm" : "algorithms";
  auto read_entry = [&](const YAML::Node& n, const std::string& field) {
    AlgorithmEntry a;
    a.line = r.line(n);
    if (n.IsScalar()) {
      a.name = n.Scalar();
    } else if (n.IsMap()) {
      r.check_keys(n, kAlgorithmKeys, field);
      a.name = r.text(n, "name", true);
      a.label = r.text(n, "label", false);
      a.params = r.param_map(n["params"], field + ".params");
      a.axes = r.sweep(n["sweep"], field + ".sweep");
      auto z = r.zip(n["zip"], field + ".zip");
      a.axes.insert(a.axes.end(), z.begin(), z.end());
      if (n["datasets"]) a.only_datasets = r.names(n["datasets"], field + ".datasets");
    } else {
      r.fail(n, field, "expected an algorithm name or a mapping with 'name'");
    }
    if (a.label.empty()) a.label = a.name;
    return a;
  };
  if (algs.IsSequence()) {
    if (algs.size() == 0) r.fail(algs, afield, "at least one algorithm is needed");
    for (std::size_t i = 0; i < algs.size(); ++i)
      s.algorithms.push_back(read_entry(algs[i], afield + "[" + std::to_string(i) + "]"));
  } else {
    s.algorithms.push_back(read_entry(algs, afield));
  }

  s.params = r.param_map(root["params"], "params");
  s.axes = r.sweep(root["sweep"], "sweep");
  auto z = r.zip(root["zip"], "zip");
  s.axes.insert(s.axes.end(), z.begin(), z.end());

  if (root["trials"]) {
    std::string t = r.scalar(root["trials"], "trials");
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end || v < 1 || errno == ERANGE)
      r.fail(root["trials"], "trials", "expected an integer >= 1, got '" + t + "'");
    s.trials = v;
    s.trials_given = true;
  }
  if (root["seed"]) {
    std::string t = r.scalar(root["seed"], "seed");
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(t.c_str(), &end, 10);
    if (t.empty() || *end || t[0] == '-' || errno == ERANGE)
      r.fail(root["seed"], "seed", "expected an integer in [0, 2^64), got '" + t + "'");
    s.seed = v;
  }
  if (!root["metrics"]) r.fail(root, "metrics", "missing required field 'metrics'");
  s.metrics = r.names(root["metrics"], "metrics");
  if (YAML::Node plot = root["plot"]) {
    // One figure (a mapping) or several drawn from the same result (a list of mappings, each
    // with a 'name' for its file).
    static const std::vector<std::string> kPlotKinds = {"line", "bar", "table", "scatter"};
    auto check_plot = [&](const YAML::Node& p, const std::string& field) {
      if (!p.IsMap()) r.fail(p, field, "expected a mapping of plot options");
      if (p["kind"]) {
        std::string kind = r.scalar(p["kind"], field + ".kind");
        bool ok = false;
        for (const auto& k : kPlotKinds) ok |= k == kind;
        if (!ok) r.fail(p["kind"], field + ".kind", "unknown plot kind '" + kind + "' (allowed: " + join(kPlotKinds) + ")");
      }
    };
    if (plot.IsSequence()) {
      for (std::size_t i = 0; i < plot.size(); ++i) {
        const std::string field = "plot[" + std::to_string(i) + "]";
        check_plot(plot[i], field);
        if (!plot[i]["name"]) r.fail(plot[i], field + ".name", "each of several plots needs a 'name' (its file name)");
      }
    } else {
      check_plot(plot, "plot");
    }
    s.plot_json = yaml_to_json(plot);
  }
  s.hash = result_hash(root);
  return s;
}

Spec load_spec(const std::string& path, const std::vector<std::string>& overrides) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot read spec file (does it exist?)");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_spec(ss.str(), path, overrides);
}

}  // namespace dplab
