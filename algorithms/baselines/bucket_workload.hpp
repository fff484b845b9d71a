// DAWA's stage 2 works on the buckets of stage 1 (Li, Hay, Miklau, Wang, PVLDB 7(5) 2014, §4):
// the estimate is uniform inside a bucket, so a query counting c of bucket k's |b_k| cells asks
// for c / |b_k| of the bucket's total. This is DPBench's W_bar = W E (E the expansion matrix).
//
// A reduced row is a list of segments of consecutive buckets with one coefficient each: a run of
// cells becomes its partly covered first and last buckets (coefficients below 1) and the buckets
// in between (coefficient 1). A range query is at most three segments whatever its width, so the
// per-depth passes of greedyH (hierarchy_pass.hpp) cost O(segments + buckets), not O(cells).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/linear_queries/workload.hpp"

namespace dplab::baselines {

// Buckets [first, last), each weighted `coef` (in (0, 1]).
struct Segment {
  std::uint32_t first = 0, last = 0;
  double coef = 0;
};

// Rows of segments, ascending and disjoint; adjacent segments of a row have different
// coefficients (equal ones are merged), so a row weighs a set of buckets alike exactly when one
// segment covers them all.
struct BucketWorkload {
  std::uint32_t buckets = 0;
  std::vector<std::uint64_t> offsets{0};
  std::vector<Segment> segments;
  std::vector<std::uint64_t> cells;  // per row: how many cells the original query counts
  std::size_t queries() const { return offsets.size() - 1; }
  std::span<const Segment> row(std::size_t i) const {
    return {segments.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
  }
  // Appends a row from (bucket, coefficient) pairs by increasing bucket, standing for a query
  // of `query_cells` cells (tests, small cases).
  void add_row(std::span<const std::pair<std::uint32_t, double>> entries, std::uint64_t query_cells = 1);
};

// Q[i][k] = (cells of bucket k counted by query i) / |bucket k|, in O(runs) per query.
BucketWorkload reduce_workload(const linear_queries::Workload& W, const Buckets& b);

}  // namespace dplab::baselines
