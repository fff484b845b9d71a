// How a grid's size is rounded to whole cells. Qardaji, Yang, Li (ICDE 2013) give real sizes
// (UGrid m = sqrt(N eps / c) cells a side; AGrid m1 = sqrt(N eps / c) / 4, m2 = sqrt(N' (1 - alpha)
// eps / c2)). DPBench's code (dpcomp_core UG.py and AG.py; ektelo's grids the same) writes
// int(x - 1) + 1, Python's int truncating toward zero: floor(x) for x >= 1, 1 for 0 < x < 1, so a
// fractional size is rounded down. dplab's WaveCluster grid (adaptive_grid.hpp) rounds up.
#pragma once
#include <cmath>
#include <string>

namespace dplab::baselines {

enum class GridRounding {
  up,       // ceil(x)
  dpbench,  // int(x - 1) + 1 as DPBench's code: floor(x) for x >= 1, 1 for 0 < x < 1
};

inline double round_grid(double x, GridRounding r) {
  return r == GridRounding::up ? std::ceil(x) : std::trunc(x - 1) + 1;
}

// The algorithm parameter that picks it ("dpbench" or "up").
inline GridRounding grid_rounding(const std::string& name) {
  return name == "up" ? GridRounding::up : GridRounding::dpbench;
}

}  // namespace dplab::baselines
