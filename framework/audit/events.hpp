// Output events of `dplab audit`: what an algorithm's release is turned into (features), the
// events over them, and the Clopper-Pearson bounds that turn counts into a lower bound on
// epsilon. The search for events lives in search.hpp.
//
// A release is the algorithm's outputs minus those it marks `evaluation` (true answers and the
// like, computed for metrics, never released), `internal` (diagnostics the release does not
// contain, unless the audit is asked for them) and objects. Each scalar is a feature; each
// vector gives its first kMaxCoordinates coordinates (missing ones -inf: a set with fewer
// members), its sum (the projection on (1, ..., 1), where an L1 sensitivity is spent), max,
// argmax, number of non-zero entries, length (a set's size) and number of distinct values.
// Two hashes summarise a release: of its values (so that discrete outputs, a partition or a
// set of itemsets, can be tested value by value), and of its tie pattern (which coordinates of
// the vectors are equal: the structure a partition leaves in estimates spread evenly over its
// buckets, e.g. DAWA's, whatever the noisy values).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "framework/registry.hpp"

namespace dplab::audit {

constexpr std::size_t kMaxCoordinates = 16;

// The two hashes of one release.
struct ReleaseHashes {
  std::uint64_t value = 0, pattern = 0;
};

// Where each feature comes from, for one algorithm.
class FeatureLayout {
 public:
  // include_internal: audit the outputs marked `internal` as if released (--internal).
  explicit FeatureLayout(const AlgorithmInfo& info, bool include_internal = false);
  std::size_t size() const { return names_.size(); }
  const std::vector<std::string>& names() const { return names_; }
  // The output each feature is computed from.
  const std::string& output_of(std::size_t feature) const { return source_[feature]; }
  // The outputs treated as released, and the internal ones left out.
  const std::vector<std::string>& released() const { return released_; }
  const std::vector<std::string>& left_out() const { return left_out_; }
  // True when the algorithm releases nothing the audit can see.
  bool empty() const { return scalars_.empty() && vectors_.empty(); }
  // Writes the features of one release into row[0 .. size()) and returns its hashes.
  ReleaseHashes extract(const Outputs& out, double* row) const;

 private:
  std::vector<std::string> scalars_, vectors_, names_, source_, released_, left_out_;
};

// Samples of one side: rows x features, row-major, plus the hashes of every release.
struct FeatureTable {
  std::size_t rows = 0, features = 0;
  std::vector<double> values;
  std::vector<ReleaseHashes> hashes;
  const double* row(std::size_t r) const { return values.data() + r * features; }
};

// A linear score of the features, sum_j w_j (x_j - mean_j) / scale_j, non-finite values
// counting as the mean: the log-odds of a logistic classifier telling D from D' (search.hpp).
struct LinearScore {
  std::vector<double> weight, mean, scale;
  double operator()(const double* row) const;
};

enum class EventKind {
  Above,        // feature > t
  AtMost,       // feature <= t
  Equal,        // feature = t
  ReleaseIn,    // the release's value is one of a set
  PatternIn,    // the release's tie pattern is one of a set
  ScoreAbove,   // linear score > t
  ScoreAtMost,  // linear score <= t
};

struct Event {
  EventKind kind = EventKind::Above;
  std::size_t feature = 0;
  double t = 0;
  std::shared_ptr<const std::vector<std::uint64_t>> set;  // ReleaseIn, PatternIn: sorted hashes
  std::shared_ptr<const LinearScore> score;               // ScoreAbove, ScoreAtMost
  // Direction: true when the event is likelier under the first dataset of the pair.
  bool first_over_second = true;
  bool holds(const double* row, const ReleaseHashes& h) const;
  std::string describe(const FeatureLayout& layout) const;
  // The outputs the event reads (for the report).
  std::vector<std::string> outputs(const FeatureLayout& layout) const;
};

// Rows [begin, end) of a table.
struct RowRange {
  const FeatureTable* table;
  std::size_t begin, end;
  std::size_t size() const { return end - begin; }
};

// How many rows of a range satisfy an event.
std::size_t count_event(const Event& e, const RowRange& rows);

// Clopper-Pearson one-sided bounds on a binomial proportion from k successes in n trials:
// Pr[p < lower] <= alpha, Pr[p > upper] <= alpha.
double clopper_pearson_lower(std::size_t k, std::size_t n, double alpha);
double clopper_pearson_upper(std::size_t k, std::size_t n, double alpha);

// ln(CP_low(k_num) / CP_high(k_den)), each bound at level alpha: a lower bound on
// ln(p_num / p_den) holding with probability at least 1 - 2 alpha (-inf when k_num = 0).
double log_ratio_lower(std::size_t k_num, std::size_t k_den, std::size_t n, double alpha);

}  // namespace dplab::audit
