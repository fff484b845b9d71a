// F-measure of a clustering against a reference clustering (wavecluster §7.3), point-weighted.
#include <algorithm>
#include <limits>
#include <string>

#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/contingency.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

namespace dplab {

double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, bool noise_is_class) {
  if (truth.size() != found.size()) contingency(truth, found);  // throws the length error
  std::vector<std::int32_t> kept_truth, kept_found;
  if (!noise_is_class) {
    for (std::size_t k = 0; k < truth.size(); ++k)
      if (truth[k] != 0) kept_truth.push_back(truth[k]), kept_found.push_back(found[k]);
    truth = kept_truth;
    found = kept_found;
  }
  const Contingency c = contingency(truth, found);
  if (c.total == 0) return std::numeric_limits<double>::quiet_NaN();
  double f = 0;
  for (std::size_t i = 0; i < c.row_label.size(); ++i) {
    double best = 0;
    for (std::size_t j = 0; j < c.col_label.size(); ++j)
      if (noise_is_class || c.col_label[j] != 0)
        best = std::max(best, 2 * c.count[i][j] / (c.row_sum[i] + c.col_sum[j]));
    f += c.row_sum[i] / c.total * best;
  }
  return f;
}

double f_measure(std::span<const std::int32_t> truth, std::span<const std::int32_t> found, FDefinition definition) {
  if (definition == FDefinition::BestMatch) return f_measure(truth, found, true);
  const Contingency c = contingency(truth, found);
  if (c.total == 0) return std::numeric_limits<double>::quiet_NaN();
  auto f1 = [](double a, double b) { return a + b > 0 ? 2 * a * b / (a + b) : 0.0; };
  const std::size_t rows = c.row_label.size(), cols = c.col_label.size();
  switch (definition) {
    case FDefinition::SetMatching: {
      double purity = 0, inverse = 0;
      for (std::size_t i = 0; i < rows; ++i) purity += *std::max_element(c.count[i].begin(), c.count[i].end());
      for (std::size_t j = 0; j < cols; ++j) {
        double best = 0;
        for (std::size_t i = 0; i < rows; ++i) best = std::max(best, c.count[i][j]);
        inverse += best;
      }
      return f1(purity / c.total, inverse / c.total);
    }
    case FDefinition::PairCounting: {
      auto pairs = [](double n) { return n * (n - 1) / 2; };
      double both = 0, in_truth = 0, in_found = 0;
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) both += pairs(c.count[i][j]);
      for (double r : c.row_sum) in_truth += pairs(r);
      for (double k : c.col_sum) in_found += pairs(k);
      return in_truth + in_found > 0 ? 2 * both / (in_truth + in_found) : 1.0;
    }
    case FDefinition::BCubed: {
      double precision = 0, recall = 0;
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
          const double n = c.count[i][j];
          if (n == 0) continue;
          precision += n * n / c.col_sum[j];
          recall += n * n / c.row_sum[i];
        }
      return f1(precision / c.total, recall / c.total);
    }
    case FDefinition::BestMatch: break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

namespace {

FDefinition f_definition(const std::string& name) {
  if (name == "set_matching") return FDefinition::SetMatching;
  if (name == "pair_counting") return FDefinition::PairCounting;
  if (name == "bcubed") return FDefinition::BCubed;
  return FDefinition::BestMatch;
}

class FMeasure : public Metric {
 public:
  MetricInfo info() const override {
    MetricInfo i;
    i.name = "f_measure";
    i.doc = "F-measure of every point's cell label against the reference clustering (wavecluster §7.3; noise is a class)";
    i.needs = {kCellClusteringsOutput};
    i.needs_dataset = true;
    i.params = {ParamSpec::text("f_noise", "class",
                                "class: noise is one more class on both sides; ignore: the reference's noise points "
                                "are left out and found noise matches nothing")
                    .one_of({"class", "ignore"}),
                ParamSpec::text("f_definition", "best_match",
                                "best_match: each true class's best F1, weighted by its size; set_matching, pair_counting, "
                                "bcubed: the SM-F1, Pair-F1 and BCubed-F1 of ELKI's evaluation (the paper's reference [2]), "
                                "noise a class")
                    .one_of({"best_match", "set_matching", "pair_counting", "bcubed"})};
    return i;
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const CellClusterings& cc = cell_clusterings_of(mc.out, "f_measure");
    const auto* points = dynamic_cast<const PointSet*>(mc.data);
    if (!points) throw Error("metric f_measure needs a point dataset");
    const FDefinition definition = f_definition(mc.params.text("f_definition"));
    const bool noise_is_class = mc.params.text("f_noise") == "class";
    if (!noise_is_class && definition != FDefinition::BestMatch)
      throw Error("metric f_measure: f_noise: ignore applies to f_definition: best_match only (the others count noise as a class)");
    const auto truth = point_labels(cc.grid, cc.truth, *points), found = point_labels(cc.grid, cc.found, *points);
    return {definition == FDefinition::BestMatch ? f_measure(truth, found, noise_is_class) : f_measure(truth, found, definition)};
  }
};
DPLAB_METRIC(FMeasure);

}  // namespace
}  // namespace dplab
