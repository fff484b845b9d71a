// scale: maps every dimension of a point set linearly onto [low, high], its minimum to low and
// its maximum to high exactly.
//
// This is the "sensitivity normalisation" of budget_series §5.2.1 (Definition 3): the clustering
// experiments of §7.2.1 scale all dimensions to [-1, +1] (the defaults) so that sum and count
// queries have sensitivity 1; lu_thesis ch. 7 scales its datasets to [0, 1]. A constant
// dimension has no range to stretch and maps to the midpoint (low + high) / 2. Labels are kept.
#include <algorithm>
#include <cmath>

#include "datasets/transform.hpp"
#include "core/error.hpp"

namespace dplab {
namespace {

class Scale : public Transform {
 public:
  TransformInfo info() const override {
    return {"scale",
            "each dimension linearly onto [low, high] (budget_series §5.2.1 sensitivity normalisation; [0, 1] for lu_thesis ch. 7)",
            {ParamSpec::real("low", -1.0, "new minimum of every dimension (budget_series §7.2.1: -1)"),
             ParamSpec::real("high", 1.0, "new maximum of every dimension, above low (budget_series §7.2.1: +1)")},
            {DatasetKind::Points}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream&) const override {
    const auto* src = dynamic_cast<const PointSet*>(in.get());
    if (!src) throw Error("transform 'scale' applies to points, not to " + std::string(kind_name(in->kind())));
    const Params p = with_defaults(info().params, given);
    const double low = p.real("low"), high = p.real("high");
    if (!(low < high) || !std::isfinite(low) || !std::isfinite(high))
      throw Error("transform 'scale': parameters 'low' (" + to_string(Value(low)) + ") and 'high' (" +
                  to_string(Value(high)) + ") must be finite with low < high");
    auto out = std::make_shared<PointSet>(*src);
    const std::size_t n = src->n, d = src->d;
    for (std::size_t j = 0; j < d; ++j) {
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, src->x[i * d + j]);
        hi = std::max(hi, src->x[i * d + j]);
      }
      for (std::size_t i = 0; i < n; ++i) {
        double& v = out->x[i * d + j];
        if (!(hi > lo)) { v = 0.5 * (low + high); continue; }
        // low (1 - t) + high t gives low at t = 0 and high at t = 1 exactly; the clamp keeps
        // rounding inside the interval.
        const double t = (src->x[i * d + j] - lo) / (hi - lo);
        v = std::clamp(low * (1 - t) + high * t, low, high);
      }
    }
    return out;
  }
};

}  // namespace

DPLAB_TRANSFORM(Scale);

}  // namespace dplab
