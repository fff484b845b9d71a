// The four schemes of lu_thesis Figs 4.2-4.5 as the noise each adds to the sum R of the
// curators' values (§4.3.2), layer by layer. Every scheme's release is R plus its layers' noises:
// the secure multi-party computation and the secret shares are simulated as plain arithmetic,
// since the shares of a curator add back to its value and its noise (Algorithm 4.1, lines 1-2:
// sum_j w_i^j = 1) and so cancel in R exactly; the weights matter only through the
// sensitivities they give.
//
//   ThisWork  Algorithm 4.1: each of the n curators adds Lap(D / eps_u) with probability Pr_u,
//             each of the c aggregators Lap(D / eps_s) with probability Pr_s;
//             eps_u = ratio eps, eps_s = (1 - ratio) eps.
//   Orig      the same with both probabilities 1.
//   PrivaDA   (Eigner et al. 2014) each aggregator adds Lap(D / (eps_s + max eps_u)) = Lap(D / eps):
//             the right side of Ineq. 4.1. A curator's whole value moves all c partial sums by its
//             share, so this is c eps-DP with a curator as the neighbour (the sum of the c noises has
//             the tails of one Lap(D / eps), and the total moves by c D). `privada_sensitivity:
//             curator` calibrates each noise to the whole value, Lap(D_P / eps): eps-DP at curator
//             level, the budget PASTE's one Lap(D_P / eps) has.
//   PASTE     (Rastogi and Nath 2010) the distributed Laplace perturbation algorithm: each of the
//             n curators adds a share of noise (four Gaussians) and the shares of all curators add
//             up to exactly one Lap(D_P / eps) on R, so the release is R + Lap(D_P / eps) in law,
//             which is what we draw.
//
// D is the local sensitivity of Proposition 4.1, the largest share any aggregator receives,
// max_{i,j} w_i^j u_i (max_i u_i / c with equal weights): the same for both layers, as in
// Ineq. 4.1. PASTE's curators do not split their values, so its aggregator receives whole
// values and D_P = max_i u_i, the same rule applied to its topology (`paste_sensitivity: curator`);
// `share` gives PASTE the share sensitivity D instead (README: the choice decides PrivaDA vs PASTE).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/linear_queries/laplace_sums.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::lu_aggregation {

enum class Scheme { ThisWork, Orig, PrivaDA, PASTE };
const std::vector<std::string>& scheme_names();  // as the figures label them
Scheme parse_scheme(const std::string& name);

struct Setting {
  Scheme scheme = Scheme::ThisWork;
  std::uint64_t n = 0, c = 0;     // curators, aggregators
  double eps = 0, ratio = 0.75;   // total budget, eps_u / eps
  double pr_u = 1, pr_s = 1;      // noise probabilities of ThisWork (Orig: 1, 1)
  double share_sensitivity = 0;   // D = max_{i,j} w_i^j u_i
  double paste_sensitivity = 0;   // D_P
  double privada_sensitivity = 0; // D (the thesis's model) or max_i u_i (curator level)
};

// One layer of noises: `count` parts of sensitivity `sensitivity`, each present with
// probability `q`, at budget `eps` (one ledger charge: the parts are disjoint).
struct Layer {
  const char* what;
  std::uint64_t count;
  double sensitivity, q, eps;
};
std::vector<Layer> layers(const Setting& s);

// The release's noise, drawn through the mechanisms (each layer charges its eps: the ledger
// holds eps_u + eps_s = eps for ThisWork and Orig, eps for PrivaDA and PASTE, Proposition 4.1).
Mechanisms::NoiseSum draw_noise(const Setting& s, Mechanisms& noise);

// The noise as Laplace terms, for its exact expectations.
std::vector<linear_queries::LaplaceTerms> noise_terms(const Setting& s);

// Ineq. 4.1: the scheme's sum of Pr x (Laplace parameter) over its noises, divided by PrivaDA's,
// c D / eps (the thesis's "normalised noise injection"; for ThisWork it is f(ratio), Ineq. 4.2).
double normalised_noise(const Setting& s);

}  // namespace dplab::lu_aggregation
