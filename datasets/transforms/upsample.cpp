// upsample: `factor` jittered copies of every point.
//
// wavecluster §7.1 runs on DS1 (15 Gaussian clusters, 30,000 points), DS2 (3 spirals, 31,200)
// and DS3 ("5 various shapes" with narrow bridges, 31,520), three sets "widely used in previous
// clustering algorithms [1]" (ref. [1]: the Joensuu clustering datasets page), and says nothing
// about how they were made. Their shapes and sizes are those of the Joensuu shape sets R15 (600
// points), Spiral (312) and Aggregation (788; its 7 labelled clusters are the paper's 5 shapes,
// two of which are two sub-components joined by a narrow bridge) times 50, 100 and 40, so we
// build them that way:
//   DS1 = r15 + {upsample: {factor: 50}}, DS2 = spiral + {upsample: {factor: 100}},
//   DS3 = aggregation + {upsample: {factor: 40}}.
// Exact copies would only multiply the grid counts of WaveCluster's quantisation; the jitter
// spreads every copy a little so the sets look like samples of the same shapes.
// The authors' own files have since been found and are in the catalogue (wavecluster_ds1..3,
// datasets/wavecluster.cpp); the wavecluster specs use those. This transform stays as a general
// way to enlarge a shape set.
//
// Jitter: copy c of point i is x_i + e, e_j ~ N(0, (sigma * range_j)^2) independently in each
// dimension j, where range_j = max - min of dimension j in the input (a constant dimension gets
// no jitter). Every copy is jittered, so each output point is its source plus that noise. The
// output is `factor` blocks of n points, block c being copy c of the input in input order;
// labels are copied.
//
// Default sigma = 0.005: the largest jitter that keeps the clusters of all three sets as
// separated as the originals. Measured by the nearest original point of 5 jittered copies of
// every point: at 0.005 fewer than 0.1% of R15 copies and none of Spiral or Aggregation copies
// land nearer a point of another cluster; at 0.01, 0.7% of R15 copies (as many as R15's own
// leave-one-out 1-NN error, its clusters touch) and 0.13% of Aggregation copies do, which starts
// to fill Aggregation's 0.55-wide gaps and narrow bridges; at 0.02, 2.7% and 0.3%. At 0.005 the
// jitter sd is 0.07 (R15), 0.14 (Spiral) and 0.17/0.14 (Aggregation), below the grid cells of
// the paper's settings (g = 64, 40, 36: cells of 0.21, 0.72, 0.92).
#include <cmath>

#include "datasets/transform.hpp"
#include "core/error.hpp"
#include "core/samplers.hpp"

namespace dplab {
namespace {

class Upsample : public Transform {
 public:
  TransformInfo info() const override {
    return {"upsample",
            "factor copies of every point with Gaussian jitter of sd sigma x each dimension's range (wavecluster DS1-DS3)",
            {ParamSpec::integer("factor", 10, "copies of every point (wavecluster: DS1 = R15 x 50, DS2 = Spiral x 100, DS3 = Aggregation x 40)")
                 .at_least(1)
                 .at_most(1e6),
             ParamSpec::real("sigma", 0.005, "jitter standard deviation as a fraction of each dimension's range (0: exact copies)")
                 .at_least(0)
                 .at_most(1)},
            {DatasetKind::Points}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream& s) const override {
    const auto* src = dynamic_cast<const PointSet*>(in.get());
    if (!src) throw Error("transform 'upsample' applies to points, not to " + std::string(kind_name(in->kind())));
    const Params p = with_defaults(info().params, given);
    const std::int64_t factor = p.integer("factor");
    const double sigma = p.real("sigma");
    if (factor < 1) throw Error("transform 'upsample': parameter 'factor' (" + std::to_string(factor) + ") must be at least 1");
    if (!(sigma >= 0)) throw Error("transform 'upsample': parameter 'sigma' (" + to_string(Value(sigma)) + ") must be at least 0");
    const std::size_t n = src->n, d = src->d, k = std::size_t(factor);

    std::vector<double> sd(d, 0.0);
    for (std::size_t j = 0; j < d; ++j) {
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, src->x[i * d + j]);
        hi = std::max(hi, src->x[i * d + j]);
      }
      if (hi > lo) sd[j] = sigma * (hi - lo);
    }

    auto out = std::make_shared<PointSet>();
    out->name = src->name;
    out->n = n * k;
    out->d = d;
    out->x.resize(n * k * d);
    for (std::size_t c = 0; c < k; ++c)
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < d; ++j)
          out->x[(c * n + i) * d + j] = src->x[i * d + j] + (sd[j] > 0 ? sd[j] * sample_normal(s) : 0.0);
    if (src->labelled()) {
      out->labels.reserve(n * k);
      for (std::size_t c = 0; c < k; ++c) out->labels.insert(out->labels.end(), src->labels.begin(), src->labels.end());
    }
    return out;
  }
};

}  // namespace

DPLAB_TRANSFORM(Upsample);

}  // namespace dplab
