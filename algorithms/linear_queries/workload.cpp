#include "algorithms/linear_queries/workload.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace dplab::linear_queries {

void prefix_sums(std::span<const double> v, std::vector<double>& p) {
  p.resize(v.size() + 1);
  p[0] = 0;
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) p[i + 1] = s += v[i];
}

std::uint64_t Workload::row_size(std::size_t i) const {
  std::uint64_t s = 0;
  for (const Run& r : row(i)) s += r.size();
  return s;
}

std::uint64_t Workload::nonzeros() const {
  std::uint64_t s = 0;
  for (const Run& r : runs) s += r.size();
  return s;
}

bool Workload::counts(std::size_t i, std::uint32_t cell) const {
  const auto r = row(i);
  // The first run ending after `cell` is the only one that can hold it.
  auto it = std::upper_bound(r.begin(), r.end(), cell, [](std::uint32_t c, const Run& run) { return c < run.end; });
  return it != r.end() && it->begin <= cell;
}

std::vector<std::uint32_t> Workload::cells(std::size_t i) const {
  std::vector<std::uint32_t> c;
  c.reserve(row_size(i));
  for (const Run& r : row(i))
    for (std::uint32_t j = r.begin; j < r.end; ++j) c.push_back(j);
  return c;
}

void Workload::add_row(std::span<const std::uint32_t> cells) {
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (cells[k] >= n) throw Error("workload query counts cell " + std::to_string(cells[k]) +
                                   " outside the domain of size " + std::to_string(n));
    if (k && cells[k] <= cells[k - 1]) throw Error("workload query cells must be sorted and distinct");
  }
  for (std::size_t k = 0; k < cells.size();) {
    Run r{cells[k], cells[k] + 1};
    for (++k; k < cells.size() && cells[k] == r.end; ++k) ++r.end;
    runs.push_back(r);
  }
  offsets.push_back(runs.size());
}

void Workload::add_range(std::uint32_t begin, std::uint32_t end) {
  if (!(begin < end) || end > n)
    throw Error("workload range [" + std::to_string(begin) + ", " + std::to_string(end) +
                ") is empty or outside the domain of size " + std::to_string(n));
  runs.push_back(Run{begin, end});
  offsets.push_back(runs.size());
}

void Workload::answer(std::span<const double> x, std::vector<double>& prefix, std::vector<double>& y) const {
  if (x.size() != n)
    throw Error("workload over " + std::to_string(n) + " cells answered on a vector of " + std::to_string(x.size()));
  prefix_sums(x, prefix);
  y.resize(queries());
  const double* p = prefix.data();
  for (std::size_t i = 0; i < y.size(); ++i) {
    double s = 0;
    for (const Run& r : row(i)) s += p[r.end] - p[r.begin];
    y[i] = s;
  }
}

std::vector<double> Workload::answer(std::span<const double> x) const {
  std::vector<double> prefix, y;
  answer(x, prefix, y);
  return y;
}

std::vector<double> Workload::transpose_times(std::span<const double> y) const {
  if (y.size() != queries())
    throw Error("W^T y: y has " + std::to_string(y.size()) + " entries for " + std::to_string(queries()) + " queries");
  std::vector<double> diff(static_cast<std::size_t>(n) + 1, 0.0);
  for (std::size_t i = 0; i < queries(); ++i)
    for (const Run& r : row(i)) {
      diff[r.begin] += y[i];
      diff[r.end] -= y[i];
    }
  std::vector<double> z(n);
  double s = 0;
  for (std::uint32_t j = 0; j < n; ++j) z[j] = s += diff[j];
  return z;
}

std::vector<std::uint32_t> Workload::column_counts() const {
  std::vector<std::int64_t> diff(static_cast<std::size_t>(n) + 1, 0);
  for (const Run& r : runs) {
    ++diff[r.begin];
    --diff[r.end];
  }
  std::vector<std::uint32_t> c(n);
  std::int64_t s = 0;
  for (std::uint32_t j = 0; j < n; ++j) c[j] = static_cast<std::uint32_t>(s += diff[j]);
  return c;
}

std::uint32_t Workload::sensitivity() const {
  const auto c = column_counts();
  return c.empty() ? 0 : *std::max_element(c.begin(), c.end());
}

Workload Workload::rows(std::span<const std::uint32_t> which) const {
  Workload w;
  w.n = n;
  w.offsets.reserve(which.size() + 1);
  for (auto i : which) {
    const auto r = row(i);
    w.runs.insert(w.runs.end(), r.begin(), r.end());
    w.offsets.push_back(w.runs.size());
  }
  return w;
}

}  // namespace dplab::linear_queries
