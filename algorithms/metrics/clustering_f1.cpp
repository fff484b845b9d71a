#include "algorithms/metrics/clustering_f1.hpp"

#include <algorithm>

#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "algorithms/metrics/hungarian.hpp"
#include "core/error.hpp"
#include "datasets/parse.hpp"
#include "framework/registry.hpp"

namespace dplab {

double weighted_f1(const std::vector<std::int32_t>& truth, const std::vector<std::int32_t>& found) {
  if (truth.size() != found.size()) throw Error("f1: the labels and the clustering differ in length");
  if (truth.empty()) return 0;
  int kt = 0, kf = 0;
  const auto t = dense_labels(truth, &kt), f = dense_labels(found, &kf);
  std::vector<std::vector<double>> overlap(static_cast<std::size_t>(kt), std::vector<double>(static_cast<std::size_t>(kf), 0));
  std::vector<double> true_size(static_cast<std::size_t>(kt), 0), found_size(static_cast<std::size_t>(kf), 0);
  for (std::size_t i = 0; i < t.size(); ++i) {
    overlap[static_cast<std::size_t>(t[i])][static_cast<std::size_t>(f[i])] += 1;
    true_size[static_cast<std::size_t>(t[i])] += 1;
    found_size[static_cast<std::size_t>(f[i])] += 1;
  }
  const std::vector<int> match = hungarian_max(overlap);
  double total = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(kt); ++i) {
    if (match[i] < 0) continue;
    const double tp = overlap[i][static_cast<std::size_t>(match[i])];
    if (tp == 0) continue;
    const double precision = tp / found_size[static_cast<std::size_t>(match[i])];
    const double recall = tp / true_size[i];
    total += true_size[i] / double(t.size()) * 2 * precision * recall / (precision + recall);
  }
  return total;
}

F1Definition parse_f1_definition(const std::string& text) {
  if (text == "kuhn_munkres") return F1Definition::KuhnMunkres;
  if (text == "best_match") return F1Definition::BestMatch;
  if (text == "found_weighted") return F1Definition::FoundWeighted;
  throw Error("unknown F1 definition '" + text + "' (allowed: kuhn_munkres, best_match, found_weighted)");
}

double weighted_f1(const std::vector<std::int32_t>& truth, const std::vector<std::int32_t>& found,
                   F1Definition definition) {
  if (truth.size() != found.size()) throw Error("f1: the labels and the clustering differ in length");
  if (truth.empty()) return 0;
  // f_measure (wavecluster §7.3) is the best-match F of its first argument's classes, each
  // weighted by its share of the points; with every label a class it serves either direction.
  switch (definition) {
    case F1Definition::KuhnMunkres: return weighted_f1(truth, found);
    case F1Definition::BestMatch: return f_measure(truth, found, true);
    case F1Definition::FoundWeighted: return f_measure(found, truth, true);
  }
  return 0;
}

double nivc(const std::vector<double>& x, std::size_t d, const std::vector<std::int32_t>& found) {
  const std::size_t n = found.size();
  if (x.size() != n * d) throw Error("nivc: the clustering does not match the data");
  if (n == 0) return 0;
  int k = 0;
  const auto f = dense_labels(found, &k);
  std::vector<double> mean(static_cast<std::size_t>(k) * d, 0), count(static_cast<std::size_t>(k), 0);
  for (std::size_t i = 0; i < n; ++i) {
    count[static_cast<std::size_t>(f[i])] += 1;
    for (std::size_t j = 0; j < d; ++j) mean[static_cast<std::size_t>(f[i]) * d + j] += x[i * d + j];
  }
  for (std::size_t c = 0; c < static_cast<std::size_t>(k); ++c)
    for (std::size_t j = 0; j < d; ++j) mean[c * d + j] /= count[c];
  double s = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      const double diff = x[i * d + j] - mean[static_cast<std::size_t>(f[i]) * d + j];
      s += diff * diff;
    }
  return s / double(n);
}

namespace {

class F1 : public Metric {
 public:
  MetricInfo info() const override {
    return {"f1", "weighted F1 against the dataset's labels (budget_series eq. 38-39; f1_definition picks the matching)",
            {"assignment"}, false, "", true,
            {ParamSpec::text("f1_definition", "kuhn_munkres",
                             "kuhn_munkres: true clusters matched one-to-one to found ones (eq. 39 with the text's "
                             "Kuhn-Munkres map); best_match: each true cluster's best F1, weighted by its size; "
                             "found_weighted: each found cluster's best F1, weighted by its size")
                 .one_of({"kuhn_munkres", "best_match", "found_weighted"})}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const Outputs& out = mc.out;
    const Dataset* data = mc.data;
    const auto* points = dynamic_cast<const PointSet*>(data);
    if (!points || !points->labelled())
      throw Error("metric f1 needs a labelled point dataset (ground-truth clusters)");
    return {weighted_f1(points->labels, out.object<std::vector<std::int32_t>>("assignment"),
                        parse_f1_definition(mc.params.text("f1_definition")))};
  }
};
DPLAB_METRIC(F1);

class Nivc : public Metric {
 public:
  MetricInfo info() const override {
    return {"nivc", "normalised intra-cluster variance of the found clusters (budget_series eq. 40)",
            {"assignment"}, false, "", true, {}};
  }
  std::vector<double> compute(const MetricContext& mc) const override {
    const Outputs& out = mc.out;
    const Dataset* data = mc.data;
    const auto* points = dynamic_cast<const PointSet*>(data);
    if (!points) throw Error("metric nivc needs a point dataset");
    return {nivc(points->x, points->d, out.object<std::vector<std::int32_t>>("assignment"))};
  }
};
DPLAB_METRIC(Nivc);

}  // namespace
}  // namespace dplab
