#include "algorithms/wavecluster/technique.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace dplab::wavecluster {

std::vector<ParamSpec> clustering_params() {
  return {
      ParamSpec::integer("g", 64, "num_grid: cells per side of the count grid M (even; W has g/2 per side), §3.2")
          .at_least(2)
          .at_most(4096),
      ParamSpec::real("p", 58, "density threshold: the percentile of the positive W values below which cells are noise, §3.2")
          .at_least(0)
          .below(100),
      ParamSpec::real("xmin", 0, "public bounding box, lower x (required: the default box is empty; never the data's extent)"),
      ParamSpec::real("xmax", 0, "public bounding box, upper x (required)"),
      ParamSpec::real("ymin", 0, "public bounding box, lower y (required)"),
      ParamSpec::real("ymax", 0, "public bounding box, upper y (required)"),
      ParamSpec::text("percentile", "weibull",
                      "percentile rule: weibull p(n+1) (Commons Math, gives the paper's DS2 k = 144), hazen (MATLAB prctile), linear")
          .one_of({"weibull", "hazen", "linear"}),
      ParamSpec::integer("connectivity", 8, "neighbours joining significant cells into clusters: 8 (the paper's counts) or 4")
          .at_least(4)
          .at_most(8),
      ParamSpec::integer("folds", 0,
                         "0: cluster every point; F >= 2: F-fold cross-validation for OCM and 2CE (§6.2): trial t clusters "
                         "all but fold t mod F, which the metrics classify (a public split, new every F trials)")
          .at_least(0)
          .at_most(100),
  };
}

std::vector<OutputSpec> clustering_outputs() {
  return {
      {"significant_cells", "significant cells of W: k (k' for a private run), §3.2 / §7.2", false, ""},
      {"zero_cells", "cells of the clustered W that are <= 0: |Z| (of W' for a private run)", false, ""},
      {"clusters", "number of clusters (connected components of significant cells)", false, ""},
      {"threshold", "the density threshold the significant cells were cut at (d')", false, ""},
      {kCellClusteringsOutput, "the run's cell clusters and the non-private reference, for dsg_c, f_measure, ocm, two_ce, "
                               "k_relative_error", false, "", true},
  };
}

std::vector<std::string> audit_box() { return {"xmin=-1", "xmax=1", "ymin=-1", "ymax=1"}; }

TrialInput trial_input(const TrialContext& ctx) {
  const Params& p = ctx.params;
  TrialInput in;
  in.data = &ctx.dataset<PointSet>();
  if (in.data->d != 2) throw Error("WaveCluster here clusters 2-D points; the dataset has " + std::to_string(in.data->d) + " dimensions");
  const double xmin = p.real("xmin"), xmax = p.real("xmax"), ymin = p.real("ymin"), ymax = p.real("ymax");
  if (!(xmax > xmin && ymax > ymin))
    throw Error("the public bounding box is missing or empty: give xmin < xmax and ymin < ymax as parameters (a box "
                "taken from the data at run time would leak it; every technique and the non-private reference use "
                "the same box)");
  const auto g = static_cast<std::size_t>(p.integer("g"));
  if (g % 2) throw Error("g = " + std::to_string(g) + " must be even (W is the level-1 Haar approximation, g/2 per side)");
  in.fine = {xmin, xmax, ymin, ymax, g, g};
  in.coarse = {xmin, xmax, ymin, ymax, g / 2, g / 2};
  in.p = p.real("p");
  in.rule = percentile_rule(p.text("percentile"));
  in.connectivity = static_cast<int>(p.integer("connectivity"));
  if (in.connectivity != 4 && in.connectivity != 8) throw Error("connectivity must be 4 or 8");

  const auto folds = static_cast<std::uint64_t>(p.integer("folds"));
  if (folds == 1) throw Error("folds = 1 leaves no training data: use 0 (no cross-validation) or >= 2");
  if (folds >= 2) {
    // One public random partition into F folds of sizes floor((f+1)n/F) - floor(fn/F) per block of
    // F trials (common to every technique and budget of the run); trial t holds out fold t mod F.
    // Each point in turn joins fold f with probability (room left in f) / (points left): the law of
    // cutting a uniformly random permutation into the F blocks, without building the permutation.
    const std::size_t n = in.data->n;
    if (n < folds) throw Error("folds = " + std::to_string(folds) + " but the dataset has only " + std::to_string(n) + " points");
    Stream s = TrialSeeds{ctx.seeds.seed, ctx.seeds.trial / folds}.public_stream("wavecluster cross-validation folds");
    std::vector<std::uint64_t> room(folds);
    for (std::uint64_t f = 0; f < folds; ++f) room[f] = (f + 1) * n / folds - f * n / folds;
    const std::uint64_t held = ctx.seeds.trial % folds;
    in.test.reserve(room[held]);
    in.train.reserve(n - room[held]);
    for (std::size_t r = 0; r < n; ++r) {
      std::uint64_t u = s.below(n - r), f = 0;
      while (u >= room[f]) u -= room[f++];
      --room[f];
      (f == held ? in.test : in.train).push_back(static_cast<std::uint32_t>(r));
    }
  }
  return in;
}

std::vector<double> true_counts(const TrialInput& in) { return quantise(*in.data, in.fine, in.train); }

Clustering cluster_by_percentile(std::span<const double> w, const TrialInput& in) {
  const std::vector<double> l = positive_sorted(w);
  // No positive value: nothing is significant (a threshold above every cell).
  const double t = l.empty() ? std::numeric_limits<double>::infinity() : percentile(l, in.p, in.rule);
  return cluster_cells(w, in.coarse.nx, t, false, in.connectivity);
}

Clustering true_clustering(const TrialInput& in, std::span<const double> m) {
  return cluster_by_percentile(haar_approximation(m, in.fine.nx), in);
}

Clustering true_clustering(const TrialInput& in) { return true_clustering(in, true_counts(in)); }

void publish(TrialContext& ctx, const TrialInput& in, const Clustering& truth, const Clustering& found) {
  ctx.out.scalar("significant_cells", double(found.significant));
  ctx.out.scalar("zero_cells", double(found.zero));
  ctx.out.scalar("clusters", double(found.clusters));
  ctx.out.scalar("threshold", found.threshold);
  CellClusterings cc;
  cc.grid = in.coarse;
  cc.truth = truth.labels;
  cc.found = found.labels;
  cc.test = in.test;
  ctx.out.object(kCellClusteringsOutput, std::move(cc));
}

}  // namespace dplab::wavecluster
