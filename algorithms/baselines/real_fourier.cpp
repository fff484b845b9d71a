#include "algorithms/baselines/real_fourier.hpp"

#include <cmath>
#include <numbers>

namespace dplab::baselines {

namespace {

// Basis vector r of the orthonormal real Fourier basis at cell j, for all r and j: the matrix B
// with c = B x and x = B^T c. Row r: 0 -> 1/sqrt(n); 2k-1 -> sqrt(2/n) cos(2 pi jk/n);
// 2k -> -sqrt(2/n) sin(2 pi jk/n); n-1 for even n -> (-1)^j / sqrt(n).
struct Tables {
  std::vector<double> cos, sin;
};

double basis(std::size_t r, std::size_t j, std::size_t n, const Tables& t) {
  const double inv = 1.0 / std::sqrt(static_cast<double>(n)), two = std::sqrt(2.0) * inv;
  if (r == 0) return inv;
  if (n % 2 == 0 && r == n - 1) return (j % 2 == 0) ? inv : -inv;
  const std::size_t k = (r + 1) / 2, idx = (j * k) % n;
  return r % 2 == 1 ? two * t.cos[idx] : -two * t.sin[idx];
}

Tables tables(std::size_t n) {
  Tables t{std::vector<double>(n), std::vector<double>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
    t.cos[i] = std::cos(a);
    t.sin[i] = std::sin(a);
  }
  return t;
}

}  // namespace

std::vector<double> real_fourier_forward(std::span<const double> x) {
  const std::size_t n = x.size();
  const Tables ct = tables(n);
  std::vector<double> c(n, 0.0);
  for (std::size_t r = 0; r < n; ++r) {
    double s = 0;
    for (std::size_t j = 0; j < n; ++j) s += basis(r, j, n, ct) * x[j];
    c[r] = s;
  }
  return c;
}

std::vector<double> real_fourier_inverse(std::span<const double> c) {
  const std::size_t n = c.size();
  const Tables ct = tables(n);
  std::vector<double> x(n, 0.0);
  for (std::size_t r = 0; r < n; ++r) {
    if (c[r] == 0) continue;  // EFPA zeroes most coefficients
    for (std::size_t j = 0; j < n; ++j) x[j] += basis(r, j, n, ct) * c[r];
  }
  return x;
}

}  // namespace dplab::baselines
