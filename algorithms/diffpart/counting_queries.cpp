#include "algorithms/diffpart/counting_queries.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab::diffpart {

std::vector<std::uint32_t> length_limits(const QuerySetParams& p, std::uint32_t universe,
                                         std::uint32_t max_record_size) {
  if (universe == 0) throw Error("counting queries need a non-empty item universe");
  if (p.subsets < 1) throw Error("counting queries need at least one query subset");
  auto clamp = [&](std::uint64_t limit) {
    return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(limit, 1, universe));
  };
  if (p.max_length > 0) return {clamp(static_cast<std::uint64_t>(p.max_length))};
  std::vector<std::uint32_t> out;
  const auto n = static_cast<std::uint64_t>(p.subsets);
  for (std::uint64_t i = 1; i <= n; ++i) out.push_back(clamp(i * max_record_size / n));
  return out;
}

std::string query_set_key(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size) {
  // With a fixed maximum length the subset count plays no part in the queries.
  const std::int64_t subsets = p.max_length > 0 ? 1 : p.subsets;
  return "diffpart.counting_queries|queries=" + std::to_string(p.queries) + "|subsets=" +
         std::to_string(subsets) + "|max_length=" + std::to_string(p.max_length) +
         "|universe=" + std::to_string(universe) + "|max_record_size=" + std::to_string(max_record_size);
}

namespace {

// A uniformly random k-subset of {0, ..., n-1}, sorted (Floyd's algorithm: for j = n-k..n-1,
// draw t in [0, j] and take t, or j when t is already taken; every k-subset is equally likely).
void random_subset(std::uint32_t n, std::uint32_t k, Stream& s, std::vector<std::uint32_t>& out) {
  out.clear();
  for (std::uint32_t j = n - k; j < n; ++j) {
    auto t = static_cast<std::uint32_t>(s.below(std::uint64_t{j} + 1));
    auto at = std::lower_bound(out.begin(), out.end(), t);
    if (at != out.end() && *at == t) {
      // j is larger than every element taken so far (they are all < j).
      out.push_back(j);
    } else {
      out.insert(at, t);
    }
  }
}

}  // namespace

QuerySet generate_queries(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size,
                          Stream& stream) {
  if (p.queries < 1) throw Error("counting queries: the number of queries must be at least 1");
  QuerySet qs;
  qs.length_limit = length_limits(p, universe, max_record_size);
  const std::size_t n = qs.length_limit.size();
  const auto total = static_cast<std::size_t>(p.queries);
  if (total < n)
    throw Error("counting queries: " + std::to_string(total) + " queries cannot fill " + std::to_string(n) +
                " subsets");
  std::vector<std::uint32_t> q;
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t count = total / n + (s < total % n ? 1 : 0);
    for (std::size_t k = 0; k < count; ++k) {
      const auto length = static_cast<std::uint32_t>(1 + stream.below(qs.length_limit[s]));
      random_subset(universe, length, stream, q);
      qs.items.insert(qs.items.end(), q.begin(), q.end());
      qs.offsets.push_back(qs.items.size());
    }
    qs.subset_begin.push_back(qs.size());
  }
  return qs;
}

QuerySet generate_queries(const QuerySetParams& p, std::uint32_t universe, std::uint32_t max_record_size,
                          const TrialSeeds& seeds) {
  Stream stream = seeds.public_stream(query_set_key(p, universe, max_record_size));
  return generate_queries(p, universe, max_record_size, stream);
}

std::uint32_t max_record_size(const Transactions& data) {
  std::uint64_t m = 0;
  for (std::size_t r = 0; r < data.records(); ++r) m = std::max(m, data.offsets[r + 1] - data.offsets[r]);
  return static_cast<std::uint32_t>(m);
}

}  // namespace dplab::diffpart
