#include "datasets/frozen.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <utility>

namespace dplab {
namespace {

struct Registry {
  std::shared_mutex mutex;
  // Address -> (id, holders): one dataset can be frozen twice (a loader that shares one object
  // between two references); it stays registered, with its first id, until both are released.
  std::map<const Dataset*, std::pair<std::uint64_t, int>> ids;
  std::atomic<std::uint64_t> next{1};
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

std::shared_ptr<const Dataset> freeze(std::shared_ptr<const Dataset> data) {
  if (!data) return data;
  Registry& r = registry();
  const Dataset* raw = data.get();
  {
    std::unique_lock lock(r.mutex);
    auto [it, added] = r.ids.try_emplace(raw, 0, 0);
    if (added) it->second.first = r.next++;
    ++it->second.second;
  }
  // The returned pointer owns `data`: the deleter unregisters, then releases it.
  return std::shared_ptr<const Dataset>(raw, [held = std::move(data)](const Dataset* p) mutable {
    Registry& reg = registry();
    {
      std::unique_lock lock(reg.mutex);
      auto it = reg.ids.find(p);
      if (it != reg.ids.end() && --it->second.second == 0) reg.ids.erase(it);
    }
    held.reset();
  });
}

std::uint64_t frozen_id(const Dataset& data) {
  Registry& r = registry();
  std::shared_lock lock(r.mutex);
  const auto it = r.ids.find(&data);
  return it == r.ids.end() ? 0 : it->second.first;
}

}  // namespace dplab
