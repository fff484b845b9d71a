// GUPT for k-means (Mohan, Thakurta, Shi, Song, Culler, SIGMOD 2012), the GUPT baseline of
// lu_thesis §7.6: sample and aggregate. "GUPT uniformly samples items from an input dataset to
// different buckets, where the local clustering results of each bucket are produced by Lloyd's
// algorithm. The final clustering result is the mean of local results with Laplace noise
// injected" (§3.4).
//
//   the points are split uniformly at random into l = max(1, floor(n^block_exponent)) disjoint
//     blocks of near-equal size;
//   each block runs Lloyd's algorithm to convergence from k distinct points of its own, drawn
//     uniformly (it cannot share the trial's initial centroids, §7.6.1);
//   each block's k centroids are put in lexicographic order, a data-independent rule that lines
//     up the blocks' clusters before averaging (the centroids of one block carry no order);
//   the l outputs, each in the box, are averaged, and every coordinate gets Laplace noise: one
//     point changes one block's output, hence the average by at most (hi - lo)/l in each of its
//     k d coordinates, an L1 sensitivity of k d (hi - lo) / l (one charge of eps);
//   the noisy centroids are clamped to the box.
#pragma once
#include <vector>

#include "algorithms/clustering/assign.hpp"
#include "algorithms/clustering/init.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::clustering {

struct GuptOptions {
  double block_exponent = 0.4;
  int max_iterations = 100000;
  Box box{0, 1};
};

std::size_t gupt_blocks(std::size_t n, double block_exponent);

std::vector<double> gupt_kmeans(const PointSet& data, std::size_t k, double eps, const GuptOptions& opt, Stream& stream,
                                Mechanisms& noise, Accumulators& acc, std::vector<double>& scratch);

}  // namespace dplab::clustering
