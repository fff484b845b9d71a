// `dplab audit`: statistical evidence about whether an algorithm is eps-DP as it claims.
//
// For each neighbouring pair (D, D') of the algorithm's dataset kind (neighbours.hpp), the
// algorithm runs `samples` times on each side, every run with its own stream derived from the
// audit's seed (as a trial's stream is from a spec's seed) and the same public inputs. The first
// half of the samples is searched for the output events with the largest probability ratio
// (events.hpp); on the second half, independent of that choice, each chosen event E gives
//   eps_hat(E) = ln( CP_low(Pr_D[E]) / CP_high(Pr_D'[E]) ),
// Clopper-Pearson bounds each at level alpha / (2 m), m the events tested over all pairs
// (Bonferroni), so that with probability at least 1 - alpha no eps_hat(E) exceeds the true
// privacy loss of its event, hence the algorithm's eps. The audit reports the largest, and a
// violation when it exceeds the declared eps. The approach follows StatDP (Ding et al., CCS
// 2018) and DP-Sniper (Bichsel et al., S&P 2021): search on one sample, certify on another.
//
// What an audit cannot do: prove privacy. No violation means no event among those tried shows
// a ratio above e^eps at this many samples; a leak confined to rare outputs, other pairs or
// other parameters can remain.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "framework/audit/neighbours.hpp"
#include "framework/registry.hpp"

namespace dplab::audit {

struct AuditOptions {
  std::string algorithm;
  std::vector<std::string> params;  // key=value, the algorithm's parameters (others default)
  PairShape shape;
  std::size_t samples = 200000;     // runs per side of each pair (half search, half test)
  std::uint64_t seed = 1;
  double alpha = 0.05;              // 1 - confidence
  std::size_t events_per_pair = 4;  // events validated per pair
  int threads = 0;                  // 0: OpenMP default
  Mechanisms::Noise noise = Mechanisms::Noise::fast;  // which samplers the mechanisms use
  // A spec point (spec_point.hpp): its complete parameters, used instead of `params`, and the
  // kind of the spec's dataset, whose pair generator is used instead of the algorithm's first.
  const Params* point_params = nullptr;
  const DatasetKind* point_kind = nullptr;
};

struct EventResult {
  std::string pair, event;
  std::string output;  // the algorithm output the event reads ("" for the whole release)
  std::size_t count_d = 0, count_d_prime = 0, n = 0;  // on the test half
  double eps_hat = 0;
};

struct AuditReport {
  std::string algorithm, params;  // params: every parameter, "k=v, ..."
  double claimed_eps = 0;
  double eps_hat = 0;             // the largest lower bound (0 when no event favours a side)
  double confidence = 0.95;
  std::size_t samples = 0, pairs = 0;
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
