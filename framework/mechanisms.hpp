// The noise mechanisms. Each one charges the trial's privacy ledger before it draws, so a
// mechanism that would overspend fails before releasing anything.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "framework/ledger.hpp"
#include "core/rng.hpp"

namespace dplab {

class Mechanisms {
 public:
  Mechanisms(Stream& stream, PrivacyLedger& ledger) : stream_(stream), ledger_(ledger) {}

  // Laplace mechanism (Dwork et al. 2006; budget_series Theorem 1): value + Lap(sensitivity/eps).
  double laplace(double value, double sensitivity, double eps, const char* what = "laplace");

  // Laplace mechanism on a vector query whose L1 sensitivity is `l1_sensitivity` (e.g. a
  // histogram of disjoint counts has sensitivity 1): one charge of eps, noise Lap(l1/eps) on
  // every coordinate, in place.
  void laplace(std::span<double> values, double l1_sensitivity, double eps,
               const char* what = "laplace vector");

  // Laplace mechanism on `count` counting queries over disjoint parts of the data whose true
  // answers are all 0 (e.g. DiffPart's empty sub-partitions, Procedure 1 lines 11-18): one
  // charge of eps, and the indices (increasing) of the queries whose noisy answer
  // Lap(sensitivity/eps) exceeds `threshold`. The law is exactly that of drawing all `count`
  // noise values, but by geometric skipping between exceedances it costs O(returned + 1)
  // draws, so 2^f candidates need not be enumerated.
  std::vector<std::uint64_t> laplace_exceedances(std::uint64_t count, double threshold,
                                                 double sensitivity, double eps,
                                                 const char* what = "laplace exceedances");

  // Two-sided geometric mechanism (Ghosh, Roughgarden, Sundararajan 2009) for integer queries:
  // value + Z with Pr[Z=k] proportional to exp(-eps |k| / sensitivity).
  std::int64_t geometric(std::int64_t value, double sensitivity, double eps,
                         const char* what = "geometric");

  // Exponential mechanism (McSherry, Talwar 2007): returns index i with probability
  // proportional to exp(eps * score[i] / (2 * sensitivity)).
  std::size_t exponential(std::span<const double> scores, double sensitivity, double eps,
                          const char* what = "exponential");

  PrivacyLedger& ledger() { return ledger_; }

  // The Laplace mechanism on a vector query too long to hold at once (e.g. DAWA's n(n+1)/2
  // candidate costs, produced and consumed row by row): one charge of eps for the whole query
  // of L1 sensitivity `l1_sensitivity`, then add() puts Lap(l1_sensitivity/eps) on the
  // coordinates it is given, block after block. The draws are those one laplace() call on the
  // concatenated blocks would make, in the same order. The blocks must together be the one
  // query the charge covers.
  class LaplaceBlocks {
   public:
    void add(std::span<double> block);

   private:
    friend class Mechanisms;
    LaplaceBlocks(Stream& stream, double scale) : stream_(stream), scale_(scale) {}
    Stream& stream_;
    double scale_;
  };
  LaplaceBlocks laplace_blocks(double l1_sensitivity, double eps, const char* what = "laplace blocks");

 private:
  Stream& stream_;
  PrivacyLedger& ledger_;
};

}  // namespace dplab
