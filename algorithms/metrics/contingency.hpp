// The contingency table of two labellings of the same items: counts[i][j] = number of items with
// the i-th distinct label of `a` and the j-th distinct label of `b` (labels in increasing
// order), with the row and column sums. Shared by the clustering dissimilarities.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab {

struct Contingency {
  std::vector<std::int32_t> row_label, col_label;  // distinct labels, increasing
  std::vector<std::vector<double>> count;          // rows x cols
  std::vector<double> row_sum, col_sum;
  double total = 0;
  // Index of label 0 among the rows / columns, or -1.
  int row_of(std::int32_t label) const;
  int col_of(std::int32_t label) const;
};

Contingency contingency(std::span<const std::int32_t> a, std::span<const std::int32_t> b);

}  // namespace dplab
