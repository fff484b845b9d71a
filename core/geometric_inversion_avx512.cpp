// Step 1 of the inversion sampler (core/geometric_inversion.hpp): eight first words at a time in
// double precision, with AVX-512 F, CD (leading zeros) and DQ (64-bit integer <-> double).
// Only this kernel carries the target attribute; inversion_avx512_available() says whether the
// CPU has the instructions (and core/simd.hpp's level allows vector code).
//
// What a lane computes, and why the floor it keeps is exact. The word's digits a (63 bits,
// a >= 1) give u in [a 2^-63, (a + 1) 2^-63) = 2^-d [y, y + w'), d = clz(a) in [1, 63],
// j = 63 - d, y = a 2^-j in [1, 2) and w' = 2^-j. The kernel's y is y truncated to 52 fractional
// bits (exact for j <= 52; below by less than 2^-52 otherwise), so u 2^d lies in [y, y + w) with
// w = 2^-min(j, 51) (j <= 50: w = w'; j >= 51: 2^-52 + 2^-j <= 2^-51). lambda E, E = -ln u, then
// lies in [lambda E_y - lambda w, lambda E_y] with E_y = d ln 2 - ln y, since ln(1 + w/y) <= w.
//   ln y = ln(1 + r) + L_i with 1 + r = y R_i, |r| < 2^-5 (16 buckets, R_i the reciprocal of the
//   bucket's middle rounded to 24 bits). The computed ln y, fma(r, q, L_i) with q the degree-11
//   series of ln(1 + r) / r by Horner's rule in FMAs, is within 2^-52.4 of ln y: L_i within 2^-53
//   (InversionTables), the final rounding 2^-54, r's one rounding (fmsub) |r| 2^-53 < 2^-58, q's
//   roundings and coefficients |r| 2^-52 < 2^-57, the dropped terms |r|^12 / 12 < 2^-63.
//   P = lambda' ln y in double (lambda' lambda rounded, relative 2^-53; product rounded, 2^-53):
//   within lambda (0.7 2^-53 + 2^-52.4 + 0.7 2^-53) < lambda 2^-51.2 of lambda ln y.
//   lambda d ln 2 = ph + clo + delta with ph = d (lambda ln 2)_hi rounded, its exact remainder by
//   an FMA, plus d (lambda ln 2)_lo; |delta| <= d lambda ln 2 2^-61 + 2^-60 < lambda 2^-55.5 +
//   2^-60 (geometric_inversion.cpp: lambda ln 2 within a relative 2^-61).
//   s + e = ph - P exactly (Knuth's TwoSum); fl = floor(s) and s - fl are exact (|s| < 2^51);
//   g = (s - fl) + (e + clo) rounds twice, by less than 2^-51 (|g| < 2).
// So lambda E_y = fl + g + err with |err| < lambda 2^-51 + 2^-50, and the margin is lambda 2^-48
// + 2^-40 (8 times the bound; the roundings of g - lambda w - margin and g + margin, below
// 2^-51 when lambda w < 1, are inside it too, and when lambda w >= 1 the floors differ anyway).
// The lane keeps n = fl + floor(g + margin) only if it equals max(0, fl + floor(g - lambda w -
// margin)) (lambda E >= 0): then every u of the interval has floor(lambda E) = n. Otherwise it
// writes kUndecided and step 2 tries. tests/test_geometric_inversion.cpp compares all three steps.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // GCC bug 105593, as in core/simd_avx512.cpp
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "core/geometric_inversion.hpp"

#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define DPLAB_AVX512_INVERSION __attribute__((target("avx512f,avx512cd,avx512dq")))

namespace dplab::secure::detail {

bool inversion_avx512_available() {
  static const bool cpu = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                          __builtin_cpu_supports("avx512dq");
  return cpu && simd::level() == simd::Level::avx512;
}

DPLAB_AVX512_INVERSION std::size_t first_word_draws_avx512(const std::uint64_t* words, std::size_t n,
                                                           const InversionScale& sc, std::int64_t* out) {
  const InversionTables& tb = *sc.tables;
  const __m512d r_lo = _mm512_loadu_pd(tb.R), r_hi = _mm512_loadu_pd(tb.R + 8);
  const __m512d l_lo = _mm512_loadu_pd(tb.L), l_hi = _mm512_loadu_pd(tb.L + 8);
  const __m512i digits = _mm512_set1_epi64(static_cast<long long>(kDigits));
  const __m512i zero_i = _mm512_setzero_si512(), one_i = _mm512_set1_epi64(1);
  const __m512i frac52 = _mm512_set1_epi64((1LL << 52) - 1), exponent_one = _mm512_set1_epi64(0x3FF0000000000000LL);
  const __m512i k15 = _mm512_set1_epi64(15), k63 = _mm512_set1_epi64(63), k51 = _mm512_set1_epi64(51),
                k1023 = _mm512_set1_epi64(1023);
  const __m512d one = _mm512_set1_pd(1.0), zero = _mm512_setzero_pd();
  const __m512d lambda = _mm512_set1_pd(sc.lambda), margin = _mm512_set1_pd(sc.margin);
  const __m512d lh = _mm512_set1_pd(sc.lambda_ln2_hi), ll = _mm512_set1_pd(sc.lambda_ln2_lo);
  const __m512i reject = _mm512_set1_epi64(kReject), undecided = _mm512_set1_epi64(kUndecided);
  constexpr int kFloor = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
  std::size_t k = 0;
  for (; k + 8 <= n; k += 8) {
    const __m512i word = _mm512_loadu_si512(words + k);
    const __m512i a = _mm512_and_si512(word, digits);
    const __mmask8 a_zero = _mm512_cmpeq_epi64_mask(a, zero_i);  // u < 2^-63: undecided
    const __m512i a1 = _mm512_mask_mov_epi64(a, a_zero, one_i);
    const __m512i d = _mm512_lzcnt_epi64(a1);
    const __m512i m = _mm512_sllv_epi64(a1, d);  // a 2^d: the leading 1 at bit 63
    const __m512d y = _mm512_castsi512_pd(
        _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi64(m, 11), frac52), exponent_one));
    const __m512i bucket = _mm512_and_si512(_mm512_srli_epi64(m, 59), k15);
    const __m512d rr = _mm512_permutex2var_pd(r_lo, bucket, r_hi);
    const __m512d lr = _mm512_permutex2var_pd(l_lo, bucket, l_hi);
    const __m512d r = _mm512_fmsub_pd(y, rr, one);
    // q = 1 - r/2 + r^2/3 - ... - r^10/11 (ln(1 + r) = r q + O(r^12)).
    __m512d q = _mm512_set1_pd(1.0 / 11);
    for (int i = 10; i >= 1; --i) q = _mm512_fmadd_pd(r, q, _mm512_set1_pd((i % 2 ? 1.0 : -1.0) / i));
    const __m512d lny = _mm512_fmadd_pd(r, q, lr);
    const __m512d neg_p = _mm512_sub_pd(zero, _mm512_mul_pd(lambda, lny));
    const __m512d dd = _mm512_cvtepi64_pd(d);
    const __m512d ph = _mm512_mul_pd(dd, lh);
    const __m512d clo = _mm512_fmadd_pd(dd, ll, _mm512_fmsub_pd(dd, lh, ph));
    // TwoSum(ph, -P): s + e = ph - P exactly.
    const __m512d s = _mm512_add_pd(ph, neg_p);
    const __m512d bv = _mm512_sub_pd(s, ph);
    const __m512d av = _mm512_sub_pd(s, bv);
    const __m512d e = _mm512_add_pd(_mm512_sub_pd(ph, av), _mm512_sub_pd(neg_p, bv));
    const __m512d fl = _mm512_roundscale_pd(s, kFloor);
    const __m512d g = _mm512_add_pd(_mm512_sub_pd(s, fl), _mm512_add_pd(e, clo));
    // w = 2^-min(j, 51), j = 63 - d, built from its exponent bits.
    const __m512i jw = _mm512_min_epi64(_mm512_sub_epi64(k63, d), k51);
    const __m512d w = _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_sub_epi64(k1023, jw), 52));
    const __m512d lo = _mm512_roundscale_pd(_mm512_sub_pd(_mm512_fnmadd_pd(lambda, w, g), margin), kFloor);
    const __m512d hi = _mm512_roundscale_pd(_mm512_add_pd(g, margin), kFloor);
    // The two candidate floors (integers below 2^51: the sums are exact); lambda E >= 0, so the
    // lower one is at least 0 (without this, every draw of a lambda below the margin would be
    // undecided).
    const __m512d n_lo = _mm512_max_pd(_mm512_add_pd(fl, lo), zero), n_hi = _mm512_add_pd(fl, hi);
    const __mmask8 decided = _mm512_cmp_pd_mask(n_lo, n_hi, _CMP_EQ_OQ) & static_cast<__mmask8>(~a_zero);
    const __m512i gi = _mm512_cvttpd_epi64(n_hi);
    // The sign from the word's top bit; the negative zero rejected.
    const __m512i neg = _mm512_srai_epi64(word, 63);
    const __m512i z = _mm512_sub_epi64(_mm512_xor_si512(gi, neg), neg);
    const __mmask8 rejected = _mm512_cmpeq_epi64_mask(gi, zero_i) & _mm512_test_epi64_mask(neg, neg);
    const __m512i kept = _mm512_mask_mov_epi64(z, rejected, reject);
    _mm512_storeu_si512(out + k, _mm512_mask_mov_epi64(undecided, decided, kept));
  }
  return k;
}

}  // namespace dplab::secure::detail

#else

namespace dplab::secure::detail {
bool inversion_avx512_available() { return false; }
std::size_t first_word_draws_avx512(const std::uint64_t*, std::size_t, const InversionScale&, std::int64_t*) { return 0; }
}  // namespace dplab::secure::detail

#endif
