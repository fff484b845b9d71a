// gaussian_mixture: n labelled points in d dimensions from k isotropic Gaussian components.
//
// Not a dataset of any one paper: a controllable, labelled test bed for the DP clustering
// algorithms (budget_series §7 DP k-means, lu_thesis ch. 7), where the real sets (S1, Unbalance,
// Birch) fix n, d and k. The model:
//   - centres uniform in the box [0, box]^d;
//   - every component has the same isotropic standard deviation `sd`;
//   - mixing weights equal (skew = 0) or drawn from a symmetric Dirichlet(1/skew) law, so a
//     larger skew gives more unequal cluster sizes (Dirichlet(1) at skew = 1 is uniform on the
//     simplex);
//   - component sizes are the weights apportioned exactly (every component first gets one
//     point, the other n - k go by largest remainder), not multinomial draws, so that "equal"
//     means equal and no requested cluster is empty; the points are then put in random order so
//     that the order carries no information about the labels.
// Labels are the component ids 0..k-1.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "datasets/catalogue.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/samplers.hpp"

namespace dplab {
namespace {

// Gamma(a, 1) by Marsaglia & Tsang (2000); a < 1 through Gamma(a + 1) U^(1/a).
double sample_gamma(Stream& s, double a) {
  if (a < 1) return sample_gamma(s, a + 1) * std::pow(s.uniform_pos(), 1.0 / a);
  const double d = a - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double z = sample_normal(s);
    double v = 1 + c * z;
    if (v <= 0) continue;
    v = v * v * v;
    if (std::log(s.uniform_pos()) < 0.5 * z * z + d - d * v + d * std::log(v)) return d * v;
  }
}

// Sizes n_j >= 1 summing to n, proportional to w beyond the first point of each component.
std::vector<std::size_t> apportion(std::size_t n, const std::vector<double>& w) {
  const std::size_t k = w.size();
  const double sum = std::accumulate(w.begin(), w.end(), 0.0);
  // Gamma draws of shape 0.1 can all underflow to 0 (probability ~1e-30 each): equal weights then.
  const bool equal = !(sum > 0) || !std::isfinite(sum);
  const double total = equal ? double(k) : sum;
  const std::size_t rest = n - k;
  std::vector<std::size_t> size(k, 1);
  std::vector<double> remainder(k);
  std::size_t given = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const double share = double(rest) * (equal ? 1.0 : w[j]) / total;
    const auto whole = static_cast<std::size_t>(std::floor(share));
    size[j] += whole;
    given += whole;
    remainder[j] = share - double(whole);
  }
  std::vector<std::size_t> order(k);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
  for (std::size_t i = 0; given < rest; ++i, ++given) ++size[order[i % k]];
  return size;
}

std::shared_ptr<const Dataset> generate(const DatasetInfo& info, const DatasetRequest& req) {
  const Params& p = req.params;
  for (const auto& spec : info.params)
    if (auto err = spec.validate(p.get(spec.name)))
      throw Error("dataset '" + info.name + "': parameter '" + spec.name + "': " + *err);
  const auto n = static_cast<std::size_t>(p.integer("n"));
  const auto d = static_cast<std::size_t>(p.integer("d"));
  const auto k = static_cast<std::size_t>(p.integer("k"));
  const double box = p.real("box"), sd = p.real("sd"), skew = p.real("skew");
  if (k > n)
    throw Error("dataset '" + info.name + "': parameter 'k' (" + std::to_string(k) +
                ") must be at most 'n' (" + std::to_string(n) + "): every cluster gets at least one point");

  Stream s(req.seed, hash64(info.name), 0);
  std::vector<double> w(k, 1.0);
  if (skew > 0)
    for (double& x : w) x = sample_gamma(s, 1.0 / skew);
  std::vector<double> centre(k * d);
  for (double& c : centre) c = box * s.uniform();

  const std::vector<std::size_t> size = apportion(n, w);
  std::vector<std::int32_t> by_component;
  by_component.reserve(n);
  for (std::size_t j = 0; j < k; ++j) by_component.insert(by_component.end(), size[j], std::int32_t(j));
  const std::vector<std::size_t> perm = sample_permutation(s, n);

  auto ps = std::make_shared<PointSet>();
  ps->name = info.name;
  ps->n = n;
  ps->d = d;
  ps->x.resize(n * d);
  ps->labels.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t j = by_component[perm[i]];
    ps->labels[i] = j;
    for (std::size_t t = 0; t < d; ++t)
      ps->x[i * d + t] = centre[std::size_t(j) * d + t] + sd * sample_normal(s);
  }
  return ps;
}

DatasetInfo gaussian_mixture_info() {
  DatasetInfo info;
  info.name = "gaussian_mixture";
  info.kind = DatasetKind::Points;
  info.generator = true;
  info.doc = "n labelled points from k isotropic Gaussians, centres uniform in [0, box]^d, equal or Dirichlet-skewed weights";
  info.upstream = "none: the standard isotropic Gaussian mixture (synthetic clusters in the style of Franti & Sieranoja 2018, budget_series ref. [29])";
  info.licence = "synthetic (generated by dplab)";
  info.papers = "test bed for the DP clustering algorithms (budget_series §7, lu_thesis ch. 7); no paper's figure uses it";
  info.params = {
      ParamSpec::integer("n", 1000, "number of points").at_least(1).at_most(1e9),
      ParamSpec::integer("d", 2, "number of dimensions").at_least(1).at_most(10000),
      ParamSpec::integer("k", 5, "number of components (clusters); at most n").at_least(1).at_most(1e6),
      ParamSpec::real("box", 100.0, "centres are uniform in [0, box]^d").above(0),
      ParamSpec::real("sd", 3.0, "standard deviation of every component in every dimension").at_least(0),
      ParamSpec::real("skew", 0.0,
                      "0: equal mixing weights; s > 0: weights ~ Dirichlet(1/s, ..., 1/s), larger is more unequal")
          .at_least(0)
          .at_most(10),
  };
  info.load = generate;
  return info;
}

}  // namespace

DPLAB_DATASET(gaussian_mixture, gaussian_mixture_info());

}  // namespace dplab
