// DPBench's shared pieces: the data generator (transform dpbench_sample, datasets/transforms/)
// and the scaled per-query error metrics (algorithms/baselines/dpbench_error.hpp).
//   dpbench_shared: exact quantities (coarsened sums, the drawn scale, reproducibility, errors
//     on bad input, the metric's value against a hand computation, 1-D and 2-D);
//   dpbench_shared_statistical: the drawn counts follow the multinomial law of the shape.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/dpbench_error.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/error.hpp"
#include "datasets/transform.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::testing::error_of;
namespace db = dplab::baselines::dpbench;

namespace {

std::shared_ptr<const Dataset> sample(std::shared_ptr<const Dataset> in, std::int64_t scale, std::int64_t domain,
                                      std::uint64_t stream_id = 1, std::int64_t which = 0) {
  Params p;
  p.set("scale", scale);
  p.set("domain", domain);
  p.set("sample", which);
  Stream s(7, stream_id, 0);
  return find_transform("dpbench_sample").apply(std::move(in), p, s);
}

std::shared_ptr<Histogram> hist(std::vector<double> v) {
  auto h = std::make_shared<Histogram>();
  h->name = "h";
  h->counts = std::move(v);
  return h;
}

double total(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

// A copy: the dataset is often a temporary.
std::vector<double> counts1(const std::shared_ptr<const Dataset>& d) {
  return dynamic_cast<const Histogram&>(*d).counts;
}

// A 2-D workload of single cells for the metric's 2-D path: query i counts cell cells[i].
struct CellQueries : db::QueryWorkload {
  std::vector<std::size_t> cells;
  std::vector<double> true_answers(const Dataset& data) const override {
    const auto& h = dynamic_cast<const Histogram2D&>(data);
    std::vector<double> out;
    for (std::size_t c : cells) out.push_back(h.counts[c]);
    return out;
  }
};

}  // namespace

TEST_SUITE("dpbench_shared") {

TEST_CASE("dpbench_sample: scale 0 only coarsens, summing runs of adjacent cells") {
  auto h = hist({1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(counts1(sample(h, 0, 4)) == std::vector<double>{3, 7, 11, 15});
  CHECK(counts1(sample(h, 0, 2)) == std::vector<double>{10, 26});
  CHECK(counts1(sample(h, 0, 0)) == h->counts);
  CHECK(h->counts == std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8});  // input untouched
}

TEST_CASE("dpbench_sample: exactly `scale` records, only where the shape is positive, reproducible") {
  auto h = hist({0, 5, 0, 0, 10, 1, 0, 84});
  for (std::int64_t m : {1, 17, 1000, 123456789}) {
    const auto& c = counts1(sample(h, m, 0));
    CHECK(total(c) == double(m));
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (h->counts[i] == 0) CHECK(c[i] == 0);
      CHECK(c[i] == std::floor(c[i]));
    }
  }
  CHECK(counts1(sample(h, 1000, 0, 3)) == counts1(sample(h, 1000, 0, 3)));
  CHECK(counts1(sample(h, 1000, 0, 3)) != counts1(sample(h, 1000, 0, 4)));
  // One non-empty cell takes every record.
  CHECK(counts1(sample(hist({0, 0, 9, 0}), 50, 0)) == std::vector<double>{0, 0, 50, 0});
  // Coarsened then sampled: 4 cells, the scale kept.
  const auto& c = counts1(sample(h, 500, 4));
  CHECK(c.size() == 4);
  CHECK(total(c) == 500);
}

TEST_CASE("dpbench_sample: 2-D blocks of (rows/d) x (cols/d)") {
  auto h = std::make_shared<Histogram2D>();
  h->name = "g";
  h->rows = 4;
  h->cols = 4;
  for (int i = 0; i < 16; ++i) h->counts.push_back(i);
  const Histogram2D g = dynamic_cast<const Histogram2D&>(*sample(h, 0, 2));
  CHECK(g.rows == 2);
  CHECK(g.cols == 2);
  // Block (0,0) = cells 0,1,4,5; (0,1) = 2,3,6,7; (1,0) = 8,9,12,13; (1,1) = 10,11,14,15.
  CHECK(g.counts == std::vector<double>{10, 18, 42, 50});
  const Histogram2D s = dynamic_cast<const Histogram2D&>(*sample(h, 10000, 4));
  CHECK(s.rows == 4);
  CHECK(total(s.counts) == 10000);
  CHECK(s.counts[0] == 0);
}

TEST_CASE("dpbench_sample: a domain that does not divide, or an empty shape, is a clear error") {
  auto h = hist({1, 2, 3, 4, 5, 6});
  CHECK(error_of([&] { sample(h, 0, 4); }).find("parameter 'domain' (4) must divide the number of cells of dataset 'h' (6)") !=
        std::string::npos);
  CHECK(error_of([&] { sample(h, 0, 12); }).find("must divide") != std::string::npos);
  CHECK(error_of([&] { sample(hist({0, 0}), 10, 0); }).find("has no records") != std::string::npos);
  PointSet ps;
  ps.name = "p";
  CHECK(error_of([&] { sample(std::make_shared<PointSet>(ps), 10, 0); }).find("1-D and 2-D histograms") !=
        std::string::npos);
}

TEST_CASE("scaled_per_query_error: ||W x - y||_p / (s q)") {
  const std::vector<double> y{1, 5, 3}, truth{4, 1, 3};  // differences 3, 4, 0
  CHECK(db::scaled_per_query_error(y, truth, 10, 2) == doctest::Approx(5.0 / (10 * 3)).epsilon(1e-15));
  CHECK(db::scaled_per_query_error(y, truth, 10, 1) == doctest::Approx(7.0 / (10 * 3)).epsilon(1e-15));
  CHECK(std::isnan(db::scaled_per_query_error(std::vector<double>{}, std::vector<double>{}, 1, 2)));
  CHECK(error_of([&] { db::scaled_per_query_error(y, std::vector<double>{1, 2}, 1, 2); }).find("3 answers for 2 queries") !=
        std::string::npos);
  CHECK(error_of([&] { db::scaled_per_query_error(y, truth, 0, 2); }).find("scale") != std::string::npos);
}

TEST_CASE("scaled_l2_error_per_query on a 1-D algorithm's output equals the hand computation") {
  auto h = hist({});
  for (int i = 0; i < 64; ++i) h->counts.push_back(i % 5);
  Params p;
  p.set("workload", std::string("random_range"));
  p.set("queries", std::int64_t{40});
  p.set("eps", 0.5);
  const AlgorithmRun r = run_algorithm("baselines.identity", p, h.get(), Stream(1, 2, 3), TrialSeeds{4, 5});
  const auto& W = r.outputs.object<linear_queries::WorkloadOutput>("workload");
  const auto& answers = r.outputs.vector("answers");
  const std::vector<double> truth = W->W.answer(h->counts);
  double sq = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) sq += (answers[i] - truth[i]) * (answers[i] - truth[i]);
  const double s = total(h->counts);
  const Params point;
  const TrialSeeds seeds{4, 5};
  const MetricContext mc{r.outputs, h.get(), point, seeds};
  const auto l2 = find_metric("scaled_l2_error_per_query").compute(mc);
  REQUIRE(l2.size() == 1);
  CHECK(l2[0] == doctest::Approx(std::sqrt(sq) / (s * 40)).epsilon(1e-13));
  const auto l1 = find_metric("scaled_l1_error_per_query").compute(mc);
  const auto abs1 = find_metric("l1_error_per_query").compute(mc);
  CHECK(l1[0] == doctest::Approx(abs1[0] / s).epsilon(1e-13));  // the L1 form is the unscaled one over s
}

TEST_CASE("scaled_l2_error_per_query on a 2-D workload: true answers from the workload object") {
  Histogram2D g;
  g.name = "g";
  g.rows = 2;
  g.cols = 2;
  g.counts = {1, 2, 3, 4};  // scale 10
  auto w = std::make_shared<CellQueries>();
  w->cells = {0, 3};
  Outputs out;
  out.vector("answers", {2, 1});  // errors 1, 3
  out.object("workload", db::QueryWorkloadOutput(w));
  const Params point;
  const TrialSeeds seeds{1, 1};
  const MetricContext mc{out, &g, point, seeds};
  CHECK(find_metric("scaled_l2_error_per_query").compute(mc)[0] == doctest::Approx(std::sqrt(10.0) / 20).epsilon(1e-15));
  Outputs bad;
  bad.vector("answers", {2, 1});
  bad.object("workload", 3);
  const MetricContext mb{bad, &g, point, seeds};
  CHECK(error_of([&] { find_metric("scaled_l2_error_per_query").compute(mb); }).find("neither a 1-D workload") !=
        std::string::npos);
}

}  // TEST_SUITE

TEST_SUITE("dpbench_shared_statistical") {

TEST_CASE("dpbench_sample: counts follow Multinomial(m, x / ||x||_1)") {
  // Pearson's chi-square of the summed counts of R independent draws against R m p (df = 5),
  // compared to the 1 - 1e-6 quantile of chi-square(5) (35.9): false-failure rate 1e-6. The same
  // test catches a chain that drops records into the wrong cell or biases the first cells.
  auto h = hist({1, 0, 2, 3, 10, 0, 4, 80});
  const std::int64_t m = 1000;
  const int R = 400;
  std::vector<double> sum(8, 0.0);
  for (int r = 0; r < R; ++r) {
    const auto& c = counts1(sample(h, m, 0, 100 + r));
    for (std::size_t i = 0; i < 8; ++i) sum[i] += c[i];
  }
  double chi2 = 0;
  for (std::size_t i = 0; i < 8; ++i) {
    if (h->counts[i] == 0) {
      CHECK(sum[i] == 0);
      continue;
    }
    const double expected = double(R) * double(m) * h->counts[i] / 100.0;
    chi2 += (sum[i] - expected) * (sum[i] - expected) / expected;
  }
  CHECK(chi2 < 35.9);
  // And a single cell's variance over the draws: m p (1 - p) for p = 0.1 (cell 4), 90.
  double s1 = 0, s2 = 0;
  const int R2 = 2000;
  for (int r = 0; r < R2; ++r) {
    const double c = counts1(sample(h, m, 0, 10000 + r))[4];
    s1 += c;
    s2 += c * c;
  }
  const double mean = s1 / R2, var = (s2 - R2 * mean * mean) / (R2 - 1);
  // sd of a sample variance ~ var sqrt(2 / (R2 - 1)) = 2.85; 5 sd: false failure < 1e-6.
  CHECK(var == doctest::Approx(90).epsilon(5 * 2.85 / 90));
  CHECK(mean == doctest::Approx(100).epsilon(5 * std::sqrt(90.0 / R2) / 100));
}

}  // TEST_SUITE
