#include "algorithms/workload_division/division.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab::workload_division {

StopRule parse_stop_rule(const std::string& name) {
  if (name == "expected_error") return StopRule::ExpectedError;
  if (name == "pseudocode") return StopRule::Pseudocode;
  throw Error("unknown stop rule '" + name + "' (allowed: expected_error, pseudocode)");
}

namespace {

struct Part {
  std::uint32_t sensitivity = 0;
  std::uint32_t hot = 0;  // the most queried cell (smallest index on ties)
};

// How many of `rows` count each cell, by a difference array over their runs: O(n + runs).
Part describe(const Workload& W, const std::vector<std::uint32_t>& rows, std::vector<std::int64_t>& diff) {
  diff.assign(static_cast<std::size_t>(W.n) + 1, 0);
  for (auto r : rows)
    for (const linear_queries::Run& run : W.row(r)) {
      ++diff[run.begin];
      --diff[run.end];
    }
  Part p;
  std::int64_t count = 0;
  for (std::uint32_t c = 0; c < W.n; ++c) {
    count += diff[c];
    if (count > p.sensitivity) {
      p.sensitivity = static_cast<std::uint32_t>(count);
      p.hot = c;
    }
  }
  return p;
}

struct Divider {
  const Workload& W;
  double g;
  StopRule rule;
  Stream& stream;
  int max_depth;
  std::vector<std::int64_t> count;
  std::vector<Leaf> leaves;

  // `part` describes `rows` (computed once, by the caller).
  void divide(std::vector<std::uint32_t> rows, const Part& part, double eps, int depth) {
    auto leaf = [&] { leaves.push_back({std::move(rows), eps, part.sensitivity}); };
    if (depth >= max_depth || rows.size() < 2 || part.sensitivity == 0) return leaf();
    // Line 5: the queries counting the hot cell, in random order; W1 is a prefix of them.
    std::vector<std::uint32_t> with_hot, without_hot;
    for (auto r : rows) (W.counts(r, part.hot) ? with_hot : without_hot).push_back(r);
    for (std::size_t i = with_hot.size(); i > 1; --i)
      std::swap(with_hot[i - 1], with_hot[stream.below(i)]);
    // Line 4.
    const double target = (static_cast<double>(rows.size()) + part.sensitivity + g) / 4.0;
    const std::size_t n1 = target <= 0 ? 0 : std::min<std::size_t>(with_hot.size(), static_cast<std::size_t>(target));
    if (n1 == 0 || n1 == rows.size()) return leaf();
    std::vector<std::uint32_t> w1(with_hot.begin(), with_hot.begin() + static_cast<std::ptrdiff_t>(n1));
    std::vector<std::uint32_t> w2(with_hot.begin() + static_cast<std::ptrdiff_t>(n1), with_hot.end());
    w2.insert(w2.end(), without_hot.begin(), without_hot.end());
    std::sort(w2.begin(), w2.end());
    std::sort(w1.begin(), w1.end());
    const Part p1 = describe(W, w1, count), p2 = describe(W, w2, count);
    // Lines 6-7.
    const double noise = static_cast<double>(rows.size()) * part.sensitivity;
    double divided = static_cast<double>(w1.size()) * p1.sensitivity + static_cast<double>(w2.size()) * p2.sensitivity;
    if (rule == StopRule::ExpectedError) divided *= 2;  // each half answered with eps / 2
    if (!(divided < noise)) return leaf();
    divide(std::move(w1), p1, eps / 2, depth + 1);
    divide(std::move(w2), p2, eps / 2, depth + 1);
  }
};

}  // namespace

std::vector<Leaf> divide_workload(const Workload& W, double eps, double g, StopRule rule, Stream& stream,
                                  int max_depth) {
  Divider d{W, g, rule, stream, max_depth, {}, {}};
  std::vector<std::uint32_t> all(W.queries());
  for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const Part part = describe(W, all, d.count);
  d.divide(std::move(all), part, eps, 0);
  return std::move(d.leaves);
}

double expected_error(const std::vector<Leaf>& leaves) {
  double total = 0, m = 0;
  for (const auto& l : leaves) {
    total += static_cast<double>(l.rows.size()) * l.sensitivity / l.eps;
    m += static_cast<double>(l.rows.size());
  }
  return m > 0 ? total / m : 0.0;
}

}  // namespace dplab::workload_division
