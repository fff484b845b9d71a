// A workload of linear counting queries (workload_division Definition 2): an m x n 0/1 matrix
// W stored as compressed sparse rows, row i listing the (sorted, distinct) domain cells that
// query i counts. The answer to W on a count vector x is W x.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::wd {

struct Workload {
  std::uint32_t n = 0;                       // domain size (length of x)
  std::vector<std::uint64_t> offsets{0};     // m + 1 row starts into `cols`
  std::vector<std::uint32_t> cols;           // cells of every row, row after row

  std::size_t queries() const { return offsets.size() - 1; }
  std::span<const std::uint32_t> row(std::size_t i) const {
    return {cols.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
  }
  // Appends a query counting `cells` (sorted, distinct, each < n).
  void add_row(std::span<const std::uint32_t> cells);

  // W x.
  std::vector<double> answer(std::span<const double> x) const;
  // W^T y (length n).
  std::vector<double> transpose_times(std::span<const double> y) const;
  // How many queries count each cell: the column L1 norms of W.
  std::vector<std::uint32_t> column_counts() const;
  // Delta_W = max column L1 norm (workload_division Definition 3): the L1 sensitivity of W x
  // when one record moves one cell of x by 1.
  std::uint32_t sensitivity() const;
  // The sub-workload made of the given rows, in that order.
  Workload rows(std::span<const std::uint32_t> which) const;
};

}  // namespace dplab::wd
