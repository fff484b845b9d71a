#include "algorithms/linear_queries/rect_workload.hpp"

#include <string>

#include "core/error.hpp"

namespace dplab::linear_queries {

void prefix_sums_2d(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::vector<double>& P) {
  if (x.size() != std::size_t(rows) * cols)
    throw Error("2-D prefix sums: " + std::to_string(x.size()) + " counts for a " + std::to_string(rows) + " x " +
                std::to_string(cols) + " domain");
  const std::size_t w = std::size_t(cols) + 1;
  P.assign((std::size_t(rows) + 1) * w, 0.0);
  for (std::uint32_t r = 0; r < rows; ++r) {
    double row = 0;  // sum of x[r][0..c]
    for (std::uint32_t c = 0; c < cols; ++c) {
      row += x[std::size_t(r) * cols + c];
      P[(r + 1) * w + c + 1] = P[r * w + c + 1] + row;
    }
  }
}

void RectWorkload::add(const Rect& q) {
  if (!(q.r0 < q.r1 && q.r1 <= rows && q.c0 < q.c1 && q.c1 <= cols))
    throw Error("2-D workload rectangle rows [" + std::to_string(q.r0) + ", " + std::to_string(q.r1) + ") x cols [" +
                std::to_string(q.c0) + ", " + std::to_string(q.c1) + ") is empty or outside the " +
                std::to_string(rows) + " x " + std::to_string(cols) + " domain");
  rects.push_back(q);
}

void RectWorkload::answer(std::span<const double> x, std::vector<double>& P, std::vector<double>& y) const {
  prefix_sums_2d(x, rows, cols, P);
  y.resize(rects.size());
  for (std::size_t i = 0; i < rects.size(); ++i) y[i] = rect_sum(P, cols, rects[i]);
}

std::vector<double> RectWorkload::answer(std::span<const double> x) const {
  std::vector<double> P, y;
  answer(x, P, y);
  return y;
}

Workload RectWorkload::to_runs() const {
  Workload W;
  W.n = rows * cols;
  W.offsets.reserve(rects.size() + 1);
  std::uint64_t runs = 0;
  for (const Rect& q : rects) runs += q.c1 - q.c0 == cols ? 1 : q.r1 - q.r0;
  W.runs.reserve(runs);
  for (const Rect& q : rects) {
    if (q.c1 - q.c0 == cols) {
      // Full-width rows are adjacent in row-major order: one run (runs must be maximal).
      W.runs.push_back(Run{q.r0 * cols, q.r1 * cols});
    } else {
      for (std::uint32_t r = q.r0; r < q.r1; ++r) W.runs.push_back(Run{r * cols + q.c0, r * cols + q.c1});
    }
    W.offsets.push_back(W.runs.size());
  }
  return W;
}

}  // namespace dplab::linear_queries
