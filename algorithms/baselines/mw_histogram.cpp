#include "algorithms/baselines/mw_histogram.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"

namespace dplab::baselines {

namespace {
// One update multiplies the query's cells by exp(a), a = (m - q(A)) / (2N). |a| only gets
// near this cap when the Laplace noise is hundreds of times N (a tiny N at a tiny eps); the
// cap keeps v finite in that degenerate regime and never binds otherwise.
constexpr double kMaxStep = 300;
// v is folded back to A when the mass leaves [1/kFold, kFold]; with kMaxStep this keeps every
// v below 1e100 * e^300 ~ 2e230 (no overflow) and the mass above 1e-100 * e^-300 (no underflow).
constexpr double kFold = 1e100;
// mass_ - before is trusted when it is above this fraction of mass_: its rounding error is then
// at most ~1e-16 / 1e-6 = 1e-10 of it.
constexpr double kCancellation = 1e-6;
}  // namespace

MwHistogram::MwHistogram(std::uint32_t n, double total) : n_(n), total_(total) {
  if (n == 0) throw Error("MWEM: the domain must have at least one cell");
  if (!(total >= 0) || !std::isfinite(total))
    throw Error("MWEM: the scale N = sum x must be a finite number >= 0, got " + std::to_string(total));
  cut_ = {0, n};
  v_ = {1.0};
  resync();
}

std::uint32_t MwHistogram::atom_of(std::uint32_t cell) const {
  return static_cast<std::uint32_t>(std::upper_bound(cut_.begin(), cut_.end(), cell) - cut_.begin()) - 1;
}

double MwHistogram::operator[](std::uint32_t i) const { return scale_ * v_[atom_of(i)]; }

double MwHistogram::answer(std::span<const Run> q) const {
  double s = 0;
  for (const Run& r : q) {
    if (r.begin >= r.end) continue;
    for (std::uint32_t k = atom_of(r.begin); k + 1 < cut_.size() && cut_[k] < r.end; ++k) {
      const std::uint32_t lo = std::max(cut_[k], r.begin), hi = std::min(cut_[k + 1], r.end);
      s += v_[k] * (hi - lo);
    }
  }
  return scale_ * s;
}

void MwHistogram::split_at(std::uint32_t cell) {
  if (cell == 0 || cell >= n_) return;
  const std::uint32_t k = atom_of(cell);
  if (cut_[k] == cell) return;
  cut_.insert(cut_.begin() + k + 1, cell);
  v_.insert(v_.begin() + k + 1, v_[k]);  // both halves keep the atom's common value
}

void MwHistogram::refine(std::span<const Run> q) {
  for (const Run& r : q) {
    split_at(r.begin);
    split_at(r.end);
  }
}

void MwHistogram::atom_ranges(std::span<const Run> q, std::vector<AtomRange>& out) const {
  out.clear();
  for (const Run& r : q) {
    if (r.begin >= r.end) continue;
    const std::uint32_t first = atom_of(r.begin), last = atom_of(r.end - 1) + 1;
    if (cut_[first] != r.begin || cut_[last] != r.end)
      throw Error("MWEM: a query's runs are not aligned to the atoms (refine it first)");
    out.push_back({first, last});
  }
}

void MwHistogram::update_atoms(std::span<const AtomRange> q, double measured) {
  if (total_ == 0) return;  // A = 0 = x: nothing to learn, and 2N = 0 would divide by zero
  double before = 0;
  for (const AtomRange& r : q)
    for (std::uint32_t k = r.first; k < r.last; ++k) before += v_[k] * (cut_[k + 1] - cut_[k]);
  // Algorithm 1, step 3: q_i is 1 on the query's cells, 0 elsewhere, so only they change.
  const double a = std::clamp((measured - scale_ * before) / (2 * total_), -kMaxStep, kMaxStep);
  const double f = std::exp(a);
  double after = 0;
  for (const AtomRange& r : q)
    for (std::uint32_t k = r.first; k < r.last; ++k) after += (v_[k] *= f) * (cut_[k + 1] - cut_[k]);
  // Renormalise to N in O(1): the atoms outside the query keep their weight, mass_ - before.
  // When the query holds nearly all the mass that difference is rounding noise (cancellation):
  // a mass_ made of noise can stay near 1 while the true mass falls below 1e-300, so rescale()
  // never fires and every v underflows to 0. Then the mass is recounted, O(atoms).
  const double rest = mass_ - before;
  if (rest > kCancellation * mass_) {
    mass_ = rest + after;
    scale_ = total_ / mass_;
  } else {
    resync();
  }
  if (mass_ > kFold || mass_ < 1 / kFold) rescale();
}

void MwHistogram::update(std::span<const Run> q, double measured) {
  refine(q);
  std::vector<AtomRange> ranges;
  atom_ranges(q, ranges);
  update_atoms(ranges, measured);
}

void MwHistogram::resync() {
  mass_ = 0;
  for (std::size_t k = 0; k < v_.size(); ++k) mass_ += v_[k] * (cut_[k + 1] - cut_[k]);
  if (!(mass_ > 0) || !std::isfinite(mass_))
    throw Error("MWEM: the approximating histogram lost all its weight (numerical failure)");
  scale_ = total_ / mass_;
}

void MwHistogram::rescale() {
  for (double& v : v_) v *= scale_;
  resync();
}

void MwHistogram::values(std::vector<double>& out) const {
  out.resize(n_);
  for (std::size_t k = 0; k < v_.size(); ++k)
    std::fill(out.begin() + cut_[k], out.begin() + cut_[k + 1], scale_ * v_[k]);
}

std::vector<double> MwHistogram::values() const {
  std::vector<double> a;
  values(a);
  return a;
}

}  // namespace dplab::baselines
