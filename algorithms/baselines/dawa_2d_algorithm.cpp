// baselines.dawa_2d: DAWA in 2-D as DPBench runs it (dpcomp_core dawa2D_engine): the histogram is
// padded with empty cells to d x d (d the least power of two >= both sides), its cells are read
// in Hilbert order (hilbert.hpp) into a vector of d^2 counts, the rectangles become runs of that
// line, and 1-D DAWA (dawa.hpp) runs on it: private L1 partition at eps1 = ratio eps (DPBench's
// 2-D default: the dyadic approximation, ratio 0.25), greedyH's strategy on the buckets at eps2,
// least squares. Its estimate, read back from the curve, answers the rectangles.
// Privacy: as baselines.dawa (the padding cells are 0 on both neighbours; one record moves one
// position of the line): eps-DP with the provable partition noise, not with DPBench's.
#include <string>
#include <vector>

#include "algorithms/baselines/dawa.hpp"
#include "algorithms/baselines/hilbert.hpp"
#include "algorithms/linear_queries/workload_problem_2d.hpp"

namespace dplab::baselines {
namespace {

class Dawa2D : public linear_queries::Workload2DAlgorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = linear_queries::problem_info_2d(
        "baselines.dawa_2d",
        "DAWA (Li et al. 2014) in 2-D: 1-D DAWA on the cells in Hilbert order (DPBench)");
    i.params.push_back(ParamSpec::real("ratio", 0.25, "share of eps for the partition (stage 1), DPBench's 0.25")
                           .above(0)
                           .below(1));
    i.params.push_back(ParamSpec::text("partition", "dyadic",
                                       "candidate buckets: dyadic (DPBench's 2-D DAWA: lengths that are powers of "
                                       "two) or exact (all intervals: O(n^2) of d^2 = 65,536 cells)")
                           .one_of({"exact", "dyadic"}));
    i.params.push_back(ParamSpec::text("partition_noise", "provable",
                                       "noise on the partition's bucket costs: provable (eps1-DP) or reference "
                                       "(DPBench's; not eps1-DP, see l1_partition.hpp)")
                           .one_of({"reference", "provable"}));
    add_dawa_diagnostics(i);
    i.privacy = PrivacyStatus::dp(
        "private L1 partition of the Hilbert-ordered cells at eps1 with the provable cost noise (l1_partition.hpp), "
        "greedyH's strategy answered by Laplace at eps2, eps1 + eps2 = eps");
    i.privacy_rules = {when_param("partition_noise", {"reference"},
                                  PrivacyStatus::not_dp("workload_division.dawa_partition_noise",
                                                        "DPBench's partition noise: singleton buckets noiseless, "
                                                        "costs floored, half the scale eps1 needs"))};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const linear_queries::Workload2DProblem pb = linear_queries::workload_problem_2d(ctx);
    const std::uint32_t rows = pb.rows(), cols = pb.cols();
    std::uint32_t d = 1;
    while (d < rows || d < cols) d *= 2;
    // Cell (r, c) -> its position on the curve; the padding stays 0.
    std::vector<std::uint32_t> position(std::size_t(rows) * cols);
    std::vector<double> line(std::size_t(d) * d, 0.0);
    for (std::uint32_t r = 0; r < rows; ++r)
      for (std::uint32_t c = 0; c < cols; ++c) {
        const std::size_t i = std::size_t(r) * cols + c;
        position[i] = hilbert_index(d, r, c);
        line[position[i]] = pb.data.counts[i];
      }
    const linear_queries::Workload W = hilbert_workload(d, pb.W());

    DawaOptions o;
    o.eps1 = ctx.params.real("ratio") * pb.eps;
    o.eps2 = pb.eps - o.eps1;
    o.family = interval_family(ctx.params.text("partition"));
    o.noise = partition_noise(ctx.params.text("partition_noise"));
    o.costs = &ctx.scratch.get<IntervalValues>("dawa_2d: candidate costs");
    const DawaEstimate e = dawa(line, W, o, ctx.noise);

    auto& xhat = ctx.scratch.get<std::vector<double>>("dawa_2d: estimate");
    xhat.resize(position.size());
    for (std::size_t i = 0; i < position.size(); ++i) xhat[i] = e.xhat[position[i]];
    publish_dawa_diagnostics(ctx, e);
    linear_queries::publish_estimate_2d(ctx, pb, xhat);
  }
};

}  // namespace
}  // namespace dplab::baselines

using dplab::baselines::Dawa2D;
DPLAB_ALGORITHM(Dawa2D);
