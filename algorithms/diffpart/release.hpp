// What every sanitiser of set-valued data shares (diffpart §5): the budget B, the dataset kind,
// and the release, published as the object "sanitized" that the metrics relative_error and
// topk_utility read, with its number of records. A new sanitiser for these experiments is one
// file: start from release_info, end with publish_release.
#pragma once
#include <string>

#include "algorithms/diffpart/itemsets.hpp"
#include "framework/registry.hpp"

namespace dplab::diffpart {

// AlgorithmInfo with B (the budget parameter), the outputs sanitized and released_records, and
// the dataset kind (transactions) filled in.
inline AlgorithmInfo release_info(std::string name, std::string doc) {
  AlgorithmInfo i;
  i.name = std::move(name);
  i.doc = std::move(doc);
  i.params = {ParamSpec::real("B", 1.0, "total privacy budget").above(0)};
  i.outputs = {
      {"sanitized", "the release: distinct itemsets with their (rounded noisy) counts", false, "", true},
      {"released_records", "records in the release (sum of the rounded noisy counts)", false, ""},
  };
  i.budget_param = "B";
  i.accepts = {DatasetKind::Transactions};
  return i;
}

inline void publish_release(TrialContext& ctx, Itemsets release) {
  ctx.out.scalar("released_records", release.records());
  ctx.out.object("sanitized", std::move(release));
}

}  // namespace dplab::diffpart
