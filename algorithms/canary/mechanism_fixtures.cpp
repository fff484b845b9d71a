// Mechanism fixtures: each mechanism of framework/mechanisms.hpp used alone on a histogram, the
// way the algorithms use it, so that `dplab audit mechanism.<name>` tests it against its eps.
//   mechanism.laplace      the total count + Lap(1/eps)                       (sensitivity 1)
//   mechanism.geometric    the total count + two-sided geometric(eps)         (sensitivity 1)
//   mechanism.exponential  a cell drawn with weight exp(eps count / 2)        (score sensitivity 1)
//   mechanism.exceedances  the set of cells whose count + Lap(1/eps) exceeds a threshold: the
//                          occupied cells by the Laplace mechanism, the empty ones by
//                          laplace_exceedances, in parallel (they are disjoint parts of the data)
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/canary/fixture.hpp"

namespace dplab::canary {
namespace {

class LaplaceFixture : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("mechanism.laplace", "audit fixture: the total count + Lap(1/eps)",
                                   AlgorithmRole::Mechanism);
    i.outputs = {{"answer", "the noisy total count", false, ""}};
    return i;
  }
  void check(const Params&) const override { refuse_specs("mechanism.laplace"); }
  void run(TrialContext& ctx) const override {
    ctx.out.scalar("answer", ctx.noise.laplace(total(ctx.dataset<Histogram>()), 1.0, ctx.params.real("eps")));
  }
};

class GeometricFixture : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("mechanism.geometric", "audit fixture: the total count + two-sided geometric(eps)",
                                   AlgorithmRole::Mechanism);
    i.outputs = {{"answer", "the noisy total count", false, ""}};
    return i;
  }
  void check(const Params&) const override { refuse_specs("mechanism.geometric"); }
  void run(TrialContext& ctx) const override {
    const auto count = static_cast<std::int64_t>(std::llround(total(ctx.dataset<Histogram>())));
    ctx.out.scalar("answer", static_cast<double>(ctx.noise.geometric(count, 1.0, ctx.params.real("eps"))));
  }
};

class ExponentialFixture : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("mechanism.exponential",
                                   "audit fixture: a cell chosen with probability proportional to exp(eps count / 2)",
                                   AlgorithmRole::Mechanism);
    i.outputs = {{"cell", "the chosen cell", false, ""}};
    return i;
  }
  void check(const Params&) const override { refuse_specs("mechanism.exponential"); }
  void run(TrialContext& ctx) const override {
    const auto& h = ctx.dataset<Histogram>();
    ctx.out.scalar("cell", static_cast<double>(ctx.noise.exponential(h.counts, 1.0, ctx.params.real("eps"))));
  }
};

class ExceedancesFixture : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = fixture_info("mechanism.exceedances",
                                   "audit fixture: the cells whose count + Lap(1/eps) exceeds a threshold",
                                   AlgorithmRole::Mechanism);
    i.params.push_back(ParamSpec::real("threshold", 0.5, "the threshold on the noisy counts"));
    i.outputs = {{"cells", "the cells above the threshold (a set, increasing)", true, "member"}};
    return i;
  }
  void check(const Params&) const override { refuse_specs("mechanism.exceedances"); }
  void run(TrialContext& ctx) const override {
    const auto& h = ctx.dataset<Histogram>();
    const double eps = ctx.params.real("eps"), threshold = ctx.params.real("threshold");
    std::vector<std::uint64_t> empty;  // index of the k-th empty cell
    std::vector<double> above;
    auto scope = ctx.ledger.parallel("occupied and empty cells");
    {
      auto b = scope.branch();
      std::vector<double> occupied;
      std::vector<std::uint64_t> where;
      for (std::size_t c = 0; c < h.counts.size(); ++c)
        if (h.counts[c] != 0) occupied.push_back(h.counts[c]), where.push_back(c);
        else empty.push_back(c);
      if (!occupied.empty()) {
        ctx.noise.laplace(occupied, 1.0, eps, "occupied cells");
        for (std::size_t k = 0; k < occupied.size(); ++k)
          if (occupied[k] > threshold) above.push_back(static_cast<double>(where[k]));
      }
    }
    {
      auto b = scope.branch();
      for (std::uint64_t k : ctx.noise.laplace_exceedances(empty.size(), threshold, 1.0, eps, "empty cells"))
        above.push_back(static_cast<double>(empty[k]));
    }
    std::sort(above.begin(), above.end());
    ctx.out.vector("cells", std::move(above));
  }
};

}  // namespace
}  // namespace dplab::canary

using dplab::canary::ExceedancesFixture;
using dplab::canary::ExponentialFixture;
using dplab::canary::GeometricFixture;
using dplab::canary::LaplaceFixture;
DPLAB_ALGORITHM(LaplaceFixture);
DPLAB_ALGORITHM(GeometricFixture);
DPLAB_ALGORITHM(ExponentialFixture);
DPLAB_ALGORITHM(ExceedancesFixture);
