// Restores the vector level in force when a test started: tests that compare the scalar, AVX2
// and AVX-512 paths switch it with simd::set_level.
#pragma once
#include "core/simd.hpp"

namespace dplab::testing {

struct LevelGuard {
  simd::Level saved = simd::level();
  ~LevelGuard() { simd::set_level(saved); }
};

}  // namespace dplab::testing
