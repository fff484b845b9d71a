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

template <class Source>
double exponential_slow_path(Source& s, double x, unsigned layer, bool& /*bit*/) {
  const ExpZiggurat& z = kExpZiggurat;
  if (layer == 0) return ExpZiggurat::kR - std::log(s.uniform_pos());  // the tail: memoryless
  // The wedge between the rectangle and the curve: accept under f.
  if (z.f[layer] + s.uniform() * (z.f[layer + 1] - z.f[layer]) < std::exp(-x)) return x;
  return -1;
}

template double exponential_slow_path<Stream>(Stream&, double, unsigned, bool&);
template double exponential_slow_path<BulkWords>(BulkWords&, double, unsigned, bool&);

}  // namespace dplab
