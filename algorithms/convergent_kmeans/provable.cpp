#include "algorithms/convergent_kmeans/provable.hpp"

#include <algorithm>
#include <span>

#include "algorithms/clustering/noisy_lloyd.hpp"
#include "core/error.hpp"

namespace dplab::convergent_kmeans {

Result run_provable71(const PointSet& data, std::size_t k, const std::vector<double>& initial,
                      const ProvableOptions& opt, Stream& stream, Mechanisms& noise, Workspace& ws) {
  const std::size_t d = data.d;
  if (initial.size() != k * d) throw Error("convergent k-means (provable): the initial centroids are not k x d");
  const bool posterior = opt.zone == ZoneKind::Posterior;
  const double main_eps = posterior ? opt.eps * (1 - opt.lookahead_share) : opt.eps;
  const double beta = opt.eps / (2 * kScoreSensitivity);  // the published line 7's law, now post-processing
  ws.blocks = clustering::shared_blocks(data);  // once per dataset, for every pass of every run
  ws.tree = clustering::shared_filter_tree(data);  // the noisy steps' counts and sums (same bits)
  // Noisy means from `centroids` (updated in place): assign, release counts and sums, divide.
  auto noisy_step = [&](double eps, std::vector<double>& centroids) {
    clustering::noisy_lloyd_step(data, k, eps * opt.count_share, eps * (1 - opt.count_share), opt.box, centroids,
                                 noise, ws.acc, ws.scratch, ws.blocks.get(), ws.tree.get());
  };
  Result r;
  std::vector<double> hat = initial, mean(k * d), ahead(k * d), next(k * d), x(d);
  for (int t = 1; t <= opt.iterations; ++t) {
    mean = hat;
    noisy_step(main_eps, mean);  // lines 4-5: S~^(t)
    ++r.assignment_steps;
    if (posterior) {
      ahead = mean;
      noisy_step(opt.eps * opt.lookahead_share, ahead);  // Algorithm 7.2 lines 2-3, released
      ++r.assignment_steps;
    }
    ++r.noisy_iterations;
    double moved = 0;
    for (std::size_t c = 0; c < k; ++c) {
      std::span<const double> sc(mean.data() + c * d, d), prev(hat.data() + c * d, d);
      std::span<double> out(next.data() + c * d, d);
      std::copy(sc.begin(), sc.end(), out.begin());
      if (!(distance(prev, sc) > kPointZone)) continue;  // no released move (e.g. a noisy count below 1)
      if (posterior)
        posterior_controller(sc, prev, std::span<const double>(ahead.data() + c * d, d), opt.clip_to_zone, x);
      else
        prior_controller(sc, prev, sample_gamma(stream), opt.side, opt.plane, stream, x);
      if (!(distance(x, sc) > kPointZone)) continue;  // the look-ahead released no move
      draw_in_zone(sc, x, sample_lambda(stream), beta, stream, out);
    }
    for (std::size_t c = 0; c < k; ++c)
      moved = std::max(moved, distance(std::span<const double>(next.data() + c * d, d),
                                       std::span<const double>(hat.data() + c * d, d)));
    hat.swap(next);  // line 8
    if (moved < opt.tolerance) {
      r.converged = true;
      break;
    }
  }
  r.iterations = posterior && opt.count_lookahead ? r.assignment_steps : r.noisy_iterations;
  r.sampled = hat;
  r.before_noise = hat;
  r.centroids = hat;
  noisy_step(opt.eps0, r.centroids);  // line 10
  return r;
}

}  // namespace dplab::convergent_kmeans
