#include "algorithms/convergent_kmeans/convergent_kmeans.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/error.hpp"

namespace dplab::convergent_kmeans {

namespace {

// Means of the accumulated clusters; an empty cluster keeps `fallback`'s centroid.
void means(const clustering::Accumulators& acc, std::size_t d, const std::vector<double>& fallback,
           std::vector<double>& out) {
  out = fallback;
  clustering::update_means(acc, d, out);
}

}  // namespace

Result run_algorithm71(const PointSet& data, std::size_t k, const std::vector<double>& initial, const Options& opt,
                         Stream& stream, Mechanisms& noise, Workspace& ws, std::vector<TraceStep>* trace) {
  const std::size_t d = data.d;
  clustering::Accumulators& acc = ws.acc;
  clustering::Accumulators& lookahead = ws.lookahead;
  ws.blocks = clustering::shared_blocks(data);  // once per dataset, for every pass of every run
  if (initial.size() != k * d) throw Error("convergent k-means: the initial centroids are not k x d");
  Result r;
  std::vector<double> hat = initial, next(k * d), s(k * d), ahead(k * d), x(d);
  std::vector<std::int32_t> previous;
  PrivacyLedger& ledger = noise.ledger();
  // Which pass confirmed the partition (it is not an iteration unless count_confirming_pass).
  enum class Confirmed { None, Main, Lookahead } confirmed = Confirmed::None;
  int main_passes = 0;
  for (int t = 1; t <= opt.max_iterations; ++t) {
    clustering::assign_and_accumulate(data, hat, k, acc, ws.scratch, ws.blocks.get());  // line 4
    ++r.assignment_steps;
    ++main_passes;
    means(acc, d, hat, s);                                           // line 5
    if (opt.stop == Stop::Partition && t > 1 && acc.labels == previous) {
      r.converged = true;
      confirmed = Confirmed::Main;
      break;
    }
    previous = acc.labels;
    if (opt.zone == ZoneKind::Posterior) {
      // Algorithm 7.2 lines 2-3: one Lloyd step from the real means.
      clustering::assign_and_accumulate(data, s, k, lookahead, ws.scratch, ws.blocks.get());
      ++r.assignment_steps;
      means(lookahead, d, s, ahead);
      if (opt.stop == Stop::Partition && lookahead.labels == acc.labels) {
        r.converged = true;
        confirmed = Confirmed::Lookahead;  // Lloyd's own confirming pass: the means S are its fixed point
        break;
      }
    }
    bool sampled = false;
    {
      auto clusters = ledger.parallel("clusters of one iteration (Theorem 7.5)");
      for (std::size_t c = 0; c < k; ++c) {
        std::span<const double> sc(s.data() + c * d, d), prev(hat.data() + c * d, d);
        std::span<double> out(next.data() + c * d, d);
        const double a = distance(prev, sc);
        if (!(acc.counts[c] > 0) || !(a > kPointZone)) {  // empty cluster, or a mean on its centroid: nothing to draw
          std::copy(sc.begin(), sc.end(), out.begin());
          continue;
        }
        if (opt.zone == ZoneKind::Prior)
          prior_controller(sc, prev, sample_gamma(stream), opt.side, opt.plane, stream, x);
        else
          posterior_controller(sc, prev, std::span<const double>(ahead.data() + c * d, d), opt.clip_to_zone, x);
        const double radius_x = distance(x, sc);
        if (!(radius_x > kPointZone)) {  // the look-ahead mean is the mean: the cluster has converged
          std::copy(sc.begin(), sc.end(), out.begin());
          continue;
        }
        const double lambda = sample_lambda(stream);
        auto branch = clusters.branch();
        const std::uint64_t proposals =
            sample_in_zone(sc, x, lambda, opt.eps, noise, out, opt.delta_from_zone ? a : 0.0);
        sampled = true;
        if (trace) {
          TraceStep st;
          st.iteration = t;
          st.cluster = static_cast<int>(c);
          st.lambda = lambda;
          st.a = a;
          st.radius_x = radius_x;
          st.delta = distance(out, sc) / radius_x;
          double dot = 0;
          for (std::size_t j = 0; j < d; ++j) dot += (out[j] - sc[j]) * (x[j] - sc[j]);
          st.alpha = std::acos(std::clamp(dot / (st.delta * radius_x * radius_x), -1.0, 1.0));
          st.proposals = proposals;
          st.mean.assign(sc.begin(), sc.end());
          st.controller = x;
          st.drawn.assign(out.begin(), out.end());
          trace->push_back(std::move(st));
        }
      }
    }
    r.noisy_iterations += sampled;
    double moved = 0;
    for (std::size_t c = 0; c < k; ++c)
      moved = std::max(moved, distance(std::span<const double>(next.data() + c * d, d),
                                       std::span<const double>(hat.data() + c * d, d)));
    hat.swap(next);  // line 8
    if (opt.stop == Stop::Movement && moved < opt.tolerance) {
      r.converged = true;
      clustering::assign_and_accumulate(data, hat, k, acc, ws.scratch, ws.blocks.get());  // the final partition
      means(acc, d, hat, s);
      break;
    }
  }
  // Iterations: every assignment pass (Prior; Posterior with count_lookahead) or Posterior's
  // main passes only, less the pass that confirmed the partition unless count_confirming_pass.
  const bool main_only = opt.zone == ZoneKind::Posterior && !opt.count_lookahead;
  r.iterations = main_only ? main_passes : r.assignment_steps;
  if (!opt.count_confirming_pass && confirmed != Confirmed::None && (!main_only || confirmed == Confirmed::Main))
    --r.iterations;

  // Line 10: the means of the final partition, with Laplace noise on the counts (and sums).
  r.before_noise = s;
  r.sampled = hat;
  std::vector<double> counts = acc.counts, sums = acc.sums;
  if (opt.final_noise == FinalNoise::Counts) {
    noise.laplace(counts, 1.0, opt.eps0, "noisy final counts (Algorithm 7.1 line 10)");
  } else {
    noise.laplace(counts, 1.0, opt.eps0 / 2, "noisy final counts (Algorithm 7.1 line 10)");
    noise.laplace(sums, static_cast<double>(d) * std::max(std::abs(opt.box.lo), std::abs(opt.box.hi)), opt.eps0 / 2,
                  "noisy final sums");
  }
  r.centroids = s;
  for (std::size_t c = 0; c < k; ++c) {
    if (!(counts[c] >= 1)) continue;  // keep the noise-free mean (as the noisy Lloyd step keeps its centroid)
    for (std::size_t j = 0; j < d; ++j)
      r.centroids[c * d + j] = std::clamp(sums[c * d + j] / counts[c], opt.box.lo, opt.box.hi);
  }
  return r;
}

}  // namespace dplab::convergent_kmeans
