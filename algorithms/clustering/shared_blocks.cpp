#include "algorithms/clustering/shared_blocks.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "core/simd.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::clustering {

std::shared_ptr<const PointBlocks> shared_blocks(const PointSet& data) {
  static BuildOnceCache<PointBlocks> cache(64);
  // The dataset's object and value buffer, its name and size, the sums of its bits (a dataset
  // freed and another built at the same addresses -- the audit's neighbours, tests -- gets its
  // own entry; prepare_blocks' blocks record the buffer, and a pass on other data is refused),
  // and the vector level the rows were built for (tests switch it).
  const DataPrint print = fingerprint(data);
  char key[256];
  std::snprintf(key, sizeof key, "%p|%p|%zu|%zu|%llx|%llx|%d", static_cast<const void*>(&data),
                static_cast<const void*>(data.x.data()), data.n, data.d, static_cast<unsigned long long>(print.plain),
                static_cast<unsigned long long>(print.weighted), static_cast<int>(simd::level()));
  return cache.get(data.name + "|" + key, [&] {
    PointBlocks blocks;
    prepare_blocks(data, blocks);
    return blocks;
  });
}

}  // namespace dplab::clustering
