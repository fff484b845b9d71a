#include "core/rng.hpp"

#include <algorithm>

namespace dplab {

namespace {
AesKey stream_key(std::uint64_t seed, std::uint64_t point_key, std::uint64_t trial, std::uint64_t substream) {
  r123::Philox4x64 philox;
  const auto k = philox(r123::Philox4x64::ctr_type{{trial, substream, 0, Stream::kStreamKeyTag}},
                        r123::Philox4x64::key_type{{seed, point_key}});
  return aes128_key(k.v[0], k.v[1]);
}
}  // namespace

Stream::Stream(std::uint64_t seed, std::uint64_t point_key, std::uint64_t trial, std::uint64_t substream)
    : seed_(seed), point_key_(point_key), trial_(trial), substream_(substream),
      key_(stream_key(seed, point_key, trial, substream)) {}

void Stream::refill() {
  aes_ctr_blocks(key_, block_, kBlocks, buf_);
  block_ += kBlocks;
  pos_ = 0;
}

void Stream::fill(std::span<std::uint64_t> out) {
  std::size_t i = 0;
  while (i < out.size() && pos_ != kBuffer) out[i++] = next_u64();  // what is left in the buffer
  // Whole blocks straight into `out`, then the tail through the buffer.
  const std::size_t whole = (out.size() - i) / kWordsPerBlock;
  if (whole > 0) {
    blocks(block_, out.subspan(i, kWordsPerBlock * whole));
    block_ += whole;
    i += kWordsPerBlock * whole;
  }
  while (i < out.size()) out[i++] = next_u64();
}

void Stream::seek_word(std::uint64_t w) {
  block_ = w / kWordsPerBlock;
  refill();
  pos_ = static_cast<int>(w % kWordsPerBlock);
}

void Stream::blocks(std::uint64_t first_block, std::span<std::uint64_t> out) const {
  aes_ctr_blocks(key_, first_block, out.size() / kWordsPerBlock, out.data());
}

BulkWords::BulkWords(Stream& s, std::size_t expected) : s_(s) {
  constexpr std::uint64_t kW = Stream::kWordsPerBlock;
  const std::uint64_t w = s.words_used();
  next_block_ = w / kW;
  refill(expected + w % kW + kW);
  pos_ = static_cast<std::size_t>(w % kW);
}

void BulkWords::refill(std::size_t words) {
  constexpr std::size_t kW = Stream::kWordsPerBlock;
  const std::size_t nb = std::clamp<std::size_t>((words + kW - 1) / kW, 1, kChunk / kW);
  s_.blocks(next_block_, std::span<std::uint64_t>(buf_, kW * nb));
  base_word_ = kW * next_block_;
  next_block_ += nb;
  pos_ = 0;
  end_ = kW * nb;
}

void BulkWords::finish() {
  if (done_) return;
  done_ = true;
  s_.seek_word(base_word_ + pos_);
}

Stream Stream::substream(std::uint64_t id) const {
  // The new substream word hashes (parent's word, id) as an ordered pair, so nested substreams
  // stay distinct: s.sub(a).sub(b) differs from s.sub(b).sub(a), from s.sub(a) and from s.
  const std::uint64_t pair[2] = {substream_, id};
  return Stream(seed_, point_key_, trial_, hash64(pair, sizeof pair));
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
