// The batch kernel of the Laplace sampler: exponential variates -log(u) for u uniform on (0, 1]
// taken from 53 random bits. Compiled on its own with -ffast-math so that GCC calls glibc's
// vector logarithm (libmvec, SSE2 baseline: the same results on every x86-64 machine); the
// scalar path would cost twice as much per sample (see bench/).
#pragma once
#include <cstddef>
#include <cstdint>

namespace dplab {

// out[i] = -log(((bits[i] >> 11) + 1) * 2^-53), i.e. Exp(1) samples.
void exponential_from_bits(const std::uint64_t* bits, double* out, std::size_t n);

}  // namespace dplab
