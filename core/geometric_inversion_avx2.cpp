// Step 1 of the inversion sampler (core/geometric_inversion.hpp) on AVX2 + FMA CPUs without
// AVX-512: eight first words a step, in two groups of four lanes. The lane computation and its
// error bound are those of core/geometric_inversion_avx512.cpp, operation for operation (the
// same IEEE operations and FMAs, the same margin); AVX2 has no 64-bit leading-zero count, 64-bit
// integer <-> double conversion or in-register 16-entry table, so the integer part (the digits'
// leading zeros, y, the bucket's R and L, w) is done per word before the lanes' floating point,
// and the conversion of the floor and the sign after it. Only this kernel carries
// target("avx2,fma").
#include "core/geometric_inversion.hpp"

#include <bit>

#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define DPLAB_AVX2_INVERSION __attribute__((target("avx2,fma")))

namespace dplab::secure::detail {

bool inversion_avx2_available() {
  static const bool cpu = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return cpu && simd::level() >= simd::Level::avx2;
}

DPLAB_AVX2_INVERSION std::size_t first_word_draws_avx2(const std::uint64_t* words, std::size_t n,
                                                       const InversionScale& sc, std::int64_t* out) {
  const InversionTables& tb = *sc.tables;
  const __m256d one = _mm256_set1_pd(1.0), zero = _mm256_setzero_pd();
  const __m256d lambda = _mm256_set1_pd(sc.lambda), margin = _mm256_set1_pd(sc.margin);
  const __m256d lh = _mm256_set1_pd(sc.lambda_ln2_hi), ll = _mm256_set1_pd(sc.lambda_ln2_lo);
  constexpr int kFloor = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
  // Eight words a step, as two independent groups of four: the series is a chain of eleven
  // dependent FMAs, and two chains in flight hide each other's latency.
  alignas(32) double yv[8], rv[8], lv[8], dv[8], wv[8], lo8[8], hi8[8];
  std::size_t k = 0;
  for (; k + 8 <= n; k += 8) {
    // Per word: a = 2^j y, d = 63 - j, y truncated to 52 fractional bits, its bucket, and
    // w = 2^-min(j, 51) (core/geometric_inversion_avx512.cpp's derivation).
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t a = words[k + i] & kDigits, a1 = a | (a == 0);
      const int d = __builtin_clzll(a1);
      const std::uint64_t m = a1 << d;
      yv[i] = std::bit_cast<double>(((m >> 11) & ((std::uint64_t{1} << 52) - 1)) | 0x3FF0000000000000ULL);
      const unsigned bucket = static_cast<unsigned>(m >> 59) & 15;
      rv[i] = tb.R[bucket];
      lv[i] = tb.L[bucket];
      dv[i] = static_cast<double>(d);
      const int jw = 63 - d < 51 ? 63 - d : 51;
      wv[i] = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - jw) << 52);
    }
    __m256d r[2], q[2];
    for (int h = 0; h < 2; ++h) {
      r[h] = _mm256_fmsub_pd(_mm256_load_pd(yv + 4 * h), _mm256_load_pd(rv + 4 * h), one);
      q[h] = _mm256_set1_pd(1.0 / 11);
    }
    for (int i = 10; i >= 1; --i) {
      const __m256d c = _mm256_set1_pd((i % 2 ? 1.0 : -1.0) / i);
      for (int h = 0; h < 2; ++h) q[h] = _mm256_fmadd_pd(r[h], q[h], c);
    }
    for (int h = 0; h < 2; ++h) {
      const __m256d dd = _mm256_load_pd(dv + 4 * h), w = _mm256_load_pd(wv + 4 * h);
      const __m256d lny = _mm256_fmadd_pd(r[h], q[h], _mm256_load_pd(lv + 4 * h));
      const __m256d neg_p = _mm256_sub_pd(zero, _mm256_mul_pd(lambda, lny));
      const __m256d ph = _mm256_mul_pd(dd, lh);
      const __m256d clo = _mm256_fmadd_pd(dd, ll, _mm256_fmsub_pd(dd, lh, ph));
      const __m256d s = _mm256_add_pd(ph, neg_p);  // TwoSum(ph, -P)
      const __m256d bv = _mm256_sub_pd(s, ph);
      const __m256d av = _mm256_sub_pd(s, bv);
      const __m256d e = _mm256_add_pd(_mm256_sub_pd(ph, av), _mm256_sub_pd(neg_p, bv));
      const __m256d fl = _mm256_round_pd(s, kFloor);
      const __m256d g = _mm256_add_pd(_mm256_sub_pd(s, fl), _mm256_add_pd(e, clo));
      const __m256d lo = _mm256_round_pd(_mm256_sub_pd(_mm256_fnmadd_pd(lambda, w, g), margin), kFloor);
      const __m256d hi = _mm256_round_pd(_mm256_add_pd(g, margin), kFloor);
      _mm256_store_pd(lo8 + 4 * h, _mm256_max_pd(_mm256_add_pd(fl, lo), zero));
      _mm256_store_pd(hi8 + 4 * h, _mm256_add_pd(fl, hi));
    }
    for (int i = 0; i < 8; ++i) {
      const bool decided = (words[k + i] & kDigits) != 0 && lo8[i] == hi8[i];
      out[k + i] = decided ? signed_draw(words[k + i], static_cast<std::int64_t>(hi8[i])) : kUndecided;
    }
  }
  return k;
}

}  // namespace dplab::secure::detail

#else

namespace dplab::secure::detail {
bool inversion_avx2_available() { return false; }
std::size_t first_word_draws_avx2(const std::uint64_t*, std::size_t, const InversionScale&, std::int64_t*) { return 0; }
}  // namespace dplab::secure::detail

#endif
