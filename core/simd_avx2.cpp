// AVX2 kernels (see core/simd_kernels.hpp). Compiled for plain x86-64 like the rest; only these
// functions carry target("avx2"), and core/simd.cpp calls them only on CPUs that have it.
// No FMA is enabled here, so the compiler cannot contract a multiply and an add into one
// rounding that the scalar code does in two.
#include "core/simd_kernels.hpp"

#include <cstring>

#include "core/rng.hpp"
#include "core/ziggurat.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define DPLAB_AVX2 __attribute__((target("avx2")))

namespace dplab::simd {

namespace {

// Philox4x64 constants (Random123's philox.h: multipliers and Weyl key increments).
constexpr std::uint64_t kM0 = 0xD2E7470EE14C6C93ULL, kM1 = 0xCA5A826395121157ULL;
constexpr std::uint64_t kW0 = 0x9E3779B97F4A7C15ULL, kW1 = 0xBB67AE8584CAA73BULL;

// The 128-bit product of each 64-bit lane of `a` with the constant m = mh 2^32 + ml, from four
// 32 x 32 -> 64 products (AVX2 has no 64-bit high multiply): a m = ah mh 2^64 + (ah ml + al mh)
// 2^32 + al ml. t = al mh + (al ml >> 32) and t2 = ah ml + low32(t) cannot overflow 64 bits
// ((2^32 - 1)^2 + 2^32 - 1 < 2^64); the high word collects hh and the carries t >> 32, t2 >> 32.
DPLAB_AVX2 inline void mulhilo(__m256i a, __m256i ml, __m256i mh, __m256i& lo, __m256i& hi) {
  const __m256i mask = _mm256_set1_epi64x(0xFFFFFFFFLL);
  const __m256i ah = _mm256_srli_epi64(a, 32);
  const __m256i ll = _mm256_mul_epu32(a, ml);
  const __m256i t = _mm256_add_epi64(_mm256_mul_epu32(a, mh), _mm256_srli_epi64(ll, 32));
  const __m256i t2 = _mm256_add_epi64(_mm256_mul_epu32(ah, ml), _mm256_and_si256(t, mask));
  hi = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(ah, mh), _mm256_srli_epi64(t, 32)),
                        _mm256_srli_epi64(t2, 32));
  lo = _mm256_or_si256(_mm256_slli_epi64(t2, 32), _mm256_and_si256(ll, mask));
}

// Four blocks in the lanes: v[j] holds word j of blocks first .. first + 3.
struct Lanes {
  __m256i v[4];
};

DPLAB_AVX2 inline void round(Lanes& s, __m256i k0, __m256i k1, __m256i m0l, __m256i m0h, __m256i m1l,
                             __m256i m1h) {
  __m256i lo0, hi0, lo1, hi1;
  mulhilo(s.v[0], m0l, m0h, lo0, hi0);
  mulhilo(s.v[2], m1l, m1h, lo1, hi1);
  s.v[0] = _mm256_xor_si256(_mm256_xor_si256(hi1, s.v[1]), k0);
  s.v[1] = lo1;
  s.v[2] = _mm256_xor_si256(_mm256_xor_si256(hi0, s.v[3]), k1);
  s.v[3] = lo0;
}

// Lanes back to block order: out[4 b + j] = word j of block b (a 4 x 4 transpose).
DPLAB_AVX2 inline void store_blocks(const Lanes& s, std::uint64_t* out) {
  const __m256i t0 = _mm256_unpacklo_epi64(s.v[0], s.v[1]), t1 = _mm256_unpackhi_epi64(s.v[0], s.v[1]);
  const __m256i t2 = _mm256_unpacklo_epi64(s.v[2], s.v[3]), t3 = _mm256_unpackhi_epi64(s.v[2], s.v[3]);
  auto* o = reinterpret_cast<__m256i*>(out);
  _mm256_storeu_si256(o + 0, _mm256_permute2x128_si256(t0, t2, 0x20));
  _mm256_storeu_si256(o + 1, _mm256_permute2x128_si256(t1, t3, 0x20));
  _mm256_storeu_si256(o + 2, _mm256_permute2x128_si256(t0, t2, 0x31));
  _mm256_storeu_si256(o + 3, _mm256_permute2x128_si256(t1, t3, 0x31));
}

}  // namespace

DPLAB_AVX2 void philox_blocks_avx2(std::uint64_t k0, std::uint64_t k1, std::uint64_t c0, std::uint64_t c1,
                                   std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  const __m256i m0l = _mm256_set1_epi64x(static_cast<long long>(kM0 & 0xFFFFFFFF));
  const __m256i m0h = _mm256_set1_epi64x(static_cast<long long>(kM0 >> 32));
  const __m256i m1l = _mm256_set1_epi64x(static_cast<long long>(kM1 & 0xFFFFFFFF));
  const __m256i m1h = _mm256_set1_epi64x(static_cast<long long>(kM1 >> 32));
  const __m256i lane = _mm256_set_epi64x(3, 2, 1, 0);
  std::size_t b = 0;
  // Eight blocks per step, in two independent sets of lanes so that one set's multiplications
  // overlap the other's additions.
  for (; b + 8 <= nblocks; b += 8) {
    const __m256i base = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(first_block + b)), lane);
    Lanes x{{_mm256_set1_epi64x(static_cast<long long>(c0)), _mm256_set1_epi64x(static_cast<long long>(c1)), base,
             _mm256_setzero_si256()}};
    Lanes y = x;
    y.v[2] = _mm256_add_epi64(base, _mm256_set1_epi64x(4));
    std::uint64_t ka = k0, kb = k1;
    for (int r = 0; r < 10; ++r) {
      if (r > 0) { ka += kW0; kb += kW1; }
      const __m256i vk0 = _mm256_set1_epi64x(static_cast<long long>(ka));
      const __m256i vk1 = _mm256_set1_epi64x(static_cast<long long>(kb));
      round(x, vk0, vk1, m0l, m0h, m1l, m1h);
      round(y, vk0, vk1, m0l, m0h, m1l, m1h);
    }
    store_blocks(x, out + 4 * b);
    store_blocks(y, out + 4 * b + 16);
  }
  for (; b + 4 <= nblocks; b += 4) {
    const __m256i base = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(first_block + b)), lane);
    Lanes x{{_mm256_set1_epi64x(static_cast<long long>(c0)), _mm256_set1_epi64x(static_cast<long long>(c1)), base,
             _mm256_setzero_si256()}};
    std::uint64_t ka = k0, kb = k1;
    for (int r = 0; r < 10; ++r) {
      if (r > 0) { ka += kW0; kb += kW1; }
      round(x, _mm256_set1_epi64x(static_cast<long long>(ka)), _mm256_set1_epi64x(static_cast<long long>(kb)), m0l,
            m0h, m1l, m1h);
    }
    store_blocks(x, out + 4 * b);
  }
  if (b < nblocks) philox_blocks_scalar(k0, k1, c0, c1, first_block + b, nblocks - b, out + 4 * b);
}

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

// Writes the lanes of v before the first rejected one; returns their number.
DPLAB_AVX2 inline std::size_t store_accepted(__m256d v, int ok, double* out) {
  const int first_bad = __builtin_ctz(~ok & 0xF);
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, v);
  std::memcpy(out, lanes, static_cast<std::size_t>(first_bad) * sizeof(double));
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
    if ((ok0 & ok1) == 0xF) {
      _mm256_storeu_pd(out + i, v0);
      _mm256_storeu_pd(out + i + 4, v1);
      continue;
    }
    // Keep the lanes before the first rejected word and stop there.
    if (ok0 != 0xF) return i + store_accepted(v0, ok0, out + i);
    _mm256_storeu_pd(out + i, v0);
    return i + 4 + store_accepted(v1, ok1, out + i + 4);
  }
  for (; i + 4 <= n; i += 4) {
    int ok;
    __m256d v = laplace4(words + i, layers, vb, ok);
    if (add) v = _mm256_add_pd(_mm256_loadu_pd(out + i), v);
    if (ok != 0xF) return i + store_accepted(v, ok, out + i);
    _mm256_storeu_pd(out + i, v);
  }
  return i;
}

}  // namespace dplab::simd

#else  // not x86-64: core/simd.cpp never selects these.

namespace dplab::simd {
void philox_blocks_avx2(std::uint64_t k0, std::uint64_t k1, std::uint64_t c0, std::uint64_t c1,
                        std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  philox_blocks_scalar(k0, k1, c0, c1, first_block, nblocks, out);
}
std::size_t laplace_fast_avx2(const std::uint64_t*, std::size_t, double, double*, std::size_t, bool) { return 0; }
}  // namespace dplab::simd

#endif
