// The papers' statements, written once as data and evaluated against the result files
// (`dplab claims`, `dplab report`). A claims file is results/reference/<paper>/claims.yaml:
//
//   title: "Bai, Yang, Xiang, Wang 2021: budget allocation series"   # the report's heading
//   claims:
//     - id: fig10-bisection-worst         # unique in the file: letters, digits, - _ .
//       section: "Fig 10"                 # optional grouping in the report
//       says: "bisection below AVG at every N >= 7"   # the paper's statement, in its words
//       expect: holds                     # optional: what the README reports (holds | fails)
//       result: fig10                     # results/<paper>/fig10.h5
//       check: compare                    # compare | threshold | trend | paper
//       a: {metric: f1, where: {algorithm: bisection, N: {min: 7}}}
//       b: {metric: f1, where: {algorithm: AVG, N: {min: 7}}}
//       relation: "<"                     # < <= > >= ==
//       for_each: N                       # optional: the check must hold at every value of N
//
// A selection (a, b) picks summary rows (framework/summary.hpp, as `dplab show` prints them):
// `metric` (required), `index` (element of a vector metric, 1-based; absent: every element),
// `where` (column: value,
// [values], or {min: x, max: y}), `stat` (mean | sd | ci_low | ci_high | paper; default mean),
// `reduce` (mean | min | max over the selected rows; default mean), `label` (how the numbers
// name it). The checks:
//   compare    a relation factor x b   (`factor`, default 1: "a > 10 b" is relation ">", factor 10)
//   threshold  a relation bound
//   trend      a's values (or a / b with `b`) along column `along`, in its numeric order, are
//              `direction`: increasing | decreasing | nondecreasing | nonincreasing (strictly
//              for the first two)
//   paper      every selected row with a paper value has ours / paper within [1/factor, factor]
//              (`factor`), or |ours - paper| <= `tolerance`
// `for_each: column` (or a list of columns) repeats the check at every value (combination of
// values) the selection a takes there; it holds when it holds at each. Unknown keys and bad values are errors naming the file,
// line and field, before anything is evaluated.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dplab {

struct ClaimCondition {
  std::vector<std::string> values;  // any of these (text, or numbers compared numerically)
  std::optional<double> min, max;   // or a numeric range, both ends included
};

struct ClaimSelect {
  std::string metric;
  long index = -1;
  std::map<std::string, ClaimCondition> where;
  std::string stat = "mean", reduce = "mean", label;
};

struct Claim {
  std::string file;  // the claims file (for messages)
  int line = 0;
  std::string id, section, says, expect, result, check;
  std::optional<ClaimSelect> a, b;
  std::string relation, along, direction;
  std::vector<std::string> for_each;
  double bound = 0, factor = 1;
  std::optional<double> tolerance;
};

struct ClaimsFile {
  std::string paper, title, path;
  std::vector<Claim> claims;
};

// Parses and validates results/reference/<paper>/claims.yaml (`paper` is its folder's name).
ClaimsFile load_claims(const std::string& path);

// Every claims file under <home>/results/reference/, in paper order.
std::vector<ClaimsFile> load_all_claims(const std::string& home);

enum class ClaimStatus { holds, fails, not_run };
const char* status_text(ClaimStatus s);  // "holds", "does not hold", "not run"

struct ClaimOutcome {
  const Claim* claim = nullptr;
  ClaimStatus status = ClaimStatus::not_run;
  std::string numbers;  // the numbers that decided it, or why it was not run
  bool unexpected() const;  // the claim has `expect` and the outcome differs (not run excepted)
};

// Evaluates the claims of one file against <results_dir>/<paper>/<result>.h5 (statistics from
// framework/summary.hpp, paper values from <home>/results/reference/). A result that exists but
// cannot be read is an Error; an absent one makes its claims "not run".
std::vector<ClaimOutcome> evaluate_claims(const ClaimsFile& file, const std::string& results_dir,
                                          const std::string& home);

}  // namespace dplab
