// The papers' statements, written once as data and evaluated against the result files
// (`dplab claims`, `dplab report`). A claims file is results/reference/<paper>/claims.yaml:
//
//   title: "Bai, Yang, Xiang, Wang 2021: budget allocation series"   # the report's heading
//   claims:
//     - id: fig10-bisection-worst         # unique in the file: letters, digits, - _ .
//       section: "Fig 10"                 # optional grouping in the report
//       says: "bisection below AVG at every N >= 7"   # the paper's statement, in its words
//       expect: holds                     # optional: what the docs report (holds | fails | inconclusive)
//       result: fig10                     # results/<paper>/fig10.h5
//       check: compare                    # compare | threshold | trend | paper | minimum | maximum | ordering
//       a: {metric: f1, where: {algorithm: bisection, N: {min: 7}}}
//       b: {metric: f1, where: {algorithm: AVG, N: {min: 7}}}
//       relation: "<"                     # < <= > >= == within
//       for_each: N                       # optional: the check must hold at every value of N
//       confidence: 0.95                  # optional (default 0.95): simultaneous over the claim's intervals
//
// A selection (a, b) picks summary rows (framework/summary.hpp, as `dplab show` prints them):
// `metric` (required), `index` (element of a vector metric, 1-based; absent: every element),
// `where` (column: value, [values], or {min: x, max: y}), `stat` (mean | sd; default mean),
// `reduce` (mean | min | max over the selected rows; default mean), `label`.
//
// Every verdict comes from confidence intervals over the trials (framework/claim_intervals.hpp):
// a claim is a relation between quantities known up to their intervals (and, for a number the
// paper prints, up to its printed precision); it HOLDS when the relation holds for every value
// in them, DOES NOT HOLD when it holds for none, and is INCONCLUSIVE otherwise. The intervals of
// one claim are simultaneous: Bonferroni over every interval the claim forms (all its cells and
// pairs). The checks:
//   compare    a relation factor x b   (`factor` > 0, default 1); `relation: within` with `scale:
//              log` tests a / b within [1/factor, factor] (factor > 1). reduce min/max compare every
//              row of a with every row of b, paired by trial (common random numbers). `scale:
//              log` compares per-trial log ratios log(a / (factor b)) instead: geometric means,
//              for positive quantities that span orders of magnitude (errors, run times)
//   threshold  a relation bound; `precision: auto` (the bound's printed digits: 0.047 stands for
//              [0.0465, 0.0475]) or a half-width, for a bound the paper prints; absent: exact
//   trend      the slope of a (or a - b; log(a / b) with `scale: log`) over the rank of column
//              `along`, with its interval: `direction: increasing | decreasing`
//   paper      every selected row with a paper value has ours / paper within [1/factor, factor]
//              (`factor`), or |ours - paper| <= `tolerance`; the paper's value stands for the
//              interval its printed digits allow (`precision` overrides), and `paper_trials: T`
//              adds the paper's own Monte-Carlo noise (its mean is over as many runs as T of our
//              trials)
//   minimum    a's least value along `along` lies at the values `at` (a value, a list or a
//   maximum    range): the best of `at` beats every other value (or its `neighbours: k` nearest
//              on each side) by more than the intervals
//   ordering   a's values at the values `order` of column `by` are in that order (`relation`
//              "<": increasing, ">": decreasing): every consecutive pair apart; a reversed pair
//              (any two) is a failure
// `for_each: column` (or a list) repeats the check at every value (combination) the selection a
// takes there; it holds when it holds at each, does not hold when it fails at one
// (`quantifier: some`: holds when it holds at one, does not hold when it fails at each). Those
// values apply to b too, except for a column b's `where` fixes to one value. Unknown keys and bad
// values are errors naming the file, line and field, before anything is evaluated.
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
  std::string relation, along, direction, by;
  std::vector<std::string> for_each, order;
  bool some = false;                    // quantifier: some (for_each: at one value, not every)
  bool log_scale = false;               // compare, scale: log (per-trial log ratios)
  double bound = 0, factor = 1, confidence = 0.95;
  std::string bound_text;               // the bound as written (its printed digits)
  std::optional<double> tolerance;
  std::optional<double> precision;      // half-width of a printed number; nullopt: exact (threshold) or auto (paper)
  bool precision_auto = false;          // threshold: the half-width from bound_text's digits
  std::optional<double> paper_trials;   // paper: the paper's mean is over as many runs as this many trials
  std::optional<ClaimCondition> at;     // minimum, maximum: the claimed location
  int neighbours = 0;                   // minimum, maximum: compare with this many steps each side (0: all)
};

struct ClaimsFile {
  std::string paper, title, path;
  std::vector<Claim> claims;
};

// Parses and validates results/reference/<paper>/claims.yaml (`paper` is its folder's name).
ClaimsFile load_claims(const std::string& path);

// Every claims file under <home>/results/reference/, in paper order.
std::vector<ClaimsFile> load_all_claims(const std::string& home);

enum class ClaimStatus { holds, fails, inconclusive, not_run };
const char* status_text(ClaimStatus s);  // "holds", "does not hold", "inconclusive", "not run"
// The status an `expect` value names (holds, fails, inconclusive).
ClaimStatus expected_status(const std::string& expect);

struct ClaimOutcome {
  const Claim* claim = nullptr;
  ClaimStatus status = ClaimStatus::not_run;
  std::string numbers;     // the cells that decided it, with estimates and intervals, or why not run
  std::string interval;    // the interval behind the verdict (of its deciding cell)
  std::string confidence;  // "95% simultaneous over 12 intervals (Bonferroni; each 99.58%)"
  std::string precision;   // the printed precision of the paper's numbers it uses, if any
  bool unexpected() const;  // the claim has `expect` and the outcome differs (not run excepted)
};

// Evaluates the claims of one file against <results_dir>/<paper>/<result>.h5 (per-trial values
// from the result file, paper values from <home>/results/reference/). A result that exists but
// cannot be read is an Error; an absent one makes its claims "not run".
std::vector<ClaimOutcome> evaluate_claims(const ClaimsFile& file, const std::string& results_dir,
                                          const std::string& home);

// A claim's verdicts at several seeds flip when it holds at one and does not hold at another
// (inconclusive and not run flip nothing): a defect of the claim, not a finding.
bool verdicts_flip(const std::vector<ClaimStatus>& verdicts);

// Half a unit of the last digit of a number as printed: "14.15" -> 0.005, "1.53E+04" -> 50,
// "9" -> 0.5, "141.0" -> 0.05. 0 for text that is not a number.
double printed_half_unit(const std::string& text);

}  // namespace dplab
