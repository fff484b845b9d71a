// diffpart.basic: the Basic baseline of diffpart §5 (Dwork et al.'s method, §4.1): Laplace(1/B)
// on the count of every non-empty itemset of the universe. See basic.hpp.
#include "algorithms/diffpart/basic.hpp"
#include "framework/registry.hpp"

namespace dplab::diffpart {
namespace {

class BasicAlgorithm : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "diffpart.basic";
    i.doc = "Basic: Laplace(1/B) on the count of each of the 2^|I| - 1 itemsets (diffpart §5 baseline)";
    i.params = {
        ParamSpec::real("B", 1.0, "total privacy budget").above(0),
        ParamSpec::integer("max_universe", 20, "refuse item universes larger than this (2^|I| - 1 counts)")
            .at_least(1)
            .at_most(kBasicMaxUniverse),
    };
    i.outputs = {
        {"sanitized", "the release: every itemset whose rounded noisy count is >= 1, with that count", false, "", true},
        {"released_itemsets", "distinct itemsets in the release", false, ""},
        {"released_records", "records in the release (sum of the rounded noisy counts)", false, ""},
    };
    i.budget_param = "B";
    i.accepts = {DatasetKind::Transactions};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const Transactions& data = ctx.dataset<Transactions>();
    auto& counts = ctx.scratch.get<std::vector<double>>("diffpart basic counts");
    Itemsets release = basic(data, ctx.params.real("B"),
                             static_cast<std::uint32_t>(ctx.params.integer("max_universe")), ctx.noise, &counts);
    ctx.out.scalar("released_itemsets", static_cast<double>(release.size()));
    ctx.out.scalar("released_records", release.records());
    ctx.out.object("sanitized", std::move(release));
  }
};

}  // namespace
}  // namespace dplab::diffpart

using dplab::diffpart::BasicAlgorithm;
DPLAB_ALGORITHM(BasicAlgorithm);
