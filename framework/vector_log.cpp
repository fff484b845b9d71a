#include "framework/vector_log.hpp"

#include <cmath>

namespace dplab {

void exponential_from_bits(const std::uint64_t* bits, double* out, std::size_t n) {
  // Two passes: x86-64's baseline has no packed 64-bit integer to double conversion, and a
  // conversion in the same loop would keep GCC from vectorising the logarithm.
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<double>(static_cast<std::int64_t>((bits[i] >> 11) + 1)) * 0x1.0p-53;
#pragma omp simd
  for (std::size_t i = 0; i < n; ++i) out[i] = -std::log(out[i]);
}

}  // namespace dplab
