// `dplab audit`: statistical evidence about whether an algorithm is eps-DP as it claims.
//
// The algorithm runs on both sides of neighbouring pairs (D, D') of its dataset kind
// (neighbours.hpp), every run with its own stream derived from the audit's seed (as a trial's
// stream is from a spec's seed) and the same public inputs, in two stages:
//  1. Search: each pair of the family (shuffled by the seed; as many as the budget of runs
//     allows) runs `search` times per side, and the search (search.hpp) proposes candidate
//     events of largest probability ratio, ranked by how likely a test is to find them above
//     the claimed eps.
//  2. Test: the best `events` candidates over all pairs (from at most kMaxTestedPairs pairs)
//     are counted again on fresh runs, `test` per side of each of their pairs, and each gives
//       eps_hat(E) = ln( CP_low(Pr_D[E]) / CP_high(Pr_D'[E]) ),
//     Clopper-Pearson bounds each at level alpha / (2 m), m the events tested (Bonferroni).
// The events tested are chosen before any test run is drawn, so with probability at least
// 1 - alpha no eps_hat(E) exceeds the true privacy loss of its event, hence the algorithm's
// eps, however many pairs and events the search looked at: a correct algorithm is flagged with
// probability at most alpha. The audit reports the largest eps_hat, and a violation when it
// exceeds the declared eps. After StatDP (Ding et al., CCS 2018) and DP-Sniper (Bichsel et al.,
// S&P 2021): search on one sample, certify on another.
//
// Budget: `samples` and `test_samples` fix the runs; without them the audit measures one run's
// CPU cost on a pilot and spends about `seconds` of wall time on `threads` cores (CPU time, so
// that a loaded machine changes the time taken, not the runs), half on the search and half on
// the test, at most 250,000 search runs per side of a pair (memory) and 5 x 10^6 test runs.
//
// What an audit cannot do: prove privacy. No violation means no event among those tried shows
// a ratio above e^eps at this many runs; a leak confined to rarer outputs, other pairs or
// other parameters can remain.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "framework/audit/neighbours.hpp"
#include "framework/mechanisms.hpp"
#include "framework/registry.hpp"

namespace dplab::audit {

constexpr std::size_t kMaxTestedPairs = 4;

struct AuditOptions {
  std::string algorithm;
  std::vector<std::string> params;  // key=value, the algorithm's parameters (configure.hpp)
  PairShape shape;
  std::size_t samples = 0;       // search runs per side of each pair; 0: from `seconds`
  std::size_t test_samples = 0;  // test runs per side of each tested pair; 0: the search's total
  double seconds = 40;           // the time budget when samples = 0
  std::size_t max_pairs = 0;     // pairs searched at most; 0: every pair the budget allows
  std::uint64_t seed = 1;
  double alpha = 0.05;           // 1 - confidence
  std::size_t events = 8;        // events tested, over all pairs
  bool include_internal = false; // audit the outputs marked internal as if released
  int threads = 0;               // 0: OpenMP default
  Mechanisms::Noise noise = Mechanisms::Noise::fast;  // which samplers the mechanisms use
  // A spec point (spec_point.hpp): its complete parameters, used instead of `params` (no
  // audit defaults), and the kind of the spec's dataset, whose pair family is used instead of
  // the algorithm's first.
  const Params* point_params = nullptr;
  const DatasetKind* point_kind = nullptr;
};

struct EventResult {
  std::string pair, event;
  std::vector<std::string> outputs;                    // the outputs the event reads
  std::size_t count_d = 0, count_d_prime = 0, n = 0;   // on the test runs
  std::size_t search_d = 0, search_d_prime = 0, search_n = 0;
  double eps_hat = 0;
};

struct AuditReport {
  std::string algorithm, params;    // params: every parameter, "k=v, ..."
  std::vector<std::string> chosen;  // parameter values the audit chose, with why
  std::vector<std::string> released, left_out;  // outputs audited as the release, internal ones left out
  double claimed_eps = 0;
  double eps_hat = 0;               // the largest lower bound (0 when no event favours a side)
  double confidence = 0.95;
  std::size_t pairs_total = 0, pairs_searched = 0, pairs_tested = 0;
  std::size_t search_samples = 0, test_samples = 0;  // runs per side of each pair
  double cpu_per_run = 0;           // from the pilot (0 when the runs were given)
  EventResult best;
  std::vector<EventResult> tested;
  // On a violation whose event reads an output that looks computed from the true data (its name
  // or doc says so): that it may be evaluation, not release, and need `evaluation = true`.
  std::string note;
  double seconds = 0;
  bool violation() const { return eps_hat > claimed_eps * (1 + 1e-12); }
};

// Why an algorithm cannot be audited (its declared reason, or no private input, or no pair
// generator for its dataset kinds); empty when it can.
std::string unauditable_reason(const AlgorithmInfo& info);

// Runs the audit. Throws Error for bad input (unknown algorithm or parameter, a value out of
// range, an algorithm that cannot be audited, with the reason).
AuditReport run_audit(const AuditOptions& opts);

}  // namespace dplab::audit
