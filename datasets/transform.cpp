#include "datasets/transform.hpp"

namespace dplab {

bool register_transform(std::shared_ptr<const Transform> t) {
  auto name = t->info().name;
  return TransformRegistry::instance().add(name, std::move(t));
}

const Transform& find_transform(const std::string& name) {
  auto& r = TransformRegistry::instance();
  if (auto* t = r.find(name)) return *t;
  throw Error(unknown_name_message("transform", name, r.names()));
}

}  // namespace dplab
