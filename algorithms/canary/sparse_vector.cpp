// canary.sparse_vector: deliberately NOT eps-DP. The sparse vector technique with its noise
// sized for one positive answer (AboveThreshold, Dwork and Roth 2014 Algorithm 1: threshold
// noise Lap(2 / eps), query noise Lap(4 / eps)) that never stops: it answers every query,
// above or below the noisy threshold, instead of halting at the first "above" (the bug of
// Lyu, Su and Li, VLDB 2017, §3: each further positive can cost up to eps / 2 more).
// Queries: for every ordered pair of cells (i, j), i != j, "does cell i exceed cell j by the
// threshold": x_i - x_j >= T, each of sensitivity 1; one record moves n - 1 of them up and n - 1
// down, the worst case for the threshold noise. Released: the n (n - 1) answers (1 above, 0
// below). The loss above eps lives on rare outputs: at the audit's default size 4 and T = 5 the
// largest is 1.37 eps, and every output of loss above eps has probability below 3e-4
// (tests/test_audit_canaries.cpp computes them exactly): the rare-output leak of issue 26.
#include <vector>

#include "algorithms/canary/fixture.hpp"

namespace dplab::canary {
namespace {

class SparseVector : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("canary.sparse_vector",
                                   "CANARY, not eps-DP: sparse vector (noise for one positive) that never stops, "
                                   "over x_i - x_j >= T for every ordered pair of cells",
                                   AlgorithmRole::Canary);
    i.params.push_back(ParamSpec::real("threshold", 5.0, "T, the public threshold of every query"));
    i.outputs = {{"above", "1 where x_i - x_j + noise >= T + threshold noise, for (i, j) in order", true, "query"}};
    i.privacy = PrivacyStatus::not_dp("canary.sparse_vector", "deliberately noise for one positive, and it never stops");
    return i;
  }
  void check(const Params&) const override { refuse_specs("canary.sparse_vector"); }
  void run(TrialContext& ctx) const override {
    const auto& x = ctx.dataset<Histogram>().counts;
    const double eps = ctx.params.real("eps");
    // AboveThreshold's accounting: eps / 2 for the threshold (Lap(2 / eps)), eps / 2 for the
    // answers' noise (Lap(4 / eps) each, drawn as one vector of claimed L1 sensitivity 2).
    const double threshold = ctx.noise.laplace(ctx.params.real("threshold"), 1.0, eps / 2, "canary: threshold");
    std::vector<double> q;
    for (std::size_t i = 0; i < x.size(); ++i)
      for (std::size_t j = 0; j < x.size(); ++j)
        if (i != j) q.push_back(x[i] - x[j]);
    ctx.noise.laplace(q, 2.0, eps / 2, "canary: query noise for one positive");
    // The deliberate bug: no stop after the first "above".
    for (double& v : q) v = v >= threshold ? 1.0 : 0.0;
    ctx.out.vector("above", std::move(q));
  }
};

}  // namespace
}  // namespace dplab::canary

using dplab::canary::SparseVector;
DPLAB_ALGORITHM(SparseVector);
