// The approximating histogram A of MWEM's multiplicative-weights step (Hardt, Ligett, McSherry,
// NIPS 2012, Algorithm 1, step 3): A_0 = N/n in every cell, and each update multiplies the cells
// of one 0/1 query by the same factor, then renormalises A to N.
//
// Cells that no measured query tells apart keep equal values forever: A_0 is uniform and every
// factor applies to whole queries. So A is kept per *atom*, the maximal intervals between the
// ends of the measured queries' runs (at most 2T + 1 atoms for T range queries), as one value
// per cell of the atom. An update then costs O(atoms of the query) instead of O(cells of the
// query), and the law of MWEM is unchanged: the same numbers, up to rounding, as updating every
// cell. Queries are 0/1 rows given as runs of consecutive cells (linear_queries::Workload).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/linear_queries/workload.hpp"

namespace dplab::baselines {

using linear_queries::Run;

class MwHistogram {
 public:
  // Atoms [first, last) of the histogram: a query aligned to the atoms, as atom ranges.
  struct AtomRange {
    std::uint32_t first = 0, last = 0;
  };

  // A_0: N/n in every one of the n cells. N must be finite and >= 0, n > 0.
  MwHistogram(std::uint32_t n, double total);

  std::uint32_t size() const { return n_; }
  double total() const { return total_; }
  std::size_t atoms() const { return v_.size(); }
  // A(i), O(log atoms).
  double operator[](std::uint32_t i) const;
  // q(A) for the 0/1 query made of these runs (any runs, aligned to the atoms or not).
  double answer(std::span<const Run> q) const;
  // One multiplicative-weights update towards the measurement m of the query q (Algorithm 1,
  // step 3): A(i) *= exp(q_i (m - q(A)) / (2N)), then A renormalised to N. Splits the atoms at
  // q's run ends first. Nothing changes when N = 0 (A is then 0 everywhere, as is x).
  void update(std::span<const Run> q, double measured);

  // The fast path of MWEM's repeated passes: refine() splits the atoms at q's run ends once;
  // atom_ranges() gives the refined query as atom ranges; update_atoms() applies an update to
  // them in O(atoms of q). Ranges are invalidated by the next refine().
  void refine(std::span<const Run> q);
  void atom_ranges(std::span<const Run> q, std::vector<AtomRange>& out) const;
  void update_atoms(std::span<const AtomRange> q, double measured);

  // Recomputes the normaliser from scratch (O(atoms)): bounds the rounding that the O(1)
  // bookkeeping of the updates accumulates.
  void resync();
  // A as a vector of n values summing to N.
  std::vector<double> values() const;
  void values(std::vector<double>& out) const;

 private:
  std::uint32_t atom_of(std::uint32_t cell) const;  // the atom holding `cell`
  void split_at(std::uint32_t cell);                 // makes `cell` the start of an atom
  void rescale();  // folds scale into v (keeps v away from overflow and underflow)
  std::uint32_t n_ = 0;
  std::vector<std::uint32_t> cut_;  // atom k is [cut_[k], cut_[k + 1]); cut_[0] = 0, back() = n
  std::vector<double> v_;           // the (common) weight of each cell of atom k
  double mass_ = 0;                 // sum over atoms of v_k |atom k|
  double scale_ = 0;                // A = scale v, scale = N / mass
  double total_ = 0;                // N
};

}  // namespace dplab::baselines
