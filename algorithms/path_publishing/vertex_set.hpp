// A set of G_P's vertices as W 64-bit words: the level tests of Algorithm 6.5 become a few
// word operations. The insertion runs with the smallest W that holds the network (W = 1 up to
// 64 vertices, the thesis's |V| <= 10 with its sub-vertices) and again with twice the words
// when splitting outgrows it.
#pragma once
#include <array>
#include <bit>
#include <cstdint>

namespace dplab::path_publishing {

template <int W>
struct VertexSet {
  std::array<std::uint64_t, W> w{};

  static constexpr int capacity() { return 64 * W; }
  void add(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void remove(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  bool has(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  bool empty() const {
    for (auto x : w)
      if (x) return false;
    return true;
  }
  bool intersects(const VertexSet& o) const {
    for (int k = 0; k < W; ++k)
      if (w[k] & o.w[k]) return true;
    return false;
  }
  int count() const {
    int c = 0;
    for (auto x : w) c += std::popcount(x);
    return c;
  }
  VertexSet operator&(const VertexSet& o) const {
    VertexSet r;
    for (int k = 0; k < W; ++k) r.w[k] = w[k] & o.w[k];
    return r;
  }
  VertexSet operator|(const VertexSet& o) const {
    VertexSet r;
    for (int k = 0; k < W; ++k) r.w[k] = w[k] | o.w[k];
    return r;
  }
  VertexSet minus(const VertexSet& o) const {
    VertexSet r;
    for (int k = 0; k < W; ++k) r.w[k] = w[k] & ~o.w[k];
    return r;
  }
  VertexSet& operator|=(const VertexSet& o) {
    for (int k = 0; k < W; ++k) w[k] |= o.w[k];
    return *this;
  }
  bool operator==(const VertexSet& o) const { return w == o.w; }
  // Calls f(i) for every member, in increasing order.
  template <class F>
  void each(F&& f) const {
    for (int k = 0; k < W; ++k)
      for (std::uint64_t x = w[k]; x; x &= x - 1) f(64 * k + std::countr_zero(x));
  }
};

}  // namespace dplab::path_publishing
