#include "algorithms/baselines/haar.hpp"

#include <string>

#include "core/error.hpp"

namespace dplab::baselines {

int haar_levels(std::size_t n) {
  int m = 0;
  while ((std::size_t{1} << m) < n) ++m;
  return m;
}

void haar_forward(std::vector<double>& v, std::size_t first, std::size_t stride, int m, std::vector<double>& tmp) {
  std::size_t n = std::size_t{1} << m;
  tmp.resize(n);
  for (int pass = 0; pass < m; ++pass, n /= 2) {
    const std::size_t half = n / 2;
    for (std::size_t i = 0; i < half; ++i) {
      const double a = v[first + 2 * i * stride], b = v[first + (2 * i + 1) * stride];
      tmp[i] = a + b;
      tmp[half + i] = a - b;
    }
    for (std::size_t i = 0; i < n; ++i) v[first + i * stride] = tmp[i];
  }
}

void haar_inverse(std::vector<double>& v, std::size_t first, std::size_t stride, int m, std::vector<double>& tmp) {
  tmp.resize(std::size_t{1} << m);
  for (std::size_t n = 2; n <= (std::size_t{1} << m); n *= 2) {
    const std::size_t half = n / 2;
    for (std::size_t i = 0; i < half; ++i) {
      const double s = v[first + i * stride], d = v[first + (half + i) * stride];
      tmp[2 * i] = (s + d) / 2;
      tmp[2 * i + 1] = (s - d) / 2;
    }
    for (std::size_t i = 0; i < n; ++i) v[first + i * stride] = tmp[i];
  }
}

namespace {
int levels_of_power_of_two(std::size_t n, const char* what) {
  if (n == 0 || (n & (n - 1)) != 0)
    throw Error(std::string(what) + ": length " + std::to_string(n) + " is not a power of 2");
  return haar_levels(n);
}
}  // namespace

std::vector<double> haar_forward(std::span<const double> x) {
  const int m = levels_of_power_of_two(x.size(), "haar_forward");
  std::vector<double> y(x.begin(), x.end()), tmp;
  haar_forward(y, 0, 1, m, tmp);
  return y;
}

std::vector<double> haar_inverse(std::span<const double> y) {
  const int m = levels_of_power_of_two(y.size(), "haar_inverse");
  std::vector<double> x(y.begin(), y.end()), tmp;
  haar_inverse(x, 0, 1, m, tmp);
  return x;
}

}  // namespace dplab::baselines
