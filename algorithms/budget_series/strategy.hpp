// Allocation strategies by name, as the paper writes them: a base series with prefixes applied
// from the inside out. "AC-Flip-Geo" is AC(Flip(Geo)); "AC-bl-Ty" is AC(bl(Ty)).
//   bases:    AVG, Geo, Ty, bisection (Geo with r = 1/2), Cormode
//   prefixes: Flip- (eq. 19-21), bl- (compound with AVG at alpha, §7.1), AC- (eq. 28-30)
#pragma once
#include <string>
#include <vector>

namespace dplab::budget_series {

struct StrategyName {
  std::string base;
  std::vector<std::string> prefixes;  // outermost first, as written
};

// Throws an Error that lists the allowed bases and prefixes.
StrategyName parse_strategy(const std::string& name);
bool is_strategy(const std::string& name);
extern const char* const kStrategyGrammar;

enum class FlipMode { Auto, Horizontal, Vertical };
FlipMode parse_flip(const std::string& s);

struct StrategyParams {
  int n = 50;           // number of queries (terms)
  int n_shape = 0;      // n used for the ideal r and t (eq. 14, 16); 0: n. §6.4 sets it to n_s
  double eps = 1.0;     // total budget (AC- needs it: eq. 28)
  double r = 0;         // geometric ratio; 0: ideal (eq. 14)
  double t = 0;         // Taylor first term; 0: ideal (eq. 16)
  double U_s = 0;       // upper bound of normalised noise for AC-; 0: not given
  double bl_alpha = 1;  // compounding factor of bl- (the paper uses 1)
  bool calibrate = true;  // eq. 17; only plain bases may skip it (Figs 1-4 show raw series)
  FlipMode flip = FlipMode::Auto;  // Auto: horizontal for the geometric family, vertical for Ty
};

// The proportions k*_1..k*_n of the strategy (summing to 1 when calibrated).
std::vector<double> proportions(const StrategyName& s, const StrategyParams& p);
std::vector<double> proportions(const std::string& name, const StrategyParams& p);

}  // namespace dplab::budget_series
