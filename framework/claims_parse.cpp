// Parsing and validation of results/reference/<paper>/claims.yaml (schema: framework/claims.hpp).
// Every error names the file, the line and the field, before anything is evaluated.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "framework/claims.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

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

ClaimCondition parse_condition(const std::string& file, const YAML::Node& n, const std::string& f) {
  ClaimCondition c;
  if (n.IsScalar()) {
    c.values.push_back(scalar(file, n, f));
  } else if (n.IsSequence()) {
    if (n.size() == 0) bad(file, n, f, "must list at least one value");
    for (const auto& v : n) c.values.push_back(scalar(file, v, f));
  } else if (n.IsMap()) {
    check_keys(file, n, f, {"min", "max"});
    if (n["min"]) c.min = number(file, n["min"], f + ".min");
    if (n["max"]) c.max = number(file, n["max"], f + ".max");
    if (!c.min && !c.max) bad(file, n, f, "a range needs min or max");
    if (c.min && c.max && *c.min > *c.max) bad(file, n, f, "min is above max");
  } else {
    bad(file, n, f, "must be a value, a list of values or {min: x, max: y}");
  }
  return c;
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
  if (n["stat"]) {
    const std::string st = scalar(file, n["stat"], field + ".stat");
    if (st == "ci_low" || st == "ci_high" || st == "paper")
      bad(file, n["stat"], field + ".stat",
          quote(st) + " is gone: every check decides from the confidence intervals of the trials itself "
                      "(use the mean; check: paper for the paper's values)");
    s.stat = choice(file, n["stat"], field + ".stat", {"mean", "sd"});
  }
  if (n["reduce"]) s.reduce = choice(file, n["reduce"], field + ".reduce", {"mean", "min", "max"});
  if (n["label"]) s.label = scalar(file, n["label"], field + ".label");
  if (n["where"]) {
    const YAML::Node w = n["where"];
    if (!w.IsMap()) bad(file, w, field + ".where", "must be a mapping of column: value");
    for (const auto& kv : w) {
      const std::string col = scalar(file, kv.first, field + ".where");
      if (s.where.count(col)) bad(file, kv.first, field + ".where." + col, "is given twice");
      s.where[col] = parse_condition(file, kv.second, field + ".where." + col);
    }
  }
  return s;
}

std::vector<std::string> names(const std::string& file, const YAML::Node& n, const std::string& f) {
  std::vector<std::string> out;
  if (n.IsSequence()) {
    for (const auto& v : n) out.push_back(scalar(file, v, f));
    if (out.empty()) bad(file, n, f, "must name at least one value");
  } else {
    out.push_back(scalar(file, n, f));
  }
  return out;
}

const std::vector<std::string> kChecks = {"compare", "threshold", "trend", "paper", "minimum", "maximum", "ordering"};
const std::vector<std::string> kRelations = {"<", "<=", ">", ">=", "==", "within"};
const std::vector<std::string> kKeys = {"id", "section", "says", "expect", "result", "check", "a", "b",
                                        "relation", "factor", "bound", "precision", "along", "direction",
                                        "for_each", "tolerance", "confidence", "paper_trials", "at",
                                        "neighbours", "by", "order", "quantifier", "scale"};

// The keys each check needs, and the ones it refuses (any key not listed for it).
struct CheckKeys {
  std::vector<std::string> needs, allows;
};
const std::map<std::string, CheckKeys> kCheckKeys = {
    {"compare", {{"b", "relation"}, {"factor", "scale"}}},
    {"threshold", {{"relation", "bound"}, {"precision"}}},
    {"trend", {{"along", "direction"}, {"b", "scale"}}},
    {"paper", {{}, {"factor", "tolerance", "precision", "paper_trials"}}},
    {"minimum", {{"along", "at"}, {"neighbours"}}},
    {"maximum", {{"along", "at"}, {"neighbours"}}},
    {"ordering", {{"by", "order", "relation"}, {}}},
};

Claim parse_claim(const std::string& file, const YAML::Node& n, std::size_t i) {
  const std::string at = "claims[" + std::to_string(i) + "]";
  if (!n.IsMap()) bad(file, n, at, "must be a mapping (id, says, result, check, ...)");
  check_keys(file, n, at, kKeys);
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
  if (n["expect"]) c.expect = choice(file, n["expect"], f + ".expect", {"holds", "fails", "inconclusive"});
  c.check = choice(file, n["check"], f + ".check", kChecks);

  // Which keys the check needs and allows ("a", the common keys and the check's own).
  const CheckKeys& keys = kCheckKeys.at(c.check);
  for (const auto& k : keys.needs)
    if (!n[k]) bad(file, n, f + "." + k, "is required by check: " + c.check);
  for (const char* k : {"b", "relation", "factor", "bound", "precision", "along", "direction", "tolerance",
                        "paper_trials", "at", "neighbours", "by", "order", "scale"}) {
    const bool allowed = std::find(keys.needs.begin(), keys.needs.end(), k) != keys.needs.end() ||
                         std::find(keys.allows.begin(), keys.allows.end(), k) != keys.allows.end();
    if (n[k] && !allowed) bad(file, n[k], f + "." + k, std::string("does not apply to check: ") + c.check);
  }

  c.a = parse_select(file, n["a"], f + ".a");
  if (n["b"]) c.b = parse_select(file, n["b"], f + ".b");
  if (n["relation"]) c.relation = choice(file, n["relation"], f + ".relation", kRelations);
  if (n["factor"]) {
    c.factor = number(file, n["factor"], f + ".factor");
    if (c.factor <= 0) bad(file, n["factor"], f + ".factor", "must be > 0");
  }
  if (n["bound"]) {
    c.bound = number(file, n["bound"], f + ".bound");
    c.bound_text = n["bound"].Scalar();
  }
  if (n["precision"]) {
    if (n["precision"].IsScalar() && n["precision"].Scalar() == "auto") {
      if (c.check != "threshold") bad(file, n["precision"], f + ".precision", "auto applies to a threshold's bound");
      c.precision_auto = true;
    } else {
      c.precision = number(file, n["precision"], f + ".precision");
      if (*c.precision < 0) bad(file, n["precision"], f + ".precision", "must be >= 0 (half a unit of the last printed digit) or auto");
    }
  }
  if (n["along"]) c.along = scalar(file, n["along"], f + ".along");
  if (n["by"]) c.by = scalar(file, n["by"], f + ".by");
  if (n["order"]) {
    c.order = names(file, n["order"], f + ".order");
    if (c.order.size() < 2) bad(file, n["order"], f + ".order", "must list at least two values of " + quote(c.by));
  }
  if (n["direction"]) {
    const std::string d = scalar(file, n["direction"], f + ".direction");
    if (d == "nondecreasing" || d == "nonincreasing")
      bad(file, n["direction"], f + ".direction",
          quote(d) + " cannot be shown from noisy points: a trend is tested by its slope (increasing | decreasing)");
    c.direction = choice(file, n["direction"], f + ".direction", {"increasing", "decreasing"});
  }
  if (n["for_each"]) c.for_each = names(file, n["for_each"], f + ".for_each");
  if (n["quantifier"]) {
    c.some = choice(file, n["quantifier"], f + ".quantifier", {"every", "some"}) == "some";
    if (c.for_each.empty()) bad(file, n["quantifier"], f + ".quantifier", "applies with for_each");
  }
  if (n["tolerance"]) {
    c.tolerance = number(file, n["tolerance"], f + ".tolerance");
    if (*c.tolerance < 0) bad(file, n["tolerance"], f + ".tolerance", "must be >= 0");
  }
  if (n["confidence"]) {
    c.confidence = number(file, n["confidence"], f + ".confidence");
    if (!(c.confidence > 0.5 && c.confidence < 1)) bad(file, n["confidence"], f + ".confidence", "must be in (0.5, 1), e.g. 0.95");
  }
  if (n["paper_trials"]) {
    c.paper_trials = number(file, n["paper_trials"], f + ".paper_trials");
    if (*c.paper_trials <= 0) bad(file, n["paper_trials"], f + ".paper_trials", "must be > 0");
  }
  if (n["at"]) c.at = parse_condition(file, n["at"], f + ".at");
  if (n["scale"]) {
    c.log_scale = choice(file, n["scale"], f + ".scale", {"linear", "log"}) == "log";
    if (c.log_scale && c.a->stat == "sd") bad(file, n["scale"], f + ".scale", "scale: log compares means, not sds");
    if (c.log_scale && c.check == "trend" && !c.b) bad(file, n["scale"], f + ".scale", "a trend on scale: log is of a / b: give b");
  }
  if (n["neighbours"]) {
    const double k = number(file, n["neighbours"], f + ".neighbours");
    if (k < 1 || k != std::floor(k)) bad(file, n["neighbours"], f + ".neighbours", "must be a whole number >= 1");
    c.neighbours = static_cast<int>(k);
  }

  // Check-specific rules.
  for (const std::string& col : {c.along, c.by})
    if (!col.empty() && std::find(c.for_each.begin(), c.for_each.end(), col) != c.for_each.end())
      bad(file, n["for_each"], f + ".for_each", "cannot repeat over the check's own column " + quote(col));
  const bool series = c.check == "trend" || c.check == "minimum" || c.check == "maximum" || c.check == "ordering";
  if (series) {
    for (const auto* s : {&c.a, &c.b})
      if (*s && ((*s)->reduce != "mean" || (*s)->stat != "mean"))
        bad(file, n[s == &c.a ? "a" : "b"], f + (s == &c.a ? ".a" : ".b"),
            "check: " + c.check + " compares the mean at each value of its column (no reduce, no stat)");
  }
  if (c.relation == "within") {
    // a within a factor of b: a band on the ratio a / b, so only for positive quantities compared
    // on the log scale, and the band [1/factor, factor] must be wider than a point.
    if (c.check != "compare") bad(file, n["relation"], f + ".relation", "within applies to check: compare");
    if (!c.log_scale) bad(file, n["relation"], f + ".relation", "within compares ratios: give scale: log");
    if (!n["factor"] || c.factor <= 1)
      bad(file, n["factor"], f + ".factor", "relation: within needs factor > 1 (a / b within [1/factor, factor])");
    if (c.a->reduce != "mean" || (c.b && c.b->reduce != "mean"))
      bad(file, n["a"], f + ".a.reduce", "relation: within compares means (no reduce)");
  }
  if (c.check == "ordering" && c.relation != "<" && c.relation != ">")
    bad(file, n["relation"], f + ".relation", "an ordering is \"<\" (increasing along order) or \">\"");
  if (c.check == "paper") {
    if (!n["factor"] && !n["tolerance"]) bad(file, n, f + ".factor", "check: paper needs factor or tolerance");
    if (n["factor"] && n["tolerance"]) bad(file, n["tolerance"], f + ".tolerance", "give factor or tolerance, not both");
    if (c.factor < 1) bad(file, n["factor"], f + ".factor", "must be >= 1 (ours / paper within [1/factor, factor])");
    if (c.a->reduce != "mean" || c.a->stat != "mean")
      bad(file, n["a"], f + ".a", "check: paper compares each row's mean with the paper's value (no reduce, no stat)");
  }
  if (c.a->stat == "sd" || (c.b && c.b->stat == "sd")) {
    if (c.check != "compare" && c.check != "threshold")
      bad(file, n["a"], f + ".a.stat", "stat: sd applies to check: compare and threshold");
    if (c.b && c.a->stat != c.b->stat) bad(file, n["b"], f + ".b.stat", "a and b must both be means or both sds");
    if (c.check == "threshold" && c.bound < 0) bad(file, n["bound"], f + ".bound", "a standard deviation's bound is >= 0");
  }
  return c;
}

}  // namespace

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

}  // namespace dplab
