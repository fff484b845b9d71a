#include "algorithms/metrics/hungarian.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"

namespace dplab {

std::vector<int> hungarian_min(const std::vector<std::vector<double>>& cost) {
  const int n = static_cast<int>(cost.size());
  if (n == 0) return {};
  const int m = static_cast<int>(cost[0].size());
  if (n > m) throw Error("hungarian_min: more rows than columns; transpose the matrix");
  for (const auto& row : cost)
    if (static_cast<int>(row.size()) != m) throw Error("hungarian_min: ragged cost matrix");
  const double inf = std::numeric_limits<double>::infinity();
  // 1-based potentials u (rows), v (columns); p[j] = row matched to column j; way[j] = previous
  // column on the augmenting path.
  std::vector<double> u(n + 1, 0), v(m + 1, 0);
  std::vector<int> p(m + 1, 0), way(m + 1, 0);
  for (int i = 1; i <= n; ++i) {
    p[0] = i;
    int j0 = 0;
    std::vector<double> minv(m + 1, inf);
    std::vector<char> used(m + 1, false);
    do {
      used[j0] = true;
      const int i0 = p[j0];
      double delta = inf;
      int j1 = 0;
      for (int j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const double cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) { minv[j] = cur; way[j] = j0; }
        if (minv[j] < delta) { delta = minv[j]; j1 = j; }
      }
      for (int j = 0; j <= m; ++j) {
        if (used[j]) { u[p[j]] += delta; v[j] -= delta; }
        else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const int j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<int> assign(n, -1);
  for (int j = 1; j <= m; ++j)
    if (p[j] != 0) assign[p[j] - 1] = j - 1;
  return assign;
}

std::vector<int> hungarian_max(const std::vector<std::vector<double>>& weight) {
  const std::size_t rows = weight.size();
  if (rows == 0) return {};
  const std::size_t cols = weight[0].size();
  double top = 0;
  for (const auto& r : weight)
    for (double w : r) top = std::max(top, w);
  if (rows <= cols) {
    std::vector<std::vector<double>> cost(rows, std::vector<double>(cols));
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) cost[i][j] = top - weight[i][j];
    return hungarian_min(cost);
  }
  // More rows than columns: match columns to rows, then invert.
  std::vector<std::vector<double>> cost(cols, std::vector<double>(rows));
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) cost[j][i] = top - weight[i][j];
  std::vector<int> col_to_row = hungarian_min(cost);
  std::vector<int> assign(rows, -1);
  for (std::size_t j = 0; j < cols; ++j) assign[static_cast<std::size_t>(col_to_row[j])] = static_cast<int>(j);
  return assign;
}

}  // namespace dplab
