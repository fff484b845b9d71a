#include "algorithms/baselines/real_fourier.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace dplab::baselines {

namespace {

// The orthonormal real Fourier basis B (c = B x, x = B^T c), row r at cell j:
//   r = 0                -> inv = 1/sqrt(n)
//   r = 2k - 1 (k >= 1)  -> two cos(2 pi jk/n),  two = sqrt(2) inv
//   r = 2k               -> -two sin(2 pi jk/n)
//   r = n - 1, n even    -> (-1)^j inv
// with cos and sin read from tables at (jk) mod n, which for a fixed k advances by k per cell
// (kept by addition rather than a division per entry). Every entry is the same product, and
// every sum is taken in the same order (cells j ascending for c_r, rows r ascending for x_j),
// as the direct loops over basis(r, j) that this replaced: the same bits
// (tests/test_dpbench_1d.cpp compares them).
struct Basis {
  std::size_t n;
  double inv, two;
  std::vector<double> cos, sin;

  explicit Basis(std::size_t size) : n(size), cos(size), sin(size) {
    inv = 1.0 / std::sqrt(static_cast<double>(n));
    two = std::sqrt(2.0) * inv;
    for (std::size_t i = 0; i < n; ++i) {
      const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
      cos[i] = std::cos(a);
      sin[i] = std::sin(a);
    }
  }
  // The rows 2k - 1, 2k come in pairs for k = 1 .. pairs(); row n - 1 of an even n is the last.
  std::size_t pairs() const { return (n - 1) / 2; }
  double alternating(std::size_t j) const { return j % 2 == 0 ? inv : -inv; }
};

// c_{2k-1} and c_{2k} for the G frequencies k0 .. k0 + G - 1 at once: 2G independent sums (one
// sum alone waits on each addition in turn).
template <std::size_t G>
void forward_pairs(const Basis& b, std::span<const double> x, std::size_t k0, std::vector<double>& c) {
  std::array<std::size_t, G> idx{}, step{};
  std::array<double, G> re{}, im{};
  for (std::size_t l = 0; l < G; ++l) step[l] = k0 + l;
  for (std::size_t j = 0; j < b.n; ++j) {
    for (std::size_t l = 0; l < G; ++l) {
      const double bc = b.two * b.cos[idx[l]], bs = -b.two * b.sin[idx[l]];
      re[l] += bc * x[j];
      im[l] += bs * x[j];
      idx[l] += step[l];
      if (idx[l] >= b.n) idx[l] -= b.n;
    }
  }
  for (std::size_t l = 0; l < G; ++l) {
    c[2 * (k0 + l) - 1] = re[l];
    c[2 * (k0 + l)] = im[l];
  }
}

}  // namespace

std::vector<double> real_fourier_forward(std::span<const double> x) {
  const std::size_t n = x.size();
  std::vector<double> c(n, 0.0);
  if (n == 0) return c;
  const Basis b(n);
  double s = 0;
  for (std::size_t j = 0; j < n; ++j) s += b.inv * x[j];
  c[0] = s;
  std::size_t k = 1;
  for (; k + 4 <= b.pairs() + 1; k += 4) forward_pairs<4>(b, x, k, c);
  for (; k <= b.pairs(); ++k) forward_pairs<1>(b, x, k, c);
  if (n % 2 == 0 && n > 1) {
    s = 0;
    for (std::size_t j = 0; j < n; ++j) s += b.alternating(j) * x[j];
    c[n - 1] = s;
  }
  return c;
}

std::vector<double> real_fourier_inverse(std::span<const double> c) {
  const std::size_t n = c.size();
  std::vector<double> x(n, 0.0);
  if (n == 0) return x;
  const Basis b(n);
  for (std::size_t r = 0; r < n; ++r) {
    if (c[r] == 0) continue;  // EFPA zeroes most coefficients
    if (r == 0) {
      for (std::size_t j = 0; j < n; ++j) x[j] += b.inv * c[r];
    } else if (n % 2 == 0 && r == n - 1) {
      for (std::size_t j = 0; j < n; ++j) x[j] += b.alternating(j) * c[r];
    } else {
      // Row 2k - 1: two cos; row 2k: -two sin (the same products as the forward sums').
      const std::size_t k = (r + 1) / 2;
      const double* table = r % 2 == 1 ? b.cos.data() : b.sin.data();
      const double factor = r % 2 == 1 ? b.two : -b.two;
      for (std::size_t j = 0, idx = 0; j < n; ++j) {
        x[j] += factor * table[idx] * c[r];
        idx += k;
        if (idx >= n) idx -= n;
      }
    }
  }
  return x;
}

}  // namespace dplab::baselines
