// AHP (Zhang, Chen, Xu, Meng and Xie, "Towards accurate histogram publication under differential
// privacy", SDM 2014), as DPBench runs it (Hay et al. 2016; DPBench's code ahp/lib/ahp_fast.pyx):
//   1. budget split eps1 = ratio eps, eps2 = (1 - ratio) eps (DPBench defaults ratio 0.85,
//      eta 0.35);
//   2. x~ = x + Laplace(1/eps1) on every cell;
//   3. threshold: cells with x~ <= eta ln(n) / eps1 become 0;
//   4. sort x~ and cluster the sorted values greedily into runs (ahp_clusters below);
//   5. each cluster's true total gets Laplace(1/eps2) (the clusters are disjoint sets of cells:
//      sensitivity 1) and is spread evenly over its cells.
// The clustering depends on the data only through x~ (step 2), so the release is eps-DP.
#pragma once
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "framework/mechanisms.hpp"
#include "framework/registry.hpp"

namespace dplab::baselines {

// Step 3: values <= eta ln(n) / eps1 set to 0 (n = v.size()).
void ahp_threshold(std::vector<double>& v, double eta, double eps1);

// Step 4: the greedy clustering of sorted values v (ascending) into contiguous runs [begin, end)
// of positions. With err(i, j) = the squared error of v[i..j] around its mean plus
// 2 / (eps2^2 (j - i + 1)) (the variance the cluster's noisy average adds, summed over its
// cells), the current cluster [i, j) is closed before j when
//     err(i, j) >= err(i, j - 1) + err_star(j),
// err_star(j) being the least error of v[j] in a cluster starting at j: the minimum over l >= j
// of (v[j] - mean(v[j..l]))^2 + 2 / (eps2^2 (l - j + 1)^2), scanned upwards from l = j and
// stopped when the squared-error term grows by at least what the noise term can still shrink
// (the paper's early termination; bound = 2 / (eps2^2 (n - j + 1)^2) in DPBench's indexing).
std::vector<std::pair<std::size_t, std::size_t>> ahp_clusters(std::span<const double> v, double eps2);

// Steps 1-5 on the counts x (a histogram of any shape, flattened: DPBench's ahpND_engine runs the
// 1-D AHP on the row-major reshape of a 2-D histogram): AHP's estimate of x, every noise drawn
// through `noise` (eps1 = ratio eps, then eps - eps1).
std::vector<double> ahp_estimate(std::span<const double> x, double eps, double ratio, double eta, Mechanisms& noise);

// AHP's parameters (ratio, eta: DPBench's defaults 0.85, 0.35) and privacy status, shared by the
// 1-D and 2-D plugins.
void describe_ahp(AlgorithmInfo& i);

}  // namespace dplab::baselines
