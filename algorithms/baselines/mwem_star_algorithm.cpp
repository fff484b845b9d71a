// baselines.mwem_star: DPBench's MWEM* (mwem_star.hpp): MWEM (mwem.hpp, DPBench's conventions) with
// T = mwem_star_rounds(||x||_1 eps). As DPBench runs it, the true scale both fixes T and is the
// public N of every MW update: not eps-DP for add/remove-one neighbours (as baselines.mwem).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "algorithms/baselines/mwem.hpp"
#include "algorithms/baselines/mwem_star.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"

namespace dplab::baselines {

std::int64_t mwem_star_rounds(double s) {
  static const double sep[] = {0, 1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e20};
  static const double T[] = {2, 2, 2, 4, 8, 12, 60, 80, 140, 140, 140, 140};
  constexpr std::size_t k = sizeof sep / sizeof sep[0];
  if (!(s > sep[0])) return static_cast<std::int64_t>(T[0]);
  if (s >= sep[k - 1]) return static_cast<std::int64_t>(T[k - 1]);
  const std::size_t i = static_cast<std::size_t>(std::upper_bound(sep, sep + k, s) - sep);  // sep[i-1] <= s < sep[i]
  const double t = T[i - 1] + (T[i] - T[i - 1]) * (s - sep[i - 1]) / (sep[i] - sep[i - 1]);
  return static_cast<std::int64_t>(t);  // int() truncates toward zero (t > 0)
}

namespace {

class MwemStar : public linear_queries::WorkloadAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info(
        "baselines.mwem_star",
        "MWEM with T rounds from DPBench's table of scale x eps (DPBench MWEM*), 100 MW passes, public scale N");
    i.privacy = PrivacyStatus::not_dp("workload_division.mwem_public_n",
                                      "the true scale N = sum x is public (DPBench): it sets T and the MW "
                                      "updates' scale; add/remove-one neighbours are told apart");
    return i;
  }
  void run(TrialContext& ctx) const override {
    linear_queries::WorkloadProblem pb = linear_queries::workload_problem(ctx);
    const std::vector<double>& x = pb.data.counts;
    const double N = std::accumulate(x.begin(), x.end(), 0.0);
    MwemOptions options;  // DPBench: 100 passes, measured queries excluded
    options.rounds = std::min<std::int64_t>(mwem_star_rounds(N * pb.eps), static_cast<std::int64_t>(pb.W().queries()));
    MwemResult r = mwem(pb.W(), x, pb.eps, options, ctx.noise);
    linear_queries::publish_answers(ctx, pb, pb.W().answer(r.last));
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::MwemStar;
DPLAB_ALGORITHM(MwemStar);
