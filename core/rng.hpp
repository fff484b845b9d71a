// Counter-based random streams: AES-128 in counter mode (core/aes_ctr.hpp) under a key derived
// by Philox4x64-10 (Random123).
//
// A stream is a pure function of (seed, point key, trial, substream): its AES key is the first
// two words of Philox4x64-10 of the counter (trial, substream, 0, kStreamKeyTag) under the key
// (seed, point key), and its block b is AES of the counter b. No state is shared between
// trials, so results are bit-identical for any thread count or schedule, and any single trial
// can be replayed alone. Results versions 1 and 2 drew Philox4x64-10 blocks directly
// (framework/store.hpp); version 3 changed to AES for speed (docs/benchmarks.md).
#pragma once
#include <Random123/philox.h>

#include "core/aes_ctr.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace dplab {

// The two conversions of a random word to a double, shared by Stream and BulkWords.
// Uniform on [0, 1) with 53 random bits.
inline double word_to_uniform(std::uint64_t w) { return static_cast<double>(w >> 11) * 0x1.0p-53; }
// Uniform on (0, 1]: safe to take the logarithm of.
inline double word_to_uniform_pos(std::uint64_t w) { return static_cast<double>((w >> 11) + 1) * 0x1.0p-53; }

// Uniform integer in [0, n), n >= 1, without modulo bias from any source of the stream's words
// (Stream, BulkWords): Lemire, "Fast random integer generation in an interval" (2019). One word,
// and more only when the first lands in the biased sliver below 2^64 mod n.
template <class Words>
inline std::uint64_t lemire_below(Words& w, std::uint64_t n) {
  unsigned __int128 m = static_cast<unsigned __int128>(w.next_u64()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(w.next_u64()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

class Stream {
 public:
  Stream(std::uint64_t seed, std::uint64_t point_key, std::uint64_t trial,
         std::uint64_t substream = 0);

  // 64 uniformly random bits.
  inline std::uint64_t next_u64() {
    if (pos_ == kBuffer) refill();
    return buf_[pos_++];
  }
  // Uniform on [0, 1) with 53 random bits.
  inline double uniform() { return word_to_uniform(next_u64()); }
  // Uniform on (0, 1]: safe to take the logarithm of.
  inline double uniform_pos() { return word_to_uniform_pos(next_u64()); }
  // Fills `out` with the next random words (same values as repeated next_u64()); whole blocks
  // come from the vector kernel when the CPU has one (core/simd.hpp).
  void fill(std::span<std::uint64_t> out);
  // Uniform integer in [0, n) without modulo bias (lemire_below).
  std::uint64_t below(std::uint64_t n) { return lemire_below(*this, n); }

  // An independent stream for the same (seed, point, trial), e.g. to generate a workload
  // apart from the noise so that both are reproducible on their own.
  Stream substream(std::uint64_t id) const;

  std::uint64_t blocks_used() const { return block_; }
  // Words drawn so far (next_u64() calls and their equivalents).
  std::uint64_t words_used() const {
    return kWordsPerBlock * block_ - static_cast<std::uint64_t>(kBuffer - pos_);
  }
  // Continues the stream at word `w`, as if exactly w words had been drawn (BulkWords uses it
  // to hand back the words it read ahead and did not use).
  void seek_word(std::uint64_t w);

  // Writes cipher blocks first_block, first_block + 1, ... of this stream (kWordsPerBlock
  // words each) to `out` (size a multiple of kWordsPerBlock).
  void blocks(std::uint64_t first_block, std::span<std::uint64_t> out) const;

  static constexpr int kWordsPerBlock = 2;  // one AES block is 128 bits
  // The last word of the Philox counter that derives a stream's AES key: "dplabAES".
  static constexpr std::uint64_t kStreamKeyTag = 0x53454162616C7064ULL;

 private:
  // Eight cipher blocks per refill: they are independent, so the CPU overlaps them.
  static constexpr int kBlocks = 8, kBuffer = kWordsPerBlock * kBlocks;
  void refill();
  std::uint64_t seed_, point_key_, trial_, substream_;
  AesKey key_;
  std::uint64_t buf_[kBuffer];
  std::uint64_t block_ = 0;
  int pos_ = kBuffer;
};

// The words of a stream read ahead in chunks of whole cipher blocks (for the batch samplers):
// the same sequence as next_u64() on the stream. finish() (or the destructor) puts the stream
// at the word after the last one used, so a batch draw leaves the stream exactly where the
// same draws made one by one would have left it.
class BulkWords {
 public:
  static constexpr std::size_t kChunk = 512;  // most words per refill (256 blocks, 4 KiB)
  static constexpr std::size_t kTopUp = 32;   // words of a refill next_u64() makes itself
  // `expected` words will probably be used: the first refill generates no more than that
  // (rounded up to whole blocks, plus a block of slack for the rare extra draws).
  BulkWords(Stream& s, std::size_t expected);
  ~BulkWords() { finish(); }
  BulkWords(const BulkWords&) = delete;
  BulkWords& operator=(const BulkWords&) = delete;

  inline std::uint64_t next_u64() {
    if (pos_ == end_) refill(kTopUp);
    return buf_[pos_++];
  }
  inline double uniform() { return word_to_uniform(next_u64()); }
  inline double uniform_pos() { return word_to_uniform_pos(next_u64()); }

  // The words read ahead and not used yet (a refill makes more when this is empty).
  const std::uint64_t* data() const { return buf_ + pos_; }
  std::size_t available() const { return end_ - pos_; }
  void advance(std::size_t n) { pos_ += n; }
  void refill(std::size_t words);
  void finish();

 private:
  Stream& s_;
  std::uint64_t base_word_;   // stream word index of buf_[0]
  std::uint64_t next_block_;  // first block of the next refill
  std::size_t pos_ = 0, end_ = 0;
  bool done_ = false;
  alignas(64) std::uint64_t buf_[kChunk];
};

// 64-bit mixing of a byte string (FNV-1a followed by a SplitMix64 finaliser), used to key
// streams by a sweep point's canonical parameter text.
std::uint64_t hash64(const void* data, std::size_t size);
std::uint64_t hash64(const std::string& text);

}  // namespace dplab
