// DPCube (Xiao, Gardner, Xiong, "DPCube: releasing differentially private data cubes for health
// information", ICDE 2012 demo; Xiao, Xiong, Yuan, "Differentially private data release through
// multidimensional partitioning", SDM 2010) as DPBench runs it (dpcomp_core DPcube.py in 2-D,
// DPcube1D.py in 1-D), on a rows x cols histogram (row-major; a 1-D histogram is 1 x n):
//   1. A first estimate X1: a fixed grid of cells of side gz = 11 (no use of the scale), clipped at
//      the domain's edge, at eps1 = alpha eps: each cell's count + Lap(1 / eps1), spread evenly.
//   2. A kd-tree partition computed on X1 alone (post-processing): a box of len_r x len_c cells
//      is cut across its longer side (rows when len_r > len_c, so a 1 x n line is always cut
//      between columns) at the position minimising SSE(left) + SSE(right) + 2 / eps2, SSE the sum
//      of squared deviations of X1 from the box's mean, if that beats SSE(box) + 1 / eps2 (the
//      box's own bias plus the noise of measuring it; DPBench's cost, which adds a squared error
//      to the Laplace scale, not its variance 2 / eps2^2), eps2 = (1 - alpha) eps; otherwise the
//      box is a leaf.
//   3. Each leaf's true count + Lap(1 / eps2), spread evenly over the leaf: the leaves partition
//      the domain, one Laplace release of sensitivity 1.
// Step 3 measures the leaves afresh and drops X1, as DPBench does (Xiao et al. also combine the
// two); eps-DP: alpha eps + (1 - alpha) eps, the two stages' noise drawn independently.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/linear_queries/rect_workload.hpp"
#include "framework/mechanisms.hpp"
#include "framework/registry.hpp"

namespace dplab::baselines {

// Step 2: the leaves of DPBench's kd-tree over the rows x cols estimate X1 at eps2, in DPBench's
// recursion order (a box's first part, then its second).
std::vector<linear_queries::Rect> dpcube_partition(std::span<const double> X1, std::uint32_t rows, std::uint32_t cols,
                                                   double eps2);

struct DPCubeEstimate {
  std::vector<double> xhat;  // rows x cols, row-major
  std::size_t leaves = 0;    // cells of the partition
};

// Steps 1-3 on x (rows x cols, row-major) with first-grid side gz and eps1 = alpha eps, every
// noise drawn through `noise`.
DPCubeEstimate dpcube_estimate(std::span<const double> x, std::uint32_t rows, std::uint32_t cols, std::uint32_t gz,
                               double alpha, double eps, Mechanisms& noise);

// DPCube's parameters (gz, alpha: DPBench's defaults 11, 0.5), its output `leaves` and privacy
// status, shared by the 1-D and 2-D plugins.
void describe_dpcube(AlgorithmInfo& i);

}  // namespace dplab::baselines
