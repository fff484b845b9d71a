// The stream cipher of results version 3 (core/aes_ctr.hpp): FIPS-197's known answers for the
// portable AES-128 (key expansion and encryption), and the AES-NI and VAES counter-mode
// kernels equal to the portable code on many keys, first blocks and lengths. Paths the CPU
// lacks are skipped visibly.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "core/aes_ctr.hpp"
#include "core/rng.hpp"
#include "core/simd.hpp"
#include "simd_level_guard.hpp"

using dplab::AesPath;

namespace {

std::vector<std::uint8_t> hex_bytes(const char* hex) {
  std::vector<std::uint8_t> out;
  for (const char* p = hex; p[0] && p[1]; p += 2) {
    auto nibble = [](char c) { return static_cast<std::uint8_t>(c <= '9' ? c - '0' : c - 'a' + 10); };
    out.push_back(static_cast<std::uint8_t>(nibble(p[0]) << 4 | nibble(p[1])));
  }
  return out;
}

std::uint64_t le64(const std::uint8_t* b) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
  return v;
}

// A known answer: key, plaintext and ciphertext as hex strings of 16 bytes.
void check_known_answer(const char* key_hex, const char* plain_hex, const char* cipher_hex) {
  const auto key = hex_bytes(key_hex), plain = hex_bytes(plain_hex), want = hex_bytes(cipher_hex);
  const dplab::AesKey k = dplab::aes128_key(le64(key.data()), le64(key.data() + 8));
  std::uint8_t got[16];
  dplab::aes128_encrypt_portable(k, plain.data(), got);
  CHECK(std::vector<std::uint8_t>(got, got + 16) == want);
}

}  // namespace

TEST_SUITE("aes_ctr") {

TEST_CASE("portable AES-128 gives FIPS-197's known answers") {
  // FIPS-197 Appendix B (the cipher example) and Appendix C.1 (AES-128).
  check_known_answer("2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
                     "3925841d02dc09fbdc118597196a0b32");
  check_known_answer("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
                     "69c4e0d86a7b0430d8cdb78070b4c55a");
  // FIPS-197 Appendix A.1: the last round key of the example key expansion.
  const auto key = hex_bytes("2b7e151628aed2a6abf7158809cf4f3c");
  const dplab::AesKey k = dplab::aes128_key(le64(key.data()), le64(key.data() + 8));
  CHECK(std::vector<std::uint8_t>(k.round[10], k.round[10] + 16) == hex_bytes("d014f9a8c9ee2589e13f0cc8b6630ca6"));
}

TEST_CASE("counter mode: block b is AES of b as 16 little-endian bytes, two words a block") {
  const dplab::AesKey k = dplab::aes128_key(0x0123456789ABCDEFULL, 0xFEDCBA9876543210ULL);
  const std::uint64_t first = 0x1122334455667788ULL;
  std::vector<std::uint64_t> got(2 * 3);
  dplab::aes_ctr_blocks(AesPath::portable, k, first, 3, got.data());
  for (std::uint64_t b = 0; b < 3; ++b) {
    std::uint8_t in[16] = {}, out[16];
    for (int i = 0; i < 8; ++i) in[i] = static_cast<std::uint8_t>((first + b) >> (8 * i));
    dplab::aes128_encrypt_portable(k, in, out);
    CHECK(got[2 * b] == le64(out));
    CHECK(got[2 * b + 1] == le64(out + 8));
  }
}

TEST_CASE("the AES-NI and VAES kernels equal the portable code") {
  std::uint64_t checked = 0;
  for (AesPath path : {AesPath::aesni, AesPath::vaes}) {
    if (!dplab::aes_ctr_has(path)) {
      MESSAGE("skipped: this CPU lacks " << dplab::name(path));
      continue;
    }
    for (std::uint64_t k = 0; k < 40; ++k) {
      const dplab::AesKey key = dplab::aes128_key(k * 0x9E3779B97F4A7C15ULL, ~k * 0xD1B54A32D192ED03ULL);
      for (std::size_t nblocks : {1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 33u, 64u}) {
        const std::uint64_t first = k % 2 ? (~0ULL - 100) : k * 1000003;  // near the top of the low word
        std::vector<std::uint64_t> ref(2 * nblocks), got(2 * nblocks, 0);
        dplab::aes_ctr_blocks(AesPath::portable, key, first, nblocks, ref.data());
        dplab::aes_ctr_blocks(path, key, first, nblocks, got.data());
        REQUIRE(got == ref);
        checked += nblocks;
      }
    }
  }
  if (checked == 0) MESSAGE("no AES instructions on this CPU: only the portable code was checked");
  else CHECK(checked == (dplab::aes_ctr_has(AesPath::vaes) ? 2u : 1u) * 40u * 172u);
}

TEST_CASE("a stream's words do not depend on the cipher path or on how they are drawn") {
  // Level scalar runs the portable cipher, the vector levels the best AES instructions.
  dplab::testing::LevelGuard guard;
  const std::uint64_t args[][4] = {{1, 2, 3, 0}, {7, 123, 4, 99}, {~0ULL, 0, ~0ULL, 5}};
  for (const auto& s : args) {
    dplab::simd::set_level(dplab::simd::Level::scalar);
    std::vector<std::uint64_t> portable(1000);
    dplab::Stream(s[0], s[1], s[2], s[3]).blocks(0, portable);
    dplab::simd::set_level(dplab::simd::supported());
    std::vector<std::uint64_t> best(1000), one_by_one(1000);
    dplab::Stream(s[0], s[1], s[2], s[3]).blocks(0, best);
    dplab::Stream c(s[0], s[1], s[2], s[3]);
    for (auto& w : one_by_one) w = c.next_u64();
    CHECK(best == portable);
    CHECK(one_by_one == portable);
  }
}

}  // TEST_SUITE
