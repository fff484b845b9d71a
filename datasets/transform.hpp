// Dataset transforms usable from specs (scaling, sub-sampling, up-sampling, ...):
//
//   dataset: {name: r15, label: DS1, transforms: [{upsample: {factor: 50, sigma: 0.01}}]}
//
// A transform is a class in its own .cpp registered with DPLAB_TRANSFORM. It returns a new
// dataset (inputs are shared and never modified) and draws randomness only from the stream it
// is given, which is keyed by the dataset reference, so a transformed dataset is reproducible.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "datasets/dataset.hpp"
#include "core/macros.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"

namespace dplab {

struct TransformInfo {
  std::string name;
  std::string doc;
  std::vector<ParamSpec> params;
  std::vector<DatasetKind> accepts;  // kinds it applies to (the output has the same kind)
};

class Transform {
 public:
  virtual ~Transform() = default;
  virtual TransformInfo info() const = 0;
  virtual std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& params,
                                               Stream& stream) const = 0;
};

using TransformRegistry = Registry<Transform>;
bool register_transform(std::shared_ptr<const Transform> t);
const Transform& find_transform(const std::string& name);

}  // namespace dplab

#define DPLAB_TRANSFORM(Class)                                                       \
  [[maybe_unused]] static const bool DPLAB_CONCAT(dplab_registered_transform_, Class) = \
      ::dplab::register_transform(std::make_shared<Class>())
