#include "algorithms/workload_division/workload.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab::wd {

void Workload::add_row(std::span<const std::uint32_t> cells) {
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (cells[k] >= n) throw Error("workload query counts cell " + std::to_string(cells[k]) +
                                   " outside the domain of size " + std::to_string(n));
    if (k && cells[k] <= cells[k - 1]) throw Error("workload query cells must be sorted and distinct");
  }
  cols.insert(cols.end(), cells.begin(), cells.end());
  offsets.push_back(cols.size());
}

std::vector<double> Workload::answer(std::span<const double> x) const {
  std::vector<double> y(queries());
  for (std::size_t i = 0; i < y.size(); ++i) {
    double s = 0;
    for (auto c : row(i)) s += x[c];
    y[i] = s;
  }
  return y;
}

std::vector<double> Workload::transpose_times(std::span<const double> y) const {
  std::vector<double> z(n, 0.0);
  for (std::size_t i = 0; i < queries(); ++i)
    for (auto c : row(i)) z[c] += y[i];
  return z;
}

std::vector<std::uint32_t> Workload::column_counts() const {
  std::vector<std::uint32_t> c(n, 0);
  for (auto j : cols) ++c[j];
  return c;
}

std::uint32_t Workload::sensitivity() const {
  auto c = column_counts();
  return c.empty() ? 0 : *std::max_element(c.begin(), c.end());
}

Workload Workload::rows(std::span<const std::uint32_t> which) const {
  Workload w;
  w.n = n;
  for (auto i : which) {
    auto r = row(i);
    w.cols.insert(w.cols.end(), r.begin(), r.end());
    w.offsets.push_back(w.cols.size());
  }
  return w;
}

}  // namespace dplab::wd
