// Weighted F1 of a clustering against ground-truth labels (budget_series eq. 38-39): found
// clusters are matched one-to-one to true clusters by the Kuhn-Munkres algorithm maximising
// the total overlap; true cluster i scores F1_i = 2 P R / (P + R) with its match (0 when it
// has none or they share no point), weighted by |O_i| / |D|. Works when the numbers of found
// and true clusters differ.
#pragma once
#include <cstdint>
#include <vector>

namespace dplab {

double weighted_f1(const std::vector<std::int32_t>& truth, const std::vector<std::int32_t>& found);

// NIVC, eq. 40: (1/|D|) sum over found clusters of the squared distances of their points to the
// cluster's mean (x is n x d row-major).
double nivc(const std::vector<double>& x, std::size_t d, const std::vector<std::int32_t>& found);

}  // namespace dplab
