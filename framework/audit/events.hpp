// Output events of `dplab audit`: what an algorithm's release is turned into (features), the
// events over them, the search for the event with the largest probability ratio between two
// neighbouring datasets, and the Clopper-Pearson bounds that turn counts into a lower bound on
// epsilon.
//
// A release is the algorithm's outputs minus those it marks `evaluation` (true answers and the
// like, computed for metrics, never released) and objects. Each scalar is a feature; each vector
// gives its first kMaxCoordinates coordinates (missing ones -inf: a set with fewer members),
// its sum (the projection on (1, ..., 1), where an L1 sensitivity is spent), max, argmax,
// number of non-zero entries and length (a set's size); and the whole release is hashed, so
// that discrete outputs (a partition, a set of itemsets) can be tested value by value.
// Events are {f > t}, {f <= t} and {f = v} for a feature f, and {release = r}.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "framework/registry.hpp"

namespace dplab::audit {

constexpr std::size_t kMaxCoordinates = 16;

// Where each feature comes from, for one algorithm.
class FeatureLayout {
 public:
  explicit FeatureLayout(const AlgorithmInfo& info);
  std::size_t size() const { return names_.size(); }
  const std::vector<std::string>& names() const { return names_; }
  // True when the algorithm releases nothing the audit can see.
  bool empty() const { return scalars_.empty() && vectors_.empty(); }
  // Writes the features of one release into row[0 .. size()) and returns the release's hash.
  std::uint64_t extract(const Outputs& out, double* row) const;

 private:
  std::vector<std::string> scalars_, vectors_, names_;
};

// Samples of one side: rows x features, row-major, plus the hash of every release.
struct FeatureTable {
  std::size_t rows = 0, features = 0;
  std::vector<double> values;
  std::vector<std::uint64_t> hashes;
  const double* row(std::size_t r) const { return values.data() + r * features; }
};

enum class EventKind { Above, AtMost, Equal, ReleaseEqual };

struct Event {
  EventKind kind = EventKind::Above;
  std::size_t feature = 0;
  double t = 0;
  std::uint64_t release = 0;
  // Direction: true when the event is likelier under the first dataset of the pair.
  bool first_over_second = true;
  bool holds(const double* row, std::uint64_t hash) const;
  std::string describe(const std::vector<std::string>& feature_names) const;
};

// Rows [begin, end) of a table.
struct RowRange {
  const FeatureTable* table;
  std::size_t begin, end;
  std::size_t size() const { return end - begin; }
};

// The `keep` events with the largest conservative log-ratio ln(CP_low(first) / CP_high(second))
// (each bound one-sided at level beta, so rare events do not win by luck), in either direction,
// searched on the given rows of the two sides.
std::vector<Event> search_events(const RowRange& first, const RowRange& second, std::size_t keep, double beta);

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
