#include "framework/sweep.hpp"

#include <algorithm>
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

void check_metrics(const Spec& spec, const AlgorithmInfo& info) {
  for (const auto& m : spec.metrics) {
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
  return r;
}

std::string describe(const Point& p) {
  std::string out;
  for (const auto& [k, v] : p.coords) out += (out.empty() ? "" : " ") + k + "=" + to_string(v);
  return out.empty() ? "(single point)" : out;
}

std::vector<Point> expand(const Spec& spec) {
  std::vector<Point> points;
  const bool several_algorithms = spec.algorithms.size() > 1;
  const bool several_datasets = spec.datasets.size() > 1;
  std::vector<std::shared_ptr<const ResolvedDataset>> resolved;
  for (std::size_t i = 0; i < spec.datasets.size(); ++i)
    resolved.push_back(std::make_shared<const ResolvedDataset>(resolve_dataset(
        spec.datasets[i], spec.file, several_datasets ? "datasets[" + std::to_string(i) + "]" : "dataset")));
  for (std::size_t i = 0; i < resolved.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (resolved[i]->label == resolved[j]->label)
        throw Error(located(spec.file, spec.datasets[i].line, "datasets",
                            "two datasets have the label '" + resolved[i]->label + "': give each a distinct label"));
  for (std::size_t e = 0; e < spec.algorithms.size(); ++e) {
    const AlgorithmEntry& entry = spec.algorithms[e];
    const std::string afield = several_algorithms ? "algorithms[" + std::to_string(e) + "]" : "algorithm";
    const Algorithm* alg = AlgorithmRegistry::instance().find(entry.name);
    if (!alg)
      throw Error(located(spec.file, entry.line, afield,
                          unknown_name_message("algorithm", entry.name,
                                               AlgorithmRegistry::instance().names())));
    AlgorithmInfo info = alg->info();
    // The spec's metrics may declare parameters of their own (e.g. the query set of a utility
    // metric). They are typed and defaulted like the algorithm's, but do not key the point's
    // random stream: changing how results are evaluated must not change the algorithm's noise.
    std::set<std::string> metric_only;
    for (const auto& m : spec.metrics)
      if (const Metric* metric = MetricRegistry::instance().find(m))
        for (const auto& ps : metric->info().params)
          if (!find_param(info.params, ps.name)) {
            metric_only.insert(ps.name);
            info.params.push_back(ps);
          }

    // Datasets: the entry's own (`datasets: [labels]`, default all), of a kind it accepts.
    std::vector<std::string> labels;
    for (const auto& d : resolved) labels.push_back(d->label);
    for (const auto& label : entry.only_datasets)
      if (std::find(labels.begin(), labels.end(), label) == labels.end())
        throw Error(located(spec.file, entry.line, afield + ".datasets",
                            unknown_name_message("dataset label", label, labels)));
    auto runs_on = [&](const std::string& label) {
      return entry.only_datasets.empty() ||
             std::find(entry.only_datasets.begin(), entry.only_datasets.end(), label) != entry.only_datasets.end();
    };
    if (resolved.empty() && !info.accepts.empty() && !info.dataset_optional)
      throw Error(located(spec.file, entry.line, "dataset", "algorithm '" + info.name + "' needs a dataset"));
    std::vector<std::shared_ptr<const ResolvedDataset>> datasets;
    for (std::size_t di = 0; di < resolved.size(); ++di) {
      if (!runs_on(resolved[di]->label)) continue;
      const DatasetInfo& dinfo = find_dataset(resolved[di]->name);
      const std::string dfield = several_datasets ? "datasets[" + std::to_string(di) + "]" : "dataset";
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
      datasets.push_back(resolved[di]);
    }
    if (datasets.empty()) datasets.push_back(nullptr);

    // Fixed parameters: spec-wide, then the entry's own (which win).
    Params fixed;
    for (const auto& [k, raw] : spec.params) fixed.set(k, typed(spec, info, k, raw, "params." + k));
    for (const auto& [k, raw] : entry.params)
      fixed.set(k, typed(spec, info, k, raw, afield + ".params." + k));

    // Axes: spec-wide then the entry's own; a parameter may be on at most one axis.
    std::vector<const AxisGroup*> groups;
    for (const auto& g : spec.axes) groups.push_back(&g);
    for (const auto& g : entry.axes) groups.push_back(&g);
    std::set<std::string> swept;
    std::vector<std::vector<std::vector<Value>>> typed_rows(groups.size());
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      const AxisGroup& g = *groups[gi];
      for (const auto& n : g.names) {
        if (!swept.insert(n).second || fixed.has(n))
          throw Error(located(spec.file, g.line, n,
                              "parameter '" + n + "' is given more than once (fixed or on another axis)"));
      }
      for (const auto& row : g.rows) {
        std::vector<Value> vals;
        for (std::size_t k = 0; k < g.names.size(); ++k)
          vals.push_back(typed(spec, info, g.names[k], row[k], "sweep." + g.names[k]));
        typed_rows[gi].push_back(std::move(vals));
      }
    }
    check_metrics(spec, info);

    for (const auto& d : datasets) {
      const std::string dlabel = d ? d->label : "";
      std::vector<std::size_t> at(groups.size(), 0);
      for (bool more = true; more;) {
        Point p;
        p.algorithm = info.name;
        p.label = entry.label;
        p.dataset = dlabel;
        p.data = d;
        Params given = fixed;
        if (several_algorithms) p.coords.emplace_back("algorithm", Value(entry.label));
        if (several_datasets) p.coords.emplace_back("dataset", Value(dlabel));
        for (std::size_t gi = 0; gi < groups.size(); ++gi)
          for (std::size_t k = 0; k < groups[gi]->names.size(); ++k) {
            given.set(groups[gi]->names[k], typed_rows[gi][at[gi]][k]);
            p.coords.emplace_back(groups[gi]->names[k], typed_rows[gi][at[gi]][k]);
          }
        p.params = with_defaults(info.params, given);
        p.budget = info.budget_param.empty() ? 0.0 : p.params.real(info.budget_param);
        std::string canon = info.name + "|" + (d ? d->key + "@" + d->label : std::string());
        for (const auto& [k, v] : p.params.all())
          if (!metric_only.count(k)) canon += "|" + k + "=" + canonical(v);
        p.key = hash64(canon);
        p.index = points.size();
        points.push_back(std::move(p));
        // Next combination, last axis fastest.
        more = false;
        for (std::size_t gi = groups.size(); gi-- > 0;) {
          if (++at[gi] < typed_rows[gi].size()) { more = true; break; }
          at[gi] = 0;
        }
      }
    }
  }
  return points;
}

}  // namespace dplab
