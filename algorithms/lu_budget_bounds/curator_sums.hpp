// The distributed sums and counts of lu_thesis ch. 5 (Fig. 5.1: |U| curators send f(x_i) to one
// aggregator), from the curators' totals: f(x_i), the local sensitivities of eq. 2.3 and the
// global sensitivity of eq. 2.2 for a summation or a counting query.
//
//   summation  f(x_i) = sum of curator i's records,  Df_L(x_i) = its largest record (Table 2.5:
//              removing one record changes the sum by at most the largest one),
//              Df_G(X) = value bound x records bound (a curator holding the most records, all at
//              the largest value: MovieLens 5 stars x 1,682 films);
//   counting   f(x_i) = its number of records,        Df_L(x_i) = 1,  Df_G(X) = records bound;
//   both       Df_L(X) = max_i f(x_i) (the proof of Theorem 5.1: removing a curator changes the
//              total by at most the largest f(x_i)).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::lu_budget_bounds {

enum class Query { Sum, Count };
Query parse_query(const std::string& name);  // "sum" or "count"

// MovieLens ratings: each user is a curator (their ratings are its records; the value bound is
// the largest rating, the records bound the number of items). Cached per dataset; a
// CuratorTotals dataset is returned as it is.
std::shared_ptr<const CuratorTotals> curator_totals(const Dataset& data);

struct CuratorQuery {
  std::vector<double> f;       // f(x_i)
  std::vector<double> local;   // Df_L(x_i)
  double local_X = 0;          // Df_L(X) = max_i f(x_i)
  double global = 0;           // Df_G(X)
  double sum_local = 0;        // sum_i Df_L(x_i)
  double grand_total = 0;      // f(X) = sum_i f(x_i)
  // The curators grouped by equal local sensitivity (for Mechanisms::laplace_sum); curators with
  // Df_L(x_i) = 0 hold only zeros and add no noise, so they are left out.
  std::vector<Mechanisms::NoiseGroup> groups;
};
CuratorQuery query_of(const CuratorTotals& data, Query q);

}  // namespace dplab::lu_budget_bounds
