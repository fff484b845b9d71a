// Budget allocation by convergent series (budget_series §4-§5). Everything here works on
// proportion sequences k_1..k_n of the total budget: eps_i = k_i * eps (eq. 5).
#pragma once
#include <vector>

namespace dplab::budget_series {

// Geometric series, eq. 7: k_i = (1 - r) r^(i-1), 0 < r < 1.
std::vector<double> geometric_terms(int n, double r);
// Eq. 14: the r that maximises the last term k_n, r = (n - 1) / n.
double ideal_ratio(int n);

// Taylor series of e^x, eq. 12: k_i = t / (i-1)! * ln(1/t)^(i-1), 0 < t < 1 (computed in log
// space so that extremely small t, e.g. 1e-20, stays exact).
std::vector<double> taylor_terms(int n, double t);
// Eq. 16: t = e^(1 - [n/2]), with [n/2] read as the middle position (n + 1) / 2, so
// t = e^((1 - n) / 2). This is the reading under which Table 4 matches the paper for every N
// (floor or ceil of n/2 miss the even rows by up to 6.2); see docs/papers/budget_series.md.
double ideal_taylor_t(int n);

// Cormode et al.'s tree allocation with the height h replaced by N (budget_series §7.2.2):
// eps_i = 2^((N-i)/3) eps (2^(1/3) - 1) / (2^((N+1)/3) - 1), as proportions (sum < 1).
std::vector<double> cormode_terms(int n);

// Calibration, eq. 17: k*_i = k_i / S_n, so the n terms use the whole budget.
std::vector<double> calibrate(std::vector<double> k);

// Horizontal flip (reverse), eq. 19-20: k^F_i = k*_(n-i+1). Used for the geometric family.
std::vector<double> flip_horizontal(std::vector<double> k);
// Vertical flip, eq. 21: k^F_i = (1 - k*_i) / (n - 1). Used for Taylor; needs sum k* = 1, n >= 2.
std::vector<double> flip_vertical(const std::vector<double>& k);

// Compounding with the average sequence, eq. 30: k^A_i = (alpha/n + k*_i) / (alpha + 1).
// bl-Ty is Ty compounded with alpha = 1 (§7.1).
std::vector<double> compound_with_average(const std::vector<double>& k, double alpha);

// The smallest alpha of eq. 29 that makes every term acceptable (eq. 27: eps_i >= sqrt(2)/U_s):
// alpha = (sqrt(2)/(eps U_s) - k*_min) / (1/n - sqrt(2)/(eps U_s)), or 0 when the sequence
// already satisfies the bound. Throws when U_s is below Lemma 2's bound sqrt(2) n / eps.
double acceptable_alpha(const std::vector<double>& k, double eps, double U_s);

// Lemma 3: the meaningful range of U_s for a calibrated sequence is
// (sqrt(2) n / eps, sqrt(2) / (eps k*_min)). The paper's Tables 3-5 print exactly these
// (Lemma 3's text has an extra factor n in the upper bound; the tables do not).
struct UsBounds {
  double lower, upper;
};
UsBounds us_bounds(const std::vector<double>& k, double eps);

double min_term(const std::vector<double>& k);
double sum_terms(const std::vector<double>& k);

}  // namespace dplab::budget_series
