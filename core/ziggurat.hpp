// Exponential variates by the ziggurat method (Marsaglia and Tsang, "The ziggurat method for
// generating random variables", J. Stat. Software 5(8), 2000), 256 layers. About 99% of draws
// cost one 64-bit word, a table look-up and a comparison, with no logarithm: this is what
// brings the Laplace sampler under 8 ns per sample (bench/). The result is exact in
// distribution (the slow paths handle the wedges and the tail).
#pragma once
#include <bit>
#include <cmath>
#include <cstdint>

#include "core/rng.hpp"

namespace dplab {

struct ExpZiggurat {
  static constexpr int kLayers = 256;
  static constexpr double kR = 7.69711747013104972;     // start of the tail
  static constexpr double kV = 3.949659822581572e-3;    // area of each layer
  double x[kLayers + 1];     // layer edges: x[0] = v / f(r) (base strip), x[1] = r, ..., x[256] = 0
  double f[kLayers + 1];     // exp(-x[i])
  std::uint64_t accept[kLayers];  // 52-bit positions below this lie under the curve for sure
  // x[i] and accept[i] side by side, so that a vector kernel fetches both with one 16-byte load
  // (on AMD's cores two gathers cost more than the rest of the sample: core/simd_avx2.cpp).
  struct alignas(16) Layer {
    double x;
    std::uint64_t accept;
  };
  Layer layer[kLayers];
  ExpZiggurat();
};
extern const ExpZiggurat kExpZiggurat;

// The wedge test of layer `layer` (1..255): whether the point (x, y) lies under exp(-x), decided
// exactly as y < std::exp(-x), mostly without calling it (ziggurat.cpp).
bool wedge_accepts(double y, double x, unsigned layer);

// The rare cases (about 1.1% of draws): the tail beyond r and the wedges. Out of line so the
// hot loop stays small. `x` and `layer` are those of the rejected fast-path candidate. Defined
// for the two word sources, Stream and BulkWords (the batch samplers), which give the same words.
template <class Source>
double exponential_slow_path(Source& s, double x, unsigned layer, bool& bit);

// The ziggurat's candidate from one 64-bit word: its layer, spare bit, position in the layer and
// the value x = position * x[layer].
struct ZigguratCandidate {
  unsigned layer;     // bits 0-7
  bool bit;           // bit 8: spare
  std::uint64_t m;    // bits 12-63: position in the layer
  double x;
  explicit ZigguratCandidate(std::uint64_t u)
      : layer(static_cast<unsigned>(u & 0xFF)), bit((u >> 8) & 1u), m(u >> 12),
        // m * 2^-52 in [0, 1) from the mantissa bits directly: four times cheaper than an
        // integer-to-double conversion (bench/).
        x((std::bit_cast<double>(0x3FF0000000000000ULL | m) - 1.0) * kExpZiggurat.x[layer]) {}
};

// Exp(1). `bit` receives one further random bit of the accepted word, independent of the
// value (Laplace uses it as the sign). The fast path is also the vector kernels'
// (core/simd_avx2.cpp, core/simd_avx512.cpp): a change here must be made there too
// (tests/test_simd.cpp compares them).
template <class Source>
inline double sample_exponential(Source& s, bool& bit) {
  for (;;) {
    const ZigguratCandidate c(s.next_u64());
    bit = c.bit;
    if (c.m < kExpZiggurat.accept[c.layer]) [[likely]] return c.x;
    const double y = exponential_slow_path(s, c.x, c.layer, bit);
    if (y >= 0) return y;  // negative: the candidate was rejected, draw again
  }
}

// sample_exponential when the caller knows that the next word fails the fast path's test (the
// vector kernels stop at such a word): the same draws and value, without that test, whose
// branch would be mispredicted every time here.
template <class Source>
inline double sample_exponential_rejected(Source& s, bool& bit) {
  const ZigguratCandidate c(s.next_u64());
  bit = c.bit;
  const double y = exponential_slow_path(s, c.x, c.layer, bit);
  return y >= 0 ? y : sample_exponential(s, bit);
}

}  // namespace dplab
