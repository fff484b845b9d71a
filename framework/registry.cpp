#include "framework/registry.hpp"

#include <algorithm>

namespace dplab {

bool register_algorithm(std::shared_ptr<const Algorithm> a) {
  const AlgorithmInfo info = a->info();
  try {
    check_privacy_declaration(info.name, info.privacy, info.privacy_rules);
  } catch (const Error& e) {
    // While a plugin loads, recorded and reported by the loader (never thrown through dlopen).
    if (auto* sink = registration_errors()) {
      sink->push_back(e.what());
      return false;
    }
    throw;
  }
  return AlgorithmRegistry::instance().add(info.name, std::move(a));
}
bool register_metric(std::shared_ptr<const Metric> m) {
  auto name = m->info().name;
  return MetricRegistry::instance().add(name, std::move(m));
}

const Algorithm& find_algorithm(const std::string& name) {
  auto& r = AlgorithmRegistry::instance();
  if (auto* a = r.find(name)) return *a;
  throw Error(unknown_name_message("algorithm", name, r.names()));
}
const Metric& find_metric(const std::string& name) {
  auto& r = MetricRegistry::instance();
  if (auto* m = r.find(name)) return *m;
  throw Error(unknown_name_message("metric", name, r.names()));
}

}  // namespace dplab
