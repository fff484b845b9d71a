// AES-128 in counter mode: the cipher behind every random stream from results version 3
// (core/rng.hpp). Block b of a stream is AES-128 under the stream's key of the 16 bytes of b as
// a little-endian 128-bit integer; its two 64-bit words are the ciphertext's bytes 0-7 and
// 8-15, little-endian.
//
// Why AES and not Philox4x64-10 (results versions 1-2): with the AES instructions (AES-NI on
// every x86-64 core since 2010, VAES two blocks per instruction on recent ones) a word costs
// about a tenth of a Philox word on cores without AVX-512, where a 64 x 64 -> 128-bit multiply
// has no vector form; the Laplace sampler is then bound by the ziggurat, not the cipher
// (docs/benchmarks.md, "Results version 3"). AES in counter mode under a random key is a
// pseudo-random function by the standard assumption on AES; counter-based generators built on
// it pass BigCrush (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011,
// the Random123 paper, AESNI4x32).
//
// Three implementations compute the same words: a portable one (T-tables, FIPS-197 section
// 5.2 and 5.1), AES-NI eight blocks at a time, and VAES two blocks per 256-bit instruction.
// aes_ctr_blocks() picks by the CPU and the SIMD level (core/simd.hpp: level scalar means the
// portable code); tests/test_aes_ctr.cpp checks FIPS-197's known answers and that all three agree.
#pragma once
#include <cstddef>
#include <cstdint>

namespace dplab {

// The 11 round keys of AES-128 (FIPS-197 section 5.2), bytes in the order the AES instructions
// load them.
struct AesKey {
  alignas(16) std::uint8_t round[11][16];
};

// The key whose 16 bytes are k0 then k1, each little-endian.
AesKey aes128_key(std::uint64_t k0, std::uint64_t k1);
// One block by the portable code (for the known-answer tests).
void aes128_encrypt_portable(const AesKey& key, const std::uint8_t in[16], std::uint8_t out[16]);

// Blocks first_block .. first_block + nblocks - 1 of the counter mode: 2 nblocks words.
void aes_ctr_blocks(const AesKey& key, std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out);

// The three implementations, for the tests and bench/. The AES-NI and VAES ones may be called
// only where aes_ctr_has(...) says the CPU has the instructions.
enum class AesPath { portable, aesni, vaes };
bool aes_ctr_has(AesPath path);
void aes_ctr_blocks(AesPath path, const AesKey& key, std::uint64_t first_block, std::size_t nblocks,
                    std::uint64_t* out);
const char* name(AesPath path);

}  // namespace dplab
