// WaveCluster and its private techniques (wavecluster §3.2, §4): the Haar step, connected
// components, the percentile rule, the adaptive grid, the exponential-mechanism threshold, the
// budget every technique spends, and the true results on the authors' datasets.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include <boost/math/distributions/chi_squared.hpp>

#include "algorithms/baselines/adaptive_grid.hpp"
#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/wavecluster/wavecluster.hpp"
#include "datasets/catalogue.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::wavecluster;

namespace {

// Components by brute force: every set cell starts with its own id, and ids flow to the
// smallest among neighbours until nothing changes. Returns, per cell, the smallest cell index of
// its component (a canonical name of the partition), -1 for unset cells.
std::vector<long> brute_force_components(const std::vector<std::uint8_t>& mask, std::size_t nx, std::size_t ny,
                                         int connectivity) {
  std::vector<long> id(mask.size(), -1);
  for (std::size_t c = 0; c < mask.size(); ++c)
    if (mask[c]) id[c] = static_cast<long>(c);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t c = 0; c < mask.size(); ++c) {
      if (!mask[c]) continue;
      const long i = static_cast<long>(c / ny), j = static_cast<long>(c % ny);
      for (long di = -1; di <= 1; ++di)
        for (long dj = -1; dj <= 1; ++dj) {
          if (di == 0 && dj == 0) continue;
          if (connectivity == 4 && di != 0 && dj != 0) continue;
          const long a = i + di, b = j + dj;
          if (a < 0 || b < 0 || a >= long(nx) || b >= long(ny)) continue;
          const auto d = static_cast<std::size_t>(a * long(ny) + b);
          if (mask[d] && id[d] < id[c]) {
            id[c] = id[d];
            changed = true;
          }
        }
    }
  }
  return id;
}

// The partition of the labelled cells as the smallest cell index of each cell's class.
std::vector<long> canonical(const std::vector<std::int32_t>& labels) {
  std::map<std::int32_t, long> first;
  std::vector<long> out(labels.size(), -1);
  for (std::size_t c = 0; c < labels.size(); ++c)
    if (labels[c] != 0) out[c] = first.emplace(labels[c], long(c)).first->second;
  return out;
}

// A small labelled point set: three tight blobs in [0, 100]^2.
PointSet blobs(std::size_t per_blob = 300) {
  PointSet ps;
  ps.name = "blobs";
  ps.d = 2;
  Stream s(3, 0, 0);
  const double centre[3][2] = {{20, 20}, {75, 30}, {50, 80}};
  for (int b = 0; b < 3; ++b)
    for (std::size_t i = 0; i < per_blob; ++i) {
      ps.x.push_back(centre[b][0] + 8 * (s.uniform() - 0.5));
      ps.x.push_back(centre[b][1] + 8 * (s.uniform() - 0.5));
      ps.labels.push_back(b);
    }
  ps.n = ps.x.size() / 2;
  return ps;
}

Params box_params(double eps = 0) {
  Params p;
  p.set("g", Value(std::int64_t{16}));
  p.set("p", Value(50.0));
  p.set("xmin", Value(0.0));
  p.set("xmax", Value(100.0));
  p.set("ymin", Value(0.0));
  p.set("ymax", Value(100.0));
  if (eps > 0) p.set("eps", Value(eps));
  return p;
}

std::shared_ptr<const Dataset> real_dataset(const std::string& name) {
  try {
    return load_dataset(find_dataset(name), {data_root(), {}, 1});
  } catch (const Error&) {
    return nullptr;
  }
}

}  // namespace

TEST_SUITE("wavecluster") {
  TEST_CASE("Haar level 1 of a hand-computed 4 x 4 grid: each 2 x 2 block sum / 2") {
    // M (row i along x):      W:
    //  1 2 | 0 0              (1+2+3+4)/2 = 5     (0+0+0+6)/2 = 3
    //  3 4 | 0 6
    //  ----+----
    //  0 0 | 5 5              (0+0+1+1)/2 = 1     (5+5+5+5)/2 = 10
    //  1 1 | 5 5
    const std::vector<double> m = {1, 2, 0, 0, 3, 4, 0, 6, 0, 0, 5, 5, 1, 1, 5, 5};
    CHECK(haar_approximation(m, 4) == std::vector<double>{5, 3, 1, 10});
    CHECK_THROWS_AS(haar_approximation(std::vector<double>(9, 1.0), 3), Error);
  }

  TEST_CASE("a point's W cell is its M cell halved (the metrics' g/2 grid agrees with the quantisation)") {
    const CellGrid fine{-3.7, 12.9, 1e5, 2.5e5, 46, 46}, coarse{-3.7, 12.9, 1e5, 2.5e5, 23, 23};
    Stream s(5, 0, 0);
    for (int t = 0; t < 200000; ++t) {
      const double x = -4 + 17.5 * s.uniform(), y = 0.9e5 + 1.7e5 * s.uniform();
      REQUIRE(coarse.ix(x) == fine.ix(x) / 2);
      REQUIRE(coarse.iy(y) == fine.iy(y) / 2);
    }
    // Edges: the upper bound and points outside land in the edge cells.
    CHECK(fine.ix(12.9) == 45);
    CHECK(fine.ix(100) == 45);
    CHECK(fine.ix(-100) == 0);
  }

  TEST_CASE("connected components equal a brute-force flood fill; 4 and 8 neighbours differ on diagonals") {
    Stream s(11, 0, 0);
    for (int t = 0; t < 200; ++t) {
      const std::size_t nx = 1 + s.below(20), ny = 1 + s.below(20);
      const double density = 0.2 + 0.5 * s.uniform();
      std::vector<std::uint8_t> mask(nx * ny);
      for (auto& m : mask) m = s.uniform() < density;
      for (int conn : {4, 8}) {
        std::int32_t count = 0;
        const auto labels = connected_components(mask, nx, ny, conn, &count);
        const auto brute = brute_force_components(mask, nx, ny, conn);
        REQUIRE(canonical(labels) == brute);
        std::set<long> components(brute.begin(), brute.end());
        components.erase(-1);
        REQUIRE(count == static_cast<std::int32_t>(components.size()));
        // Labels are 1..count in scan order.
        std::int32_t seen = 0;
        for (auto l : labels)
          if (l > seen) REQUIRE(l == ++seen);
      }
    }
    // A diagonal pair: one cluster with 8 neighbours, two with 4.
    const std::vector<std::uint8_t> diagonal = {1, 0, 0, 1};
    std::int32_t c4 = 0, c8 = 0;
    connected_components(diagonal, 2, 2, 4, &c4);
    connected_components(diagonal, 2, 2, 8, &c8);
    CHECK(c4 == 2);
    CHECK(c8 == 1);
  }

  TEST_CASE("percentile rules on small lists (values as numpy's weibull, hazen and linear methods give)") {
    const std::vector<double> l = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    // weibull: pos = p (n + 1) / 100; hazen: n p / 100 + 0.5; linear: 1 + (n - 1) p / 100.
    CHECK(percentile(l, 10, PercentileRule::Weibull) == doctest::Approx(1.1));
    CHECK(percentile(l, 10, PercentileRule::Hazen) == doctest::Approx(1.5));
    CHECK(percentile(l, 10, PercentileRule::Linear) == doctest::Approx(1.9));
    CHECK(percentile(l, 58, PercentileRule::Weibull) == doctest::Approx(6.38));
    CHECK(percentile(l, 58, PercentileRule::Hazen) == doctest::Approx(6.3));
    CHECK(percentile(l, 58, PercentileRule::Linear) == doctest::Approx(6.22));
    // Clamped at both ends; a single value is every percentile.
    CHECK(percentile(l, 1, PercentileRule::Weibull) == 1);
    CHECK(percentile(l, 99.9, PercentileRule::Hazen) == 10);
    CHECK(percentile(std::vector<double>{4.5}, 31, PercentileRule::Linear) == 4.5);
    // Ties: k = #{W >= T}. On {0.5, 1, 1, 1, 2} the 40th percentile is 1 by every rule, so all three
    // 1s are significant with the 2.
    const std::vector<double> ties = {0.5, 1, 1, 1, 2, 0, 0, 0, 0};  // a 3 x 3 W
    for (auto rule : {PercentileRule::Weibull, PercentileRule::Hazen, PercentileRule::Linear})
      CHECK(cluster_cells(ties, 3, percentile(positive_sorted(ties), 40, rule), false, 8).significant == 4);
    CHECK_THROWS_AS(percentile(std::vector<double>{}, 50, PercentileRule::Weibull), Error);
  }

  TEST_CASE("the exponential-mechanism intervals of PrivTHREM: ranks m..1, qualities -|rank - k|") {
    const std::vector<double> l = {1, 2, 2, 5};
    const auto t = threshold_intervals(l, 1.5);
    CHECK(t.edges == std::vector<double>{0, 1, 2, 2, 5});
    CHECK(t.scores == std::vector<double>{-2.5, -1.5, -0.5, -0.5});
    const auto pub = threshold_intervals(l, 1.5, 4.0);
    CHECK(pub.edges == std::vector<double>{0, 1, 2, 2, 4, 4});
    CHECK(pub.scores == std::vector<double>{-2.5, -1.5, -0.5, -0.5, -1.5});
  }

  TEST_CASE("adaptive grid: m1 formula, leaves partition the box, level-2 constraint, exactly eps") {
    CHECK(adaptive_grid_m1(30000, 0.1) == 10);
    CHECK(adaptive_grid_m1(30000, 2.0) == 20);  // ceil(sqrt(6000) / 4) = ceil(19.36)
    CHECK(adaptive_grid_m1(1e6, 1.0) == 80);    // ceil(sqrt(1e5) / 4) = ceil(79.06)
    const PointSet ps = blobs();
    Stream s(1, 2, 3);
    PrivacyLedger ledger(1.0);
    Mechanisms noise(s, ledger);
    const AdaptiveGrid ag = adaptive_grid(ps, {}, 0, 100, 0, 100, 1.0, noise);
    CHECK(ledger.spent() == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(ledger.charges() == 2);
    double area = 0;
    for (const auto& leaf : ag.leaves) area += (leaf.x1 - leaf.x0) * (leaf.y1 - leaf.y0);
    CHECK(area == doctest::Approx(100.0 * 100.0));
    std::size_t leaves = 0;
    for (auto m2 : ag.m2) leaves += m2 * m2;
    CHECK(leaves == ag.leaves.size());
    // The blobs' cells (about 300 points) are split; empty cells keep one leaf (m2 = 1) mostly.
    CHECK(*std::max_element(ag.m2.begin(), ag.m2.end()) >= 3);
    CHECK(std::count(ag.m2.begin(), ag.m2.end(), 1u) > 80);
  }

  TEST_CASE("Baseline's adaptive grid: m1 = 10 as the authors ran it, Qardaji's formula with ag_m1 = 0") {
    const PointSet ps = blobs(10000);  // N = 30,000, as DS1-DS3: the formula gives 20 at eps = 2
    Params p = box_params(2.0);
    const AlgorithmRun authors = run_algorithm("wavecluster.baseline", p, &ps, Stream(7, 1, 2));
    CHECK(authors.outputs.scalar("m1") == 10);
    p.set("ag_m1", Value(std::int64_t{0}));
    const AlgorithmRun formula = run_algorithm("wavecluster.baseline", p, &ps, Stream(7, 1, 2));
    CHECK(formula.outputs.scalar("m1") == 20);
    CHECK(formula.spent_eps == doctest::Approx(2.0));
  }

  TEST_CASE("every technique spends exactly its eps, with and without folds") {
    const PointSet ps = blobs();
    for (const char* name : {"wavecluster.baseline", "wavecluster.privqt", "wavecluster.privthr", "wavecluster.privthrem"}) {
      for (double eps : {0.1, 0.7, 2.0})
        for (std::int64_t folds : {0, 10}) {
          CAPTURE(name);
          CAPTURE(eps);
          CAPTURE(folds);
          Params p = box_params(eps);
          p.set("folds", Value(folds));
          const AlgorithmRun r = run_algorithm(name, p, &ps, Stream(7, 1, 2), TrialSeeds{7, 3});
          CHECK(r.spent_eps == doctest::Approx(eps).epsilon(1e-12));
          const auto& cc = r.outputs.object<CellClusterings>(kCellClusteringsOutput);
          CHECK(cc.truth.size() == 64);
          CHECK(cc.test.size() == (folds ? 90u : 0u));
        }
    }
    // The provable PrivTHREM variant spends the same.
    Params p = box_params(1.0);
    p.set("em_range", Value(std::string("public")));
    p.set("em_upper", Value(500.0));
    CHECK(run_algorithm("wavecluster.privthrem", p, &ps, Stream(7, 1, 2)).spent_eps == doctest::Approx(1.0));
    p.set("em_upper", Value(0.0));
    CHECK(testing::contains(testing::error_of([&] { run_algorithm("wavecluster.privthrem", p, &ps, Stream(7, 1, 2)); }), "em_upper"));
    // The non-private reference spends nothing; a missing box is refused.
    CHECK(run_algorithm("wavecluster.wavecluster", box_params(), &ps, Stream(7, 1, 2)).spent_eps == 0);
    Params no_box = box_params(1.0);
    no_box.set("xmax", Value(std::numeric_limits<double>::quiet_NaN()));
    CHECK(testing::contains(testing::error_of([&] { run_algorithm("wavecluster.privqt", no_box, &ps, Stream(7, 1, 2)); }),
                   "public bounding box"));
  }

  TEST_CASE("folds: trial t holds out fold t mod F of one public split; the folds cover every point once") {
    const PointSet ps = blobs(100);  // 300 points
    Params p = box_params(1.0);
    p.set("folds", Value(std::int64_t{10}));
    std::vector<int> held(ps.n, 0);
    for (std::uint64_t t = 0; t < 10; ++t) {
      const AlgorithmRun r = run_algorithm("wavecluster.privqt", p, &ps, Stream(1, 1, t), TrialSeeds{42, t});
      const auto& cc = r.outputs.object<CellClusterings>(kCellClusteringsOutput);
      CHECK(cc.test.size() == 30);
      for (auto row : cc.test) ++held[row];
      // Every technique holds out the same points at the same trial (common random numbers).
      const AlgorithmRun q = run_algorithm("wavecluster.privthr", p, &ps, Stream(9, 9, t), TrialSeeds{42, t});
      CHECK(q.outputs.object<CellClusterings>(kCellClusteringsOutput).test == cc.test);
    }
    CHECK(std::all_of(held.begin(), held.end(), [](int h) { return h == 1; }));
  }

  TEST_CASE("non-private WaveCluster on the authors' datasets: 15 / 3 / 5 clusters, DS2 k = 144 and |Z| = 241") {
    struct Case { const char* name; std::int64_t g; double p; double box[4]; double clusters; };
    const Case cases[] = {{"wavecluster_ds1", 64, 58, {20406, 963731, 51397, 972296}, 15},
                          {"wavecluster_ds2", 40, 10, {90045, 964418, 87019, 955379}, 3},
                          {"wavecluster_ds3", 36, 23, {100504, 1097098, 58503, 875093}, 5}};
    for (const auto& c : cases) {
      DPLAB_REQUIRE_DATA(c.name);  // names the dataset and `make data`
      const auto data = real_dataset(c.name);
      REQUIRE(data);
      Params p;
      p.set("g", Value(c.g));
      p.set("p", Value(c.p));
      p.set("xmin", Value(c.box[0]));
      p.set("xmax", Value(c.box[1]));
      p.set("ymin", Value(c.box[2]));
      p.set("ymax", Value(c.box[3]));
      const AlgorithmRun r = run_algorithm("wavecluster.wavecluster", p, data.get(), Stream(1, 1, 1));
      CAPTURE(c.name);
      CHECK(r.outputs.scalar("clusters") == c.clusters);
      if (std::string(c.name) == "wavecluster_ds2") {
        CHECK(r.outputs.scalar("significant_cells") == 144);
        CHECK(r.outputs.scalar("zero_cells") == 241);
        // MATLAB's prctile rule gives 143, and 4 neighbours split the spirals into 17 pieces.
        p.set("percentile", Value(std::string("hazen")));
        CHECK(run_algorithm("wavecluster.wavecluster", p, data.get(), Stream(1, 1, 1)).outputs.scalar("significant_cells") == 143);
        p.set("percentile", Value(std::string("weibull")));
        p.set("connectivity", Value(std::int64_t{4}));
        CHECK(run_algorithm("wavecluster.wavecluster", p, data.get(), Stream(1, 1, 1)).outputs.scalar("clusters") == 17);
      }
    }
  }

  TEST_CASE("PrivTHREM's paper range (0, max W] is data-dependent: an event of probability 0 under D, > 0 under D'") {
    DPLAB_REQUIRE_DATA("wavecluster_ds2");
    const auto data = real_dataset("wavecluster_ds2");
    REQUIRE(data);
    const auto& ps = dynamic_cast<const PointSet&>(*data);
    const CellGrid fine{90045, 964418, 87019, 955379, 40, 40};
    std::vector<double> m = quantise(ps, fine);
    const std::vector<double> w = haar_approximation(m, 40);
    // D' = D plus one point in the block of the largest W.
    const auto top = static_cast<std::size_t>(std::max_element(w.begin(), w.end()) - w.begin());
    m[(top / 20) * 2 * 40 + (top % 20) * 2] += 1;
    const std::vector<double> w2 = haar_approximation(m, 40);
    const std::vector<double> l = positive_sorted(w), l2 = positive_sorted(w2);
    const double max_d = l.back();
    CHECK(l2.back() == max_d + 0.5);
    const double eps2 = 0.3 * 0.1;  // PrivTHREM's share at eps = 0.1
    const auto t = threshold_intervals(l, 0.9 * double(l.size()));
    const auto t2 = threshold_intervals(l2, 0.9 * double(l2.size()));
    CHECK(t.edges.back() == max_d);  // under D no threshold above max W(D)
    double total = 0, above = 0;
    for (std::size_t i = 0; i < t2.scores.size(); ++i) {
      const double density = std::exp(eps2 * t2.scores[i] / 2);
      total += (t2.edges[i + 1] - t2.edges[i]) * density;
      above += std::max(0.0, t2.edges[i + 1] - std::max(t2.edges[i], max_d)) * density;
    }
    CAPTURE(above / total);
    CHECK(above / total > 4e-4);  // 5.2e-4: the README's table
    // The public range is the same for both: the provable variant.
    CHECK(threshold_intervals(l, 1.0, 15600.0).edges.back() == threshold_intervals(l2, 1.0, 15600.0).edges.back());
  }
}

TEST_SUITE("wavecluster_statistical") {
  TEST_CASE("the exponential-mechanism threshold follows its law: chi-square over the intervals") {
    // Intervals of unequal lengths (one empty) and qualities: Pr[i] ~ length_i exp(eps q_i / 2).
    const std::vector<double> l = {0.5, 1, 1, 3, 3.5, 7, 12};
    const double k = 3.4, eps = 0.9;
    const auto t = threshold_intervals(l, k);
    Stream s(2024, 5, 0);
    PrivacyLedger ledger(1e9);
    Mechanisms m(s, ledger);
    const int n = 200000;
    std::vector<double> count(t.scores.size(), 0), p(t.scores.size(), 0);
    double z = 0;
    for (std::size_t i = 0; i < p.size(); ++i) z += p[i] = (t.edges[i + 1] - t.edges[i]) * std::exp(eps * t.scores[i] / 2);
    for (int r = 0; r < n; ++r) {
      const double d = m.exponential_intervals(t.edges, t.scores, 1.0, eps);
      REQUIRE(d >= 0);
      REQUIRE(d < 12);
      // Interval i holds [edges[i], edges[i+1]); the empty one (1, 1) never.
      const auto i = static_cast<std::size_t>(std::upper_bound(t.edges.begin(), t.edges.end(), d) - t.edges.begin()) - 1;
      count[i] += 1;
    }
    double chi2 = 0;
    int df = -1;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == 0) {
        CHECK(count[i] == 0);
        continue;
      }
      const double e = n * p[i] / z;
      chi2 += (count[i] - e) * (count[i] - e) / e;
      ++df;
    }
    // Chi-square at the 1 - 1e-6 quantile: false failure < 1e-6.
    CHECK(chi2 < boost::math::quantile(boost::math::chi_squared(df), 1 - 1e-6));
    // Uniform inside an interval: the draws in [3.5, 7) have mean 5.25 (sd 1.01 / sqrt(count)).
    s = Stream(2024, 6, 0);
    double sum = 0, in = 0;
    for (int r = 0; r < n; ++r) {
      const double d = m.exponential_intervals(t.edges, t.scores, 1.0, eps);
      if (d >= 3.5 && d < 7) sum += d, in += 1;
    }
    // 5 sigma: false failure < 1e-6.
    CHECK(std::abs(sum / in - 5.25) < 5 * (3.5 / std::sqrt(12.0)) / std::sqrt(in));
    CHECK(ledger.spent() == doctest::Approx(2.0 * n * eps));
  }

  TEST_CASE("PrivQT's k' is (1 - p)(|L| + |Z| / 2) on average when the noise flips no true positive (§5.2.1)") {
    // Three blobs on a 16 x 16 grid: most of W is zero. At eps = 50 the noise (Lap(0.02) per cell)
    // never turns a true positive (>= 0.5) non-positive (theta = 0), and each zero cell of W turns
    // positive with probability 1/2, so |L'| = |L| + Binomial(|Z|, 1/2) and k' = (1 - p)|L'| up to the
    // rounding of the percentile position: E[k'] = (1 - p)(|L| + |Z| / 2), §5.2.1's analysis.
    const PointSet ps = blobs();
    const AlgorithmRun truth = run_algorithm("wavecluster.wavecluster", box_params(), &ps, Stream(1, 1, 1));
    const double zero = truth.outputs.scalar("zero_cells"), positive = 64 - zero;
    double sum = 0;
    const int runs = 400;
    for (int t = 0; t < runs; ++t)
      sum += run_algorithm("wavecluster.privqt", box_params(50.0), &ps, Stream(3, 3, std::uint64_t(t)))
                 .outputs.scalar("significant_cells");
    const double expected = 0.5 * (positive + zero / 2);
    CAPTURE(zero);
    CAPTURE(sum / runs);
    // sd of k' per run <= 0.5 sqrt(|Z|) / 2; 5 sigma of a 400-run mean (false failure < 1e-6), plus
    // 1 for the rounding of the percentile position.
    CHECK(std::abs(sum / runs - expected) < 5 * 0.25 * std::sqrt(zero) / std::sqrt(double(runs)) + 1);
    CHECK(zero > 30);  // the premise: a mostly empty grid
  }
}
