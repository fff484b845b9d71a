// AVX2 kernels (see core/simd_kernels.hpp). Compiled for plain x86-64 like the rest; only these
// functions carry target("avx2"), and core/simd.cpp calls them only on CPUs that have it.
// No FMA is enabled here, so the compiler cannot contract a multiply and an add into one
// rounding that the scalar code does in two.
#include "core/simd_kernels.hpp"


#include "core/rng.hpp"
#include "core/ziggurat.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define DPLAB_AVX2 __attribute__((target("avx2")))

namespace dplab::simd {

namespace {

// Four samples from words[0..3]: v = b * x[layer] * (m 2^-52) with the sign bit, ok = the lanes
// whose position m lies under the curve. The layer's edge and acceptance bound come from one
// 16-byte load per lane (ExpZiggurat::layer), the layer index from the word's low byte read
// as a byte: on AMD's cores two 4-lane gathers cost more than the rest of the sample
// (docs/benchmarks.md, "Laplace on AMD without AVX-512").
DPLAB_AVX2 inline __m256d laplace4(const std::uint64_t* words, const ExpZiggurat::Layer* layers, __m256d vb,
                                   int& ok) {
  const __m256i one_bits = _mm256_set1_epi64x(0x3FF0000000000000LL);
  const __m256i sign_bit = _mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ULL));
  const __m256d one = _mm256_set1_pd(1.0);
  const auto* bytes = reinterpret_cast<const unsigned char*>(words);  // x86 is little-endian
  const __m128i p0 = _mm_load_si128(reinterpret_cast<const __m128i*>(layers + bytes[0]));
  const __m128i p1 = _mm_load_si128(reinterpret_cast<const __m128i*>(layers + bytes[8]));
  const __m128i p2 = _mm_load_si128(reinterpret_cast<const __m128i*>(layers + bytes[16]));
  const __m128i p3 = _mm_load_si128(reinterpret_cast<const __m128i*>(layers + bytes[24]));
  const __m256i a = _mm256_inserti128_si256(_mm256_castsi128_si256(p0), p2, 1);  // x0 acc0 | x2 acc2
  const __m256i c = _mm256_inserti128_si256(_mm256_castsi128_si256(p1), p3, 1);  // x1 acc1 | x3 acc3
  const __m256d xl = _mm256_castsi256_pd(_mm256_unpacklo_epi64(a, c));           // x0 x1 x2 x3
  const __m256i acc = _mm256_unpackhi_epi64(a, c);                               // acc0 .. acc3
  const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words));
  const __m256i m = _mm256_srli_epi64(u, 12);  // bits 12-63
  // m < accept[layer]: both below 2^52, so the signed comparison is the unsigned one.
  ok = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(acc, m)));
  const __m256d d = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(one_bits, m)), one);
  const __m256d e = _mm256_mul_pd(vb, _mm256_mul_pd(d, xl));
  const __m256i sign = _mm256_and_si256(_mm256_slli_epi64(u, 55), sign_bit);  // bit 8 -> bit 63
  return _mm256_castsi256_pd(_mm256_xor_si256(_mm256_castpd_si256(e), sign));
}

// The eight samples of a step whose words are not all accepted: the lanes before the first
// rejected word are written and counted, the others keep what `out` held. Two blends and two
// whole stores, without a branch per lane (a stop comes every ~90 samples, and its mispredicted
// branches were a large share of the sampler's time).
DPLAB_AVX2 inline std::size_t store_until_rejected(__m256d v0, __m256d v1, int ok, double* out) {
  const int first_bad = __builtin_ctz(~ok & 0xFF);
  const __m256i kept = _mm256_set1_epi64x(first_bad);
  const __m256i m0 = _mm256_cmpgt_epi64(kept, _mm256_set_epi64x(3, 2, 1, 0));
  const __m256i m1 = _mm256_cmpgt_epi64(kept, _mm256_set_epi64x(7, 6, 5, 4));
  _mm256_storeu_pd(out, _mm256_blendv_pd(_mm256_loadu_pd(out), v0, _mm256_castsi256_pd(m0)));
  _mm256_storeu_pd(out + 4, _mm256_blendv_pd(_mm256_loadu_pd(out + 4), v1, _mm256_castsi256_pd(m1)));
  return static_cast<std::size_t>(first_bad);
}
}  // namespace

DPLAB_AVX2 std::size_t laplace_fast_avx2(const std::uint64_t* words, std::size_t nwords, double b, double* out,
                                         std::size_t nout, bool add) {
  const ExpZiggurat::Layer* layers = kExpZiggurat.layer;
  const __m256d vb = _mm256_set1_pd(b);
  std::size_t i = 0;
  const std::size_t n = nwords < nout ? nwords : nout;
  // Eight samples a step, in two independent halves so that one half's loads overlap the
  // other's arithmetic.
  for (; i + 8 <= n; i += 8) {
    int ok0, ok1;
    __m256d v0 = laplace4(words + i, layers, vb, ok0);
    __m256d v1 = laplace4(words + i + 4, layers, vb, ok1);
    if (add) {
      v0 = _mm256_add_pd(_mm256_loadu_pd(out + i), v0);
      v1 = _mm256_add_pd(_mm256_loadu_pd(out + i + 4), v1);
    }
    const int ok = ok0 | (ok1 << 4);
    if (ok == 0xFF) {
      _mm256_storeu_pd(out + i, v0);
      _mm256_storeu_pd(out + i + 4, v1);
      continue;
    }
    // Keep the lanes before the first rejected word and stop there.
    return i + store_until_rejected(v0, v1, ok, out + i);
  }
  return i;
}

}  // namespace dplab::simd

#else  // not x86-64: core/simd.cpp never selects these.

namespace dplab::simd {
std::size_t laplace_fast_avx2(const std::uint64_t*, std::size_t, double, double*, std::size_t, bool) { return 0; }
}  // namespace dplab::simd

#endif
