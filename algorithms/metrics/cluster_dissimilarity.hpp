// Dissimilarities between a reference clustering and another one (wavecluster §6), as plain
// functions of label vectors, so that they apply to any clustering: label 0 is noise (points in
// non-significant cells, or cells that are not significant), clusters are any other values.
// The metric plugins (dsg_c.cpp, f_measure.cpp, ocm.cpp, two_ce.cpp, k_relative_error.cpp)
// apply them to a CellClusterings output.
#pragma once
#include <cstdint>
#include <span>

namespace dplab {

// How DSG_C chooses its one-to-one matching (every cluster of the side with fewer clusters is
// matched; the clusters left over on the other side add their sizes to M_cost either way):
//   Code:  the Hungarian method minimises the distances of the matched pairs only, then the
//          leftover sizes are added (the authors' Dissimilarity2.java, lchen10/DiffPrivWaveCluster).
//   Paper: the matching minimises the whole M_cost of §6.1, pair distances plus leftover sizes
//          ("the optimal matching with the minimum M_cost").
// They differ when leaving a large cluster unmatched costs more than the pair distance saved.
enum class DsgMatching { Code, Paper };

// DSG_C (§6.1) over the cells of one grid: the clusters of significant cells (label != 0) of
// `truth` and `found` are matched one-to-one by the Hungarian method (distance
// max(|Ci \ Cj|, |Cj \ Ci|), objective per `matching`); every cluster left unmatched (on the side
// with more clusters: the paper's formula covers more true than private clusters, the authors'
// code either side) adds its size; the total is divided by the number of significant cells of
// `truth`. 0 for identical clusterings; NaN when `truth` has no significant cell.
double dsg_c(std::span<const std::int32_t> truth, std::span<const std::int32_t> found,
             DsgMatching matching = DsgMatching::Code);

// F-measure against a reference (§7.3, "true WaveCluster results as the ground truth"): every
// reference class i, weighted by its share of the points, scores its best F1 over the found
// classes, F = sum_i |T_i| / N * max_j 2 |T_i ∩ F_j| / (|T_i| + |F_j|). A found class may be the
// best match of several reference classes (many-to-one), as the paper describes. Noise (label 0)
// is one more class on both sides, as the authors' code treats it in OCM and 2CE; with
// `noise_is_class` false, the reference's noise points are left out and noise in `found` matches
// no class (it only lowers recall). 1 for identical clusterings.
double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, bool noise_is_class = true);

// The F-measures of the evaluation suite the paper cites for F-measure ([2], Achtert et al.,
// ICDE 2012: ELKI's EvaluateClustering, the reference clustering first; noise is one more
// class). None is the paper's own: it gives no formula and its code does not compute one.
//   BestMatch:    f_measure above (each reference class's best F1, weighted by its size).
//   SetMatching:  the harmonic mean of purity sum_i max_j n_ij / N and inverse purity
//                 sum_j max_i n_ij / N ("SM-F1"): a merge costs only the smaller side of it.
//   PairCounting: 2 a / (pairs together in truth + pairs together in found), a = pairs
//                 together in both ("Pair-F1", without self-pairs).
//   BCubed:       the harmonic mean of the mean over points of |C(p) ∩ K(p)| / |K(p)| and of
//                 |C(p) ∩ K(p)| / |C(p)| ("BCubed-F1").
enum class FDefinition { BestMatch, SetMatching, PairCounting, BCubed };
double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, FDefinition definition);

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
