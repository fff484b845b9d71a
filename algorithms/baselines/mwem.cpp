#include "algorithms/baselines/mwem.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"

namespace dplab::baselines {

using linear_queries::prefix_sums;

MwemEstimate parse_mwem_estimate(const std::string& name) {
  if (name == "last") return MwemEstimate::Last;
  if (name == "average") return MwemEstimate::Average;
  throw Error("MWEM: unknown estimate '" + name + "' (allowed: last, average)");
}

std::uint32_t mwem_select(const Workload& W, std::span<const double> difference_prefix,
                          std::span<const std::uint32_t> candidates, double eps_t, Mechanisms& noise) {
  std::vector<double> scores(candidates.size());
  const double* p = difference_prefix.data();
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    double s = 0;
    for (const Run& r : W.row(candidates[k])) s += p[r.end] - p[r.begin];
    scores[k] = std::abs(s);  // |q(A) - q(x)| = |q(A - x)|
  }
  // Each score moves by at most 1 when one record moves: sensitivity 1.
  return candidates[noise.exponential(scores, 1.0, eps_t, "mwem: select a query (exponential)")];
}

MwemResult mwem(const Workload& W, std::span<const double> x, double eps, const MwemOptions& options,
                Mechanisms& noise) {
  const std::int64_t T = options.rounds;
  if (T < 1) throw Error("MWEM: rounds (T) must be >= 1, got " + std::to_string(T));
  if (options.update_passes < 0)
    throw Error("MWEM: update_passes must be >= 0 (0: one update per round, Algorithm 1 as printed), got " +
                std::to_string(options.update_passes));
  if (!(eps > 0) || !std::isfinite(eps)) throw Error("MWEM: eps must be a finite number > 0");
  if (x.size() != W.n)
    throw Error("MWEM: the data has " + std::to_string(x.size()) + " cells but the workload's domain has " +
                std::to_string(W.n));
  if (W.queries() == 0) throw Error("MWEM: the workload has no queries");
  if (options.exclude_measured && static_cast<std::uint64_t>(T) > W.queries())
    throw Error("MWEM: rounds (T = " + std::to_string(T) + ") exceed the " + std::to_string(W.queries()) +
                " workload queries; every round measures a new query (set exclude_measured: false to allow repeats)");
  const double N = std::accumulate(x.begin(), x.end(), 0.0);  // public, as in DPBench

  // Half of each round's eps/T selects, half measures (Algorithm 1).
  const double eps_t = eps / (2.0 * static_cast<double>(T));
  const std::uint32_t n = W.n;
  MwHistogram A(n, N);
  std::vector<std::uint32_t> candidates(W.queries());
  std::iota(candidates.begin(), candidates.end(), 0u);
  std::vector<double> a, prefix, x_prefix;
  prefix_sums(x, x_prefix);
  std::vector<std::vector<MwHistogram::AtomRange>> measured_atoms;
  MwemResult r;
  r.average.assign(n, 0.0);

  for (std::int64_t t = 0; t < T; ++t) {
    A.values(a);
    for (std::uint32_t i = 0; i < n; ++i) a[i] -= x[i];
    prefix_sums(a, prefix);
    const std::uint32_t q = mwem_select(W, prefix, candidates, eps_t, noise);
    double truth = 0;
    for (const Run& run : W.row(q)) truth += x_prefix[run.end] - x_prefix[run.begin];
    r.measurements.push_back({q, noise.laplace(truth, 1.0, eps_t, "mwem: measure the selected query (Laplace)")});
    if (options.exclude_measured) candidates.erase(std::find(candidates.begin(), candidates.end(), q));

    // The new query's ends become atom boundaries; every measurement's atoms are then listed once
    // for the passes of this round.
    A.refine(W.row(q));
    measured_atoms.resize(r.measurements.size());
    for (std::size_t j = 0; j < r.measurements.size(); ++j)
      A.atom_ranges(W.row(r.measurements[j].query), measured_atoms[j]);
    if (options.update_passes == 0) {
      A.update_atoms(measured_atoms.back(), r.measurements.back().value);
      A.resync();
    }
    for (std::int64_t pass = 0; pass < options.update_passes; ++pass) {
      for (std::size_t j = 0; j < r.measurements.size(); ++j) A.update_atoms(measured_atoms[j], r.measurements[j].value);
      A.resync();
    }
    A.values(a);
    for (std::uint32_t i = 0; i < n; ++i) r.average[i] += a[i];
  }
  for (double& v : r.average) v /= static_cast<double>(T);
  r.last = A.values();
  return r;
}

}  // namespace dplab::baselines
