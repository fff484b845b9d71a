// diffpart.basic: the Basic baseline of diffpart §5 (Dwork et al.'s method, §4.1): Laplace(1/B)
// on the count of every non-empty itemset of the universe. See basic.hpp.
#include "algorithms/diffpart/basic.hpp"
#include "algorithms/diffpart/release.hpp"

namespace dplab::diffpart {
namespace {

class BasicAlgorithm : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i = release_info("diffpart.basic",
                                   "Basic: Laplace(1/B) on the count of each of the 2^|I| - 1 itemsets (diffpart §5 baseline)");
    i.params.push_back(ParamSpec::integer("max_universe", 20, "refuse item universes larger than this (2^|I| - 1 counts)")
                           .at_least(1)
                           .at_most(kBasicMaxUniverse));
    i.outputs.push_back({"released_itemsets", "distinct itemsets in the release", false, ""});
    i.privacy = PrivacyStatus::dp("Laplace(1/B) on the count of every itemset of the universe: one record is one "
                                  "itemset's count (L1 sensitivity 1)");
    return i;
  }

  void run(TrialContext& ctx) const override {
    const Transactions& data = ctx.dataset<Transactions>();
    auto& counts = ctx.scratch.get<std::vector<double>>("diffpart basic counts");
    Itemsets release = basic(data, ctx.params.real("B"),
                             static_cast<std::uint32_t>(ctx.params.integer("max_universe")), ctx.noise, &counts);
    ctx.out.scalar("released_itemsets", static_cast<double>(release.size()));
    publish_release(ctx, std::move(release));
  }
};

}  // namespace
}  // namespace dplab::diffpart

using dplab::diffpart::BasicAlgorithm;
DPLAB_ALGORITHM(BasicAlgorithm);
