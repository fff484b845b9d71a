// Stage 1 of DAWA (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014): a partition of the domain
// [0, n) into contiguous buckets whose counts are close to uniform, chosen privately.
//
// The cost of a bucket b (DAWA's L1 partition) is what answering from a uniform estimate inside b costs:
//   bcost(b) = dev(x, b) + 1/eps2,   dev(x, b) = sum_{i in b} |x_i - mean_b(x)|,
// the L1 deviation of b's counts from their mean (the bias of spreading b's total evenly) plus
// the expected absolute Laplace noise 1/eps2 of measuring b's total in stage 2. The partition
// minimises the sum of its bucket costs, by dynamic programming over the candidate intervals:
// all O(n^2) intervals ("exact", DPBench's L1 partition) or the O(n log n) intervals whose
// length is a power of two ("dyadic", DAWA's faster approximation).
//
// Privately, every candidate's deviation gets independent Laplace noise before the
// least-cost partition is computed; only the partition is released. See private_l1_partition
// for the noise scales and their privacy.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "framework/mechanisms.hpp"

namespace dplab::baselines {

// Contiguous buckets covering [0, n): bucket k is [bounds[k], bounds[k+1]); bounds[0] = 0,
// bounds.back() = n.
struct Buckets {
  std::vector<std::uint32_t> bounds{0};
  std::size_t size() const { return bounds.size() - 1; }
  std::uint32_t lo(std::size_t k) const { return bounds[k]; }
  std::uint32_t hi(std::size_t k) const { return bounds[k + 1]; }
  std::uint32_t length(std::size_t k) const { return bounds[k + 1] - bounds[k]; }
};

enum class IntervalFamily {
  All,     // every interval [i, j): "exact"
  Dyadic,  // intervals whose length is a power of two, at any start: "dyadic"
};
IntervalFamily interval_family(const std::string& name);  // "exact" | "dyadic"

// The candidate intervals of a family over [0, n), with one value (deviation, then cost) each.
//  All:    row by start i, lengths 1..n-i: index = i n - i (i - 1) / 2 + (length - 1).
//  Dyadic: by level k (length 2^k), then start i in [0, n - 2^k]: index = level_offset(k) + i.
struct IntervalValues {
  IntervalFamily family = IntervalFamily::All;
  std::uint32_t n = 0;
  std::vector<double> value;

  static std::size_t count(IntervalFamily family, std::uint32_t n);
  std::size_t index(std::uint32_t start, std::uint32_t length) const;
  std::size_t level_offset(unsigned k) const;  // Dyadic only
};

// dev(x, [lo, hi)) by its definition, in O(hi - lo): the reference for tests.
double deviation(std::span<const double> x, std::uint32_t lo, std::uint32_t hi);

// dev(x, b) of every candidate interval of the family. For each start (All) or each length
// (Dyadic, a sliding window) the intervals grow or slide one cell at a time, and a split point
// in the sorted distinct values of x tracks how many counts lie at or below the running mean:
// dev = 2 sum_{x_i <= mean} (mean - x_i), since the deviations above and below the mean cancel.
// The split moves by the few distinct values the mean passes, so all n(n+1)/2 intervals cost
// about O(n^2) in practice. `out` is resized (its memory reused across calls).
void interval_deviations(std::span<const double> x, IntervalFamily family, IntervalValues& out);
IntervalValues interval_deviations(std::span<const double> x, IntervalFamily family);

// Which of several least-cost partitions is returned. Ties are rare with continuous noise on
// every candidate, but DPBench's floor (Reference below) sets every candidate whose noisy cost
// falls under the penalty to exactly the penalty, and on sparse data many partitions then cost
// the same multiple of it.
//  LatestStart: the last bucket starts latest, recursively (the shortest last bucket).
//  DPBench: as DPBench's C code (dpcomp_core's cutil.cpp, run by ektelo): for the exact family
//    (L1partition) the singleton if it is among the least, else the earliest start (the longest
//    last bucket); for the dyadic family (L1partition_approx) the longest last bucket, singleton
//    included. On the 64 x 64 samples of the 2-D cross-check, LatestStart in place of it gave the
//    same bucket counts and moved the stage-1 bias by 6% or less (docs/papers/dpbench.md).
enum class TieRule { LatestStart, DPBench };

// The partition minimising the sum of cost.value over its buckets (every bucket a candidate of
// cost.family), ties broken by `rule`, recursively (from the last bucket back).
Buckets least_cost_partition(const IntervalValues& cost, TieRule rule = TieRule::LatestStart);

// The non-private L1 partition : costs dev(x, b) + penalty, penalty = 1/eps2.
Buckets l1_partition(std::span<const double> x, IntervalFamily family, double penalty);

// Sum over buckets of dev(x, b) + penalty: the objective the partition minimises.
double partition_cost(std::span<const double> x, const Buckets& b, double penalty);

// How the candidates' costs are noised (see private_l1_partition).
enum class PartitionNoise {
  Reference,  // DPBench's implementation by DAWA's authors
  Provable,   // the scale our privacy argument needs
};
PartitionNoise partition_noise(const std::string& name);  // "reference" | "provable"

// Laplace scale of the noise on the deviation of a bucket of `length` cells out of n. Adding or
// removing one record changes one count by 1 and dev(x, b) by at most Delta_b = 2 (1 - 1/|b|)
// (the count moves by 1 - 1/|b| from the new mean, each of the other |b| - 1 counts by 1/|b|).
//  Reference: (2 - 1/|b| - 1/n) / eps1 = (Delta_b + Delta_n) / (2 eps1), and 0 for singletons.
//  Provable:  (Delta_b + Delta_n) / eps1, singletons included.
double partition_noise_scale(PartitionNoise kind, std::uint32_t length, std::uint32_t n, double eps1);

// DAWA's private partition with budget eps1: every candidate b gets the noisy cost
// dev(x, b) + Lap(scale_b) + 1/eps2, then the least-cost partition of the noisy costs is
// released. One charge of eps1: the noise is Lap(1/eps1) on the deviations divided by
// scale_b * eps1 (Mechanisms::laplace_blocks), scaled back afterwards. The exact family is
// streamed, start by start, into the least-cost recursion (O(n) memory, n(n+1)/2 draws).
//
// Reference (what DPBench runs, so what workload_division compared against; not the default):
// scale_b as above, singletons noiseless, every noisy cost floored at 1/eps2, ties broken as
// DPBench's code breaks them (TieRule::DPBench). We could not find
// a proof that this is eps1-DP, and it is not: for x = (1, 0, 1) against (1, 1, 1), eps1 = 1,
// 1/eps2 = 10, the all-singletons partition is e^2.71 times likelier on x (the three intervals
// containing the middle cell all lose deviation at once, and nothing noises the singletons'
// side); tests/test_dawa.cpp measures it.
//
// Provable (eps1-DP; the default of baselines.dawa). Let x' be x with one count changed by
// 1 (cell i), and delta_b the change of dev(x, b) for each interval b containing i: |delta_b| <=
// Delta_b <= Delta_n. Fix the noise eta for which partition B wins on x, and let b be B's bucket
// containing i. Moving eta_b alone by s = min_{b' containing i} delta_b' - delta_b makes B win on
// x' too: partitions that share b change by the same amount as B, every other partition by delta_b'
// >= B's change. So the winning set of noise vectors for x, shifted by s in one coordinate, lies
// inside the winning set for x', and |s| <= Delta_b + Delta_n, whose Laplace density ratio is at
// most e^eps1 when scale_b = (Delta_b + Delta_n) / eps1. Singletons need noise too (they are the b
// of some outputs), and costs are not floored (a floor would stop the shift). The price: with noise
// several times 1/eps2, the minimum exploits negative noise and cuts the domain into many more
// buckets than Reference does.
//
// `work` (optional) holds the dyadic family's costs between calls.
Buckets private_l1_partition(std::span<const double> x, IntervalFamily family, PartitionNoise kind,
                             double eps1, double eps2, Mechanisms& noise, IntervalValues* work = nullptr);

}  // namespace dplab::baselines
