// baselines.php: P-HP (Acs, Castelluccia, Chen, ICDM 2012) in 1-D as DPBench runs it
// (thirdparty/__init__.py php_engine: Clustering(eps/2, eps/2, 1, log2 n, 2000)): a private
// partition of the domain into intervals by recursive bisection (php.hpp, eps_cluster = ratio eps),
// then Laplace(1/eps_count) on each interval's total (eps_count = (1 - ratio) eps; the intervals
// are disjoint, so the totals have L1 sensitivity 1), floored at 0 and spread evenly over its
// cells (DPBench's Cluster.perturb), and the workload answered on that estimate.
#include <algorithm>
#include <bit>
#include <vector>

#include "algorithms/baselines/php.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

class Php : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.php",
        "P-HP (Acs et al. 2012; DPBench): intervals by recursive bisection chosen with the exponential "
        "mechanism, Laplace on each interval's total, spread evenly");
    i.params.push_back(ParamSpec::real("ratio", 0.5, "share of eps for the partition (DPBench: 0.5)").above(0).below(1));
    i.params.push_back(ParamSpec::integer("max_clusters", 2000, "the bisection stops beyond this many intervals "
                                                                "(DPBench's max_cl_num)").at_least(1).at_most(1 << 30));
    i.outputs.push_back({"buckets", "number of intervals of the private partition", false, ""});
    i.outputs.back().internal = true;
    i.privacy = PrivacyStatus::dp(
        "bisections by the exponential mechanism at eps_cluster / (2 max_depth) per level (disjoint clusters in "
        "parallel, at most max_depth levels), the partition chosen at eps_cluster / 2, Laplace(1/eps_count) on the "
        "disjoint intervals' totals; eps_cluster + eps_count = eps");
    return i;
  }

  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const double eps_cluster = ctx.params.real("ratio") * pb.eps, eps_count = pb.eps - eps_cluster;
    PhpOptions o;
    o.eps_cluster = eps_cluster;
    o.b = 1 / eps_count;
    o.max_depth = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::bit_width(x.size())) - 1);
    o.max_clusters = static_cast<std::uint32_t>(ctx.params.integer("max_clusters"));
    const Buckets b = php_partition(x, o, ctx.noise);

    std::vector<double> totals(b.size(), 0.0);
    for (std::size_t k = 0; k < b.size(); ++k)
      for (std::uint32_t c = b.lo(k); c < b.hi(k); ++c) totals[k] += x[c];
    ctx.noise.laplace(totals, 1.0, eps_count, "php: interval totals");
    std::vector<double> estimate(x.size());
    for (std::size_t k = 0; k < b.size(); ++k) {
      const double each = std::max(0.0, totals[k] / b.length(k));
      std::fill(estimate.begin() + b.lo(k), estimate.begin() + b.hi(k), each);
    }
    ctx.out.scalar("buckets", static_cast<double>(b.size()));
    // Intervals spread a noisy total evenly over their cells: snapped, so that tied ranges stay
    // tied (publish_estimate).
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Php;
DPLAB_ALGORITHM(Php);
