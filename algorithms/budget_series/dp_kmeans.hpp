// Differentially private k-means, budget_series Algorithm 1: in each of the N iterations the
// points are assigned to the nearest centroid, then every cluster gets a noisy count and a
// noisy coordinate sum, and its new centroid is noisy sum / noisy count. Iteration i spends
// eps_i (from an allocation strategy), half on the counts and half on the sums.
//
// Sensitivities, with the data in [-1, 1]^d (sensitivity normalisation, §5.2.1) and the
// add/remove neighbour relation of Definition 1: one point changes one cluster's count by 1,
// so the k counts together have L1 sensitivity 1; it changes one cluster's sum vector by at
// most d in L1, so the k sum vectors together have L1 sensitivity d. The clusters partition
// the data, so each of the two releases is one charge covering all clusters (parallel
// composition). The paper normalises "the" sum query to sensitivity 1 per dimension; charging
// a d-dimensional sum at sensitivity 1 would spend d times the budget it declares, so we use
// d (the noise per coordinate is Lap(2d / eps_i)).
//
// A cluster whose noisy count is below 1 keeps its previous centroid (the paper does not say;
// dividing by a count near zero or negative would throw the centroid far outside the data),
// and centroids are clamped to the public domain [-1, 1]^d.
#pragma once
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"
#include "core/rng.hpp"

namespace dplab::budget_series {

// k centroids uniform in [-1, 1]^d: data-independent, so they cost no budget.
std::vector<double> uniform_centroids(Stream& stream, std::size_t k, std::size_t d);

// Throws unless every coordinate lies in [-1, 1] (what the sensitivities above assume).
void require_unit_box(const PointSet& data, const char* algorithm);

// Runs len(budgets) noisy iterations from `centroids` (k x d, updated in place). The sums are
// released at L1 sensitivity d unless `paper_sums`: the paper's sensitivity 1, which is NOT
// eps-DP for d > 1 (a point moves a sum by d; `dplab audit` finds it, README).
void dp_kmeans(const PointSet& data, std::size_t k, const std::vector<double>& budgets,
               std::vector<double>& centroids, Mechanisms& noise, clustering::Accumulators& acc,
               std::vector<double>& scratch, bool paper_sums = false);

}  // namespace dplab::budget_series
