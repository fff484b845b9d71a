#include "algorithms/baselines/hilbert.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"

namespace dplab::baselines {

using linear_queries::Rect;
using linear_queries::Run;

std::uint32_t hilbert_index(std::uint32_t d, std::uint32_t row, std::uint32_t col) {
  std::uint64_t x = row, y = col, index = 0;
  for (std::uint64_t s = d / 2; s > 0; s /= 2) {
    const std::uint64_t rx = (x & s) ? 1 : 0, ry = (y & s) ? 1 : 0;
    index += s * s * ((3 * rx) ^ ry);
    if (ry == 0) {  // reflect into the quadrant's frame
      if (rx == 1) {
        x = d - 1 - x;
        y = d - 1 - y;
      }
      std::swap(x, y);
    }
  }
  return static_cast<std::uint32_t>(index);
}

namespace {

void descend(std::uint32_t d, const Rect& q, std::uint32_t r0, std::uint32_t c0, std::uint32_t size,
             std::vector<Run>& out) {
  const std::uint32_t r1 = r0 + size, c1 = c0 + size;
  if (r1 <= q.r0 || q.r1 <= r0 || c1 <= q.c0 || q.c1 <= c0) return;  // disjoint
  if (q.r0 <= r0 && r1 <= q.r1 && q.c0 <= c0 && c1 <= q.c1) {      // inside: one stretch
    const std::uint32_t area = size * size, first = hilbert_index(d, r0, c0) / area * area;
    out.push_back(Run{first, first + area});
    return;
  }
  const std::uint32_t h = size / 2;
  descend(d, q, r0, c0, h, out);
  descend(d, q, r0, c0 + h, h, out);
  descend(d, q, r0 + h, c0, h, out);
  descend(d, q, r0 + h, c0 + h, h, out);
}

}  // namespace

std::vector<Run> hilbert_runs(std::uint32_t d, const Rect& q) {
  if (d == 0 || (d & (d - 1)) != 0) throw Error("Hilbert curve: the grid side " + std::to_string(d) + " is not a power of two");
  if (!(q.r0 < q.r1 && q.r1 <= d && q.c0 < q.c1 && q.c1 <= d)) throw Error("Hilbert curve: the rectangle is outside the grid");
  std::vector<Run> blocks;
  descend(d, q, 0, 0, d, blocks);
  std::sort(blocks.begin(), blocks.end(), [](const Run& a, const Run& b) { return a.begin < b.begin; });
  std::vector<Run> runs;
  for (const Run& b : blocks) {
    if (!runs.empty() && runs.back().end == b.begin) runs.back().end = b.end;
    else runs.push_back(b);
  }
  return runs;
}

linear_queries::Workload hilbert_workload(std::uint32_t d, const linear_queries::RectWorkload& R) {
  linear_queries::Workload W;
  W.n = d * d;
  W.offsets.reserve(R.queries() + 1);
  for (const Rect& q : R.rects) {
    const std::vector<Run> runs = hilbert_runs(d, q);
    W.runs.insert(W.runs.end(), runs.begin(), runs.end());
    W.offsets.push_back(W.runs.size());
  }
  return W;
}

}  // namespace dplab::baselines
