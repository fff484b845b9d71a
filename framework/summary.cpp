#include "framework/summary.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "framework/json.hpp"
#include "framework/registry.hpp"

namespace dplab {

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

std::map<std::string, std::string> point_values(const ResultData& r, std::size_t p) {
  std::map<std::string, std::string> values;
  for (const auto& c : r.columns) values[c.name] = cell_text(c, p);
  return values;
}

// For each point, its baseline point (or npos for the baseline's own points).
std::vector<std::size_t> baseline_points(const ResultData& r, const std::map<std::string, std::string>& base,
                                         const std::string& path) {
  const std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::map<std::string, std::string>> values;
  for (std::size_t p = 0; p < r.points; ++p) values.push_back(point_values(r, p));
  for (const auto& [col, _] : base)
    if (!r.column(col))
      throw Error(path + ": the baseline names column '" + col + "', which the result does not have");
  auto is_base = [&](std::size_t p) {
    for (const auto& [col, v] : base)
      if (!Reference::same_value(values[p].at(col), v)) return false;
    return true;
  };
  std::vector<std::size_t> out(r.points, none);
  bool any_base = false;
  for (std::size_t p = 0; p < r.points; ++p) {
    if (is_base(p)) { any_base = true; continue; }
    for (std::size_t q = 0; q < r.points && out[p] == none; ++q) {
      if (!is_base(q)) continue;
      bool same = true;
      for (const auto& axis : r.axes)
        if (!base.count(axis) && values[p][axis] != values[q][axis]) same = false;
      if (same) out[p] = q;
    }
    if (out[p] == none)
      throw Error(path + ": no baseline point " + baseline_name(base) + " for point " + std::to_string(p));
  }
  if (!any_base) throw Error(path + ": the baseline " + baseline_name(base) + " matches no point");
  return out;
}

}  // namespace

bool deterministic_point(const ResultData& r, std::size_t p) {
  const PointColumn* c = r.column("algorithm_name");
  if (!c || !c->text || p >= c->strings.size()) return false;
  const Algorithm* a = AlgorithmRegistry::instance().find(c->strings[p]);
  return a && a->info().deterministic;
}

std::size_t data_samples_at(const ResultData& r, std::size_t p) {
  const PointColumn* c = r.column("data_samples");
  if (!c || c->text || p >= c->numbers.size() || !(c->numbers[p] >= 1)) return 1;
  return static_cast<std::size_t>(c->numbers[p]);
}

double value_at(const ResultData& r, const MetricData& m, std::size_t p, std::size_t t, std::size_t i) {
  const std::size_t c = r.cell(p, t);
  if (!m.is_vector) return m.scalar[c];
  const auto& cell = m.vectors[c];
  return i < cell.size() ? cell[i] : kNaN;
}

std::size_t length_at(const ResultData& r, const MetricData& m, std::size_t p) {
  if (!m.is_vector) return 1;
  std::size_t length = 0;
  for (std::size_t t = 0; t < r.trials; ++t)
    if (r.done[r.cell(p, t)]) length = std::max(length, m.vectors[r.cell(p, t)].size());
  return length;
}

std::string cell_text(const PointColumn& c, std::size_t p) {
  if (c.text) return c.strings[p];
  return std::isnan(c.numbers[p]) ? "" : to_string(Value(c.numbers[p]));
}

Reference load_reference(const ResultData& r, const std::string& home) {
  const auto p = std::filesystem::path(home) / "results" / "reference" / r.meta.paper / (r.meta.name + ".csv");
  std::ifstream in(p);
  if (in) {
    std::stringstream ss;
    ss << in.rdbuf();
    return Reference::parse(ss.str(), p.string());
  }
  return Reference::parse(r.meta.reference_csv, "the reference embedded in the result");
}

namespace {
std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
}  // namespace

std::string summary_json(const std::vector<SummaryRow>& rows, const std::string& privacy) {
  std::string out = "{\"rows\": [";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SummaryRow& r = rows[i];
    out += i ? ",\n" : "\n";
    out += "{\"point\": " + std::to_string(r.point) + ", \"metric\": " + json_quote(r.metric) +
           ", \"index\": " + (r.index < 0 ? std::string("null") : std::to_string(r.index)) +
           ", \"index_value\": " + json_number(r.index_value) +
           ", \"baseline\": " + json_quote(r.baseline) + ", \"n\": " + std::to_string(r.stats.n) +
           ", \"mean\": " + json_number(r.stats.mean) + ", \"sd\": " + json_number(r.stats.sd) +
           ", \"lo\": " + json_number(r.stats.ci_low) + ", \"hi\": " + json_number(r.stats.ci_high) +
           ", \"paper\": " + (r.paper ? json_number(*r.paper) : std::string("null")) + "}";
  }
  return out + "\n]" + (privacy.empty() ? "" : ",\n\"privacy\": " + privacy) + "}\n";
}

std::string baseline_name(const std::map<std::string, std::string>& baseline) {
  std::string out;
  for (const auto& [k, v] : baseline) out += (out.empty() ? "" : ",") + k + "=" + v;
  return out;
}

double index_value_at(const MetricData& m, std::size_t p, std::size_t i) {
  if (p >= m.index_values.size() || i >= m.index_values[p].size()) return std::numeric_limits<double>::quiet_NaN();
  return m.index_values[p][i];
}

std::vector<SummaryRow> summarize_result(const ResultData& r, const Reference& ref, const SummaryOptions& opts) {
  std::vector<SummaryRow> rows;
  const std::string path = r.meta.name.empty() ? "result" : r.meta.name;
  MetricData wall;
  wall.name = "wall_time";
  wall.scalar = r.wall_time;
  std::vector<const MetricData*> metrics;
  for (const auto& m : r.metrics)
    if (!m.raw) metrics.push_back(&m);
  if (opts.wall_time) metrics.push_back(&wall);

  // Plain summaries.
  for (std::size_t p = 0; p < r.points; ++p) {
    const auto values = point_values(r, p);
    const bool det = deterministic_point(r, p);
    const std::size_t clusters = data_samples_at(r, p);
    for (const MetricData* m : metrics) {
      if (!m->measured_at(p)) continue;  // its algorithm entry is not measured by it
      const std::size_t length = length_at(r, *m, p);
      for (std::size_t i = 0; i < length; ++i) {
        // Every trial in its place (NaN: not done), so trial t's data draw is t mod clusters.
        std::vector<double> v(r.trials, kNaN);
        for (std::size_t t = 0; t < r.trials; ++t)
          if (r.done[r.cell(p, t)]) v[t] = value_at(r, *m, p, t, i);
        SummaryRow row;
        row.point = p;
        row.metric = m->name;
        row.index = m->is_vector ? static_cast<long>(i + 1) : -1;
        row.index_value = index_value_at(*m, p, i);
        row.stats = clusters > 1 ? summarize_clusters(v, clusters) : summarize(v, det && m != &wall);
        row.paper = ref.find(values, m->name, row.index);
        rows.push_back(std::move(row));
      }
    }
  }

  // Reductions 1 - y / y_baseline, trial by trial over the trials done at both points.
  for (const auto& base : opts.baselines) {
    const auto partner = baseline_points(r, base, path);
    for (std::size_t p = 0; p < r.points; ++p) {
      const std::size_t q = partner[p];
      if (q == static_cast<std::size_t>(-1)) continue;
      for (const MetricData* m : metrics) {
        if (!m->measured_at(p) || !m->measured_at(q)) continue;
        const std::size_t length = std::min(length_at(r, *m, p), length_at(r, *m, q));
        for (std::size_t i = 0; i < length; ++i) {
          std::vector<double> v(r.trials, kNaN);
          for (std::size_t t = 0; t < r.trials; ++t)
            if (r.done[r.cell(p, t)] && r.done[r.cell(q, t)])
              v[t] = 1.0 - value_at(r, *m, p, t, i) / value_at(r, *m, q, t, i);
          SummaryRow row;
          row.point = p;
          row.metric = m->name;
          row.index = m->is_vector ? static_cast<long>(i + 1) : -1;
          row.index_value = index_value_at(*m, p, i);
          row.baseline = baseline_name(base);
          row.stats = summarize_clusters(v, data_samples_at(r, p));
          rows.push_back(std::move(row));
        }
      }
    }
  }
  return rows;
}

}  // namespace dplab
