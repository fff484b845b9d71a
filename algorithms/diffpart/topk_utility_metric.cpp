// Utility of sanitized data for frequent itemset mining (diffpart Appendix E, Fig 8):
//
//   U_K = 1 - (1/K) sum over F in F_K(D) of |sup(F, F_K(D)) - sup(F, F_K(D~))| / sup(F, F_K(D))
//
// where F_K is the set of the top K most frequent itemsets and sup(F, F_K(D~)) = 0 when F is not
// among the sanitized data's top K. U_K = 1 when both top-K sets and all their supports agree.
// Supports are relative: an itemset's count divided by the number of records of its own
// dataset (|D| for the raw data, the total count of D~ for the sanitized data), so that a
// release whose size is off by noise is compared on frequencies. The top K follows
// ranks_before (fp_growth.hpp): ties at the K-th support go to shorter, then lexicographically
// smaller itemsets, the same rule for both datasets. When D has fewer than K itemsets, the sum
// is divided by their number instead of K.
#include <cmath>
#include <map>

#include "algorithms/diffpart/fp_growth.hpp"
#include "algorithms/diffpart/itemsets.hpp"
#include "algorithms/diffpart/support_index.hpp"
#include "framework/registry.hpp"

namespace dplab::diffpart {
namespace {

using TopK = std::vector<FrequentItemset>;

// The raw data's top K is the same for every point of a dataset: mined once.
std::shared_ptr<const TopK> raw_top_k(const Transactions& data, std::size_t k) {
  static BuildOnceCache<TopK> cache(8);
  return cache.get(dataset_identity(data) + "|top_k=" + std::to_string(k),
                   [&] { return top_k_itemsets(*raw_itemsets(data), k); });
}

class TopKUtility : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo m;
    m.name = "topk_utility";
    m.doc = "1 - mean relative support difference of the raw top-K frequent itemsets in the sanitized top K (diffpart Appendix E)";
    m.needs = {"sanitized"};
    m.is_vector = true;
    m.index = "K";
    m.index_values = [](const Params& p) {  // K = step, 2 step, ..., top_k_max, as compute() runs
      std::vector<double> ks;
      for (std::int64_t k = p.integer("top_k_step"); k <= p.integer("top_k_max"); k += p.integer("top_k_step"))
        ks.push_back(static_cast<double>(k));
      return ks;
    };
    m.needs_dataset = true;
    m.params = {
        ParamSpec::integer("top_k_max", 100, "largest K (Fig 8: 100)").at_least(1).at_most(100000),
        ParamSpec::integer("top_k_step", 10, "K runs over step, 2 step, ..., top_k_max (Fig 8: 10)").at_least(1),
    };
    return m;
  }

  std::vector<double> compute(const MetricContext& mc) const override {
    const auto* data = dynamic_cast<const Transactions*>(mc.data);
    if (!data) throw Error("metric topk_utility needs a set-valued (transactions) dataset");
    const auto& sanitized = mc.out.object<Itemsets>("sanitized");
    const auto k_max = static_cast<std::size_t>(mc.params.integer("top_k_max"));
    const auto step = static_cast<std::size_t>(mc.params.integer("top_k_step"));
    if (step > k_max) throw Error("topk_utility: top_k_step exceeds top_k_max");

    // The top k_max in rank order: the top K of either dataset is its first K entries.
    const auto raw = raw_top_k(*data, k_max);
    const TopK released = top_k_itemsets(sanitized, k_max);
    const double raw_records = static_cast<double>(data->records());
    const double released_records = sanitized.records();

    std::vector<double> out;
    for (std::size_t k = step; k <= k_max; k += step) {
      std::map<std::vector<std::uint32_t>, double> released_support;  // relative, of F_K(D~)
      for (std::size_t j = 0; j < std::min(k, released.size()); ++j)
        released_support[released[j].items] = released_records > 0 ? released[j].support / released_records : 0;
      const std::size_t n = std::min(k, raw->size());
      if (n == 0) {
        out.push_back(std::nan(""));
        continue;
      }
      double loss = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const double truth = (*raw)[j].support / raw_records;
        auto it = released_support.find((*raw)[j].items);
        const double found = it == released_support.end() ? 0.0 : it->second;
        loss += std::fabs(truth - found) / truth;
      }
      out.push_back(1.0 - loss / static_cast<double>(n));
    }
    return out;
  }
};
DPLAB_METRIC(TopKUtility);

}  // namespace
}  // namespace dplab::diffpart
