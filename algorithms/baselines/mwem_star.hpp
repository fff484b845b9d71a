// MWEM* (DPBench, Hay et al. 2016): MWEM whose number of rounds T is tuned to the "signal" scale x
// eps, by the piecewise-linear table DPBench's code learned for 1-D data (mwemND.py,
// mwemND_adaptive_engine, Lfunction '1D'): at scale x eps = 0, 1, 10, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
// 1e8, 1e9, 1e20, T = 2, 2, 2, 4, 8, 12, 60, 80, 140, 140, 140, 140, interpolated linearly and
// truncated to an integer (numpy.interp, then int()). (The code's table key is spelled
// 'DEFALUT1D' while the engine's default index is 'DEFAULT1D', so the default lookup fails there;
// the 1-D table is the one meant.) DPBench reads the true scale ||x||_1: T depends on the data.
#pragma once
#include <cstdint>

namespace dplab::baselines {

// T for scale x eps (>= 0).
std::int64_t mwem_star_rounds(double scale_times_eps);

}  // namespace dplab::baselines
