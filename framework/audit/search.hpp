// The event search of `dplab audit`, on the search runs of one neighbouring pair (D, D'):
// candidate events whose probabilities differ most between the two sides, each with its counts
// on the search runs. The audit ranks the candidates of every pair, then counts the chosen
// ones again on fresh runs (audit.hpp), so nothing here affects the confidence of eps_hat.
//
// Three families of events:
//  - thresholds and values of one feature: {f > t}, {f <= t} at quantiles of the pooled sample
//    (a grid and both tails, down to 10^-4), {f = v} for discrete features;
//  - likelihood-ratio sets of discrete releases (DP-Sniper, Bichsel et al. S&P 2021: the
//    optimal event is a set of outputs of largest probability ratio): the values of the whole
//    release, and of its tie pattern, ranked by their smoothed ratio on the search runs, each
//    prefix of the ranking an event;
//  - likelihood-ratio thresholds of continuous releases: a logistic classifier of the features
//    (DP-Sniper's, trained on the search runs) estimates ln(Pr_D / Pr_D') up to a constant,
//    and {score > t} and {score <= t} are events at quantiles of its scores, down to the 10^-4
//    tails, where a leak confined to rare outputs lives.
// A candidate is kept per feature (or family), kind and direction: the one a test of
// `test_runs` runs per side is likeliest to find above the claimed eps (Ranker).
#pragma once
#include <cstddef>
#include <vector>

#include "framework/audit/events.hpp"

namespace dplab::audit {

struct Candidate {
  Event event;
  std::size_t pair = 0;  // index of the pair it was found on (set by the caller)
  // Counts on the search runs of the side the event favours (first) and of the other one.
  std::size_t count_first = 0, count_second = 0, n = 0;
  double score = 0;  // Ranker's
};

// The eps_hat a test of `test_runs` runs per side would give an event seen `first` and
// `second` times in n search runs per side, if the search's conservative estimate held:
//   ln( CP_low(first) / CP_high(second) ) - z_test s_test,
// the Clopper-Pearson bounds at level 0.05 on the search runs (so that a ratio seen on a few
// runs by chance, among the thousands of candidates, does not outrank a well-measured one),
// s_test the standard error of the log ratio the test will measure, z_test the normal quantile
// of the test's level. A test finds a violation when its eps_hat exceeds the claim, so the
// higher this, the likelier the test is to find one; it is also how the audit's eps_hat on a
// correct algorithm approaches the true loss.
struct Ranker {
  std::size_t test_runs = 0;
  double z_test = 2.7;
  double operator()(std::size_t first, std::size_t second, std::size_t n) const;
};

// At most `keep` candidates of one pair, best first.
std::vector<Candidate> search_events(const RowRange& a, const RowRange& b, const Ranker& rank, std::size_t keep);

}  // namespace dplab::audit
