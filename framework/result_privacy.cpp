#include "framework/result_privacy.hpp"

#include <set>

#include "core/error.hpp"
#include "framework/findings.hpp"
#include "framework/json.hpp"
#include "framework/registry.hpp"
#include "framework/summary.hpp"

namespace dplab {

void check_finding_exists(const PrivacyStatus& s, const std::string& algorithm) {
  if (s.kind == Privacy::not_dp && !find_finding_or_null(s.finding))
    throw Error("algorithm '" + algorithm + "' is not-dp with the finding '" + s.finding +
                "', which no findings list registers (DPLAB_FINDINGS, framework/findings.hpp)");
}

namespace {

void append_columns(ResultData& r, const std::vector<PrivacyStatus>& statuses) {
  PointColumn status{kPrivacyColumn, true, {}, {}, "text"};
  PointColumn finding{kPrivacyFindingColumn, true, {}, {}, "text"};
  for (const auto& s : statuses) {
    status.strings.push_back(privacy_name(s.kind));
    finding.strings.push_back(s.finding);
  }
  r.columns.push_back(std::move(status));
  r.columns.push_back(std::move(finding));
}

// The point's parameters as its points table stores them, typed by the algorithm's declaration
// (a parameter the file lacks, from an older version of the algorithm, takes its default).
Params stored_params(const ResultData& r, std::size_t p, const AlgorithmInfo& info, const std::string& path) {
  Params given;
  for (const auto& spec : info.params) {
    const PointColumn* c = r.column(spec.name);
    if (!c) continue;
    const std::string text = cell_text(*c, p);
    if (text.empty()) continue;
    auto parsed = spec.parse(text);
    if (auto* bad = std::get_if<std::string>(&parsed))
      throw Error(path + ": point " + std::to_string(p) + " of algorithm '" + info.name + "': its parameter '" +
                  spec.name + "' = " + quote(text) + " no longer parses (" + *bad +
                  "), so its privacy status cannot be computed");
    given.set(spec.name, std::get<Value>(parsed));
  }
  return with_defaults(info.params, given);
}

}  // namespace

PrivacyStatus point_privacy(const Point& p) {
  const PrivacyStatus s = privacy_status(find_algorithm(p.algorithm).info(), p.params);
  check_finding_exists(s, p.algorithm);
  return s;
}

void add_privacy_columns(ResultData& r, const std::vector<Point>& points) {
  std::vector<PrivacyStatus> statuses;
  for (const auto& p : points) statuses.push_back(point_privacy(p));
  append_columns(r, statuses);
}

void ensure_privacy_columns(ResultData& r, const std::string& path) {
  if (r.column(kPrivacyColumn) && r.column(kPrivacyFindingColumn)) return;
  const PointColumn* algorithm = r.column("algorithm_name");
  if (!algorithm || !algorithm->text)
    throw Error(path + ": its points table has no algorithm_name column, so its privacy status cannot be computed");
  std::vector<PrivacyStatus> statuses;
  for (std::size_t p = 0; p < r.points; ++p) {
    const std::string& name = algorithm->strings[p];
    const Algorithm* a = AlgorithmRegistry::instance().find(name);
    if (!a)
      throw Error(path + ": written before results stored their privacy status, and its algorithm '" + name +
                  "' is not registered in this build, so the status cannot be computed (a plugin: load it with "
                  "--plugins DIR)");
    const AlgorithmInfo info = a->info();
    const PrivacyStatus s = privacy_status(info, stored_params(r, p, info, path));
    check_finding_exists(s, name);
    statuses.push_back(s);
  }
  append_columns(r, statuses);
}

std::vector<PointPrivacy> privacy_of_points(const ResultData& r) {
  const PointColumn* status = r.column(kPrivacyColumn);
  const PointColumn* finding = r.column(kPrivacyFindingColumn);
  if (!status || !finding) throw Error("a result without its privacy columns (ensure_privacy_columns first)");
  std::vector<PointPrivacy> out;
  for (std::size_t p = 0; p < r.points; ++p) out.push_back({cell_text(*status, p), cell_text(*finding, p)});
  return out;
}

std::string privacy_json(const ResultData& r) {
  std::string points, findings;
  std::set<std::string> seen;
  for (const auto& pp : privacy_of_points(r)) {
    points += std::string(points.empty() ? "" : ", ") + "{\"privacy\": " + json_quote(pp.status) +
              ", \"finding\": " + json_quote(pp.finding) + "}";
    if (pp.finding.empty() || !seen.insert(pp.finding).second) continue;
    // A finding this build does not know (a file from other code) is named by its id alone.
    const Finding* f = find_finding_or_null(pp.finding);
    findings += std::string(findings.empty() ? "" : ", ") + json_quote(pp.finding) +
                ": {\"title\": " + json_quote(f ? f->title : "") + ", \"docs\": " + json_quote(f ? f->docs : "") + "}";
  }
  return "{\"points\": [" + points + "], \"findings\": {" + findings + "}}";
}

}  // namespace dplab
