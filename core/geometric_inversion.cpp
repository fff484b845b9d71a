#include "core/geometric_inversion.hpp"

#include <algorithm>
#include <cmath>

namespace dplab::secure {

InversionTables::InversionTables() {
  for (int i = 0; i < 16; ++i) {
    // round(2^24 / (1 + (i + 1/2) / 16)) = round(2^29 / (33 + 2i)), in (2^23, 2^24].
    const std::uint64_t r = ((std::uint64_t{1} << 30) / (33 + 2 * i) + 1) / 2;
    R[i] = std::ldexp(static_cast<double>(r), -24);
    BigInt lo, hi;
    neg_log_bounds(BigInt(r), 24, 80, lo, hi);  // -ln(r 2^-24), 80 fractional bits
    L[i] = std::ldexp(static_cast<double>(static_cast<std::uint64_t>(lo >> 27)), -53);  // < 2^53: exact
  }
  BigInt lo, hi;
  neg_log_bounds(BigInt(1), 1, 64, lo, hi);  // ln 2, 64 fractional bits
  ln2 = std::ldexp(static_cast<long double>(static_cast<std::uint64_t>(lo)), -64);
}

namespace {
const InversionTables& inversion_tables() {
  static const InversionTables t;
  return t;
}
}  // namespace

InversionScale inversion_scale(unsigned __int128 t, unsigned __int128 sd) {
  if (t == 0 || sd == 0 || (t >> 120) != 0 || (sd >> 120) != 0)
    throw Error("secure noise: discrete Laplace scale t/s needs 1 <= s, t < 2^120");
  InversionScale sc;
  sc.t = t;
  sc.sd = sd;
  const BigInt bt(t), bs(sd);
  int e = 63 - (static_cast<int>(boost::multiprecision::msb(bt)) - static_cast<int>(boost::multiprecision::msb(bs)));
  BigInt m, rem;
  for (;;) {
    const BigInt num = e >= 0 ? BigInt(bt << e) : bt, den = e >= 0 ? bs : BigInt(bs << -e);
    divide_qr(num, den, m, rem);
    // m in [2^62, 2^64 - 1), so that m_hi = m + 1 fits too (and halving from 2^64 - 1 lands
    // inside: the loop ends).
    if (m < (BigInt(1) << 62)) ++e;
    else if (m >= (BigInt(1) << 64) - 1) --e;
    else break;
  }
  sc.m_lo = static_cast<std::uint64_t>(m);
  sc.m_hi = sc.m_lo + (rem != 0 ? 1 : 0);
  sc.shift = e + 62;
  sc.log = &log63_tables();
  // Step 1 for lambda < 2^44 (so that lambda (-ln u) < 2^50 for u >= 2^-63).
  sc.level = detail::inversion_vector_level();
  // lambda' = m 2^-e exactly (64 bits fit a long double), within a relative 2^-62 of lambda.
  const long double lam = std::ldexp(static_cast<long double>(sc.m_lo), -e);
  if (sc.level > 0 && lam < 0x1p44L) {
    const InversionTables& tb = inversion_tables();
    sc.tables = &tb;
    // lambda' ln 2 rounded to 64 bits, then split exactly into two doubles: within a relative
    // 2^-61 of lambda ln 2 in all.
    const long double lam_ln2 = lam * tb.ln2;
    sc.lambda = static_cast<double>(lam);
    sc.lambda_ln2_hi = static_cast<double>(lam_ln2);
    sc.lambda_ln2_lo = static_cast<double>(lam_ln2 - static_cast<long double>(sc.lambda_ln2_hi));
    sc.margin = sc.lambda * 0x1.01p-48 + 0x1p-40;  // >= lambda 2^-48 + 2^-40
    sc.vector = sc.level;
  }
  return sc;
}

namespace detail {

int inversion_vector_level() {
  if (inversion_avx512_available()) return 2;
  return inversion_avx2_available() ? 1 : 0;
}

std::size_t first_word_draws_step1(const std::uint64_t* words, std::size_t n, const InversionScale& sc,
                                   std::int64_t* out) {
  if (sc.vector == 2) return first_word_draws_avx512(words, n, sc, out);
  if (sc.vector == 1) return first_word_draws_avx2(words, n, sc, out);
  return 0;
}

}  // namespace detail

void first_word_draws(const std::uint64_t* words, std::size_t n, const InversionScale& sc, std::int64_t* out) {
  std::size_t done = 0;
  if (sc.vector) {
    done = detail::first_word_draws_step1(words, n, sc, out);
    for (std::size_t k = 0; k < done; ++k)
      if (out[k] == kUndecided) out[k] = first_word_draw(words[k], sc);  // step 2 where step 1 could not
  }
  for (std::size_t k = done; k < n; ++k) out[k] = first_word_draw(words[k], sc);
}

void discrete_laplace_by_inversion(BulkWords& w, const InversionScale& sc, std::span<std::int64_t> out) {
  // Each pass decides up to 64 read-ahead words as first words, then walks them in order, keeping
  // the values and skipping the rejected zeros; at an undecided word it stops, lets step 3 read
  // on from there, and starts the next pass after the words step 3 read.
  constexpr std::size_t kPass = 64;
  alignas(64) std::int64_t first[kPass];
  std::size_t n = 0;
  while (n < out.size()) {
    if (w.available() == 0) w.refill(out.size() - n + 8);
    const std::uint64_t* words = w.data();
    const std::size_t c = std::min({w.available(), kPass, out.size() - n});
    first_word_draws(words, c, sc, first);
    std::size_t k = 0;
    bool undecided = false;
    while (k < c && n < out.size()) {
      const std::int64_t z = first[k++];
      if (z == kUndecided) {
        undecided = true;
        break;
      }
      out[n] = z;  // overwritten by the next value if z is a rejected zero
      n += z != kReject;
    }
    const std::uint64_t word = words[k - 1];
    w.advance(k);
    if (undecided) {
      const std::int64_t z = finish_by_big_integers(w, word, sc);
      if (z != kReject) out[n++] = z;
    }
  }
}

}  // namespace dplab::secure
