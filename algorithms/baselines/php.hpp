// P-HP's private partition (Acs, Castelluccia, Chen, "Differentially private histogram publishing
// through lossy compression", ICDM 2012), as DPBench runs it: the authors' code in DPBench
// (thirdparty/Acs12/lib/Clustering.py, called by thirdparty/__init__.py php_engine). The paper's
// text was not read this session; what follows is the code's, with its privacy argument.
//
// A cluster is an interval of cells; its error is its L1 deviation from its own mean plus b, the
// Laplace scale of the count its total will get (b = 1 / eps_count): the price of one more bucket.
// Starting from the whole domain (level 1), clusters are taken first in, first out (DPBench's
// "first cluster not ready" in a list where a split cluster's halves go to the end) and each gets
// one decision by the exponential mechanism at eps_cluster / (2 max_depth), sensitivity 2 (one
// record moves a cluster's L1 deviation by less than 2): keep it whole (score -error) or cut it
// at position i (score -(deviation of both halves) - 2 b), a shift of DPBench's scores by the
// other clusters' error, which leaves the mechanism unchanged. A kept cluster is final ("ready");
// a half is final once it is one cell or at level max_depth. After every decision the partition
// so far is a candidate (also after a decision that keeps a cluster, so a partition can be a
// candidate several times, as in DPBench), the whole domain the first; the process stops when
// every cluster is final, when there are n clusters or when there are more than max_clusters.
// Then the exponential mechanism at eps_cluster / 2, sensitivity 2, picks one candidate by its
// score -(sum of its clusters' errors).
//
// Privacy (eps_cluster): the decisions on one level concern disjoint clusters (parallel
// composition, one branch each); a record is in one cluster per level and decisions are made at
// levels 1 .. max(1, max_depth - 1), so they cost at most eps_cluster / 2 together; the final
// choice eps_cluster / 2. Clusters are processed level by level (first in, first out), so the
// ledger opens one parallel scope per level.
//
// Where DPBench's code differs, we follow its evident intent:
//  - when a split leaves every cluster final while fewer than n clusters exist, DPBench's loop
//    runs on and decides on the LAST cluster although it is final ("first not ready" falls off
//    the end of its list), cutting clusters below max_depth: decisions beyond the budget above.
//    Here the process stops when every cluster is final.
//  - max_depth: DPBench passes int(math.log(n, 2)), a floating-point floor; here the exact
//    floor(log2 n) (the same for DPBench's domains, powers of two).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/l1_partition.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::baselines {

struct PhpOptions {
  double eps_cluster = 0;          // the partition's budget (DPBench: eps / 2)
  double b = 0;                    // price of a bucket: 1 / eps_count (DPBench: eps_count = eps / 2)
  std::uint32_t max_depth = 1;     // levels of bisection, >= 1 (DPBench: floor(log2 n))
  std::uint32_t max_clusters = 2000;  // DPBench's max_cl_num
};

// d[p] = sum_{i < p} |v_i - mean(v_0 .. v_{p-1})| for p = 0 .. v.size() (d[0] = 0), in
// O(m log m): a Fenwick tree over the values' ranks gives the count and sum of the values below
// each prefix's mean. Exact 0 on a constant prefix of integers.
std::vector<double> prefix_l1_deviations(std::span<const double> v);

// The L1 deviations of the two halves of v cut before position i, for i = 1 .. m - 1 (entry i - 1),
// DPBench's clustersplit.
std::vector<double> bisection_deviations(std::span<const double> v);

// P-HP's partition of [0, x.size()) (x.size() >= 1), eps_cluster charged to `noise`.
Buckets php_partition(std::span<const double> x, const PhpOptions& options, Mechanisms& noise);

}  // namespace dplab::baselines
