// Random counting queries for evaluating sanitized set-valued data (diffpart §5.1).
//
// A counting query over an itemset I' asks Q(D) = |{t in D : I' subset of t}| (Definition 3.4).
// The paper draws 50,000 queries split into 5 subsets; the i-th subset has query lengths
// uniform in [1, (i x 20%) max|t|] and items drawn at random from I. The queries are public,
// data-independent inputs: they come from a public stream keyed by the query-set parameters,
// the universe size and max|t|, so every algorithm and budget of a run answers the same
// queries at a given trial (framework/trial.hpp, TrialSeeds).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "framework/trial.hpp"

namespace dplab::diffpart {

struct QuerySetParams {
  std::int64_t queries = 50000;  // total number of queries (§5.1: 50,000)
  std::int64_t subsets = 5;      // subsets of growing maximum length (§5.1: 5)
  // 0: the paper's subsets by fraction of max|t|. L > 0: one subset with lengths uniform in
  // [1, L] (Appendix E, Fig 6 fixes the query length to 10).
  std::int64_t max_length = 0;
};

// Queries in CSR form, subset by subset: queries of subset s are [subset_begin[s],
// subset_begin[s+1]); each query's items are sorted and distinct.
struct QuerySet {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> items;
  std::vector<std::size_t> subset_begin{0};
  std::vector<std::uint32_t> length_limit;  // the largest query length of each subset

  std::size_t size() const { return offsets.size() - 1; }
  std::size_t subsets() const { return length_limit.size(); }
  std::span<const std::uint32_t> query(std::size_t q) const {
    return {items.data() + offsets[q], static_cast<std::size_t>(offsets[q + 1] - offsets[q])};
  }
};

// The largest query length of each subset. Subset i (1-based) of n may reach i/n of max|t|;
// lengths are integers, so the limit is floor(i * max|t| / n) (the integers of the real interval
// [1, i/n max|t|]), at least 1 and at most |I| (a query's items are distinct). For MSNBC
// (max|t| = 17) this gives 3, 6, 10, 13, 17; for STM (max|t| = 64) 12, 25, 38, 51, 64.
std::vector<std::uint32_t> length_limits(const QuerySetParams& p, std::uint32_t universe,
                                         std::uint32_t max_record_size);

// Canonical text of everything the query set depends on, the key of its public stream.
std::string query_set_key(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size);

// Draws the query set from `stream`: the queries are split as evenly as possible between the
// subsets (the first ones take the remainder); a query of subset s has a length uniform in
// [1, length_limit[s]] and its items form a uniformly random subset of I of that size.
QuerySet generate_queries(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size,
                          Stream& stream);

// The same, from the trial's public stream for this query set (identical for every algorithm
// and budget of the run at that trial).
QuerySet generate_queries(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size,
                          const TrialSeeds& seeds);

// max|t| of a dataset (diffpart Table 2).
std::uint32_t max_record_size(const Transactions& data);

}  // namespace dplab::diffpart
