#include "algorithms/baselines/dpcube.hpp"

#include <string>

#include "algorithms/baselines/grid_cells.hpp"
#include "core/error.hpp"

namespace dplab::baselines {
namespace {

// SSE of X1 over a box from the summed-area tables of X1 (P1) and of X1^2 (P2).
struct BoxCost {
  const std::vector<double>& P1;
  const std::vector<double>& P2;
  std::uint32_t cols;
  double operator()(const Rect& b) const {
    const double s = linear_queries::rect_sum(P1, cols, b);
    return linear_queries::rect_sum(P2, cols, b) - s * s / static_cast<double>(b.area());
  }
};

// DPBench's recursive split of `box` (step 2); appends the leaves.
void split(const Rect& box, const BoxCost& cost, double eps2, std::vector<Rect>& leaves) {
  const bool along_rows = box.r1 - box.r0 > box.c1 - box.c0;
  double best = cost(box) + 1 / eps2;
  std::uint32_t at = 0;  // 0: no split (a split position is always > the box's start)
  const std::uint32_t lo = along_rows ? box.r0 : box.c0, hi = along_rows ? box.r1 : box.c1;
  for (std::uint32_t k = lo + 1; k < hi; ++k) {
    Rect a = box, b = box;
    if (along_rows) a.r1 = b.r0 = k;
    else a.c1 = b.c0 = k;
    const double c = cost(a) + cost(b) + 2 / eps2;
    if (c < best) best = c, at = k;
  }
  if (at == 0) {
    leaves.push_back(box);
    return;
  }
  Rect a = box, b = box;
  if (along_rows) a.r1 = b.r0 = at;
  else a.c1 = b.c0 = at;
  split(a, cost, eps2, leaves);
  split(b, cost, eps2, leaves);
}

}  // namespace

std::vector<Rect> dpcube_partition(std::span<const double> X1, std::uint32_t rows, std::uint32_t cols, double eps2) {
  std::vector<double> X1sq(X1.size()), P1, P2;
  for (std::size_t i = 0; i < X1.size(); ++i) X1sq[i] = X1[i] * X1[i];
  linear_queries::prefix_sums_2d(X1, rows, cols, P1);
  linear_queries::prefix_sums_2d(X1sq, rows, cols, P2);
  std::vector<Rect> leaves;
  split(Rect{0, rows, 0, cols}, BoxCost{P1, P2, cols}, eps2, leaves);
  return leaves;
}

DPCubeEstimate dpcube_estimate(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::uint32_t gz,
                               double alpha, double eps, Mechanisms& noise) {
  if (gz == 0) throw Error("dpcube: gz (the first grid's cell side) must be >= 1, got 0");
  if (!(alpha > 0 && alpha < 1))
    throw Error("dpcube: alpha (the first grid's share of eps) must be in (0, 1), got " + std::to_string(alpha));
  const double eps1 = alpha * eps, eps2 = eps - eps1;
  std::vector<double> P;
  linear_queries::prefix_sums_2d(x, rows, cols, P);

  // 1. The fixed grid's estimate X1.
  const std::vector<Rect> grid = grid_cells(Rect{0, rows, 0, cols}, gz);
  std::vector<double> g = cell_sums(P, cols, grid);
  noise.laplace(g, 1.0, eps1, "dpcube: fixed grid");
  std::vector<double> X1(x.size());
  for (std::size_t k = 0; k < grid.size(); ++k) spread_evenly(X1, cols, grid[k], g[k]);

  // 2. The kd-tree partition on X1.
  const std::vector<Rect> leaves = dpcube_partition(X1, rows, cols, eps2);

  // 3. The leaves measured.
  std::vector<double> counts = cell_sums(P, cols, leaves);
  noise.laplace(counts, 1.0, eps2, "dpcube: partition cells");
  DPCubeEstimate e{std::vector<double>(x.size(), 0.0), leaves.size()};
  for (std::size_t k = 0; k < leaves.size(); ++k) spread_evenly(e.xhat, cols, leaves[k], counts[k]);
  return e;
}

void describe_dpcube(AlgorithmInfo& i) {
  i.params.push_back(ParamSpec::integer("gz", 11, "cell side of the first, uniform grid (DPBench: 11)").at_least(1).at_most(1 << 20));
  i.params.push_back(ParamSpec::real("alpha", 0.5, "share of eps for the first grid (DPBench: 0.5)").above(0).below(1));
  i.outputs.push_back({"leaves", "number of cells of the kd-tree partition", false, ""});
  i.privacy = PrivacyStatus::dp(
      "the fixed grid with Laplace at alpha eps; the partition is a function of that release; its disjoint cells "
      "with Laplace at (1 - alpha) eps");
}

}  // namespace dplab::baselines
