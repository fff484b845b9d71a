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
  std::vector<double> local;   // Df_L(x_i): the sensitivity each curator's noise is calibrated to
  double local_X = 0;          // Df_L(X) = max_i f(x_i)
  double global = 0;           // Df_G(X)
  double sum_local = 0;        // sum_i Df_L(x_i)
  double grand_total = 0;      // f(X) = sum_i f(x_i)
  double record_bound = 0;     // the most one record can move f(x_i): the value bound (sum) or 1 (count)
  // The curators grouped by equal local sensitivity (for Mechanisms::laplace_sum); curators with
  // Df_L(x_i) = 0 hold only zeros and add no noise, so they are left out.
  std::vector<Mechanisms::NoiseGroup> groups;
};
CuratorQuery query_of(const CuratorTotals& data, Query q);

// Whose sensitivity each curator's noise uses:
//   Local       Df_L(x_i), its own largest record (Algorithm 5.1 as published): data-dependent,
//               so not eps-DP (a record above the curator's largest moves the sum by more than the
//               noise was calibrated to, and changes the noise's scale; `dplab audit` finds it);
//   ValueBound  the public record bound for every curator (the global sensitivity of f(x_i)
//               under one added or removed record): eps-DP per curator, the provable variant.
enum class Sensitivity { Local, ValueBound };
Sensitivity parse_sensitivity(const std::string& name);  // "local" or "value_bound"
// `q` with every curator's noise sensitivity (local, sum_local, groups) at the record bound.
CuratorQuery at_value_bound(CuratorQuery q);
CuratorQuery query_of(const CuratorTotals& data, Query q, Sensitivity s);

// The privacy loss of the released total when a whole curator joins or leaves (the neighbour
// of Eq. 5.1 and Theorem 5.1), for curators' noises Lap(Df_i / eps): the total moves by f(x_j)
// and the sum of the other curators' noises has the tails of its widest Laplace, so the loss is
// eps max_j f(x_j) / max_i Df_i (approached in the tails). `noise_sensitivity` is max_i Df_i.
double curator_level_loss(const CuratorQuery& q, double noise_sensitivity, double eps);

}  // namespace dplab::lu_budget_bounds
