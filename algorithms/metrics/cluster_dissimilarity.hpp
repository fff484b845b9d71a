// Dissimilarities between a reference clustering and another one (wavecluster §6), as plain
// functions of label vectors, so that they apply to any clustering: label 0 is noise (points in
// non-significant cells, or cells that are not significant), clusters are any other values.
// The metric plugins (dsg_c.cpp, f_measure.cpp, ocm.cpp, two_ce.cpp, k_relative_error.cpp)
// apply them to a CellClusterings output.
#pragma once
#include <cstdint>
#include <span>

namespace dplab {

// DSG_C (§6.1) over the cells of one grid: the clusters of significant cells (label != 0) of
// `truth` and `found` are matched one-to-one by the Hungarian method minimising the total
// distance max(|Ci \ Cj|, |Cj \ Ci|); every cluster left unmatched (on either side: the side
// with more clusters) adds its size; the total is divided by the number of significant cells of
// `truth`. 0 for identical clusterings; NaN when `truth` has no significant cell.
double dsg_c(std::span<const std::int32_t> truth, std::span<const std::int32_t> found);

// F-measure against a reference (§7.3, "true WaveCluster results as the ground truth"): every
// reference class i, weighted by its share of the points, scores its best F1 over the found
// classes, F = sum_i |T_i| / N * max_j 2 |T_i ∩ F_j| / (|T_i| + |F_j|). A found class may be the
// best match of several reference classes (many-to-one), as the paper describes. Noise (label 0)
// is one more class on both sides, as the authors' code treats it in OCM and 2CE; with
// `noise_is_class` false, the reference's noise points are left out and noise in `found` matches
// no class (it only lowers recall). 1 for identical clusterings.
double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, bool noise_is_class = true);

// OCM (§6.2): 1 - CT / TT over the test points, where CT counts the points whose two predicted
// classes form a matched pair. Noise is matched to noise (the authors' code adds the points both
// classifiers call noise); the other classes are matched one-to-one by the Hungarian method
// maximising CT, as the paper defines it. 0 when the predictions agree up to renaming.
double ocm(std::span<const std::int32_t> truth, std::span<const std::int32_t> found);

// 2CE (§6.2): the fraction of the C(N, 2) pairs of test points on which the two predictions
// disagree about "same class" (noise is a class, as in the authors' code). Computed from the
// contingency table in O(N + classes^2), not by enumerating pairs. 0 when the predictions
// agree up to renaming.
double two_ce(std::span<const std::int32_t> truth, std::span<const std::int32_t> found);

}  // namespace dplab
