// The Haar wavelet of Privelet (Xiao, Wang and Gehrke, "Differential privacy via wavelet
// transforms", ICDE 2010), unnormalised as DPBench's code has it (privelet.py _wave):
// x of 2^m cells -> one total then, for each level from the finest, the differences
// (sum of the left half - sum of the right half) of every node. A record changes the total and one
// difference per level by 1: L1 sensitivity m + 1, so Laplace((m + 1)/eps) on every coefficient.
// This equals Xiao et al.'s normalised coefficients (half-differences of means) with their noise
// Lap(lambda / W(c)), W(c) = the node's number of cells, lambda = (m + 1)/eps: a coefficient of
// a node of 2^k cells is our difference / 2^k and its noise our noise / 2^k.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::baselines {

// Coefficients of x (size 2^m): y[0] = total, then the differences of the coarsest level (1),
// the next (2), ..., the finest (2^(m-1)): y[2^j + i] = node i of level j's left sum - right sum.
std::vector<double> haar_forward(std::span<const double> x);
// The inverse: haar_inverse(haar_forward(x)) = x (exactly, for integer x of moderate size).
std::vector<double> haar_inverse(std::span<const double> y);

}  // namespace dplab::baselines
