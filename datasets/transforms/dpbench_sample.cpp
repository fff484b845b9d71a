// dpbench_sample: DPBench's data generator (Hay et al., "Principled Evaluation of Differentially
// Private Algorithms using DPBench", SIGMOD 2016, §4 "data generator" and §6.1): a dataset is
// reduced to its shape p = x / ||x||_1, the shape is coarsened to the chosen domain size, and a
// new histogram of the chosen scale m is drawn as m records i.i.d. from p (a multinomial). This
// is how the paper studies scale and domain size separately from shape: every (shape, scale,
// domain) point gets fresh data of exactly that scale.
//
//   dataset: {name: dpbench_adult, label: ADULT 1000, transforms: [{dpbench_sample: {scale: 1000}}]}
//
// Parameters: `scale` m (records; 0 keeps the counts and only coarsens), `domain` (1-D: number of
// cells; 2-D: cells per side, d x d; 0 keeps the domain) and `sample` (which of several
// independent draws at the same setting: the paper draws several data vectors per setting; the
// index keys the transform's stream through the dataset reference).
//
// Coarsening merges runs of n / d adjacent cells (2-D: blocks of (rows/d) x (cols/d)); d must
// divide the domain, as in DPBench's code (dataset.py reduce_data), which requires it too.
// DPBench's code samples at the full domain and then sums the cells; coarsening first is the
// same law (a sum of multinomial cells is the multinomial of the merged cells) at less cost.
// The multinomial is drawn as a chain of conditional binomials, c_i ~ Bin(m - c_0 - ... -
// c_{i-1}, x_i / (x_i + ... + x_{n-1})): exact, O(cells) binomial draws whatever m (DPBench's
// scales go to 10^8), and the tail sums of the integral counts are exact in doubles.
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/samplers.hpp"
#include "datasets/transform.hpp"

namespace dplab {
namespace {

// Sums cells in blocks: `v` is rows x cols (1-D: rows = 1), the result out_rows x out_cols.
std::vector<double> coarsen(const std::vector<double>& v, std::size_t rows, std::size_t cols,
                            std::size_t out_rows, std::size_t out_cols) {
  std::vector<double> out(out_rows * out_cols, 0.0);
  const std::size_t fr = rows / out_rows, fc = cols / out_cols;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) out[(r / fr) * out_cols + c / fc] += v[r * cols + c];
  return out;
}

// m records drawn i.i.d. from the shape x / ||x||_1, as counts per cell.
std::vector<double> multinomial(const std::vector<double>& x, std::uint64_t m, Stream& s) {
  std::vector<double> tail(x.size() + 1, 0.0);
  for (std::size_t i = x.size(); i-- > 0;) tail[i] = tail[i + 1] + x[i];
  std::vector<double> out(x.size(), 0.0);
  std::uint64_t left = m;
  for (std::size_t i = 0; i < x.size() && left > 0; ++i) {
    if (x[i] <= 0) continue;
    const double p = x[i] >= tail[i] ? 1.0 : x[i] / tail[i];
    const std::uint64_t c = p >= 1.0 ? left : sample_binomial(s, left, p);
    out[i] = static_cast<double>(c);
    left -= c;
  }
  return out;
}

class DPBenchSample : public Transform {
 public:
  TransformInfo info() const override {
    return {"dpbench_sample",
            "DPBench's data generator (SIGMOD 2016 §4): the dataset's shape coarsened to `domain` cells (2-D: per "
            "side), then `scale` records drawn i.i.d. from it",
            {ParamSpec::integer("scale", 0, "m, records to draw from the shape; 0 keeps the counts (coarsening only)")
                 .at_least(0).at_most(std::int64_t(1) << 50),
             ParamSpec::integer("domain", 0, "cells after coarsening (1-D), cells per side (2-D); must divide the "
                                             "domain; 0 keeps it").at_least(0),
             ParamSpec::integer("sample", 0, "index of an independent draw at the same setting (keys the stream)")
                 .at_least(0)},
            {DatasetKind::Histogram, DatasetKind::Histogram2D}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream& s) const override {
    const Params p = with_defaults(info().params, given);
    const auto scale = static_cast<std::uint64_t>(p.integer("scale"));
    const auto domain = static_cast<std::size_t>(p.integer("domain"));
    auto divisor = [&](std::size_t size, const char* what) {
      if (domain == 0) return size;
      if (domain > size || size % domain != 0)
        throw Error("transform 'dpbench_sample': parameter 'domain' (" + std::to_string(domain) + ") must divide the " +
                    what + " of dataset '" + in->name + "' (" + std::to_string(size) + ")");
      return domain;
    };
    auto draw = [&](std::vector<double> x) {
      const double total = std::accumulate(x.begin(), x.end(), 0.0);
      if (scale > 0 && !(total > 0))
        throw Error("transform 'dpbench_sample': dataset '" + in->name + "' has no records, so no shape to sample");
      return scale > 0 ? multinomial(x, scale, s) : x;
    };
    if (const auto* h = dynamic_cast<const Histogram*>(in.get())) {
      const std::size_t n = divisor(h->counts.size(), "number of cells");
      auto out = std::make_shared<Histogram>();
      out->name = h->name;
      out->counts = draw(coarsen(h->counts, 1, h->counts.size(), 1, n));
      return out;
    }
    if (const auto* h = dynamic_cast<const Histogram2D*>(in.get())) {
      const std::size_t r = divisor(h->rows, "number of rows"), c = divisor(h->cols, "number of columns");
      auto out = std::make_shared<Histogram2D>();
      out->name = h->name;
      out->rows = r;
      out->cols = c;
      out->counts = draw(coarsen(h->counts, h->rows, h->cols, r, c));
      return out;
    }
    throw Error("transform 'dpbench_sample' applies to 1-D and 2-D histograms, not to " +
                std::string(kind_name(in->kind())));
  }
};

}  // namespace

DPLAB_TRANSFORM(DPBenchSample);

}  // namespace dplab
