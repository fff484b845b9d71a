// The Kuhn-Munkres (Hungarian) algorithm for rectangular assignment problems, O(r^2 c) for
// an r x c matrix with r <= c (Jonker-Volgenant style shortest augmenting paths with
// potentials). Used to match found clusters to true clusters (budget_series eq. 39,
// wavecluster DSG_C).
#pragma once
#include <vector>

namespace dplab {

// Minimises sum cost[i][assign[i]] over assignments of every row to a distinct column
// (rows <= columns required; transpose otherwise). Returns assign (size rows).
std::vector<int> hungarian_min(const std::vector<std::vector<double>>& cost);

// Maximises sum weight[i][j] over matchings of rows to columns of any shape: the result has
// one entry per row, the matched column or -1 when rows > columns leaves it unmatched.
std::vector<int> hungarian_max(const std::vector<std::vector<double>>& weight);

}  // namespace dplab
