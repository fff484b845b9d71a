// AVX-512F kernel (see core/simd_kernels.hpp): the AVX2 Laplace kernel of core/simd_avx2.cpp
// with eight lanes, gathers (fast on the cores that have AVX-512) and masked stores. Only these
// functions carry target("avx512f"); core/simd.cpp selects them only when the CPU and the OS
// support AVX-512. No FMA: the same IEEE operations as the scalar code, in the same order.
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

DPLAB_AVX512 std::size_t laplace_fast_avx512(const std::uint64_t* words, std::size_t nwords, double b, double* out,
                                             std::size_t nout, bool add) {
  const ExpZiggurat& z = kExpZiggurat;
  const __m512i layer_mask = splat(0xFF);
  const __m512i one_bits = splat(0x3FF0000000000000ULL);
  const __m512i sign_bit = splat(0x8000000000000000ULL);
  const __m512d one = _mm512_set1_pd(1.0), vb = _mm512_set1_pd(b);
  std::size_t i = 0;
  const std::size_t n = nwords < nout ? nwords : nout;
  for (; i + 8 <= n; i += 8) {
    const __m512i u = _mm512_loadu_si512(words + i);
    const __m512i layer = _mm512_and_si512(u, layer_mask);                  // bits 0-7
    const __m512i m = _mm512_srli_epi64(u, 12);                             // bits 12-63
    const __m512d xl = _mm512_i64gather_pd(layer, z.x, 8);
    const __m512i acc = _mm512_i64gather_epi64(layer, z.accept, 8);
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
