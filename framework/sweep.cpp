#include "framework/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "core/error.hpp"
#include "framework/registry.hpp"
#include "core/rng.hpp"

namespace dplab {

namespace {

// One spec value typed and range-checked against `owner`'s declaration of parameter `name`.
Value typed_value(const std::vector<ParamSpec>& specs, const std::string& name, const RawValue& raw,
                  const std::string& owner, const std::string& file, const std::string& field) {
  const ParamSpec* ps = find_param(specs, name);
  if (!ps) {
    std::string names;
    for (const auto& sp : specs) names += (names.empty() ? "" : ", ") + sp.name;
    throw Error(located(file, raw.line, field,
                        owner + " has no parameter '" + name + "' (its parameters: " +
                            (names.empty() ? "none" : names) + ")"));
  }
  auto parsed = ps->parse(raw.text);
  if (auto* err = std::get_if<std::string>(&parsed))
    throw Error(located(file, raw.line, field, *err + " (" + ps->doc + ")"));
  return std::get<Value>(parsed);
}

Value typed(const Spec& spec, const AlgorithmInfo& info, const std::string& name, const RawValue& raw,
            const std::string& field) {
  return typed_value(info.params, name, raw, "algorithm '" + info.name + "'", spec.file, field);
}

bool provides(const AlgorithmInfo& info, const std::string& output) {
  for (const auto& o : info.outputs)
    if (o.name == output) return true;
  return false;
}

// Whether the entry's points are measured by the spec's metric `m` (AlgorithmEntry::only_metrics).
bool measures(const AlgorithmEntry& entry, const std::string& m) {
  return entry.only_metrics.empty() ||
         std::find(entry.only_metrics.begin(), entry.only_metrics.end(), m) != entry.only_metrics.end();
}

void check_metrics(const Spec& spec, const AlgorithmEntry& entry, const AlgorithmInfo& info, const std::string& afield) {
  for (const auto& m : entry.only_metrics) {
    if (std::find(spec.metrics.begin(), spec.metrics.end(), m) != spec.metrics.end()) continue;
    std::string all;
    for (const auto& n : spec.metrics) all += (all.empty() ? "" : ", ") + n;
    throw Error(located(spec.file, entry.line, afield + ".metrics",
                        "'" + m + "' is not one of the spec's metrics (" + (all.empty() ? "none" : all) +
                            "): an entry's metrics choose among them"));
  }
  for (const auto& m : spec.metrics) {
    if (!measures(entry, m)) continue;
    if (const Metric* metric = MetricRegistry::instance().find(m)) {
      for (const auto& need : metric->info().needs)
        if (!provides(info, need))
          throw Error(located(spec.file, 0, "metrics",
                              "metric '" + m + "' needs output '" + need + "', which algorithm '" +
                                  info.name + "' does not produce"));
      continue;
    }
    if (provides(info, m)) {
      for (const auto& o : info.outputs)
        if (o.name == m && o.object)
          throw Error(located(spec.file, 0, "metrics",
                              "'" + m + "' is an object output of '" + info.name +
                                  "' that metrics read; it cannot be stored itself"));
      continue;
    }
    std::vector<std::string> known = MetricRegistry::instance().names();
    for (const auto& o : info.outputs) known.push_back(o.name);
    throw Error(located(spec.file, 0, "metrics",
                        unknown_name_message("metric", m, known) +
                            ": neither a registered metric nor an output of '" + info.name + "'"));
  }
}

}  // namespace

namespace {
Params typed_params(const std::vector<ParamSpec>& specs, const std::map<std::string, RawValue>& raw,
                    const std::string& owner, const std::string& file, const std::string& field) {
  Params out;
  for (const auto& [k, v] : raw) out.set(k, typed_value(specs, k, v, owner, file, field + "." + k));
  return with_defaults(specs, out);
}
}  // namespace

ResolvedDataset resolve_dataset(const DatasetRef& ref, const std::string& file, const std::string& field) {
  const DatasetInfo* info = DatasetRegistry::instance().find(ref.name);
  if (!info)
    throw Error(located(file, ref.line, field, unknown_name_message("dataset", ref.name, DatasetRegistry::instance().names())));
  if (!info->unavailable.empty())
    throw Error(located(file, ref.line, field, "dataset '" + ref.name + "' is not publicly available: " + info->unavailable));
  ResolvedDataset r;
  r.name = ref.name;
  r.label = ref.label.empty() ? ref.name : ref.label;
  r.seed = ref.seed;
  r.params = typed_params(info->params, ref.params, "dataset '" + ref.name + "'", file, field + ".params");
  r.key = ref.name + "#" + std::to_string(ref.seed);
  for (const auto& [k, v] : r.params.all()) r.key += "|" + k + "=" + canonical(v);
  for (std::size_t i = 0; i < ref.transforms.size(); ++i) {
    const TransformRef& t = ref.transforms[i];
    const std::string tfield = field + ".transforms[" + std::to_string(i) + "]";
    const Transform* tr = TransformRegistry::instance().find(t.name);
    if (!tr)
      throw Error(located(file, t.line, tfield, unknown_name_message("transform", t.name, TransformRegistry::instance().names())));
    const TransformInfo ti = tr->info();
    bool ok = false;
    for (auto k : ti.accepts) ok |= k == info->kind;
    if (!ok)
      throw Error(located(file, t.line, tfield, "transform '" + t.name + "' does not apply to dataset '" + ref.name +
                                                    "' of kind " + kind_name(info->kind)));
    Params tp = typed_params(ti.params, t.params, "transform '" + t.name + "'", file, tfield + "." + t.name);
    r.key += "|>" + t.name;
    for (const auto& [k, v] : tp.all()) r.key += "|" + k + "=" + canonical(v);
    r.transforms.emplace_back(t.name, std::move(tp));
  }
  // Not in the key: draw 0 and every trial's streams stay those of a spec of one draw (a result
  // of another `samples` is another spec by its hash, never resumed into).
  r.samples = ref.samples;
  return r;
}

std::string describe(const Point& p) {
  std::string out;
  for (const auto& [k, v] : p.coords) out += (out.empty() ? "" : " ") + k + "=" + to_string(v);
  return out.empty() ? "(single point)" : out;
}

namespace {

std::vector<std::shared_ptr<const ResolvedDataset>> resolve_datasets(const Spec& spec) {
  const bool several = spec.datasets.size() > 1;
  std::vector<std::shared_ptr<const ResolvedDataset>> resolved;
  for (std::size_t i = 0; i < spec.datasets.size(); ++i)
    resolved.push_back(std::make_shared<const ResolvedDataset>(resolve_dataset(
        spec.datasets[i], spec.file, several ? "datasets[" + std::to_string(i) + "]" : "dataset")));
  for (std::size_t i = 0; i < resolved.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (resolved[i]->label == resolved[j]->label)
        throw Error(located(spec.file, spec.datasets[i].line, "datasets",
                            "two datasets have the label '" + resolved[i]->label + "': give each a distinct label"));
  return resolved;
}

// One algorithm entry, validated: its declaration (with the metrics' own parameters), the
// datasets it runs on, its fixed parameters and its typed axes.
struct EntryPlan {
  const AlgorithmEntry* entry = nullptr;
  AlgorithmInfo info;
  std::set<std::string> metric_only;  // parameters of metrics: they do not key the stream
  std::vector<std::shared_ptr<const ResolvedDataset>> datasets;  // {nullptr} when none
  Params fixed;
  std::vector<const AxisGroup*> groups;
  std::vector<std::vector<std::vector<Value>>> rows;  // rows[group][j][k]

  std::size_t points() const {
    std::size_t n = datasets.size();
    for (const auto& g : rows) n = g.empty() ? 0 : (n > SIZE_MAX / g.size() ? SIZE_MAX : n * g.size());
    return n;
  }
};

// The entry's datasets: `datasets: [labels]` (default all), each of a kind it accepts.
std::vector<std::shared_ptr<const ResolvedDataset>> entry_datasets(
    const Spec& spec, const AlgorithmEntry& entry, const AlgorithmInfo& info, const std::string& afield,
    const std::vector<std::shared_ptr<const ResolvedDataset>>& resolved) {
  const bool several = spec.datasets.size() > 1;
  std::vector<std::string> labels;
  for (const auto& d : resolved) labels.push_back(d->label);
  for (const auto& label : entry.only_datasets)
    if (std::find(labels.begin(), labels.end(), label) == labels.end())
      throw Error(located(spec.file, entry.line, afield + ".datasets", unknown_name_message("dataset label", label, labels)));
  auto runs_on = [&](const std::string& label) {
    return entry.only_datasets.empty() ||
           std::find(entry.only_datasets.begin(), entry.only_datasets.end(), label) != entry.only_datasets.end();
  };
  if (resolved.empty() && !info.accepts.empty() && !info.dataset_optional)
    throw Error(located(spec.file, entry.line, "dataset", "algorithm '" + info.name + "' needs a dataset"));
  std::vector<std::shared_ptr<const ResolvedDataset>> out;
  for (std::size_t di = 0; di < resolved.size(); ++di) {
    if (!runs_on(resolved[di]->label)) continue;
    const DatasetInfo& dinfo = find_dataset(resolved[di]->name);
    const std::string dfield = several ? "datasets[" + std::to_string(di) + "]" : "dataset";
    if (info.accepts.empty())
      throw Error(located(spec.file, spec.datasets[di].line, dfield, "algorithm '" + info.name + "' takes no dataset"));
    bool ok = false;
    for (auto k : info.accepts) ok |= k == dinfo.kind;
    if (!ok) {
      std::string kinds;
      for (auto k : info.accepts) kinds += (kinds.empty() ? "" : ", ") + std::string(kind_name(k));
      throw Error(located(spec.file, spec.datasets[di].line, dfield,
                          "dataset '" + dinfo.name + "' is of kind " + kind_name(dinfo.kind) +
                              ", which algorithm '" + info.name + "' cannot use (it takes: " + kinds + ")"));
    }
    out.push_back(resolved[di]);
  }
  if (out.empty()) out.push_back(nullptr);
  return out;
}

EntryPlan plan_entry(const Spec& spec, std::size_t e, const std::vector<std::shared_ptr<const ResolvedDataset>>& resolved) {
  EntryPlan plan;
  plan.entry = &spec.algorithms[e];
  const AlgorithmEntry& entry = *plan.entry;
  const std::string afield = spec.algorithms.size() > 1 ? "algorithms[" + std::to_string(e) + "]" : "algorithm";
  const Algorithm* alg = AlgorithmRegistry::instance().find(entry.name);
  if (!alg)
    throw Error(located(spec.file, entry.line, afield,
                        unknown_name_message("algorithm", entry.name, AlgorithmRegistry::instance().names()) +
                            "; if it is your own, load its plugin: dplab --plugins DIR run ... (or $DPLAB_PLUGIN_PATH)"));
  plan.info = alg->info();
  // The spec's metrics may declare parameters of their own (e.g. the query set of a utility
  // metric). They are typed and defaulted like the algorithm's, but do not key the point's
  // random stream: changing how results are evaluated must not change the algorithm's noise.
  for (const auto& m : spec.metrics)
    if (const Metric* metric = MetricRegistry::instance().find(m))
      for (const auto& ps : metric->info().params)
        if (!find_param(plan.info.params, ps.name)) {
          plan.metric_only.insert(ps.name);
          plan.info.params.push_back(ps);
        }
  plan.datasets = entry_datasets(spec, entry, plan.info, afield, resolved);

  // Fixed parameters: spec-wide, then the entry's own (which win).
  for (const auto& [k, raw] : spec.params) plan.fixed.set(k, typed(spec, plan.info, k, raw, "params." + k));
  for (const auto& [k, raw] : entry.params) plan.fixed.set(k, typed(spec, plan.info, k, raw, afield + ".params." + k));

  // Axes: spec-wide then the entry's own; a parameter may be on at most one axis.
  for (const auto& g : spec.axes) plan.groups.push_back(&g);
  for (const auto& g : entry.axes) plan.groups.push_back(&g);
  std::set<std::string> swept;
  plan.rows.resize(plan.groups.size());
  for (std::size_t gi = 0; gi < plan.groups.size(); ++gi) {
    const AxisGroup& g = *plan.groups[gi];
    for (const auto& n : g.names)
      if (!swept.insert(n).second || plan.fixed.has(n))
        throw Error(located(spec.file, g.line, n, "parameter '" + n + "' is given more than once (fixed or on another axis)"));
    for (const auto& row : g.rows) {
      std::vector<Value> vals;
      for (std::size_t k = 0; k < g.names.size(); ++k)
        vals.push_back(typed(spec, plan.info, g.names[k], row[k], "sweep." + g.names[k]));
      plan.rows[gi].push_back(std::move(vals));
    }
  }
  check_metrics(spec, entry, plan.info, afield);
  return plan;
}

// Every point of one entry, last axis fastest.
void add_points(const Spec& spec, const EntryPlan& plan, std::vector<Point>& points) {
  const bool several_algorithms = spec.algorithms.size() > 1;
  const bool several_datasets = spec.datasets.size() > 1;
  for (const auto& d : plan.datasets) {
    const std::string dlabel = d ? d->label : "";
    std::vector<std::size_t> at(plan.groups.size(), 0);
    for (bool more = true; more;) {
      Point p;
      p.algorithm = plan.info.name;
      p.label = plan.entry->label;
      p.dataset = dlabel;
      p.data = d;
      Params given = plan.fixed;
      if (several_algorithms) p.coords.emplace_back("algorithm", Value(plan.entry->label));
      if (several_datasets) p.coords.emplace_back("dataset", Value(dlabel));
      for (std::size_t gi = 0; gi < plan.groups.size(); ++gi)
        for (std::size_t k = 0; k < plan.groups[gi]->names.size(); ++k) {
          given.set(plan.groups[gi]->names[k], plan.rows[gi][at[gi]][k]);
          p.coords.emplace_back(plan.groups[gi]->names[k], plan.rows[gi][at[gi]][k]);
        }
      p.params = with_defaults(plan.info.params, given);
      try {
        find_algorithm(plan.info.name).check(p.params);
      } catch (const Error& e) {
        throw Error(located(spec.file, plan.entry->line, describe(p), e.what()));
      }
      p.budget = declared_budget(plan.info, p.params);
      p.delta = declared_delta(plan.info, p.params);
      if (!(p.delta >= 0 && p.delta < 1))
        throw Error(located(spec.file, 0, plan.info.delta_param, "delta must be in [0, 1), got " + to_string(Value(p.delta))));
      // A budget this small makes every noise scale sensitivity/eps overflow to infinity.
      if (p.budget > 0 && !std::isfinite(1.0 / p.budget))
        throw Error(located(spec.file, 0, plan.info.budget_param.empty() ? "budget" : plan.info.budget_param,
                            "eps = " + to_string(Value(p.budget)) +
                                " is so small that every noise scale 1/eps overflows; use a budget of at least 1e-300"));
      std::string canon = plan.info.name + "|" + (d ? d->key + "@" + d->label : std::string());
      for (const auto& [k, v] : p.params.all())
        if (!plan.metric_only.count(k)) canon += "|" + k + "=" + canonical(v);
      p.key = hash64(canon);
      if (!plan.entry->only_metrics.empty())
        for (const auto& m : spec.metrics) p.measured.push_back(measures(*plan.entry, m));
      p.index = points.size();
      points.push_back(std::move(p));
      more = false;
      for (std::size_t gi = plan.groups.size(); gi-- > 0;) {
        if (++at[gi] < plan.rows[gi].size()) { more = true; break; }
        at[gi] = 0;
      }
    }
  }
}

}  // namespace

std::vector<Point> expand(const Spec& spec, std::size_t max_points) {
  const auto resolved = resolve_datasets(spec);
  std::vector<EntryPlan> plans;
  std::size_t total = 0;
  for (std::size_t e = 0; e < spec.algorithms.size(); ++e) {
    plans.push_back(plan_entry(spec, e, resolved));
    const std::size_t n = plans.back().points();
    total = n > SIZE_MAX - total ? SIZE_MAX : total + n;
  }
  // Counted before any point exists: a mistaken sweep (axes multiplying to 10^12 points) is an
  // error, not an exhausted machine.
  if (total > max_points)
    throw Error(located(spec.file, 0, "sweep",
                        "the sweep expands to " + (total == SIZE_MAX ? std::string("more than 2^64") : std::to_string(total)) +
                            " points, more than the limit of " + std::to_string(max_points) +
                            "; check the axes, or raise the limit with --max-points"));
  std::vector<Point> points;
  points.reserve(total);
  for (const auto& plan : plans) add_points(spec, plan, points);
  return points;
}

}  // namespace dplab
