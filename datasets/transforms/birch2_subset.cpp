// birch2_subset: the thesis's "Birch2" (lu_thesis ch. 7, Table 7.2: 12,000 records, 5 clusters)
// built from the public Birch2 (Zhang, Ramakrishnan & Livny 1997, as distributed by Franti's
// clustering benchmark: 100,000 points in 100 Gaussian clusters of about 1,000 points, whose
// centres lie evenly spaced along a sine curve).
//
// THIS IS OUR CONSTRUCTION, not the thesis's file. 12,000 points in 5 clusters cannot be a plain
// subset of the public Birch2, whose clusters hold about 1,000 points each, and the thesis does
// not say how its version was made. We:
//   1. label the input's points by cluster: the centres are evenly spaced in x, so the cluster
//      of a point is floor((x - min x) / (max x - min x) * source_clusters), clamped to
//      source_clusters - 1 (on the public file this gives 100 clusters of 996 to 1,005 points);
//   2. pick `clusters` of them evenly spaced along the curve, source cluster
//      floor((2j + 1) source_clusters / (2 clusters)) for j = 0..clusters-1 (10, 30, 50, 70, 90
//      for 5 of 100), so that the subset still follows the sine;
//   3. give each picked cluster points/clusters points (the first points mod clusters get one
//      more): all of its own points, completed by draws from the Gaussian fitted to those points
//      (their mean and sample covariance; BIRCH generates every cluster as a Gaussian, so this
//      extends a cluster with more of the same law); when it holds more points than needed, a
//      uniform subset of them instead.
// At the thesis's settings each cluster keeps its ~1,000 real points and gets ~1,400 drawn ones.
// Output: cluster after cluster (real points in input order, then the drawn ones), labels
// 0..clusters-1 in curve order. Input labels, if any, are ignored.
#include <algorithm>
#include <cmath>

#include "datasets/transform.hpp"
#include "core/error.hpp"
#include "core/samplers.hpp"

namespace dplab {
namespace {

// Lower-triangular L with L L^T = a (d x d, row-major); tolerates semi-definite matrices (a zero
// pivot gives a zero column), as a cluster's sample covariance can be singular.
std::vector<double> cholesky(const std::vector<double>& a, std::size_t d) {
  std::vector<double> l(d * d, 0.0);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j <= i; ++j) {
      double sum = a[i * d + j];
      for (std::size_t k = 0; k < j; ++k) sum -= l[i * d + k] * l[j * d + k];
      if (i == j) l[i * d + i] = std::sqrt(std::max(sum, 0.0));
      else l[i * d + j] = l[j * d + j] > 0 ? sum / l[j * d + j] : 0.0;
    }
  return l;
}

class Birch2Subset : public Transform {
 public:
  TransformInfo info() const override {
    return {"birch2_subset",
            "lu_thesis's Birch2 (12,000 points, 5 clusters) from the public Birch2: clusters evenly spaced along the sine, "
            "completed by draws from each cluster's fitted Gaussian (our construction)",
            {ParamSpec::integer("clusters", 5, "clusters to keep, evenly spaced along the curve (lu_thesis: 5)").at_least(1).at_most(1e6),
             ParamSpec::integer("points", 12000, "points in the output, split evenly among the clusters (lu_thesis: 12,000)")
                 .at_least(1)
                 .at_most(1e9),
             ParamSpec::integer("source_clusters", 100, "clusters of the input, evenly spaced in x (public Birch2: 100)")
                 .at_least(1)
                 .at_most(1e6)},
            {DatasetKind::Points}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream& s) const override {
    const auto* src = dynamic_cast<const PointSet*>(in.get());
    if (!src) throw Error("transform 'birch2_subset' applies to points, not to " + std::string(kind_name(in->kind())));
    const Params p = with_defaults(info().params, given);
    const std::int64_t k = p.integer("clusters"), total = p.integer("points"), sc = p.integer("source_clusters");
    const std::string where = "transform 'birch2_subset': ";
    if (sc < 1 || sc > 1000000)
      throw Error(where + "parameter 'source_clusters' (" + std::to_string(sc) + ") must be from 1 to 1,000,000");
    if (k < 1 || k > sc)
      throw Error(where + "parameter 'clusters' (" + std::to_string(k) + ") must be from 1 to source_clusters (" +
                  std::to_string(sc) + ")");
    if (total < k)
      throw Error(where + "parameter 'points' (" + std::to_string(total) + ") must be at least clusters (" +
                  std::to_string(k) + ")");
    const std::size_t n = src->n, d = src->d;
    if (n == 0 || d == 0) throw Error(where + "dataset '" + src->name + "' has no points");

    // 1. Source cluster of every point, by its x position.
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t i = 0; i < n; ++i) { lo = std::min(lo, src->x[i * d]); hi = std::max(hi, src->x[i * d]); }
    if (!(hi > lo)) throw Error(where + "dataset '" + src->name + "' has no spread in x: its clusters cannot be told apart");
    auto source_cluster = [&](std::size_t i) {
      const double c = std::floor((src->x[i * d] - lo) / (hi - lo) * double(sc));
      return std::int64_t(std::clamp(c, 0.0, double(sc - 1)));
    };

    // 2. The picked clusters and their members, in input order.
    std::vector<std::int64_t> pick_of(std::size_t(sc), -1);
    for (std::int64_t j = 0; j < k; ++j) pick_of[std::size_t((2 * j + 1) * sc / (2 * k))] = j;
    std::vector<std::vector<std::size_t>> members(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < n; ++i)
      if (const std::int64_t j = pick_of[std::size_t(source_cluster(i))]; j >= 0) members[std::size_t(j)].push_back(i);

    // 3. Each cluster's points: a uniform subset of its own, or all of them plus fitted draws.
    auto out = std::make_shared<PointSet>();
    out->name = src->name;
    out->n = std::size_t(total);
    out->d = d;
    out->x.reserve(out->n * d);
    out->labels.reserve(out->n);
    for (std::size_t j = 0; j < std::size_t(k); ++j) {
      const std::vector<std::size_t>& m = members[j];
      const std::size_t want = std::size_t(total / k) + (std::int64_t(j) < total % k ? 1 : 0);
      auto emit = [&](const double* row) {
        out->x.insert(out->x.end(), row, row + d);
        out->labels.push_back(std::int32_t(j));
      };
      if (m.size() >= want) {
        std::size_t taken = 0;
        for (std::size_t t = 0; t < m.size() && taken < want; ++t)
          if (s.below(m.size() - t) < want - taken) { emit(src->row(m[t])); ++taken; }
        continue;
      }
      if (m.size() < 2)
        throw Error(where + "cluster " + std::to_string(j) + " (source cluster " +
                    std::to_string((2 * std::int64_t(j) + 1) * sc / (2 * k)) + " of " + std::to_string(sc) + ") of dataset '" +
                    src->name + "' has " + std::to_string(m.size()) +
                    " points: at least 2 are needed to fit the Gaussian that completes it; check source_clusters");
      std::vector<double> mean(d, 0.0), cov(d * d, 0.0);
      for (std::size_t i : m)
        for (std::size_t a = 0; a < d; ++a) mean[a] += src->row(i)[a];
      for (double& v : mean) v /= double(m.size());
      for (std::size_t i : m)
        for (std::size_t a = 0; a < d; ++a)
          for (std::size_t b = 0; b < d; ++b)
            cov[a * d + b] += (src->row(i)[a] - mean[a]) * (src->row(i)[b] - mean[b]);
      for (double& v : cov) v /= double(m.size() - 1);
      const std::vector<double> l = cholesky(cov, d);
      for (std::size_t i : m) emit(src->row(i));
      std::vector<double> z(d), y(d);
      for (std::size_t t = m.size(); t < want; ++t) {
        for (double& v : z) v = sample_normal(s);
        for (std::size_t a = 0; a < d; ++a) {
          y[a] = mean[a];
          for (std::size_t b = 0; b <= a; ++b) y[a] += l[a * d + b] * z[b];
        }
        emit(y.data());
      }
    }
    return out;
  }
};

}  // namespace

DPLAB_TRANSFORM(Birch2Subset);

}  // namespace dplab
