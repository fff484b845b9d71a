#include "core/simd.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace dplab::simd {

namespace {

Level detect() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  // libgcc checks the OS saves the vector state (XCR0) before reporting these.
  if (__builtin_cpu_supports("avx512f")) return Level::avx512;
  if (__builtin_cpu_supports("avx2")) return Level::avx2;
#endif
  return Level::scalar;
}

Level initial() {
  const char* env = std::getenv("DPLAB_SIMD");
  if (env && std::strcmp(env, "scalar") == 0) return Level::scalar;
  if (env && std::strcmp(env, "avx2") == 0) return std::min(Level::avx2, supported());
  return supported();
}

Level& current() {
  static Level l = initial();
  return l;
}

}  // namespace

Level supported() {
  static const Level l = detect();
  return l;
}

Level level() { return current(); }

void set_level(Level l) { current() = std::min(l, supported()); }

const char* name(Level l) {
  switch (l) {
    case Level::avx512: return "avx512";
    case Level::avx2: return "avx2";
    default: return "scalar";
  }
}

}  // namespace dplab::simd
