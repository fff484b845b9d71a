// Relative error of counting queries over sanitized set-valued data (diffpart §5.1): for a
// query Q, |Q(D~) - Q(D)| / max(Q(D), s), with the sanity bound s = 0.1% of |D| so that queries
// of tiny selectivity do not dominate. Reported per query subset (Fig 3's x axis: subset i has
// lengths up to i x 20% of max|t|), each the mean over the subset's queries.
//
// The queries come from the trial's public stream, so every algorithm and budget answers the
// same ones at a trial; the raw data's index and the raw answers are the same for all of them
// and are built once (per dataset, and per dataset and trial) and shared across threads.
#include <cmath>

#include "algorithms/diffpart/counting_queries.hpp"
#include "algorithms/diffpart/itemsets.hpp"
#include "algorithms/diffpart/support_index.hpp"
#include "framework/registry.hpp"

namespace dplab::diffpart {
namespace {

struct RawAnswers {
  QuerySet queries;
  std::vector<double> truth;  // Q(D) for every query
};

std::shared_ptr<const RawAnswers> raw_answers(const Transactions& data, const QuerySetParams& qp,
                                              const TrialSeeds& seeds) {
  // A handful of trials are in flight at once (the runner goes trial-major), so a small cache
  // suffices; an entry dropped too early is just recomputed.
  static BuildOnceCache<RawAnswers> cache(16);
  const std::uint32_t max_t = max_record_size(data);
  const std::string key = query_set_key(qp, data.universe, max_t);
  return cache.get(dataset_identity(data) + "|" + key + "|seed=" + std::to_string(seeds.seed) +
                       "|trial=" + std::to_string(seeds.trial),
                   [&] {
                     RawAnswers r;
                     r.queries = generate_queries(qp, data.universe, max_t, seeds);
                     const auto index = raw_support_index(data);
                     r.truth.resize(r.queries.size());
                     for (std::size_t q = 0; q < r.queries.size(); ++q) r.truth[q] = index->support(r.queries.query(q));
                     return r;
                   });
}

class RelativeError : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo m;
    m.name = "relative_error";
    m.doc = "mean relative error |Q(D~) - Q(D)| / max(Q(D), s) of random counting queries per query subset (diffpart §5.1)";
    m.needs = {"sanitized"};
    m.is_vector = true;
    m.index = "subset";
    m.needs_dataset = true;
    m.params = {
        ParamSpec::integer("queries", 50000, "number of random counting queries (diffpart §5.1: 50,000)").at_least(1).at_most(1e8),
        ParamSpec::integer("query_subsets", 5,
                           "query subsets; subset i has lengths uniform in [1, floor(i/n max|t|)] (§5.1: 5)")
            .at_least(1)
            .at_most(1000),
        ParamSpec::integer("max_query_length", 0,
                           "0: the subsets above; L > 0: one subset with lengths uniform in [1, L] (Appendix E, Fig 6: 10)")
            .at_least(0),
        ParamSpec::real("sanity_fraction", 0.001, "sanity bound s as a fraction of |D| (§5.1: 0.1%)").above(0).at_most(1),
    };
    return m;
  }

  std::vector<double> compute(const MetricContext& mc) const override {
    const auto* data = dynamic_cast<const Transactions*>(mc.data);
    if (!data) throw Error("metric relative_error needs a set-valued (transactions) dataset");
    const auto& sanitized = mc.out.object<Itemsets>("sanitized");
    if (sanitized.universe != data->universe)
      throw Error("relative_error: the sanitized data has a universe of " + std::to_string(sanitized.universe) +
                  " items, the raw data " + std::to_string(data->universe));
    QuerySetParams qp;
    qp.queries = mc.params.integer("queries");
    qp.subsets = mc.params.integer("query_subsets");
    qp.max_length = mc.params.integer("max_query_length");
    const double s = mc.params.real("sanity_fraction") * static_cast<double>(data->records());

    const auto raw = raw_answers(*data, qp, mc.seeds);
    const SupportIndex index(sanitized);
    const QuerySet& qs = raw->queries;
    std::vector<double> out;
    for (std::size_t sub = 0; sub < qs.subsets(); ++sub) {
      double sum = 0;
      for (std::size_t q = qs.subset_begin[sub]; q < qs.subset_begin[sub + 1]; ++q) {
        const double truth = raw->truth[q];
        sum += std::fabs(index.support(qs.query(q)) - truth) / std::max(truth, s);
      }
      out.push_back(sum / static_cast<double>(qs.subset_begin[sub + 1] - qs.subset_begin[sub]));
    }
    return out;
  }
};
DPLAB_METRIC(RelativeError);

}  // namespace
}  // namespace dplab::diffpart
