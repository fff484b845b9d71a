#include "core/ziggurat.hpp"

namespace dplab {

ExpZiggurat::ExpZiggurat() {
  // Layer edges from the recursion v = x[i] (f(x[i+1]) - f(x[i])), f(x) = exp(-x).
  x[0] = kV / std::exp(-kR);
  x[1] = kR;
  for (int i = 1; i < kLayers - 1; ++i) x[i + 1] = -std::log(kV / x[i] + std::exp(-x[i]));
  x[kLayers] = 0;
  for (int i = 0; i <= kLayers; ++i) f[i] = std::exp(-x[i]);
  for (int i = 0; i < kLayers; ++i)
    accept[i] = static_cast<std::uint64_t>(std::floor(x[i + 1] / x[i] * 0x1.0p52));
  for (int i = 0; i < kLayers; ++i) layer[i] = {x[i], accept[i]};
}

const ExpZiggurat kExpZiggurat;

bool wedge_accepts(double y, double x, unsigned layer) {
  const ExpZiggurat& z = kExpZiggurat;
  // A squeeze decides most wedge points without the exponential,
  // and always as the test y < std::exp(-x) would: exp(-x) is convex, so it lies above its
  // tangent at x[layer] and, on [x[layer + 1], x[layer]], below the chord between the layer's
  // corners. Both bounds are computed to within a few ulps and std::exp to within one, so a
  // margin of 2^-40 relative keeps every early answer the exact test's.
  constexpr double kMargin = 0x1.0p-40;
  const double tangent = z.f[layer] * (1.0 + (z.x[layer] - x));
  if (y < tangent * (1.0 - kMargin)) return true;
  if (x >= z.x[layer + 1]) {
    const double chord =
        z.f[layer + 1] + (z.f[layer] - z.f[layer + 1]) * ((x - z.x[layer + 1]) / (z.x[layer] - z.x[layer + 1]));
    if (y > chord * (1.0 + kMargin)) return false;
  }
  return y < std::exp(-x);
}

template <class Source>
double exponential_slow_path(Source& s, double x, unsigned layer, bool& /*bit*/) {
  const ExpZiggurat& z = kExpZiggurat;
  if (layer == 0) return ExpZiggurat::kR - std::log(s.uniform_pos());  // the tail: memoryless
  // The wedge between the rectangle and the curve: accept under f.
  if (wedge_accepts(z.f[layer] + s.uniform() * (z.f[layer + 1] - z.f[layer]), x, layer)) return x;
  return -1;
}

template double exponential_slow_path<Stream>(Stream&, double, unsigned, bool&);
template double exponential_slow_path<BulkWords>(BulkWords&, double, unsigned, bool&);

}  // namespace dplab
