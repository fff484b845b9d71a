// baselines.ahp: AHP (Zhang et al., SDM 2014) in 1-D as DPBench runs it (ahp.hpp): a noisy
// histogram with eps1 = ratio eps, thresholded, sorted and clustered greedily; then each
// cluster's total with Laplace(1/eps2) spread over its cells, and the workload answered on that
// estimate. Defaults ratio = 0.85, eta = 0.35: DPBench's (ahp/__init__.py ahp_engine), which the
// DPBench paper uses for AHP; its AHP* (parameters looked up from the true scale x eps) is not
// here yet.
#include <algorithm>
#include <numeric>

#include "algorithms/baselines/ahp.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {
namespace {

using linear_queries::WorkloadProblem;

class AHP : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.ahp", "noisy histogram (eps1 = ratio eps), thresholded, sorted and greedily clustered; Laplace on "
                         "each cluster's total (eps2), spread evenly (AHP, Zhang et al. 2014; DPBench)");
    i.params.push_back(ParamSpec::real("ratio", 0.85, "share of eps for the noisy histogram that shapes the clusters "
                                                      "(DPBench's default)").above(0).below(1));
    i.params.push_back(ParamSpec::real("eta", 0.35, "threshold factor: noisy counts <= eta ln(n) / eps1 become 0 "
                                                    "(DPBench's default)").at_least(0));
    i.privacy = PrivacyStatus::dp("Laplace(1/eps1) on every count (sensitivity 1) decides the clusters; Laplace(1/eps2) "
                                  "on the clusters' totals (disjoint cells: sensitivity 1); eps1 + eps2 = eps");
    return i;
  }
  void run(TrialContext& ctx) const override {
    WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const double ratio = ctx.params.real("ratio");
    const double eps1 = pb.eps * ratio, eps2 = pb.eps - eps1;
    std::vector<double> noisy(x.begin(), x.end());
    ctx.noise.laplace(noisy, 1.0, eps1, "ahp: noisy histogram (eps1)");
    ahp_threshold(noisy, ctx.params.real("eta"), eps1);
    // Sort positions by noisy value (ties by position: a choice that depends on x~ alone).
    std::vector<std::size_t> order(x.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return noisy[a] < noisy[b]; });
    std::vector<double> sorted(x.size());
    for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = noisy[order[k]];
    const auto clusters = ahp_clusters(sorted, eps2);
    // One Laplace(1/eps2) per cluster total: the clusters partition the cells, so the vector of
    // totals has L1 sensitivity 1.
    std::vector<double> totals(clusters.size(), 0.0);
    for (std::size_t c = 0; c < clusters.size(); ++c)
      for (std::size_t k = clusters[c].first; k < clusters[c].second; ++k) totals[c] += x[order[k]];
    ctx.noise.laplace(totals, 1.0, eps2, "ahp: cluster totals (eps2)");
    std::vector<double> estimate(x.size());
    for (std::size_t c = 0; c < clusters.size(); ++c) {
      const double avg = totals[c] / static_cast<double>(clusters[c].second - clusters[c].first);
      for (std::size_t k = clusters[c].first; k < clusters[c].second; ++k) estimate[order[k]] = avg;
    }
    linear_queries::publish_estimate(ctx, pb, std::move(estimate));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::AHP;
DPLAB_ALGORITHM(AHP);
