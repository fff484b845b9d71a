#include "algorithms/budget_series/strategy.hpp"

#include <cmath>

#include "algorithms/budget_series/series.hpp"
#include "core/error.hpp"

namespace dplab::budget_series {

const char* const kStrategyGrammar =
    "a base AVG, Geo, Ty, bisection or Cormode with optional prefixes Flip-, bl-, AC- "
    "(e.g. AC-Flip-Geo, AC-bl-Ty, Flip-Ty)";

StrategyName parse_strategy(const std::string& name) {
  StrategyName s;
  std::string rest = name;
  for (;;) {
    bool found = false;
    for (const char* p : {"AC-", "Flip-", "bl-"}) {
      std::string pre = p;
      if (rest.rfind(pre, 0) == 0) {
        s.prefixes.push_back(pre.substr(0, pre.size() - 1));
        rest = rest.substr(pre.size());
        found = true;
      }
    }
    if (!found) break;
  }
  for (const char* b : {"AVG", "Geo", "Ty", "bisection", "Cormode"})
    if (rest == b) {
      s.base = rest;
      return s;
    }
  throw Error("unknown allocation strategy '" + name + "': expected " + kStrategyGrammar);
}

bool is_strategy(const std::string& name) {
  try {
    parse_strategy(name);
    return true;
  } catch (const Error&) {
    return false;
  }
}

FlipMode parse_flip(const std::string& s) {
  if (s == "auto") return FlipMode::Auto;
  if (s == "horizontal") return FlipMode::Horizontal;
  if (s == "vertical") return FlipMode::Vertical;
  throw Error("unknown flip mode '" + s + "' (allowed: auto, horizontal, vertical)");
}

std::vector<double> proportions(const StrategyName& s, const StrategyParams& p) {
  const int n = p.n;
  const int shape_n = p.n_shape > 0 ? p.n_shape : n;
  std::vector<double> k;
  if (s.base == "AVG") k.assign(static_cast<std::size_t>(n), 1.0 / n);
  else if (s.base == "Geo") k = geometric_terms(n, p.r > 0 ? p.r : ideal_ratio(shape_n));
  else if (s.base == "bisection") k = geometric_terms(n, 0.5);
  else if (s.base == "Cormode") k = cormode_terms(n);
  else if (s.base == "Ty") k = taylor_terms(n, p.t > 0 ? p.t : ideal_taylor_t(shape_n));
  else throw Error("unknown base series '" + s.base + "'");

  if (!p.calibrate) {
    if (!s.prefixes.empty())
      throw Error("calibrate: false is only meaningful for a plain series (Figs 1-4); '" +
                  s.prefixes.front() + "-' works on calibrated sequences");
    return k;
  }
  k = calibrate(std::move(k));
  // Prefixes apply from the one nearest the base outwards.
  for (auto it = s.prefixes.rbegin(); it != s.prefixes.rend(); ++it) {
    if (*it == "Flip") {
      FlipMode mode = p.flip;
      if (mode == FlipMode::Auto) mode = s.base == "Ty" ? FlipMode::Vertical : FlipMode::Horizontal;
      k = mode == FlipMode::Vertical ? flip_vertical(k) : flip_horizontal(std::move(k));
    } else if (*it == "bl") {
      k = compound_with_average(k, p.bl_alpha);
    } else if (*it == "AC") {
      if (!(p.U_s > 0)) throw Error("strategy AC- needs the noise bound U_s (parameter U_s > 0)");
      k = compound_with_average(k, acceptable_alpha(k, p.eps, p.U_s));
    }
  }
  return k;
}

std::vector<double> proportions(const std::string& name, const StrategyParams& p) {
  return proportions(parse_strategy(name), p);
}

}  // namespace dplab::budget_series
