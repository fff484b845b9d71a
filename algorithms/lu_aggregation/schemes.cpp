#include "algorithms/lu_aggregation/schemes.hpp"

#include "core/error.hpp"

namespace dplab::lu_aggregation {

const std::vector<std::string>& scheme_names() {
  static const std::vector<std::string> names = {"ThisWork", "Orig", "PrivaDA", "PASTE"};
  return names;
}

Scheme parse_scheme(const std::string& name) {
  const auto& names = scheme_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<Scheme>(i);
  throw Error("unknown scheme '" + name + "' (allowed: ThisWork, Orig, PrivaDA, PASTE)");
}

std::vector<Layer> layers(const Setting& s) {
  const double eps_u = s.ratio * s.eps, eps_s = (1 - s.ratio) * s.eps;
  const double d = s.share_sensitivity;
  switch (s.scheme) {
    case Scheme::ThisWork:
      return {{"curator noises, each with probability Pr_u (Algorithm 4.1 line 2)", s.n, d, s.pr_u, eps_u},
              {"aggregator noises, each with probability Pr_s (Algorithm 4.1 line 5)", s.c, d, s.pr_s, eps_s}};
    case Scheme::Orig:
      return {{"curator noises (Orig: always)", s.n, d, 1.0, eps_u},
              {"aggregator noises (Orig: always)", s.c, d, 1.0, eps_s}};
    case Scheme::PrivaDA:
      return {{"PrivaDA: one noise per aggregator at eps_s + max eps_u", s.c, s.privada_sensitivity, 1.0, s.eps}};
    case Scheme::PASTE:
      return {{"PASTE: distributed Laplace perturbation of the total", 1, s.paste_sensitivity, 1.0, s.eps}};
  }
  return {};
}

Mechanisms::NoiseSum draw_noise(const Setting& s, Mechanisms& noise) {
  Mechanisms::NoiseSum total;
  for (const Layer& l : layers(s)) {
    const auto part = noise.laplace_sum(l.count, l.sensitivity, l.q, l.eps, l.what);
    total.noise += part.noise;
    total.present += part.present;
  }
  return total;
}

std::vector<linear_queries::LaplaceTerms> noise_terms(const Setting& s) {
  std::vector<linear_queries::LaplaceTerms> terms;
  for (const Layer& l : layers(s)) terms.push_back({l.sensitivity / l.eps, l.count, l.q});
  return terms;
}

double normalised_noise(const Setting& s) {
  double sum = 0;
  for (const Layer& l : layers(s)) sum += static_cast<double>(l.count) * l.q * l.sensitivity / l.eps;
  return sum / (static_cast<double>(s.c) * s.share_sensitivity / s.eps);
}

}  // namespace dplab::lu_aggregation
