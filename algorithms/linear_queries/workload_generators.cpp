#include "algorithms/linear_queries/workload_generators.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/error.hpp"
#include "core/samplers.hpp"

namespace dplab::linear_queries {

std::string WorkloadShape::key() const {
  std::string k = "workload|" + kind + "|n=" + std::to_string(n) + "|m=" + std::to_string(queries);
  if (kind == "hot_normal") {
    char buf[96];
    std::snprintf(buf, sizeof buf, "|variance=%.17g|draws=%u|p=%.17g", variance, draws, p);
    k += buf;
  }
  if (kind == "random_rect") k += "|rows=" + std::to_string(rows);
  return k;
}

namespace {

Workload hot_normal(const WorkloadShape& s, Stream& stream, std::uint32_t hot) {
  Workload W;
  W.n = s.n;
  W.offsets.reserve(s.queries + 1);
  const double sd = std::sqrt(s.variance);
  std::vector<std::uint32_t> cells;
  for (std::uint32_t q = 0; q < s.queries; ++q) {
    const double c = static_cast<double>(stream.below(s.n));
    cells.clear();
    for (std::uint32_t d = 0; d < s.draws; ++d) {
      double v;
      do v = std::round(c + sd * sample_normal(stream));
      while (v < 0 || v >= s.n);
      cells.push_back(static_cast<std::uint32_t>(v));
    }
    if (stream.uniform() < s.p) cells.push_back(hot);
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    W.add_row(cells);
  }
  return W;
}

// ektelo's workload.RandomRange: shape = randint(1, n + 1), lb = randint(0, n - shape + 1).
Workload random_range(const WorkloadShape& s, Stream& stream) {
  Workload W;
  W.n = s.n;
  W.offsets.reserve(s.queries + 1);
  W.runs.reserve(s.queries);
  for (std::uint32_t q = 0; q < s.queries; ++q) {
    const auto width = static_cast<std::uint32_t>(stream.below(s.n)) + 1;
    const auto first = static_cast<std::uint32_t>(stream.below(s.n - width + 1));
    W.add_range(first, first + width);
  }
  return W;
}

// dpcomp_core's RandomRange(None, (rows, cols), m): randomQueryShapes draws the shape (height,
// then width), placeRandomly the lower corner (row, then column).
RectWorkload random_rect(const WorkloadShape& s, Stream& stream) {
  RectWorkload R;
  R.rows = s.rows;
  R.cols = s.n / s.rows;
  R.rects.reserve(s.queries);
  for (std::uint32_t q = 0; q < s.queries; ++q) {
    const auto h = static_cast<std::uint32_t>(stream.below(R.rows)) + 1;
    const auto w = static_cast<std::uint32_t>(stream.below(R.cols)) + 1;
    const auto r0 = static_cast<std::uint32_t>(stream.below(R.rows - h + 1));
    const auto c0 = static_cast<std::uint32_t>(stream.below(R.cols - w + 1));
    R.add(Rect{r0, r0 + h, c0, c0 + w});
  }
  return R;
}

}  // namespace

GeneratedWorkload generate_workload(const WorkloadShape& shape, Stream& stream) {
  if (shape.n == 0) throw Error("workload domain size must be > 0");
  GeneratedWorkload g;
  if (shape.kind == "hot_normal") {
    g.hot = static_cast<std::uint32_t>(stream.below(shape.n));
    g.W = hot_normal(shape, stream, g.hot);
  } else if (shape.kind == "random_range") {
    g.W = random_range(shape, stream);
  } else if (shape.kind == "random_rect") {
    if (shape.rows == 0 || shape.n % shape.rows != 0)
      throw Error("random_rect workload: the domain of " + std::to_string(shape.n) + " cells is not " +
                  std::to_string(shape.rows) + " rows of whole columns (a 2-D histogram is needed)");
    g.rects = random_rect(shape, stream);
    g.W = g.rects.to_runs();
  } else {
    throw Error("unknown workload kind '" + shape.kind + "' (allowed: hot_normal, random_range, random_rect)");
  }
  g.sensitivity = g.W.sensitivity();
  return g;
}

}  // namespace dplab::linear_queries
