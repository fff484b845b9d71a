// Counter-based random streams (Random123 Philox4x64-10).
//
// A stream is a pure function of (seed, point key, trial, substream): the key of the block
// cipher is (seed, point key) and the counter is (trial, substream, block index). No state is
// shared between trials, so results are bit-identical for any thread count or schedule, and
// any single trial can be replayed alone.
#pragma once
#include <Random123/philox.h>

#include <cstdint>
#include <span>
#include <string>

namespace dplab {

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
  inline double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
  // Uniform on (0, 1]: safe to take the logarithm of.
  inline double uniform_pos() { return static_cast<double>((next_u64() >> 11) + 1) * 0x1.0p-53; }
  // Fills `out` with the next random words (same values as repeated next_u64()).
  void fill(std::span<std::uint64_t> out);
  // Uniform integer in [0, n) without modulo bias (Lemire's method).
  std::uint64_t below(std::uint64_t n);

  // An independent stream for the same (seed, point, trial), e.g. to generate a workload
  // apart from the noise so that both are reproducible on their own.
  Stream substream(std::uint64_t id) const;

  std::uint64_t blocks_used() const { return block_; }

 private:
  // Four cipher blocks per refill: they are independent, so the CPU overlaps their
  // multiplications (about 1.3x the throughput of one block at a time).
  static constexpr int kBlocks = 4, kBuffer = 4 * kBlocks;
  void refill();
  using Philox = r123::Philox4x64;
  Philox philox_;
  Philox::key_type key_;
  Philox::ctr_type ctr_;
  std::uint64_t buf_[kBuffer];
  std::uint64_t block_ = 0;
  int pos_ = kBuffer;
};

// 64-bit mixing of a byte string (FNV-1a followed by a SplitMix64 finaliser), used to key
// streams by a sweep point's canonical parameter text.
std::uint64_t hash64(const void* data, std::size_t size);
std::uint64_t hash64(const std::string& text);

}  // namespace dplab
