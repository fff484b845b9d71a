// AVX-512F kernel (see core/simd_kernels.hpp): the AVX2 Laplace kernel of core/simd_avx2.cpp
// with eight lanes and masked stores. Only these functions carry target("avx512f");
// core/simd.cpp selects them only when the CPU and the OS support AVX-512. No FMA: the same
// IEEE operations as the scalar code, in the same order.
// GCC 12's avx512fintrin.h builds several intrinsics on _mm512_undefined_*(), which
// -W(maybe-)uninitialized reports once inlined at -O3 (a false positive of the header, GCC bug
// 105593); the file's own code is checked by the other warnings as usual.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "core/simd_kernels.hpp"

#include "core/rng.hpp"
#include "core/ziggurat.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define DPLAB_AVX512 __attribute__((target("avx512f")))

namespace dplab::simd {

namespace {

DPLAB_AVX512 inline __m512i splat(std::uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }

}  // namespace

// The layer's edge x and acceptance bound of eight words, as two vectors: one 16-byte load of
// ExpZiggurat::layer per lane (the index is the word's low byte, read as a byte), not two
// gathers: on AMD's Zen 4 the two eight-lane gathers cost more than the rest of the sample
// (docs/benchmarks.md, "Laplace under 2 ns"), and the loads are no slower on Intel's cores.
DPLAB_AVX512 inline void layers8(const std::uint64_t* words, const ExpZiggurat::Layer* layers, __m512d& xl,
                                 __m512i& acc) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(words);  // x86 is little-endian
  auto pair = [&](int lane) { return _mm_load_si128(reinterpret_cast<const __m128i*>(layers + bytes[8 * lane])); };
  __m512i a = _mm512_castsi128_si512(pair(0));  // x0 acc0 | x2 acc2 | x4 acc4 | x6 acc6
  a = _mm512_inserti32x4(a, pair(2), 1);
  a = _mm512_inserti32x4(a, pair(4), 2);
  a = _mm512_inserti32x4(a, pair(6), 3);
  __m512i c = _mm512_castsi128_si512(pair(1));  // x1 acc1 | x3 acc3 | x5 acc5 | x7 acc7
  c = _mm512_inserti32x4(c, pair(3), 1);
  c = _mm512_inserti32x4(c, pair(5), 2);
  c = _mm512_inserti32x4(c, pair(7), 3);
  xl = _mm512_castsi512_pd(_mm512_unpacklo_epi64(a, c));  // x0 .. x7
  acc = _mm512_unpackhi_epi64(a, c);                      // acc0 .. acc7
}

DPLAB_AVX512 std::size_t laplace_fast_avx512(const std::uint64_t* words, std::size_t nwords, double b, double* out,
                                             std::size_t nout, bool add) {
  const ExpZiggurat::Layer* layers = kExpZiggurat.layer;
  const __m512i one_bits = splat(0x3FF0000000000000ULL);
  const __m512i sign_bit = splat(0x8000000000000000ULL);
  const __m512d one = _mm512_set1_pd(1.0), vb = _mm512_set1_pd(b);
  std::size_t i = 0;
  const std::size_t n = nwords < nout ? nwords : nout;
  for (; i + 8 <= n; i += 8) {
    __m512d xl;
    __m512i acc;
    layers8(words + i, layers, xl, acc);
    const __m512i u = _mm512_loadu_si512(words + i);
    const __m512i m = _mm512_srli_epi64(u, 12);                             // bits 12-63
    const unsigned ok = _mm512_cmplt_epu64_mask(m, acc);                    // m < accept[layer]
    const __m512d d = _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(one_bits, m)), one);
    const __m512d e = _mm512_mul_pd(vb, _mm512_mul_pd(d, xl));
    const __m512i sign = _mm512_and_si512(_mm512_slli_epi64(u, 55), sign_bit);  // bit 8 -> bit 63
    __m512d v = _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(e), sign));
    if (add) v = _mm512_add_pd(_mm512_loadu_pd(out + i), v);
    if (ok == 0xFF) {
      _mm512_storeu_pd(out + i, v);
      continue;
    }
    // Keep the lanes before the first rejected word and stop there.
    const unsigned first_bad = static_cast<unsigned>(__builtin_ctz(~ok & 0xFF));
    _mm512_mask_storeu_pd(out + i, static_cast<__mmask8>((1u << first_bad) - 1), v);
    return i + first_bad;
  }
  return i;
}

}  // namespace dplab::simd

#else  // not x86-64: core/simd.cpp never selects these.

namespace dplab::simd {
std::size_t laplace_fast_avx512(const std::uint64_t*, std::size_t, double, double*, std::size_t, bool) { return 0; }
}  // namespace dplab::simd

#endif
