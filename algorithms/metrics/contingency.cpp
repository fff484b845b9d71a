#include "algorithms/metrics/contingency.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace dplab {

namespace {
std::vector<std::int32_t> distinct(std::span<const std::int32_t> v) {
  std::vector<std::int32_t> out(v.begin(), v.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}
int index_of(const std::vector<std::int32_t>& labels, std::int32_t label) {
  auto it = std::lower_bound(labels.begin(), labels.end(), label);
  return it != labels.end() && *it == label ? static_cast<int>(it - labels.begin()) : -1;
}
}  // namespace

int Contingency::row_of(std::int32_t label) const { return index_of(row_label, label); }
int Contingency::col_of(std::int32_t label) const { return index_of(col_label, label); }

namespace {
// Labels to 0-based row/column indices. Cluster labels are small integers: a lookup table over
// their range (one pass, no sort) when the range is modest, sorting otherwise.
struct Indexer {
  std::vector<std::int32_t> labels;  // distinct, increasing
  std::int64_t lo = 0;
  std::vector<std::int32_t> table;   // label - lo -> index, when dense
  explicit Indexer(std::span<const std::int32_t> v) {
    if (v.empty()) return;
    const auto [mn, mx] = std::minmax_element(v.begin(), v.end());
    lo = *mn;
    const std::int64_t range = std::int64_t(*mx) - lo + 1;
    if (range > std::int64_t(v.size()) + 4096) {
      labels = distinct(v);
      return;
    }
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(range), 0);
    for (auto l : v) seen[static_cast<std::size_t>(l - lo)] = 1;
    table.assign(static_cast<std::size_t>(range), -1);
    for (std::size_t r = 0; r < seen.size(); ++r)
      if (seen[r]) {
        table[r] = static_cast<std::int32_t>(labels.size());
        labels.push_back(static_cast<std::int32_t>(std::int64_t(r) + lo));
      }
  }
  std::size_t operator()(std::int32_t l) const {
    return static_cast<std::size_t>(table.empty() ? index_of(labels, l) : table[static_cast<std::size_t>(l - lo)]);
  }
};
}  // namespace

Contingency contingency(std::span<const std::int32_t> a, std::span<const std::int32_t> b) {
  if (a.size() != b.size())
    throw Error("clustering comparison: the two labellings have " + std::to_string(a.size()) + " and " +
                std::to_string(b.size()) + " items");
  const Indexer rows(a), cols(b);
  Contingency c;
  c.row_label = rows.labels;
  c.col_label = cols.labels;
  std::vector<double> flat(c.row_label.size() * c.col_label.size(), 0.0);
  const std::size_t nc = c.col_label.size();
  for (std::size_t k = 0; k < a.size(); ++k) flat[rows(a[k]) * nc + cols(b[k])] += 1;
  c.count.assign(c.row_label.size(), std::vector<double>(nc, 0.0));
  c.row_sum.assign(c.row_label.size(), 0.0);
  c.col_sum.assign(nc, 0.0);
  for (std::size_t i = 0; i < c.row_label.size(); ++i)
    for (std::size_t j = 0; j < nc; ++j) {
      c.count[i][j] = flat[i * nc + j];
      c.row_sum[i] += flat[i * nc + j];
      c.col_sum[j] += flat[i * nc + j];
    }
  c.total = static_cast<double>(a.size());
  return c;
}

}  // namespace dplab
