#include "framework/audit/spec_point.hpp"

#include <cmath>
#include <cstdlib>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

namespace dplab::audit {

namespace {

struct Condition {
  std::string key, value;
};

Condition parse_condition(const std::string& item) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
    throw Error("--where " + quote(item) + ": expected key=value (a parameter, algorithm, label or dataset)");
  return {item.substr(0, eq), item.substr(eq + 1)};
}

// Numbers compare as numbers (eps=0.5 matches 0.50 and 5e-1), everything else as text.
bool same(const std::string& given, const std::string& actual) {
  if (given == actual) return true;
  char *e1 = nullptr, *e2 = nullptr;
  const double a = std::strtod(given.c_str(), &e1), b = std::strtod(actual.c_str(), &e2);
  if (*e1 || *e2 || e1 == given.c_str() || e2 == actual.c_str()) return false;
  return a == b || std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

// The point's value of a key, or nothing when the point has no such key.
std::optional<std::string> value_of(const Point& p, const std::string& key) {
  if (key == "algorithm") return p.algorithm;
  if (key == "label") return p.label;
  if (key == "dataset") return p.dataset;
  if (p.params.has(key)) return to_string(p.params.get(key));
  return std::nullopt;
}

// The registered algorithm, then the point's coordinates (describe): they already name the
// series by its label and the dataset when the spec sweeps several, so those are added only when
// the coordinates lack them.
std::string describe_point(const Point& p) {
  auto has = [&p](const std::string& key) {
    for (const auto& [k, v] : p.coords)
      if (k == key) return true;
    return false;
  };
  std::string out = p.algorithm + ":";
  if (!has("algorithm") && p.label != p.algorithm) out += " label=" + p.label;
  if (!has("dataset") && !p.dataset.empty()) out += " dataset=" + p.dataset;
  return out + " " + describe(p);
}

}  // namespace

SpecPoint find_spec_point(const std::string& spec_file, std::optional<std::size_t> index,
                          const std::vector<std::string>& where, const std::vector<std::string>& overrides) {
  if (index && !where.empty()) throw Error("give --point or --where, not both");
  const Spec spec = load_spec(spec_file, overrides);
  const std::vector<Point> points = expand(spec);
  if (points.empty()) throw Error(spec_file + ": the spec has no sweep points");
  std::size_t chosen = 0;
  if (index) {
    if (*index >= points.size())
      throw Error("--point " + std::to_string(*index) + ": " + spec_file + " has " + std::to_string(points.size()) +
                  " points, numbered 0 to " + std::to_string(points.size() - 1));
    chosen = *index;
  } else if (!where.empty()) {
    std::vector<Condition> conds;
    for (const auto& w : where) conds.push_back(parse_condition(w));
    std::vector<std::size_t> hits;
    for (std::size_t i = 0; i < points.size(); ++i) {
      bool ok = true;
      for (const auto& c : conds) {
        const auto v = value_of(points[i], c.key);
        ok = ok && v && same(c.value, *v);
      }
      if (ok) hits.push_back(i);
    }
    std::string conditions;
    for (const auto& w : where) conditions += (conditions.empty() ? "" : " ") + w;
    if (hits.empty()) {
      // Say which key is unknown if one is, else what values the keys take.
      for (const auto& c : conds) {
        bool known = false;
        for (const auto& p : points) known = known || value_of(p, c.key).has_value();
        if (!known)
          throw Error("--where " + c.key + "=" + c.value + ": no point of " + spec_file + " has a parameter " +
                      quote(c.key) + " (keys: algorithm, label, dataset and the algorithms' parameters)");
      }
      std::string list;
      for (std::size_t i = 0; i < points.size() && i < 20; ++i)
        list += "\n  " + std::to_string(i) + ": " + describe_point(points[i]);
      if (points.size() > 20) list += "\n  ... (" + std::to_string(points.size()) + " points)";
      throw Error("--where " + conditions + " matches no point of " + spec_file + "; its points:" + list);
    }
    if (hits.size() > 1) {
      std::string list;
      for (std::size_t i = 0; i < hits.size() && i < 20; ++i)
        list += "\n  " + std::to_string(hits[i]) + ": " + describe_point(points[hits[i]]);
      if (hits.size() > 20) list += "\n  ...";
      throw Error("--where " + conditions + " matches " + std::to_string(hits.size()) + " points of " + spec_file +
                  " (add conditions or use --point):" + list);
    }
    chosen = hits[0];
  } else if (points.size() > 1) {
    throw Error(spec_file + " has " + std::to_string(points.size()) +
                " points: choose one with --point I (0 to " + std::to_string(points.size() - 1) +
                ") or --where key=value");
  }
  const Point& p = points[chosen];
  SpecPoint sp;
  sp.spec = spec_file;
  sp.index = chosen;
  sp.points = points.size();
  sp.algorithm = p.algorithm;
  sp.description = describe_point(p);
  sp.params = p.params;
  if (p.data) sp.kind = find_dataset(p.data->name).kind;
  sp.noise = spec.noise;
  return sp;
}

}  // namespace dplab::audit
