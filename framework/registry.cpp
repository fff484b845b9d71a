#include "framework/registry.hpp"

#include <algorithm>

namespace dplab {

bool register_algorithm(std::shared_ptr<const Algorithm> a) {
  auto name = a->info().name;
  return AlgorithmRegistry::instance().add(name, std::move(a));
}
bool register_metric(std::shared_ptr<const Metric> m) {
  auto name = m->info().name;
  return MetricRegistry::instance().add(name, std::move(m));
}
bool register_dataset(DatasetInfo info) {
  auto name = info.name;
  return DatasetRegistry::instance().add(name, std::make_shared<const DatasetInfo>(std::move(info)));
}

bool register_transform(std::shared_ptr<const Transform> t) {
  auto name = t->info().name;
  return TransformRegistry::instance().add(name, std::move(t));
}

namespace {
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      bool same = std::tolower(a[i - 1]) == std::tolower(b[j - 1]);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known) {
  std::string msg = "unknown " + what + " '" + name + "'";
  std::string best;
  std::size_t best_d = 4;  // suggest only close matches
  for (const auto& k : known) {
    auto d = edit_distance(name, k);
    if (d < best_d) { best_d = d; best = k; }
  }
  if (!best.empty()) msg += ": did you mean '" + best + "'?";
  msg += " (allowed: ";
  for (std::size_t i = 0; i < known.size(); ++i) msg += (i ? ", " : "") + known[i];
  return msg + ")";
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
const Transform& find_transform(const std::string& name) {
  auto& r = TransformRegistry::instance();
  if (auto* t = r.find(name)) return *t;
  throw Error(unknown_name_message("transform", name, r.names()));
}

const DatasetInfo& find_dataset(const std::string& name) {
  auto& r = DatasetRegistry::instance();
  if (auto* d = r.find(name)) return *d;
  throw Error(unknown_name_message("dataset", name, r.names()));
}

}  // namespace dplab
