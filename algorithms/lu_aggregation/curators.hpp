// The curators' data as Algorithm 4.1 sees it (lu_thesis §4.2.2): curator i holds a row of
// records whose sum u_i is the value it splits among the c aggregators (line 1); the result is
// R = sum_i u_i. Derived once per dataset and shared by every trial.
#pragma once
#include <memory>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab::lu_aggregation {

struct Curators {
  std::vector<double> value;  // u_i, the sum of curator i's records
  double total = 0;           // R = sum_i u_i, the ground truth of Eq. 4.3
  double max_value = 0;       // max_i u_i
  std::size_t n() const { return value.size(); }
};

// Rows of `data` are curators (cached per dataset, so trials do not recompute it).
std::shared_ptr<const Curators> curators_of(const PointSet& data);

}  // namespace dplab::lu_aggregation
