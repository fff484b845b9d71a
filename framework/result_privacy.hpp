// The privacy status of every point of a result (issue 28), as two columns of its points table:
//   privacy          dp, not-dp or none (framework/privacy.hpp)
//   privacy_finding  the id of the finding of a not-dp point (framework/findings.hpp), else empty
// `dplab run` stores them (so a result file says what its points were when they ran); a file
// written before they existed gets them computed from the registry when it is read for show,
// export, plot and the report: each point's algorithm at the parameters of its points table.
#pragma once
#include <string>
#include <vector>

#include "framework/privacy.hpp"
#include "framework/store.hpp"
#include "framework/sweep.hpp"

namespace dplab {

inline const std::string kPrivacyColumn = "privacy";
inline const std::string kPrivacyFindingColumn = "privacy_finding";

// A not-dp status must point to evidence: throws naming the algorithm when its finding is not
// registered (the lists register at static initialisation, so this is checked at run time).
void check_finding_exists(const PrivacyStatus& s, const std::string& algorithm);

// The status of a sweep point; throws when a not-dp status names a finding nobody registered.
PrivacyStatus point_privacy(const Point& p);

// Appends the two columns for the run's points (a new result, or a resumed file without them).
void add_privacy_columns(ResultData& r, const std::vector<Point>& points);

// Makes sure r has the two columns, computing them from the registry for a file without them.
// Throws an Error naming `path` and the algorithm when a point's algorithm is not registered
// (a plugin not loaded: --plugins DIR) or its stored parameters no longer parse.
void ensure_privacy_columns(ResultData& r, const std::string& path);

// Per point of a result with the columns: its status and finding (empty unless not-dp).
struct PointPrivacy {
  std::string status;
  std::string finding;
};
std::vector<PointPrivacy> privacy_of_points(const ResultData& r);

// {"points": [{"privacy": "dp", "finding": ""}, ...], "findings": {"<id>": {"title": ..., "docs": ...}}}:
// what the figures mark (plots/dplab_plot), for the findings of the result's points.
std::string privacy_json(const ResultData& r);

}  // namespace dplab
