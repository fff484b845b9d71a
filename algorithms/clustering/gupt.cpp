#include "algorithms/clustering/gupt.hpp"

#include <algorithm>
#include <cmath>

#include "algorithms/clustering/lloyd.hpp"
#include "core/samplers.hpp"

namespace dplab::clustering {

std::size_t gupt_blocks(std::size_t n, double block_exponent) {
  return std::max<std::size_t>(1, static_cast<std::size_t>(std::floor(std::pow(static_cast<double>(n), block_exponent))));
}

std::vector<double> gupt_kmeans(const PointSet& data, std::size_t k, double eps, const GuptOptions& opt, Stream& stream,
                                Mechanisms& noise, Accumulators& acc, std::vector<double>& scratch) {
  const std::size_t n = data.n, d = data.d, blocks = gupt_blocks(n, opt.block_exponent);
  const std::vector<std::size_t> order = sample_permutation(stream, n);
  std::vector<double> total(k * d, 0.0);
  PointSet block;
  block.d = d;
  std::vector<std::int32_t> previous;
  std::vector<std::size_t> rank(k);
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t from = b * n / blocks, to = (b + 1) * n / blocks;
    block.n = to - from;
    block.x.resize(block.n * d);
    for (std::size_t i = from; i < to; ++i)
      std::copy(data.row(order[i]), data.row(order[i]) + d, block.x.begin() + static_cast<std::ptrdiff_t>((i - from) * d));
    std::vector<double> c;
    try {
      c = sample_data_points(stream, block, k);
    } catch (const Error&) {  // a block with fewer than k distinct points starts from uniform centroids
      c = uniform_centroids(stream, k, d, opt.box);
    }
    lloyd_until_stable(block, k, c, opt.max_iterations, acc, scratch, previous);
    for (std::size_t i = 0; i < k; ++i) rank[i] = i;
    std::sort(rank.begin(), rank.end(), [&](std::size_t x, std::size_t y) {
      return std::lexicographical_compare(c.begin() + static_cast<std::ptrdiff_t>(x * d),
                                          c.begin() + static_cast<std::ptrdiff_t>((x + 1) * d),
                                          c.begin() + static_cast<std::ptrdiff_t>(y * d),
                                          c.begin() + static_cast<std::ptrdiff_t>((y + 1) * d));
    });
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < d; ++j)
        total[i * d + j] += std::clamp(c[rank[i] * d + j], opt.box.lo, opt.box.hi);
  }
  for (double& v : total) v /= static_cast<double>(blocks);
  const double width = opt.box.hi - opt.box.lo;
  noise.laplace(total, static_cast<double>(k * d) * width / static_cast<double>(blocks), eps,
                "GUPT noisy average of the blocks' centroids");
  for (double& v : total) v = std::clamp(v, opt.box.lo, opt.box.hi);
  return total;
}

}  // namespace dplab::clustering
