// The statistics behind a claim's verdict (framework/claims.hpp): linear combinations of summary
// rows, each estimated from the per-trial values of the result file, with confidence intervals
// that are simultaneous over every combination a claim forms (Bonferroni), and the three-valued
// verdict of a relation between an interval and a bound.
//
// A combination sum_r w_r mu_r of row means is estimated trial by trial where every row it uses
// was computed in the same trials: the per-trial values sum_r w_r x_{r,t} are independent over t
// (trial t of every point draws from streams keyed by t, and points of one trial share their
// public inputs: common random numbers), so their mean has a Student t interval whose width
// already profits from the pairing. Rows computed in different trials fall back to the unpaired
// (Welch) interval. Rows of deterministic points (AlgorithmInfo::deterministic) are exact
// constants. Per-trial values that are themselves batch means (e.g. 10,000 rounds a trial) make
// this the interval over batches. Trials that cycle through several draws of their data
// (TrialSeries::clusters) are averaged per draw first: the interval is over the draws.
#pragma once
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace dplab {

// One summary row's values in every trial (NaN: not computed, or undefined in that trial).
struct TrialSeries {
  std::vector<double> values;
  bool exact = false;  // a deterministic point: every computed trial has the one exact value
  // Trial t ran on draw t mod clusters of its data (DatasetRef::samples): the draws, not the
  // trials, are the independent units, so intervals are over the draws' means (summarize_clusters).
  std::size_t clusters = 1;
};

struct Combination {
  struct Term {
    std::size_t series;
    double weight;
  };
  std::vector<Term> terms;
  // The paper's Monte-Carlo noise for a comparison with its mean over as many runs as this many
  // of our trials: the variance of ours is added again, scaled by n / paper_trials. 0: none.
  double paper_trials = 0;
};

struct Interval {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double estimate = nan, lo = nan, hi = nan;
  std::size_t n = 0;  // trials behind it (the least over its rows when unpaired); draws of the data when clustered
  enum class Kind { exact, paired, unpaired, constant_share, none } kind = Kind::none;
  bool clustered = false;  // over draws of the data (TrialSeries::clusters), each the mean of its trials
  std::string why;    // for kind none: why there is no interval (e.g. "1 trial")
};

// Collects combinations, then computes their intervals at a per-interval confidence of
// 1 - (1 - confidence) / m for the m combinations collected (Bonferroni): all m intervals
// cover their true values together with probability >= confidence.
class SimultaneousIntervals {
 public:
  explicit SimultaneousIntervals(const std::vector<TrialSeries>& series) : series_(series) {}
  std::size_t add(Combination c);
  void compute(double confidence);
  const Interval& operator[](std::size_t i) const { return intervals_.at(i); }
  std::size_t size() const { return combos_.size(); }
  double each_level() const { return each_; }  // the per-interval confidence used
  // The plain mean of a combination over the trials its rows have (for printing; no interval).
  double mean_of(const Combination& c) const;

 private:
  Interval interval_of(const Combination& c, double level) const;
  const std::vector<TrialSeries>& series_;
  std::vector<Combination> combos_;
  std::vector<Interval> intervals_;
  double each_ = 0;
};

// The three outcomes of a relation between a quantity known to lie in [lo, hi] and 0: it holds
// for every value there, for none, or for some.
enum class Tri { holds, fails, unknown };
Tri relation_verdict(double lo, double hi, const std::string& relation);
// x in [lo, hi] lies inside [band_lo, band_hi]: for every x, for none, or for some.
Tri within_verdict(double lo, double hi, double band_lo, double band_hi);

// The whole of several cells: holds when every one holds, fails when one fails, else unknown.
Tri all_of(const std::vector<Tri>& cells);
// Some of them: holds when one holds, fails when every one fails, else unknown.
Tri any_of(const std::vector<Tri>& cells);

}  // namespace dplab
