#include "framework/spec.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "datasets/user_file.hpp"
#include "core/home.hpp"
#include "framework/json.hpp"
#include "framework/plot_check.hpp"
#include "core/rng.hpp"

namespace dplab {

namespace {

const std::vector<std::string> kTopLevelKeys = {
    "name", "paper", "id", "description", "dataset", "datasets", "algorithm", "algorithms",
    "params", "sweep", "zip", "trials", "seed", "noise", "metrics", "plot", "reference", "notes"};
const std::vector<std::string> kAlgorithmKeys = {"name", "label", "params", "sweep", "zip", "datasets", "metrics"};
const std::vector<std::string> kDatasetKeys = {"name", "label", "params", "seed", "samples", "transforms"};
// A user's own data file (datasets/user_file.hpp): its options may also sit beside `file`.
const std::vector<std::string> kFileDatasetKeys = {"file", "kind", "sha256", "name", "label", "params", "seed", "samples", "transforms",
                                                   "header", "label_column", "items"};
const std::vector<std::string> kFileOptions = {"header", "label_column", "items"};

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
  // The line of a field, or kFromCommandLine when --set gave it (its node's mark is a position in
  // the --set value's own text, not in the file: line 1 would be wrong).
  int line(const YAML::Node& n, const std::string& field) const { return overridden(field) ? kFromCommandLine : line(n); }

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
    return quote(n.Scalar());
  }

  // A mapping key: a single value (YAML also allows lists and mappings as keys).
  std::string key(const YAML::Node& k, const std::string& where) const {
    if (!k.IsScalar()) fail(k, where.empty() ? "(key)" : where, "a key must be a single name, got " + shape(k));
    return k.Scalar();
  }

  RawValue raw(const YAML::Node& n, const std::string& field) const {
    return RawValue{scalar(n, field), overridden(field) ? kFromCommandLine : line(n)};
  }

  std::map<std::string, RawValue> param_map(const YAML::Node& n, const std::string& field) const {
    std::map<std::string, RawValue> out;
    if (!n) return out;
    if (!n.IsMap()) fail(n, field, "expected a mapping of parameter: value, got " + shape(n));
    for (auto kv : n) {
      std::string k = key(kv.first, field);
      out[k] = raw(kv.second, field + "." + k);
    }
    return out;
  }

  // sweep: {a: [..], b: [..]} -> one group per parameter (cartesian product).
  std::vector<AxisGroup> sweep(const YAML::Node& n, const std::string& field) const {
    std::vector<AxisGroup> out;
    if (!n) return out;
    if (!n.IsMap()) fail(n, field, "expected a mapping of parameter: [values], got " + shape(n));
    for (auto kv : n) {
      std::string k = key(kv.first, field);
      AxisGroup g;
      g.names = {k};
      g.line = line(kv.second, field + "." + k);
      for (const auto& v : values(kv.second, field + "." + k)) g.rows.push_back({v});
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
    g.line = line(n, field);
    std::vector<std::vector<RawValue>> columns;
    for (auto kv : n) {
      std::string k = key(kv.first, field);
      g.names.push_back(k);
      columns.push_back(values(kv.second, field + "." + k));
      if (columns.back().size() != columns.front().size())
        fail(kv.second, field + "." + k,
             "zipped values must have the same length: '" + g.names.front() + "' has " +
                 std::to_string(columns.front().size()) + ", '" + k + "' has " +
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
      std::string k = key(kv.first, where);
      bool ok = false;
      for (const auto& a : allowed) ok |= a == k;
      if (!ok) fail(kv.first, where.empty() ? k : where + "." + k, unknown_name_message("field", k, allowed));
    }
  }

  // yaml-cpp keeps the last of repeated keys silently; a repeated field is a mistake.
  void check_unique(const YAML::Node& n, const std::string& where) const {
    if (!n || !n.IsMap()) return;
    std::set<std::string> seen;
    for (auto kv : n) {
      std::string k = key(kv.first, where);
      std::string field = where.empty() ? k : where + "." + k;
      if (!seen.insert(k).second) fail(kv.first, field, "field " + quote(k) + " is given twice");
      if (kv.second.IsMap()) check_unique(kv.second, field);
    }
  }

  const std::string& file() const { return file_; }

 private:
  std::string file_;
  std::set<std::string> overridden_;
};

// ---- guards against hostile or mistaken specs ----

constexpr std::size_t kMaxSpecBytes = 1 << 20;       // a spec is a page of YAML, not a megabyte
constexpr std::size_t kMaxExpandedNodes = 100'000;   // after YAML aliases are expanded
constexpr int kMaxDepth = 64;

// The number of nodes `n` stands for once aliases are expanded (a "billion laughs" document is
// tiny as a graph and astronomically large as a tree: dumping, hashing or walking it would never
// end). Memoised by node position, since an alias shares its anchor's node and mark; saturates
// at the limit.
std::size_t expanded_nodes(const YAML::Node& n, std::map<std::size_t, std::size_t>& memo, int depth,
                           const std::string& file) {
  if (depth > kMaxDepth)
    throw Error(located(file, n.Mark().line + 1, "", "the spec nests more than " + std::to_string(kMaxDepth) + " levels deep"));
  const auto pos = static_cast<std::size_t>(n.Mark().pos);
  if (auto it = memo.find(pos); it != memo.end() && !n.Mark().is_null()) return it->second;
  std::size_t total = 1;
  auto add = [&](std::size_t k) { total = std::min(kMaxExpandedNodes + 1, total + k); };
  if (n.IsMap()) {
    for (const auto& kv : n) {
      add(expanded_nodes(kv.first, memo, depth + 1, file));
      add(expanded_nodes(kv.second, memo, depth + 1, file));
    }
  } else if (n.IsSequence()) {
    for (const auto& c : n) add(expanded_nodes(c, memo, depth + 1, file));
  }
  if (!n.Mark().is_null()) memo[pos] = total;
  return total;
}

YAML::Node load_yaml(const std::string& text, const std::string& file) {
  if (text.size() > kMaxSpecBytes)
    throw Error(located(file, 0, "", "the spec is " + std::to_string(text.size()) + " bytes, more than a spec can be (" +
                                         std::to_string(kMaxSpecBytes) + "); is this the right file?"));
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw Error(located(file, e.mark.line + 1, "", "YAML syntax error: " + e.msg));
  } catch (const YAML::Exception& e) {
    throw Error(located(file, 0, "", "cannot read YAML: " + e.msg));
  }
  std::map<std::size_t, std::size_t> memo;
  if (expanded_nodes(root, memo, 0, file) > kMaxExpandedNodes)
    throw Error(located(file, 0, "", "the spec expands to more than " + std::to_string(kMaxExpandedNodes) +
                                         " YAML nodes (YAML aliases that refer to each other?); write it out plainly"));
  return root;
}

// How a --set key appears in messages: as typed, unless it is long or holds control characters.
std::string set_key(const std::string& key) {
  const std::string q = quote(key);
  return q.size() == key.size() + 2 ? key : q;
}

// Sets node[path] = value for a dotted path, creating maps on the way.
void apply_override(YAML::Node& root, const std::string& assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw Error("--set " + quote(assignment) + ": expected key=value, e.g. --set trials=5");
  std::string key = assignment.substr(0, eq);
  std::string value_text = assignment.substr(eq + 1);
  YAML::Node value;
  try {
    value = YAML::Load(value_text);
  } catch (const YAML::Exception& e) {
    throw Error("--set " + set_key(key) + ": value " + quote(value_text) + " is not valid YAML (" + e.msg + ")");
  }
  std::map<std::size_t, std::size_t> memo;
  if (expanded_nodes(value, memo, 0, "--set " + key) > kMaxExpandedNodes)
    throw Error("--set " + set_key(key) + ": the value expands to more than " + std::to_string(kMaxExpandedNodes) + " YAML nodes");
  std::vector<std::string> parts;
  std::stringstream ss(key);
  for (std::string p; std::getline(ss, p, '.');) {
    if (p.empty()) throw Error("--set " + quote(assignment) + ": empty component in key path");
    parts.push_back(p);
  }
  // yaml-cpp nodes are handles: walk with reset() so we never assign through a parent.
  std::vector<YAML::Node> chain{root};
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    YAML::Node child = chain.back()[parts[i]];
    if (!child || !child.IsMap()) {
      if (child && !child.IsMap())
        throw Error("--set " + set_key(key) + ": " + quote(parts[i]) + " is not a mapping in the spec");
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
  for (const auto& k : result_keys()) {
    if (root[k]) e << YAML::Key << k << YAML::Value << root[k];
  }
  e << YAML::EndMap;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash64(e.c_str())));
  return buf;
}

// `name` and `paper` name files (results/<paper>/<name>.h5): plain names only.
void check_file_stem(const Reader& r, const YAML::Node& root, const std::string& field, const std::string& value) {
  const bool ok = !value.empty() && value.size() <= 100 && value != "." && value != ".." &&
                  value.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
                      std::string::npos;
  if (!ok)
    r.fail(root[field], field, "expected a plain name of 1-100 letters, digits, '_', '.' or '-' (it names the result file), got " +
                                   quote(value));
}

// ---- the parts of a spec ----

// The text as an unsigned decimal integer, or nothing (empty, a sign, other characters, too big).
std::optional<std::uint64_t> parse_unsigned(const std::string& t) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(t.c_str(), &end, 10);
  if (t.empty() || *end || t[0] == '-' || errno == ERANGE) return std::nullopt;
  return v;
}

std::uint64_t read_seed(const Reader& r, const YAML::Node& n, const std::string& field) {
  const std::string t = r.scalar(n, field);
  const auto v = parse_unsigned(t);
  if (!v) r.fail(n, field, "expected an integer in [0, 2^64), got " + quote(t));
  return *v;
}

// A dataset's `samples`: how many independent draws of it the trials cycle through.
std::size_t read_samples(const Reader& r, const YAML::Node& n, const std::string& field) {
  const std::string t = r.scalar(n, field);
  const auto v = parse_unsigned(t);
  if (!v || *v < 1 || *v > 10000)
    r.fail(n, field, "expected an integer from 1 to 10000 (independent draws of the data), got " + quote(t));
  return static_cast<std::size_t>(*v);
}

TransformRef read_transform(const Reader& r, const YAML::Node& n, const std::string& field) {
  TransformRef t;
  t.line = r.line(n, field);
  if (n.IsScalar()) {
    t.name = n.Scalar();
  } else if (n.IsMap() && n.size() == 1) {
    auto kv = *n.begin();
    t.name = r.key(kv.first, field);
    if (!kv.second.IsNull()) t.params = r.param_map(kv.second, field + "." + t.name);
  } else {
    r.fail(n, field, "expected a transform name or {name: {parameter: value}}");
  }
  return t;
}

DatasetRef read_dataset(const Reader& r, const YAML::Node& n, const std::string& field) {
  DatasetRef d;
  d.line = r.line(n, field);
  if (n.IsScalar()) {
    d.name = n.Scalar();
  } else if (n.IsMap() && n["file"]) {
    // dataset: {file: my.csv, kind: points, ...}: registered as a catalogue entry of its own;
    // its sha256 is written into the spec (so the result records it and a changed file is a
    // different spec, never resumed into old trials).
    r.check_keys(n, kFileDatasetKeys, field);
    if (n["name"]) r.fail(n["name"], field + ".name", "give either 'name' (a catalogue entry) or 'file' (your data file), not both");
    const std::string written = r.text(n, "file", true);
    const std::string kind = r.text(n, "kind", false);
    if (kind.empty())
      r.fail(n, field + ".kind", "a data file needs its kind (allowed: points, histogram, histogram2d, transactions)");
    const auto& kinds = user_file_kinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
      r.fail(n["kind"], field + ".kind", "unknown kind " + quote(kind) + " (allowed: points, histogram, histogram2d, transactions)");
    std::filesystem::path path(written);
    if (path.is_relative()) path = std::filesystem::absolute(std::filesystem::path(r.file()).parent_path() / path);
    path = path.lexically_normal();
    UserFile u;
    try {
      u = register_user_file(path.string(), kind, r.text(n, "sha256", false));
    } catch (const Error& e) {
      const bool missing = !std::filesystem::exists(path);
      r.fail(missing ? n["file"] : n, field + (missing ? ".file" : ".sha256"),
             std::string(e.what()) + (missing ? " (a relative path is relative to the spec's folder)" : ""));
    }
    d.name = u.name;
    d.label = r.text(n, "label", false);
    if (d.label.empty()) d.label = path.stem().string();
    d.params = r.param_map(n["params"], field + ".params");
    for (const auto& k : kFileOptions)
      if (n[k]) d.params[k] = r.raw(n[k], field + "." + k);
    if (n["seed"]) d.seed = read_seed(r, n["seed"], field + ".seed");
    if (n["samples"]) d.samples = read_samples(r, n["samples"], field + ".samples");
    if (YAML::Node tr = n["transforms"]) {
      if (!tr.IsSequence()) r.fail(tr, field + ".transforms", "expected a list of transforms");
      for (std::size_t i = 0; i < tr.size(); ++i)
        d.transforms.push_back(read_transform(r, tr[i], field + ".transforms[" + std::to_string(i) + "]"));
    }
    YAML::Node node = n;
    node["sha256"] = u.sha256;
  } else if (n.IsMap()) {
    r.check_keys(n, kDatasetKeys, field);
    d.name = r.text(n, "name", true);
    d.label = r.text(n, "label", false);
    d.params = r.param_map(n["params"], field + ".params");
    if (n["seed"]) d.seed = read_seed(r, n["seed"], field + ".seed");
    if (n["samples"]) d.samples = read_samples(r, n["samples"], field + ".samples");
    if (YAML::Node tr = n["transforms"]) {
      if (!tr.IsSequence()) r.fail(tr, field + ".transforms", "expected a list of transforms");
      for (std::size_t i = 0; i < tr.size(); ++i)
        d.transforms.push_back(read_transform(r, tr[i], field + ".transforms[" + std::to_string(i) + "]"));
    }
  } else {
    r.fail(n, field, "expected a dataset name or a mapping with 'name'");
  }
  if (d.label.empty()) d.label = d.name;
  return d;
}

AlgorithmEntry read_entry(const Reader& r, const YAML::Node& n, const std::string& field) {
  AlgorithmEntry a;
  a.line = r.line(n, field);
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
    if (n["metrics"]) a.only_metrics = r.names(n["metrics"], field + ".metrics");
  } else {
    r.fail(n, field, "expected an algorithm name or a mapping with 'name'");
  }
  if (a.label.empty()) a.label = a.name;
  return a;
}

void read_datasets(const Reader& r, const YAML::Node& root, Spec& s) {
  if (root["dataset"] && root["datasets"])
    r.fail(root["datasets"], "datasets", "give either 'dataset' or 'datasets', not both");
  if (root["dataset"]) s.datasets = {read_dataset(r, root["dataset"], "dataset")};
  if (root["datasets"]) {
    YAML::Node ds = root["datasets"];
    if (!ds.IsSequence() || ds.size() == 0) r.fail(ds, "datasets", "expected a non-empty list of datasets");
    for (std::size_t i = 0; i < ds.size(); ++i)
      s.datasets.push_back(read_dataset(r, ds[i], "datasets[" + std::to_string(i) + "]"));
  }
}

void read_algorithms(const Reader& r, const YAML::Node& root, Spec& s) {
  if (root["algorithm"] && root["algorithms"])
    r.fail(root["algorithms"], "algorithms", "give either 'algorithm' or 'algorithms', not both");
  if (!root["algorithm"] && !root["algorithms"])
    r.fail(root, "algorithm", "missing required field 'algorithm' (or 'algorithms')");
  YAML::Node algs = root["algorithm"] ? root["algorithm"] : root["algorithms"];
  std::string afield = root["algorithm"] ? "algorithm" : "algorithms";
  if (algs.IsSequence()) {
    if (algs.size() == 0) r.fail(algs, afield, "at least one algorithm is needed");
    for (std::size_t i = 0; i < algs.size(); ++i)
      s.algorithms.push_back(read_entry(r, algs[i], afield + "[" + std::to_string(i) + "]"));
  } else {
    s.algorithms.push_back(read_entry(r, algs, afield));
  }
}

// Trials: the paper's repeat count. Bounded so that a typo cannot reserve terabytes.
void read_trials(const Reader& r, const YAML::Node& root, Spec& s) {
  if (!root["trials"]) return;
  std::string t = r.scalar(root["trials"], "trials");
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(t.c_str(), &end, 10);
  if (t.empty() || *end || v < 1 || v > 1'000'000'000 || errno == ERANGE)
    r.fail(root["trials"], "trials", "expected an integer from 1 to 10^9, got " + quote(t));
  s.trials = v;
  s.trials_given = true;
}

// One figure (a mapping) or several drawn from the same result (a list of mappings, each with a
// 'name' for its file). Kept as JSON for plots/.
void read_plot(const Reader& r, const YAML::Node& root, Spec& s) {
  YAML::Node plot = root["plot"];
  if (!plot) return;
  const std::vector<std::string> kPlotKinds = plot_kinds();  // plots/kinds/<kind>.yaml
  auto check_plot = [&](const YAML::Node& p, const std::string& field) {
    if (!p.IsMap()) r.fail(p, field, "expected a mapping of plot options");
    if (p["kind"]) {
      std::string kind = r.scalar(p["kind"], field + ".kind");
      bool ok = false;
      for (const auto& k : kPlotKinds) ok |= k == kind;
      if (!ok) r.fail(p["kind"], field + ".kind", "unknown plot kind " + quote(kind) + " (allowed: " + join(kPlotKinds) + ")");
    }
  };
  // Every key inside is a single name: the block is kept as JSON, whose keys are strings.
  const std::function<void(const YAML::Node&, const std::string&)> check_keys = [&](const YAML::Node& n,
                                                                                     const std::string& field) {
    if (n.IsMap())
      for (const auto& kv : n) check_keys(kv.second, field + "." + r.key(kv.first, field));
    else if (n.IsSequence())
      for (std::size_t i = 0; i < n.size(); ++i) check_keys(n[i], field + "[" + std::to_string(i) + "]");
  };
  check_keys(plot, "plot");
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
  s.plot_line = r.line(plot, "plot");
  // Every option's own line, for framework/plot_check's errors ("plot[1].columns" -> 31).
  std::function<void(const YAML::Node&, const std::string&)> walk = [&](const YAML::Node& n, const std::string& field) {
    s.plot_lines[field] = r.line(n, field);
    if (n.IsMap()) {
      for (const auto& kv : n)
        if (kv.first.IsScalar()) walk(kv.second, field + "." + kv.first.Scalar());
    } else if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i) walk(n[i], field + "[" + std::to_string(i) + "]");
    }
  };
  walk(plot, "plot");
}

}  // namespace

const std::vector<std::string>& result_keys() {
  static const std::vector<std::string> keys = {"dataset", "datasets", "algorithm", "algorithms", "params",
                                                "sweep",   "zip",      "seed",      "noise",      "metrics"};
  return keys;
}

Spec parse_spec(const std::string& text, const std::string& file,
                const std::vector<std::string>& overrides) {
  YAML::Node root = load_yaml(text, file);
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
  check_file_stem(r, root, "name", s.name);
  check_file_stem(r, root, "paper", s.paper);
  s.id = r.text(root, "id", false);
  s.description = r.text(root, "description", false);
  s.reference = r.text(root, "reference", false);
  read_datasets(r, root, s);
  s.effective_yaml = YAML::Dump(root) + "\n";  // again: a data file's sha256 was added
  read_algorithms(r, root, s);
  s.params = r.param_map(root["params"], "params");
  s.axes = r.sweep(root["sweep"], "sweep");
  auto z = r.zip(root["zip"], "zip");
  s.axes.insert(s.axes.end(), z.begin(), z.end());
  read_trials(r, root, s);
  if (root["seed"]) s.seed = read_seed(r, root["seed"], "seed");
  if (root["noise"]) {
    s.noise = r.scalar(root["noise"], "noise");
    if (s.noise != "fast" && s.noise != "secure")
      r.fail(root["noise"], "noise", "expected fast or secure, got '" + s.noise + "'");
  }
  if (!root["metrics"]) r.fail(root, "metrics", "missing required field 'metrics'");
  s.metrics = r.names(root["metrics"], "metrics");
  read_plot(r, root, s);
  s.hash = result_hash(root);
  return s;
}

Spec load_spec(const std::string& path, const std::vector<std::string>& overrides) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error(path + ": is a directory, not a spec file");
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxSpecBytes)
    throw Error(path + ": " + std::to_string(size) + " bytes, more than a spec can be (" + std::to_string(kMaxSpecBytes) +
                "); is this the right file?");
  if (!std::filesystem::exists(path, ec)) {
    // The commonest case: a spec path relative to dplab's folder, run from somewhere else.
    const std::filesystem::path home = dplab_home();
    std::string msg = path + ": cannot read spec file: there is no such file in " + std::filesystem::current_path(ec).string() + ". ";
    const std::filesystem::path p(path);
    if (p.is_relative() && std::filesystem::exists(home / p, ec))
      msg += "dplab's experiments folder is " + (home / "experiments").string() + ": give the full path, dplab run " +
             (home / p).string() + " (results go to ./results/ here), or run from there: dplab -C " + home.string() +
             " run " + path;
    else
      msg += "dplab's experiments are in " + (home / "experiments").string() + " (dplab list experiments)";
    throw Error(msg);
  }
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot read spec file (permissions?)");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_spec(ss.str(), path, overrides);
}

}  // namespace dplab
