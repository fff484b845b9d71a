// The vector kernels of the batch Laplace sampler (core/simd.hpp says when they run; the
// stream cipher's are in core/aes_ctr.cpp). Each does exactly the scalar computation, four (AVX2) or eight (AVX-512)
// lanes at a time.
#pragma once
#include <cstddef>
#include <cstdint>

namespace dplab::simd {

// The ziggurat's fast path of sample_laplace (core/samplers.hpp) on words[0..], one word per
// sample: writes (or, with `add`, adds) b * Exp sample with the word's sign bit to out[0..].
// Stops before the first word whose fast path rejects (about 1.1% of words), or when either
// array has fewer than 8 left; returns the number of samples made (= words used). Nothing past
// the last sample made is written. The caller draws the rejected word's sample with the scalar
// code, which reads that word again.
std::size_t laplace_fast_avx2(const std::uint64_t* words, std::size_t nwords, double b, double* out,
                              std::size_t nout, bool add);

// The same with AVX-512F, eight lanes.
std::size_t laplace_fast_avx512(const std::uint64_t* words, std::size_t nwords, double b, double* out,
                                std::size_t nout, bool add);

}  // namespace dplab::simd
