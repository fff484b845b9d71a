#include "core/aes_ctr.hpp"

#include <array>
#include <cstring>

#include "core/simd.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dplab {

namespace {

constexpr std::uint8_t xtime(std::uint8_t a) {  // multiplication by x in GF(2^8) (FIPS-197 4.2.1)
  return static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1B : 0));
}
constexpr std::uint8_t rotl8(std::uint8_t a, int s) { return static_cast<std::uint8_t>((a << s) | (a >> (8 - s))); }
constexpr std::uint32_t rotl32(std::uint32_t a, int s) { return (a << s) | (a >> (32 - s)); }

// The S-box (FIPS-197 5.1.1): the multiplicative inverse in GF(2^8) followed by the affine map.
// p runs through the powers of the generator 3 and q through those of its inverse, so q = 1/p.
struct Tables {
  std::array<std::uint8_t, 256> sbox{};
  // te[r][x]: the column MixColumns makes of S(x) in row r (FIPS-197 5.1.1 and 5.1.3 folded
  // into a table): row 0 gives bytes (2 S, S, S, 3 S), little-endian; row r is that rotated by
  // r bytes.
  std::array<std::array<std::uint32_t, 256>, 4> te{};
  constexpr Tables() {
    std::uint8_t p = 1, q = 1;
    do {
      p = static_cast<std::uint8_t>(p ^ xtime(p));  // p *= 3
      q = static_cast<std::uint8_t>(q ^ (q << 1));  // q /= 3, three steps
      q = static_cast<std::uint8_t>(q ^ (q << 2));
      q = static_cast<std::uint8_t>(q ^ (q << 4));
      if (q & 0x80) q ^= 0x09;
      sbox[p] = static_cast<std::uint8_t>(q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63);
    } while (p != 1);
    sbox[0] = 0x63;  // 0 has no inverse: the affine map of 0
    for (int x = 0; x < 256; ++x) {
      const std::uint8_t s = sbox[x], s2 = xtime(s), s3 = static_cast<std::uint8_t>(s2 ^ s);
      const std::uint32_t t = std::uint32_t{s2} | std::uint32_t{s} << 8 | std::uint32_t{s} << 16 | std::uint32_t{s3} << 24;
      for (int r = 0; r < 4; ++r) te[r][x] = r == 0 ? t : rotl32(t, 8 * r);
    }
  }
};
constexpr Tables kTables;

std::uint32_t load32(const std::uint8_t* b) {
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[3]} << 24;
}
void store32(std::uint32_t v, std::uint8_t* b) {
  for (int i = 0; i < 4; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void store64(std::uint64_t v, std::uint8_t* b) {
  for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// The state as four columns, byte r of column c in bits 8r..8r+7 (state[r][c] = in[r + 4c]).
void encrypt_columns(const AesKey& key, std::uint32_t s[4]) {
  const auto& t = kTables;
  for (int c = 0; c < 4; ++c) s[c] ^= load32(key.round[0] + 4 * c);
  auto byte = [](const std::uint32_t* st, int r, int c) { return (st[c & 3] >> (8 * r)) & 0xFF; };
  for (int round = 1; round < 10; ++round) {
    std::uint32_t n[4];
    // ShiftRows moves state[r][c + r] to column c; SubBytes and MixColumns are the tables.
    for (int c = 0; c < 4; ++c)
      n[c] = t.te[0][byte(s, 0, c)] ^ t.te[1][byte(s, 1, c + 1)] ^ t.te[2][byte(s, 2, c + 2)] ^
             t.te[3][byte(s, 3, c + 3)] ^ load32(key.round[round] + 4 * c);
    std::memcpy(s, n, sizeof n);
  }
  std::uint32_t n[4];
  for (int c = 0; c < 4; ++c) {  // the last round has no MixColumns
    n[c] = std::uint32_t{t.sbox[byte(s, 0, c)]} | std::uint32_t{t.sbox[byte(s, 1, c + 1)]} << 8 |
           std::uint32_t{t.sbox[byte(s, 2, c + 2)]} << 16 | std::uint32_t{t.sbox[byte(s, 3, c + 3)]} << 24;
    n[c] ^= load32(key.round[10] + 4 * c);
  }
  std::memcpy(s, n, sizeof n);
}

void blocks_portable(const AesKey& key, std::uint64_t first, std::size_t n, std::uint64_t* out) {
  for (std::size_t b = 0; b < n; ++b) {
    const std::uint64_t ctr = first + b;
    std::uint32_t s[4] = {static_cast<std::uint32_t>(ctr), static_cast<std::uint32_t>(ctr >> 32), 0, 0};
    encrypt_columns(key, s);
    out[2 * b] = std::uint64_t{s[0]} | std::uint64_t{s[1]} << 32;
    out[2 * b + 1] = std::uint64_t{s[2]} | std::uint64_t{s[3]} << 32;
  }
}

#if defined(__x86_64__)
// Eight blocks in flight: AESENC has a latency of several cycles and a throughput of one or two
// per cycle, so independent blocks fill the pipeline.
__attribute__((target("aes,sse2"))) void blocks_aesni(const AesKey& key, std::uint64_t first, std::size_t n,
                                                      std::uint64_t* out) {
  __m128i rk[11];
  for (int r = 0; r < 11; ++r) rk[r] = _mm_load_si128(reinterpret_cast<const __m128i*>(key.round[r]));
  std::size_t b = 0;
  for (; b + 8 <= n; b += 8) {
    __m128i x[8];
    for (int j = 0; j < 8; ++j)
      x[j] = _mm_xor_si128(_mm_set_epi64x(0, static_cast<long long>(first + b + static_cast<unsigned>(j))), rk[0]);
    for (int r = 1; r < 10; ++r)
      for (int j = 0; j < 8; ++j) x[j] = _mm_aesenc_si128(x[j], rk[r]);
    for (int j = 0; j < 8; ++j)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * (b + static_cast<unsigned>(j))),
                       _mm_aesenclast_si128(x[j], rk[10]));
  }
  for (; b < n; ++b) {
    __m128i x = _mm_xor_si128(_mm_set_epi64x(0, static_cast<long long>(first + b)), rk[0]);
    for (int r = 1; r < 10; ++r) x = _mm_aesenc_si128(x, rk[r]);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * b), _mm_aesenclast_si128(x, rk[10]));
  }
}

// Two blocks per 256-bit register, four registers in flight.
__attribute__((target("avx2,aes,vaes"))) void blocks_vaes(const AesKey& key, std::uint64_t first, std::size_t n,
                                                          std::uint64_t* out) {
  __m256i rk[11];
  for (int r = 0; r < 11; ++r)
    rk[r] = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(key.round[r])));
  const __m256i two = _mm256_set_epi64x(0, 2, 0, 2);
  __m256i ctr = _mm256_set_epi64x(0, static_cast<long long>(first + 1), 0, static_cast<long long>(first));
  std::size_t b = 0;
  for (; b + 8 <= n; b += 8) {
    // The low words never wrap within a stream: blocks are numbered from 0 up to far below 2^64.
    __m256i x[4];
    for (int j = 0; j < 4; ++j) {
      x[j] = _mm256_xor_si256(ctr, rk[0]);
      ctr = _mm256_add_epi64(ctr, two);
    }
    for (int r = 1; r < 10; ++r)
      for (int j = 0; j < 4; ++j) x[j] = _mm256_aesenc_epi128(x[j], rk[r]);
    for (int j = 0; j < 4; ++j)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 2 * b + 4 * static_cast<unsigned>(j)),
                          _mm256_aesenclast_epi128(x[j], rk[10]));
  }
  if (b < n) blocks_aesni(key, first + b, n - b, out + 2 * b);
}

bool cpu_has(AesPath path) {
  __builtin_cpu_init();
  switch (path) {
    case AesPath::aesni: return __builtin_cpu_supports("aes");
    case AesPath::vaes: return __builtin_cpu_supports("aes") && __builtin_cpu_supports("vaes") &&
                               __builtin_cpu_supports("avx2");
    default: return true;
  }
}
#else
void blocks_aesni(const AesKey& key, std::uint64_t first, std::size_t n, std::uint64_t* out) {
  blocks_portable(key, first, n, out);
}
void blocks_vaes(const AesKey& key, std::uint64_t first, std::size_t n, std::uint64_t* out) {
  blocks_portable(key, first, n, out);
}
bool cpu_has(AesPath path) { return path == AesPath::portable; }
#endif

AesPath best_path() {
  static const AesPath best = cpu_has(AesPath::vaes)    ? AesPath::vaes
                              : cpu_has(AesPath::aesni) ? AesPath::aesni
                                                        : AesPath::portable;
  return best;
}

}  // namespace

AesKey aes128_key(std::uint64_t k0, std::uint64_t k1) {
  AesKey key;
  store64(k0, key.round[0]);
  store64(k1, key.round[0] + 8);
  // FIPS-197 5.2: w[i] = w[i-4] ^ temp, temp = SubWord(RotWord(w[i-1])) ^ Rcon every fourth word.
  std::uint32_t w[44];
  for (int i = 0; i < 4; ++i) w[i] = load32(key.round[0] + 4 * i);
  std::uint8_t rcon = 1;
  for (int i = 4; i < 44; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % 4 == 0) {
      t = (t >> 8) | (t << 24);  // RotWord: bytes (a1, a2, a3, a0)
      t = std::uint32_t{kTables.sbox[t & 0xFF]} | std::uint32_t{kTables.sbox[(t >> 8) & 0xFF]} << 8 |
          std::uint32_t{kTables.sbox[(t >> 16) & 0xFF]} << 16 | std::uint32_t{kTables.sbox[t >> 24]} << 24;
      t ^= rcon;
      rcon = xtime(rcon);
    }
    w[i] = w[i - 4] ^ t;
  }
  for (int i = 0; i < 44; ++i) store32(w[i], key.round[i / 4] + 4 * (i % 4));
  return key;
}

void aes128_encrypt_portable(const AesKey& key, const std::uint8_t in[16], std::uint8_t out[16]) {
  std::uint32_t s[4];
  for (int c = 0; c < 4; ++c) s[c] = load32(in + 4 * c);
  encrypt_columns(key, s);
  for (int c = 0; c < 4; ++c) store32(s[c], out + 4 * c);
}

bool aes_ctr_has(AesPath path) { return cpu_has(path); }

void aes_ctr_blocks(AesPath path, const AesKey& key, std::uint64_t first_block, std::size_t nblocks,
                    std::uint64_t* out) {
  switch (path) {
    case AesPath::vaes: blocks_vaes(key, first_block, nblocks, out); return;
    case AesPath::aesni: blocks_aesni(key, first_block, nblocks, out); return;
    default: blocks_portable(key, first_block, nblocks, out); return;
  }
}

void aes_ctr_blocks(const AesKey& key, std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  aes_ctr_blocks(simd::level() == simd::Level::scalar ? AesPath::portable : best_path(), key, first_block, nblocks,
                 out);
}

const char* name(AesPath path) {
  switch (path) {
    case AesPath::vaes: return "vaes";
    case AesPath::aesni: return "aesni";
    default: return "portable";
  }
}

}  // namespace dplab
