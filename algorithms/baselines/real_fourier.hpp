// The real Fourier basis of EFPA (Acs, Castelluccia and Chen, "Differentially private histogram
// publishing through lossy compression", ICDM 2012), made orthonormal: x of n cells ->
// c[0] = X_0 / sqrt(n), then for k = 1, 2, ... the real and imaginary parts of X_k sqrt(2/n)
// (k < n/2), and for even n last c[n-1] = X_{n/2} / sqrt(n), where X_k = sum_j x_j e^{-2 pi i jk/n}
// (scipy.fftpack.rfft's packing, frequencies in increasing order). Orthonormal: ||c||_2 = ||x||_2,
// so moving one record changes c by at most 1 in L2 (the sensitivity EFPA's analysis uses).
// Direct O(n^2) sums over a table of cosines (not an FFT, whose other order of additions would
// change the bits of every EFPA result); n = 4,096 costs about 17 M multiply-adds.
#pragma once
#include <span>
#include <vector>

namespace dplab::baselines {

std::vector<double> real_fourier_forward(std::span<const double> x);
// The inverse (= transpose): real_fourier_inverse(real_fourier_forward(x)) = x up to rounding.
std::vector<double> real_fourier_inverse(std::span<const double> c);

}  // namespace dplab::baselines
