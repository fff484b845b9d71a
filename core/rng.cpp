#include "core/rng.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/simd.hpp"
#include "core/simd_kernels.hpp"

namespace dplab {

Stream::Stream(std::uint64_t seed, std::uint64_t point_key, std::uint64_t trial,
               std::uint64_t substream) {
  key_ = Philox::key_type{{seed, point_key}};
  ctr_ = Philox::ctr_type{{trial, substream, 0, 0}};
}

void Stream::refill() {
  for (int b = 0; b < kBlocks; ++b) {
    Philox::ctr_type c = ctr_;
    c.v[2] = block_ + static_cast<std::uint64_t>(b);
    Philox::ctr_type r = philox_(c, key_);
    for (int j = 0; j < 4; ++j) buf_[4 * b + j] = r.v[j];
  }
  block_ += kBlocks;
  pos_ = 0;
}

void Stream::fill(std::span<std::uint64_t> out) {
  std::size_t i = 0;
  while (i < out.size() && pos_ != kBuffer) out[i++] = next_u64();  // what is left in the buffer
  // Whole blocks straight into `out`, then the tail through the buffer.
  const std::size_t whole = (out.size() - i) / 4;
  if (whole > 0) {
    blocks(block_, out.subspan(i, 4 * whole));
    block_ += whole;
    i += 4 * whole;
  }
  while (i < out.size()) out[i++] = next_u64();
}

void Stream::seek_word(std::uint64_t w) {
  block_ = w / 4;
  refill();
  pos_ = static_cast<int>(w % 4);
}

namespace {

// Whether the AVX2 cipher beats the scalar one on this CPU. It builds each 64 x 64 -> 128-bit
// product from four 32-bit ones: slower than the scalar multiply on the Zen 5 and Intel cores
// measured (core/simd.hpp), about 1.3x faster on an AMD EPYC without AVX-512 (docs/benchmarks.md). Both write
// the same words, so this choice, timed once per process (best of 5 rounds of 256 blocks each,
// about 50 microseconds), changes the speed and never a result.
bool avx2_cipher_faster() {
  static const bool faster = [] {
    if (simd::supported() < simd::Level::avx2) return false;
    using Clock = std::chrono::steady_clock;
    std::vector<std::uint64_t> out(4 * 256);
    auto best = [&](auto kernel) {
      Clock::duration t = Clock::duration::max();
      for (int round = 0; round < 5; ++round) {
        const auto start = Clock::now();
        kernel(1, 2, 3, 4, 256 * static_cast<std::uint64_t>(round), 256, out.data());
        t = std::min(t, Clock::now() - start);
      }
      return t;
    };
    const auto scalar = best(philox_blocks_scalar);
    const auto avx2 = best(simd::philox_blocks_avx2);
    return avx2 < scalar;
  }();
  return faster;
}

}  // namespace

void Stream::blocks(std::uint64_t first_block, std::span<std::uint64_t> out) const {
  const std::size_t n = out.size() / 4;
  const simd::Level level = simd::level();
  if (level == simd::Level::avx512)
    simd::philox_blocks_avx512(key_.v[0], key_.v[1], ctr_.v[0], ctr_.v[1], first_block, n, out.data());
  else if (level == simd::Level::avx2 && avx2_cipher_faster())
    simd::philox_blocks_avx2(key_.v[0], key_.v[1], ctr_.v[0], ctr_.v[1], first_block, n, out.data());
  else
    philox_blocks_scalar(key_.v[0], key_.v[1], ctr_.v[0], ctr_.v[1], first_block, n, out.data());
}

void philox_blocks_scalar(std::uint64_t k0, std::uint64_t k1, std::uint64_t c0, std::uint64_t c1,
                          std::uint64_t first_block, std::size_t nblocks, std::uint64_t* out) {
  r123::Philox4x64 philox;
  const r123::Philox4x64::key_type key{{k0, k1}};
  for (std::size_t b = 0; b < nblocks; ++b) {
    const r123::Philox4x64::ctr_type r = philox(r123::Philox4x64::ctr_type{{c0, c1, first_block + b, 0}}, key);
    for (int j = 0; j < 4; ++j) out[4 * b + j] = r.v[j];
  }
}

BulkWords::BulkWords(Stream& s, std::size_t expected) : s_(s) {
  const std::uint64_t w = s.words_used();
  next_block_ = w / 4;
  refill(expected + w % 4 + 4);
  pos_ = static_cast<std::size_t>(w % 4);
}

void BulkWords::refill(std::size_t words) {
  const std::size_t nb = std::clamp<std::size_t>((words + 3) / 4, 1, kChunk / 4);
  s_.blocks(next_block_, std::span<std::uint64_t>(buf_, 4 * nb));
  base_word_ = 4 * next_block_;
  next_block_ += nb;
  pos_ = 0;
  end_ = 4 * nb;
}

void BulkWords::finish() {
  if (done_) return;
  done_ = true;
  s_.seek_word(base_word_ + pos_);
}

std::uint64_t Stream::below(std::uint64_t n) {
  // Lemire, "Fast random integer generation in an interval" (2019).
  unsigned __int128 m = static_cast<unsigned __int128>(next_u64()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next_u64()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

Stream Stream::substream(std::uint64_t id) const {
  // The new substream word hashes (parent's word, id) as an ordered pair, so nested substreams
  // stay distinct: s.sub(a).sub(b) differs from s.sub(b).sub(a), from s.sub(a) and from s.
  const std::uint64_t pair[2] = {ctr_.v[1], id};
  return Stream(key_.v[0], key_.v[1], ctr_.v[0], hash64(pair, sizeof pair));
}

std::uint64_t hash64(const void* data, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27; h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

std::uint64_t hash64(const std::string& text) { return hash64(text.data(), text.size()); }

}  // namespace dplab
