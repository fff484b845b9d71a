// The unnormalised Haar transform of Privelet (Xiao, Wang, Gehrke, "Differential privacy via
// wavelet transforms", ICDE 2010 / TKDE 2011), as DPBench computes it (dpcomp_core privelet.py,
// privelet2D.py): on 2^m values, m passes, each replacing the first n values by their pairwise
// sums then their pairwise differences, (a0 + a1, a2 + a3, ..., a0 - a1, a2 - a3, ...), n halving.
// The result is one total then, for each level from the coarsest, the differences (sum of the
// left half - sum of the right half) of every node: y[2^j + i] is node i of level j.
// Every value enters exactly m + 1 coefficients, each with weight +-1, so the L1 sensitivity of
// the coefficients to one count is m + 1. Uniform Laplace((m + 1) / eps) noise on these
// coefficients is Xiao et al.'s Privelet: their coefficient of a node of 2^k cells times 2^k is
// ours, and their noise Lap(lambda / W) with W = 2^k becomes Lap(lambda) here. In 2-D the
// transform runs along rows, then along columns: (m1 + 1)(m2 + 1) coefficients per count.
#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace dplab::baselines {

// In place on the 2^m values v[first + i * stride], i < 2^m. `tmp` is scratch.
void haar_forward(std::vector<double>& v, std::size_t first, std::size_t stride, int m, std::vector<double>& tmp);
// Its inverse: a_{2i} = (s_i + d_i) / 2, a_{2i+1} = (s_i - d_i) / 2, n doubling.
void haar_inverse(std::vector<double>& v, std::size_t first, std::size_t stride, int m, std::vector<double>& tmp);

// Least m with 2^m >= n.
int haar_levels(std::size_t n);

// The 1-D transform of a whole vector, whose length must be a power of 2 (an Error otherwise).
std::vector<double> haar_forward(std::span<const double> x);
// The inverse: haar_inverse(haar_forward(x)) = x (exactly, for integer x of moderate size).
std::vector<double> haar_inverse(std::span<const double> y);

}  // namespace dplab::baselines
