// A workload of linear counting queries (workload_division Definition 2; DPBench's workloads):
// an m x n 0/1 matrix W, answered on a count vector x as W x.
//
// Each row is stored as its maximal runs of consecutive cells [begin, end), compressed row by
// row (offsets into one array of runs). A range query is one run, so a RandomRange workload of
// m queries takes O(m) memory whatever the widths, and W x costs O(n + runs) through the prefix
// sums of x (DPBench answers its range workloads the same way); any 0/1 query works (a row of
// k scattered cells is k runs).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::linear_queries {

// Cells [begin, end).
struct Run {
  std::uint32_t begin = 0, end = 0;
  std::uint32_t size() const { return end - begin; }
};

// p[0] = 0, p[i + 1] = v[0] + ... + v[i]: a run's sum is p[end] - p[begin]. `p` is resized.
void prefix_sums(std::span<const double> v, std::vector<double>& p);

struct Workload {
  std::uint32_t n = 0;                    // domain size (length of x)
  std::vector<std::uint64_t> offsets{0};  // m + 1 row starts into `runs`
  std::vector<Run> runs;                  // every row's runs, ascending and non-adjacent

  std::size_t queries() const { return offsets.size() - 1; }
  std::span<const Run> row(std::size_t i) const {
    return {runs.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
  }
  // Number of cells query i counts.
  std::uint64_t row_size(std::size_t i) const;
  // Number of nonzero entries of W (cells over all queries).
  std::uint64_t nonzeros() const;
  // Whether query i counts `cell` (binary search over its runs).
  bool counts(std::size_t i, std::uint32_t cell) const;
  // The cells of query i, ascending.
  std::vector<std::uint32_t> cells(std::size_t i) const;

  // Appends a query counting `cells` (sorted, distinct, each < n).
  void add_row(std::span<const std::uint32_t> cells);
  // Appends the range query counting cells [begin, end) (begin < end <= n).
  void add_range(std::uint32_t begin, std::uint32_t end);

  // W x through the prefix sums of x: O(n + runs). The second form reuses `prefix` and `y`.
  std::vector<double> answer(std::span<const double> x) const;
  void answer(std::span<const double> x, std::vector<double>& prefix, std::vector<double>& y) const;
  // W^T y (length n), by a difference array: O(n + runs).
  std::vector<double> transpose_times(std::span<const double> y) const;
  // How many queries count each cell (the column L1 norms of W): O(n + runs).
  std::vector<std::uint32_t> column_counts() const;
  // Delta_W = max column L1 norm (workload_division Definition 3): the L1 sensitivity of W x
  // when one record moves one cell of x by 1.
  std::uint32_t sensitivity() const;
  // The sub-workload made of the given rows, in that order.
  Workload rows(std::span<const std::uint32_t> which) const;
};

}  // namespace dplab::linear_queries
