// Run-time choice of the vector code paths (core/simd_avx2.cpp, core/simd_avx512.cpp). The
// binary is built for plain x86-64; the kernels are compiled with __attribute__((target(...)))
// and used only when the CPU (and the OS, for the AVX-512 state) reports the instructions. Every kernel computes bit for bit what the scalar code computes (same
// integer arithmetic, same IEEE operations in the same order, no FMA contraction), so the
// choice changes the speed and never a result: tests/test_simd.cpp runs both paths and compares.
//
// What runs at each level (bench/, docs/benchmarks.md):
//   scalar  the portable AES of the streams (core/aes_ctr.hpp), one ziggurat draw at a time.
//   avx2    the streams' AES with VAES (two blocks per instruction) or AES-NI, whichever the
//           CPU has; the ziggurat's fast path eight words a step.
//   avx512  the same cipher; the ziggurat's fast path eight words per vector.
// DPLAB_SIMD=scalar (or avx2) in the environment caps the level (e.g. to time a path, or to rule
// the vector code out when chasing a difference); set_level() does the same from a test.
#pragma once

namespace dplab::simd {

enum class Level { scalar = 0, avx2 = 1, avx512 = 2 };

// The level in use: the best the CPU supports unless DPLAB_SIMD=scalar or set_simd_level().
Level level();
// The best level this CPU supports, whatever the override.
Level supported();
// Forces `l` (capped at supported()). Not thread-safe: for tests and benchmarks, before any
// parallel region.
void set_level(Level l);
const char* name(Level l);

}  // namespace dplab::simd
