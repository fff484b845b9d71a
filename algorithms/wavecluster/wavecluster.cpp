#include "algorithms/wavecluster/wavecluster.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dplab::wavecluster {

PercentileRule percentile_rule(const std::string& name) {
  if (name == "weibull") return PercentileRule::Weibull;
  if (name == "hazen") return PercentileRule::Hazen;
  if (name == "linear") return PercentileRule::Linear;
  throw Error("unknown percentile rule '" + name + "' (allowed: weibull, hazen, linear)");
}

double percentile(std::span<const double> sorted, double p, PercentileRule rule) {
  const std::size_t n = sorted.size();
  if (n == 0) throw Error("percentile of an empty list");
  if (!(p >= 0 && p <= 100)) throw Error("percentile p must be in [0, 100]");
  double pos = 0;  // 1-based
  switch (rule) {
    case PercentileRule::Weibull: pos = p * double(n + 1) / 100; break;
    case PercentileRule::Hazen: pos = double(n) * p / 100 + 0.5; break;
    case PercentileRule::Linear: pos = 1 + double(n - 1) * p / 100; break;
  }
  if (pos <= 1) return sorted.front();
  if (pos >= double(n)) return sorted.back();
  const double whole = std::floor(pos);
  const auto i = static_cast<std::size_t>(whole);  // sorted[i - 1] and sorted[i]
  return sorted[i - 1] + (pos - whole) * (sorted[i] - sorted[i - 1]);
}

std::vector<double> quantise(const PointSet& points, const CellGrid& grid, std::span<const std::uint32_t> rows) {
  if (points.d != 2) throw Error("WaveCluster here clusters 2-D points; the dataset has " + std::to_string(points.d));
  std::vector<double> m(grid.cells(), 0.0);
  const std::size_t n = rows.empty() ? points.n : rows.size();
  for (std::size_t k = 0; k < n; ++k) {
    const double* p = points.row(rows.empty() ? k : rows[k]);
    m[grid.cell(p[0], p[1])] += 1;
  }
  return m;
}

std::vector<double> haar_approximation(std::span<const double> m, std::size_t g) {
  if (g < 2 || g % 2 || m.size() != g * g)
    throw Error("Haar level 1 needs an even g x g grid (g = " + std::to_string(g) + ", " + std::to_string(m.size()) + " cells)");
  const std::size_t h = g / 2;
  std::vector<double> w(h * h);
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < h; ++j) {
      const std::size_t a = 2 * i * g + 2 * j, b = a + g;
      w[i * h + j] = (m[a] + m[a + 1] + m[b] + m[b + 1]) / 2;
    }
  return w;
}

std::vector<std::int32_t> connected_components(std::span<const std::uint8_t> mask, std::size_t nx, std::size_t ny,
                                               int connectivity, std::int32_t* count) {
  if (connectivity != 4 && connectivity != 8) throw Error("connectivity must be 4 or 8");
  if (mask.size() != nx * ny) throw Error("connected components: the mask does not match the grid");
  std::vector<std::int32_t> label(mask.size(), 0);
  std::vector<std::size_t> stack;
  std::int32_t next = 0;
  for (std::size_t start = 0; start < mask.size(); ++start) {
    if (!mask[start] || label[start]) continue;
    label[start] = ++next;
    stack.push_back(start);
    while (!stack.empty()) {
      const std::size_t c = stack.back();
      stack.pop_back();
      const auto i = static_cast<long>(c / ny), j = static_cast<long>(c % ny);
      for (long di = -1; di <= 1; ++di)
        for (long dj = -1; dj <= 1; ++dj) {
          if ((di == 0 && dj == 0) || (connectivity == 4 && di != 0 && dj != 0)) continue;
          const long a = i + di, b = j + dj;
          if (a < 0 || b < 0 || a >= static_cast<long>(nx) || b >= static_cast<long>(ny)) continue;
          const auto d = static_cast<std::size_t>(a) * ny + static_cast<std::size_t>(b);
          if (mask[d] && !label[d]) {
            label[d] = next;
            stack.push_back(d);
          }
        }
    }
  }
  if (count) *count = next;
  return label;
}

std::vector<double> positive_sorted(std::span<const double> w) {
  std::vector<double> l;
  for (double v : w)
    if (v > 0) l.push_back(v);
  std::sort(l.begin(), l.end());
  return l;
}

Clustering cluster_cells(std::span<const double> w, std::size_t h, double threshold, bool strict, int connectivity) {
  Clustering c;
  c.threshold = threshold;
  std::vector<std::uint8_t> mask(w.size(), 0);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double v = w[i];
    if (v <= 0) ++c.zero;
    mask[i] = v > 0 && (strict ? v > threshold : v >= threshold);
    c.significant += mask[i];
  }
  c.labels = connected_components(mask, h, h, connectivity, &c.clusters);
  return c;
}

ThresholdIntervals threshold_intervals(std::span<const double> l, double k, std::optional<double> upper) {
  if (l.empty()) throw Error("PrivTHREM: the true W has no positive value to choose a threshold among");
  if (upper && !(*upper > 0)) throw Error("PrivTHREM: the public upper bound of the threshold must be > 0");
  ThresholdIntervals t;
  const std::size_t m = l.size();
  auto cap = [&](double v) { return upper ? std::min(v, *upper) : v; };
  t.edges.push_back(0.0);
  for (std::size_t i = 0; i < m; ++i) {
    t.edges.push_back(cap(l[i]));
    // Interval (l_{i}, l_{i+1}] (1-based l_0 = 0): its values x have rank #{l >= x} = m - i.
    t.scores.push_back(-std::abs(double(m - i) - k));
  }
  if (upper) {
    t.edges.push_back(*upper);
    t.scores.push_back(-std::abs(0.0 - k));
  }
  return t;
}

}  // namespace dplab::wavecluster
