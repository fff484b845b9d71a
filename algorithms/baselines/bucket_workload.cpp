#include "algorithms/baselines/bucket_workload.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace dplab::baselines {

namespace {

// Appends a segment to the row being built (whose segments start at `row_start`): the partial
// buckets two runs share add up, and equal neighbours merge.
void push(BucketWorkload& Q, std::size_t row_start, Segment s) {
  if (Q.segments.size() > row_start) {
    Segment& last = Q.segments.back();
    // Two runs inside one bucket, or a run's last bucket that the next run starts in: the
    // fractions add up. (The buckets of a coefficient-1 piece lie inside one run, so no other
    // run reaches them; the shared bucket is always a one-bucket piece, possibly merged into the
    // end of the previous segment.)
    if (s.last - s.first == 1 && last.last == s.last) {
      if (last.last - last.first > 1) {
        --last.last;
        Q.segments.push_back(Segment{s.first, s.last, last.coef + s.coef});
      } else {
        last.coef += s.coef;
      }
      // The sum may now equal the coefficient of the segment before it.
      if (Q.segments.size() > row_start + 1) {
        Segment& before = Q.segments[Q.segments.size() - 2];
        Segment& now = Q.segments.back();
        if (before.last == now.first && before.coef == now.coef) {
          before.last = now.last;
          Q.segments.pop_back();
        }
      }
      return;
    }
    if (last.last == s.first && last.coef == s.coef) {
      last.last = s.last;
      return;
    }
  }
  Q.segments.push_back(s);
}

}  // namespace

void BucketWorkload::add_row(std::span<const std::pair<std::uint32_t, double>> entries, std::uint64_t query_cells) {
  const std::size_t start = segments.size();
  for (std::size_t e = 0; e < entries.size(); ++e) {
    const auto [k, c] = entries[e];
    if (k >= buckets || (e && k <= entries[e - 1].first) || !(c > 0))
      throw Error("bucket workload row: buckets must be increasing and below " + std::to_string(buckets) +
                  ", coefficients positive");
    push(*this, start, Segment{k, k + 1, c});
  }
  offsets.push_back(segments.size());
  cells.push_back(query_cells);
}

BucketWorkload reduce_workload(const linear_queries::Workload& W, const Buckets& b) {
  if (b.bounds.back() != W.n)
    throw Error("DAWA: the partition covers " + std::to_string(b.bounds.back()) +
                " cells but the workload's domain has " + std::to_string(W.n));
  std::vector<std::uint32_t> bucket_of(W.n);
  for (std::size_t k = 0; k < b.size(); ++k)
    std::fill(bucket_of.begin() + b.lo(k), bucket_of.begin() + b.hi(k), static_cast<std::uint32_t>(k));
  BucketWorkload Q;
  Q.buckets = static_cast<std::uint32_t>(b.size());
  Q.offsets.reserve(W.queries() + 1);
  Q.cells.reserve(W.queries());
  for (std::size_t i = 0; i < W.queries(); ++i) {
    Q.cells.push_back(W.row_size(i));
    const std::size_t start = Q.segments.size();
    for (const linear_queries::Run& r : W.row(i)) {
      const std::uint32_t kb = bucket_of[r.begin], ke = bucket_of[r.end - 1];
      if (kb == ke) {
        push(Q, start, Segment{kb, kb + 1, static_cast<double>(r.size()) / b.length(kb)});
        continue;
      }
      // First bucket from r.begin to its end, the buckets in between whole, the last one up to r.end.
      push(Q, start, Segment{kb, kb + 1, static_cast<double>(b.hi(kb) - r.begin) / b.length(kb)});
      if (ke > kb + 1) push(Q, start, Segment{kb + 1, ke, 1.0});
      push(Q, start, Segment{ke, ke + 1, static_cast<double>(r.end - b.lo(ke)) / b.length(ke)});
    }
    Q.offsets.push_back(Q.segments.size());
  }
  return Q;
}

}  // namespace dplab::baselines
