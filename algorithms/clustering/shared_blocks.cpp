#include "algorithms/clustering/shared_blocks.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "core/simd.hpp"
#include "datasets/frozen.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::clustering {

std::string dataset_cache_key(const PointSet& data) {
  // A dataset the runner froze (datasets/frozen.hpp) cannot change: its id keys it without a
  // pass over its values.
  if (const std::uint64_t id = frozen_id(data)) return data.name + "|frozen " + std::to_string(id);
  const DataPrint print = fingerprint(data);
  char key[256];
  std::snprintf(key, sizeof key, "%p|%p|%zu|%zu|%llx|%llx", static_cast<const void*>(&data),
                static_cast<const void*>(data.x.data()), data.n, data.d, static_cast<unsigned long long>(print.plain),
                static_cast<unsigned long long>(print.weighted));
  return data.name + "|" + key;
}

std::shared_ptr<const PointBlocks> shared_blocks(const PointSet& data) {
  static BuildOnceCache<PointBlocks> cache(64);
  // The dataset's key (prepare_blocks' blocks also record the buffer, and a pass on other data is
  // refused) and the vector level the rows were built for (tests switch it).
  return cache.get(dataset_cache_key(data) + "|" + std::to_string(static_cast<int>(simd::level())), [&] {
    PointBlocks blocks;
    prepare_blocks(data, blocks);
    return blocks;
  });
}

}  // namespace dplab::clustering
