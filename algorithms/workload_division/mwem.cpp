#include "algorithms/workload_division/mwem.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"

namespace dplab::wd {

namespace {
// One update multiplies the query's cells by exp(a), a = (m - q(A)) / (2N). |a| only gets
// near this cap when the Laplace noise is hundreds of times N (a tiny N at a tiny eps); the
// cap keeps w finite in that degenerate regime and never binds otherwise.
constexpr double kMaxStep = 300;
// w is folded back to A when its sum leaves [1/kFold, kFold]; with kMaxStep this keeps every
// w below 1e100 * e^300 ~ 2e230 (no overflow) and the sum above 1e-100 * e^-300 (no underflow).
constexpr double kFold = 1e100;

// Sum of w[b..e) with four accumulators (the additions of one chain wait on each other).
double range_sum(const double* w, std::uint32_t b, std::uint32_t e) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::uint32_t i = b;
  for (; i + 4 <= e; i += 4) {
    s0 += w[i];
    s1 += w[i + 1];
    s2 += w[i + 2];
    s3 += w[i + 3];
  }
  for (; i < e; ++i) s0 += w[i];
  return (s0 + s1) + (s2 + s3);
}
}  // namespace

QueryRuns::QueryRuns(const Workload& W) {
  offsets_.reserve(W.queries() + 1);
  for (std::size_t i = 0; i < W.queries(); ++i) add_row(W.row(i));
}

QueryRuns::QueryRuns(std::span<const std::uint32_t> cells) { add_row(cells); }

void QueryRuns::add_row(std::span<const std::uint32_t> cells) {
  for (std::size_t k = 0; k < cells.size();) {
    Run r{cells[k], cells[k] + 1};
    for (++k; k < cells.size() && cells[k] == r.end; ++k) ++r.end;
    runs_.push_back(r);
  }
  offsets_.push_back(runs_.size());
}

void prefix_sums(std::span<const double> v, std::vector<double>& p) {
  p.resize(v.size() + 1);
  p[0] = 0;
  for (std::size_t i = 0; i < v.size(); ++i) p[i + 1] = p[i] + v[i];
}

std::vector<double> QueryRuns::answer(std::span<const double> v) const {
  std::vector<double> p;
  prefix_sums(v, p);
  std::vector<double> y(queries());
  for (std::size_t i = 0; i < y.size(); ++i) {
    double s = 0;
    for (const Run& r : row(i)) s += p[r.end] - p[r.begin];
    y[i] = s;
  }
  return y;
}

MwHistogram::MwHistogram(std::uint32_t n, double total) : w_(n, 1.0), total_(total) {
  if (n == 0) throw Error("MWEM: the domain must have at least one cell");
  if (!(total >= 0) || !std::isfinite(total))
    throw Error("MWEM: the scale N = sum x must be a finite number >= 0, got " + std::to_string(total));
  resync();
}

double MwHistogram::answer(std::span<const Run> q) const {
  double s = 0;
  for (const Run& r : q) s += range_sum(w_.data(), r.begin, r.end);
  return scale_ * s;
}

void MwHistogram::update(std::span<const Run> q, double measured) {
  if (total_ == 0) return;  // A = 0 = x: nothing to learn, and 2N = 0 would divide by zero
  double before = 0;
  for (const Run& r : q) before += range_sum(w_.data(), r.begin, r.end);
  // Algorithm 1, step 3: q_i is 1 on the query's cells, 0 elsewhere, so only they change.
  const double a = std::clamp((measured - scale_ * before) / (2 * total_), -kMaxStep, kMaxStep);
  const double f = std::exp(a);
  double after = 0;
  for (const Run& r : q) {
    for (std::uint32_t i = r.begin; i < r.end; ++i) w_[i] *= f;
    after += range_sum(w_.data(), r.begin, r.end);
  }
  // Renormalise to N in O(1): the cells outside the query keep their weight.
  sum_w_ = std::max(0.0, sum_w_ - before) + after;
  if (!(sum_w_ > 0)) resync();
  scale_ = total_ / sum_w_;
  if (sum_w_ > kFold || sum_w_ < 1 / kFold) rescale();
}

void MwHistogram::update(std::span<const std::uint32_t> cells, double measured) {
  QueryRuns q(cells);
  update(q.row(0), measured);
}

double MwHistogram::answer(std::span<const std::uint32_t> cells) const {
  QueryRuns q(cells);
  return answer(q.row(0));
}

void MwHistogram::resync() {
  sum_w_ = range_sum(w_.data(), 0, size());
  if (!(sum_w_ > 0) || !std::isfinite(sum_w_))
    throw Error("MWEM: the approximating histogram lost all its weight (numerical failure)");
  scale_ = total_ / sum_w_;
}

void MwHistogram::rescale() {
  for (double& v : w_) v *= scale_;
  resync();
}

void MwHistogram::values(std::vector<double>& out) const {
  out.resize(w_.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = scale_ * w_[i];
}

std::vector<double> MwHistogram::values() const {
  std::vector<double> a;
  values(a);
  return a;
}

MwemEstimate parse_mwem_estimate(const std::string& name) {
  if (name == "last") return MwemEstimate::Last;
  if (name == "average") return MwemEstimate::Average;
  throw Error("MWEM: unknown estimate '" + name + "' (allowed: last, average)");
}

std::uint32_t mwem_select(const QueryRuns& Q, std::span<const double> difference_prefix,
                          std::span<const std::uint32_t> candidates, double eps_t, Mechanisms& noise) {
  std::vector<double> scores(candidates.size());
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    double s = 0;
    for (const Run& r : Q.row(candidates[k])) s += difference_prefix[r.end] - difference_prefix[r.begin];
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
  const QueryRuns Q(W);
  MwHistogram A(n, N);
  std::vector<std::uint32_t> candidates(W.queries());
  std::iota(candidates.begin(), candidates.end(), 0u);
  std::vector<double> a, prefix;
  MwemResult r;
  r.average.assign(n, 0.0);

  for (std::int64_t t = 0; t < T; ++t) {
    A.values(a);
    for (std::uint32_t i = 0; i < n; ++i) a[i] -= x[i];
    prefix_sums(a, prefix);
    const std::uint32_t q = mwem_select(Q, prefix, candidates, eps_t, noise);
    double truth = 0;
    for (auto c : W.row(q)) truth += x[c];
    r.measurements.push_back({q, noise.laplace(truth, 1.0, eps_t, "mwem: measure the selected query (Laplace)")});
    if (options.exclude_measured) candidates.erase(std::find(candidates.begin(), candidates.end(), q));

    if (options.update_passes == 0) {
      A.update(Q.row(q), r.measurements.back().value);
      A.resync();
    }
    for (std::int64_t pass = 0; pass < options.update_passes; ++pass) {
      for (const auto& m : r.measurements) A.update(Q.row(m.query), m.value);
      A.resync();
    }
    for (std::uint32_t i = 0; i < n; ++i) r.average[i] += A[i];
  }
  for (double& v : r.average) v /= static_cast<double>(T);
  r.last = A.values();
  return r;
}

}  // namespace dplab::wd
