#include "algorithms/baselines/haar.hpp"

#include "core/error.hpp"

namespace dplab::baselines {

namespace {
void check_power_of_two(std::size_t n, const char* what) {
  if (n == 0 || (n & (n - 1)) != 0)
    throw Error(std::string(what) + ": length " + std::to_string(n) + " is not a power of 2");
}
}  // namespace

std::vector<double> haar_forward(std::span<const double> x) {
  check_power_of_two(x.size(), "haar_forward");
  std::vector<double> y(x.begin(), x.end()), tmp(x.size());
  // Each pass turns the first n sums into n/2 pair sums followed by n/2 pair differences.
  for (std::size_t n = x.size(); n > 1; n /= 2) {
    for (std::size_t i = 0; i < n / 2; ++i) {
      tmp[i] = y[2 * i] + y[2 * i + 1];
      tmp[n / 2 + i] = y[2 * i] - y[2 * i + 1];
    }
    std::copy(tmp.begin(), tmp.begin() + static_cast<std::ptrdiff_t>(n), y.begin());
  }
  return y;
}

std::vector<double> haar_inverse(std::span<const double> y) {
  check_power_of_two(y.size(), "haar_inverse");
  std::vector<double> x(y.begin(), y.end()), tmp(y.size());
  for (std::size_t n = 2; n <= y.size(); n *= 2) {
    for (std::size_t i = 0; i < n / 2; ++i) {
      tmp[2 * i] = (x[i] + x[n / 2 + i]) / 2;
      tmp[2 * i + 1] = (x[i] - x[n / 2 + i]) / 2;
    }
    std::copy(tmp.begin(), tmp.begin() + static_cast<std::ptrdiff_t>(n), x.begin());
  }
  return x;
}

}  // namespace dplab::baselines
