#include "core/rng.hpp"

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
  for (auto& w : out) w = next_u64();
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
