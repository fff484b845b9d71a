// Weighted F1 of a clustering against ground-truth labels (budget_series eq. 38-39): found
// clusters are matched one-to-one to true clusters by the Kuhn-Munkres algorithm maximising
// the total overlap; true cluster i scores F1_i = 2 P R / (P + R) with its match (0 when it
// has none or they share no point), weighted by |O_i| / |D|. Works when the numbers of found
// and true clusters differ.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace dplab {

double weighted_f1(const std::vector<std::int32_t>& truth, const std::vector<std::int32_t>& found);

// The readings of §7.2.1's F1 (issue 32: the paper gives eq. 38-39 and names Kuhn-Munkres, but
// not how clusters without a partner or several partners count):
//   KuhnMunkres:  weighted_f1 above: eq. 39 as printed (weights |O_i| / |D| of the true
//                 clusters) with the one-to-one Kuhn-Munkres map the text names.
//   BestMatch:    each true cluster O_i scored by its best F1 over the found clusters (several
//                 true clusters may share one found cluster), weighted by |O_i| / |D|.
//   FoundWeighted: the sentence before eq. 39 ("k clusters after partition ... of different
//                 sizes, we consider giving them weights according to their size"): each found
//                 cluster C_j scored by its best F1 over the true clusters ("map each noisy
//                 cluster C^i to its corresponding true cluster O^j"), weighted by |C_j| / |D|.
// All three are 1 for a clustering equal to the truth up to renaming.
enum class F1Definition { KuhnMunkres, BestMatch, FoundWeighted };
F1Definition parse_f1_definition(const std::string& text);
double weighted_f1(const std::vector<std::int32_t>& truth, const std::vector<std::int32_t>& found,
                   F1Definition definition);

// NIVC, eq. 40: (1/|D|) sum over found clusters of the squared distances of their points to the
// cluster's mean (x is n x d row-major).
double nivc(const std::vector<double>& x, std::size_t d, const std::vector<std::int32_t>& found);

}  // namespace dplab
