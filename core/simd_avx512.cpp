// AVX-512F kernels (see core/simd_kernels.hpp): the AVX2 kernels of core/simd_avx2.cpp with
// eight lanes, a three-input logic instruction for the XORs, and masked stores. Only these
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

constexpr std::uint64_t kM0 = 0xD2E7470EE14C6C93ULL, kM1 = 0xCA5A826395121157ULL;
constexpr std::uint64_t kW0 = 0x9E3779B97F4A7C15ULL, kW1 = 0xBB67AE8584CAA73BULL;

DPLAB_AVX512 inline __m512i splat(std::uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }

// 64 x 64 -> 128-bit products by a constant, as mulhilo in core/simd_avx2.cpp.
DPLAB_AVX512 inline void mulhilo(__m512i a, __m512i ml, __m512i mh, __m512i& lo, __m512i& hi) {
  const __m512i mask = _mm512_set1_epi64(0xFFFFFFFFLL);
  const __m512i ah = _mm512_srli_epi64(a, 32);
  const __m512i ll = _mm512_mul_epu32(a, ml);
  const __m512i t = _mm512_add_epi64(_mm512_mul_epu32(a, mh), _mm512_srli_epi64(ll, 32));
  const __m512i t2 = _mm512_add_epi64(_mm512_mul_epu32(ah, ml), _mm512_and_si512(t, mask));
  hi = _mm512_add_epi64(_mm512_add_epi64(_mm512_mul_epu32(ah, mh), _mm512_srli_epi64(t, 32)),
                        _mm512_srli_epi64(t2, 32));
  lo = _mm512_ternarylogic_epi64(_mm512_slli_epi64(t2, 32), ll, mask, 0xF8);  // a | (b & c)
}

struct Lanes {
  __m512i v[4];  // v[j]: word j of eight consecutive blocks
};

DPLAB_AVX512 inline void round(Lanes& s, __m512i k0, __m512i k1, __m512i m0l, __m512i m0h, __m512i m1l,
                               __m512i m1h) {
  __m512i lo0, hi0, lo1, hi1;
  mulhilo(s.v[0], m0l, m0h, lo0, hi0);
  mulhilo(s.v[2], m1l, m1h, lo1, hi1);
  s.v[0] = _mm512_ternarylogic_epi64(hi1, s.v[1], k0, 0x96);  // hi1 ^ v1 ^ k0
  s.v[1] = lo1;
  s.v[2] = _mm512_ternarylogic_epi64(hi0, s.v[3], k1, 0x96);  // hi0 ^ v3 ^ k1
  s.v[3] = lo0;
}

// Lanes back to block order (out[4 b + j] = word j of block b): interleave words 0/1 and 2/3
// block by block, then pair the halves.
DPLAB_AVX512 inline void store_blocks(const Lanes& s, std::uint64_t* out) {
  const __m512i i0 = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), i1 = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  const __m512i p01 = _mm512_permutex2var_epi64(s.v[0], i0, s.v[1]);
  const __m512i q01 = _mm512_permutex2var_epi64(s.v[0], i1, s.v[1]);
  const __m512i p23 = _mm512_permutex2var_epi64(s.v[2], i0, s.v[3]);
  const __m512i q23 = _mm512_permutex2var_epi64(s.v[2], i1, s.v[3]);
  const __m512i j0 = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), j1 = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
  _mm512_storeu_si512(out, _mm512_permutex2var_epi64(p01, j0, p23));
  _mm512_storeu_si512(out + 8, _mm512_permutex2var_epi64(p01, j1, p23));
  _mm512_storeu_si512(out + 16, _mm512_permutex2var_epi64(q01, j0, q23));
  _mm512_storeu_si512(out + 24, _mm512_permutex2var_epi64(q01, j1, q23));
}

}  // namespace

DPLAB_AVX512 void philox_blocks_avx512(std::uint64_t k0, std::uint64_t k1, std::uint64_t c0, std::uint64_t c1,
                                       std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  const __m512i m0l = splat(kM0 & 0xFFFFFFFF), m0h = splat(kM0 >> 32);
  const __m512i m1l = splat(kM1 & 0xFFFFFFFF), m1h = splat(kM1 >> 32);
  const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  std::size_t b = 0;
  // Sixteen blocks per step in two independent sets of lanes (their latencies overlap).
  for (; b + 16 <= nblocks; b += 16) {
    const __m512i base = _mm512_add_epi64(splat(first_block + b), lane);
    Lanes x{{splat(c0), splat(c1), base, _mm512_setzero_si512()}};
    Lanes y = x;
    y.v[2] = _mm512_add_epi64(base, splat(8));
    std::uint64_t ka = k0, kb = k1;
    for (int r = 0; r < 10; ++r) {
      if (r > 0) { ka += kW0; kb += kW1; }
      const __m512i vk0 = splat(ka), vk1 = splat(kb);
      round(x, vk0, vk1, m0l, m0h, m1l, m1h);
      round(y, vk0, vk1, m0l, m0h, m1l, m1h);
    }
    store_blocks(x, out + 4 * b);
    store_blocks(y, out + 4 * b + 32);
  }
  for (; b + 8 <= nblocks; b += 8) {
    Lanes x{{splat(c0), splat(c1), _mm512_add_epi64(splat(first_block + b), lane), _mm512_setzero_si512()}};
    std::uint64_t ka = k0, kb = k1;
    for (int r = 0; r < 10; ++r) {
      if (r > 0) { ka += kW0; kb += kW1; }
      round(x, splat(ka), splat(kb), m0l, m0h, m1l, m1h);
    }
    store_blocks(x, out + 4 * b);
  }
  if (b < nblocks) philox_blocks_scalar(k0, k1, c0, c1, first_block + b, nblocks - b, out + 4 * b);
}

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
void philox_blocks_avx512(std::uint64_t k0, std::uint64_t k1, std::uint64_t c0, std::uint64_t c1,
                          std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  philox_blocks_scalar(k0, k1, c0, c1, first_block, nblocks, out);
}
std::size_t laplace_fast_avx512(const std::uint64_t*, std::size_t, double, double*, std::size_t, bool) { return 0; }
}  // namespace dplab::simd

#endif
