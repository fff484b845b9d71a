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

Contingency contingency(std::span<const std::int32_t> a, std::span<const std::int32_t> b) {
  if (a.size() != b.size())
    throw Error("clustering comparison: the two labellings have " + std::to_string(a.size()) + " and " +
                std::to_string(b.size()) + " items");
  Contingency c;
  c.row_label = distinct(a);
  c.col_label = distinct(b);
  c.count.assign(c.row_label.size(), std::vector<double>(c.col_label.size(), 0.0));
  c.row_sum.assign(c.row_label.size(), 0.0);
  c.col_sum.assign(c.col_label.size(), 0.0);
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto i = static_cast<std::size_t>(index_of(c.row_label, a[k]));
    const auto j = static_cast<std::size_t>(index_of(c.col_label, b[k]));
    c.count[i][j] += 1;
    c.row_sum[i] += 1;
    c.col_sum[j] += 1;
  }
  c.total = static_cast<double>(a.size());
  return c;
}

}  // namespace dplab
