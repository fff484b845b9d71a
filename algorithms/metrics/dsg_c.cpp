// DSG_C (wavecluster §6.1): dissimilarity of the clusters of significant cells.
#include <algorithm>
#include <limits>

#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/contingency.hpp"
#include "algorithms/metrics/hungarian.hpp"
#include "framework/registry.hpp"

namespace dplab {

double dsg_c(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, DsgMatching matching) {
  const Contingency c = contingency(truth, found);
  // Clusters are the non-zero labels; their sizes count every cell they hold (the cells of a
  // true cluster that are not significant in `found` sit in column 0, and vice versa).
  std::vector<std::size_t> t, s;
  for (std::size_t i = 0; i < c.row_label.size(); ++i)
    if (c.row_label[i] != 0) t.push_back(i);
  for (std::size_t j = 0; j < c.col_label.size(); ++j)
    if (c.col_label[j] != 0) s.push_back(j);
  double significant = 0;
  for (auto i : t) significant += c.row_sum[i];
  if (significant == 0) return std::numeric_limits<double>::quiet_NaN();
  // The Hungarian method needs rows <= columns: the side with fewer clusters is the rows.
  const bool truth_rows = t.size() <= s.size();
  const auto& rows = truth_rows ? t : s;
  const auto& cols = truth_rows ? s : t;
  auto size_of_col = [&](std::size_t b) { return truth_rows ? c.col_sum[cols[b]] : c.row_sum[cols[b]]; };
  std::vector<std::vector<double>> distance(rows.size(), std::vector<double>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b) {
      const std::size_t i = truth_rows ? rows[a] : cols[b], j = truth_rows ? cols[b] : rows[a];
      const double both = c.count[i][j];
      distance[a][b] = std::max(c.row_sum[i] - both, c.col_sum[j] - both);  // max(|Ci \ Cj|, |Cj \ Ci|)
    }
  // M_cost = sum of the matched distances + sum of the unmatched columns' sizes
  //        = sum of every column's size + sum over matched pairs of (distance - column size),
  // so minimising the whole M_cost is the assignment problem on distance - size.
  std::vector<std::vector<double>> cost = distance;
  if (matching == DsgMatching::Paper)
    for (std::size_t a = 0; a < rows.size(); ++a)
      for (std::size_t b = 0; b < cols.size(); ++b) cost[a][b] -= size_of_col(b);
  const std::vector<int> match = hungarian_min(cost);
  double total = 0;
  std::vector<char> matched(cols.size(), 0);
  for (std::size_t a = 0; a < rows.size(); ++a) {
    total += distance[a][static_cast<std::size_t>(match[a])];
    matched[static_cast<std::size_t>(match[a])] = 1;
  }
  // Unmatched clusters (on the side with more clusters) add their sizes.
  for (std::size_t b = 0; b < cols.size(); ++b)
    if (!matched[b]) total += size_of_col(b);
  return total / significant;
}

namespace {

class DsgC : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "dsg_c";
    i.doc = "DSG_C (wavecluster §6.1): Hungarian-matched dissimilarity of the significant-cell clusters / true significant cells";
    i.needs = {kCellClusteringsOutput};
    i.params = {ParamSpec::text("dsg_matching", "code",
                                "code: the matching minimises the matched pairs' distances, then unmatched sizes are added "
                                "(the authors' published Dissimilarity2.java); paper: it minimises the "
                                "whole M_cost of §6.1")
                    .one_of({"code", "paper"})};
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const CellClusterings& cc = cell_clusterings_of(mc.out, "dsg_c");
    const auto matching = mc.params.text("dsg_matching") == "paper" ? DsgMatching::Paper : DsgMatching::Code;
    return {dsg_c(cc.truth, cc.found, matching)};
  }
};
DPLAB_METRIC(DsgC);

}  // namespace
}  // namespace dplab
