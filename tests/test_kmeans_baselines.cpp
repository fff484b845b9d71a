// The baselines of lu_thesis §7.6 and the metrics against Lloyd's algorithm
// (algorithms/clustering, algorithms/metrics): BLUM, DWORK and SU budget sequences by hand,
// Lloyd's iteration count by hand, every method's ledger total equal to its declared (or
// matched) budget, GUPT's blocks, the shared initial centroids, and the cost gap and
// convergence degree by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "algorithms/clustering/dplloyd_budgets.hpp"
#include "algorithms/clustering/gupt.hpp"
#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/lloyd.hpp"
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/clustering/privgene.hpp"
#include "clustering_fixtures.hpp"
#include "core/samplers.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"

using namespace dplab;
using dplab::testing::blobs;
using clustering::IterationBudget;

namespace {

double total(const std::vector<IterationBudget>& b) {
  double t = 0;
  for (const auto& x : b) t += x.count + x.sum;
  return t;
}

}  // namespace

TEST_SUITE("kmeans_baselines") {
  TEST_CASE("BLUM, DWORK and SU budget sequences by hand") {
    const auto blum = clustering::blum_budgets(1.0, 5);
    REQUIRE(blum.size() == 5);
    for (const auto& b : blum) {
      CHECK(b.count == doctest::Approx(0.1));
      CHECK(b.sum == doctest::Approx(0.1));
    }
    // DWORK: eps/2, eps/4, eps/8, eps/16 and the remainder eps/16, each half counts, half sums.
    const auto dwork = clustering::dwork_budgets(2.0, 5);
    const double expect[5] = {1.0, 0.5, 0.25, 0.125, 0.125};
    REQUIRE(dwork.size() == 5);
    for (int i = 0; i < 5; ++i) {
      CHECK(dwork[std::size_t(i)].count == doctest::Approx(expect[i] / 2));
      CHECK(dwork[std::size_t(i)].sum == doctest::Approx(expect[i] / 2));
    }
    CHECK(total(dwork) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(total(clustering::dwork_budgets(1.0, 1)) == doctest::Approx(1.0));
    // SU on S1's shape (n = 5000, k = 15, d = 2), total 1: cbrt(4 d rho^2) = cbrt(0.405) =
    // 0.739864, eps_m = sqrt(500 * 15^3 / 5000^2 * 2.739864^3) = 1.17828 > 1, so T = 2 (the
    // lower clamp), 0.5 per iteration, counts 0.5 * 0.739864 / 2.739864 = 0.135018.
    const auto su = clustering::su_budgets(1.0, 5000, 15, 2);
    CHECK(su.eps_m == doctest::Approx(1.17828).epsilon(1e-5));
    CHECK(su.iterations == 2);
    CHECK(su.budgets[0].count == doctest::Approx(0.135018).epsilon(1e-5));
    CHECK(su.budgets[0].sum == doctest::Approx(0.5 - 0.135018).epsilon(1e-5));
    CHECK(total(su.budgets) == doctest::Approx(1.0));
    // Lifesci's shape (26,733 x 10, k = 3), total 1: eps_m = 0.16434, floor(1 / 0.16434) = 6.
    const auto su2 = clustering::su_budgets(1.0, 26733, 3, 10);
    CHECK(su2.eps_m == doctest::Approx(0.16434).epsilon(1e-4));
    CHECK(su2.iterations == 6);
    CHECK(clustering::su_budgets(100.0, 26733, 3, 10).iterations == 7);  // the upper clamp
  }

  TEST_CASE("Lloyd's iterations as the thesis counts them: the pass that confirms the partition is not one") {
    // 1-D points {0, 1, 10, 11} from centroids {0, 1}: pass 1 gives {0}, {1, 10, 11} (means 0,
    // 7.33), pass 2 gives {0, 1}, {10, 11} (means 0.5, 10.5), pass 3 the same partition. Two
    // rounds changed something: 2 iterations (the thesis's LLOYD row), 3 passes.
    PointSet p;
    p.d = 1;
    p.n = 4;
    p.x = {0, 1, 10, 11};
    std::vector<double> c = {0, 1}, scratch;
    clustering::Accumulators acc;
    std::vector<std::int32_t> previous;
    const auto run = clustering::lloyd_until_stable(p, 2, c, 100, acc, scratch, previous);
    CHECK(run.converged);
    CHECK(run.iterations == 2);
    CHECK(run.passes == 3);
    CHECK(c == std::vector<double>{0.5, 10.5});
    CHECK(clustering::kmeans_cost(p, c, 2) == doctest::Approx(4 * 0.25));
    // Already at the fixed point: one round (the means of the first partition), then the
    // confirming pass.
    std::vector<double> fixed = {0.5, 10.5};
    const auto again = clustering::lloyd_until_stable(p, 2, fixed, 100, acc, scratch, previous);
    CHECK(again.iterations == 1);
    CHECK(again.passes == 2);
    // Stopped by the cap before converging: every pass was an iteration.
    std::vector<double> capped = {0, 1};
    const auto cut = clustering::lloyd_until_stable(p, 2, capped, 2, acc, scratch, previous);
    CHECK_FALSE(cut.converged);
    CHECK(cut.iterations == 2);
    CHECK(cut.passes == 2);
  }

  TEST_CASE("LLOYD's output, the lloyd_iterations metric and the matched budget follow count_confirming_pass") {
    Stream s(33, 33, 33);
    PointSet data = blobs(60, s);
    const TrialSeeds seeds{4, 2};
    const auto ref = clustering::lloyd_reference(data, seeds, 3, clustering::Init::DataPoints);
    CHECK(ref->passes == ref->iterations + 1);
    for (bool confirming : {false, true}) {
      Params p;
      p.set("k", std::int64_t{3});
      p.set("init", std::string("data"));
      p.set("count_confirming_pass", confirming);
      CAPTURE(confirming);
      const int expected = confirming ? ref->passes : ref->iterations;
      const AlgorithmRun rl = run_algorithm("clustering.lloyd", p, &data, Stream(1, 2, 0), seeds);
      CHECK(rl.outputs.scalar("iterations") == expected);
      const MetricContext mc{rl.outputs, &data, p, seeds};
      CHECK(find_metric("lloyd_iterations").compute(mc) == std::vector<double>{double(expected)});
      Outputs fake;
      fake.scalar("iterations", 10.0);
      const MetricContext ratio{fake, &data, p, seeds};
      CHECK(find_metric("iteration_ratio").compute(ratio)[0] == doctest::Approx(10.0 / expected));
      p.set("eps", 0.2);
      p.set("init", std::string("data"));
      p.set("budget_match", std::string("lloyd"));
      const AlgorithmRun rb = run_algorithm("clustering.blum", p, &data, Stream(1, 2, 0), seeds);
      CHECK(rb.spent_eps == doctest::Approx(0.2 * (1 + expected)).epsilon(1e-12));
    }
  }

  TEST_CASE("every baseline spends exactly its budget: eps, eps (1 + public_iterations) or eps (1 + Lloyd's)") {
    Stream s(31, 31, 31);
    PointSet data = blobs(80, s);
    for (const char* name : {"clustering.blum", "clustering.dwork", "clustering.su", "clustering.privgene", "clustering.gupt"})
      for (const char* match : {"public", "total", "lloyd"})
        for (std::uint64_t trial = 0; trial < 3; ++trial) {
          Params p;
          p.set("k", std::int64_t{3});
          p.set("eps", 0.3);
          p.set("budget_match", std::string(match));
          p.set("public_iterations", std::int64_t{7});
          p.set("init", std::string("data"));  // the reference below: Lloyd from the data-point start
          if (std::string(name) == "clustering.privgene") p.set("population", std::int64_t{20});
          const TrialSeeds seeds{9, trial};
          const AlgorithmRun r = run_algorithm(name, p, &data, Stream(2, trial, 0), seeds);
          const auto ref = clustering::lloyd_reference(data, seeds, 3, clustering::Init::DataPoints);
          const std::string m = match;
          const double expected = m == "total" ? 0.3 : m == "public" ? 0.3 * 8 : 0.3 * (1 + ref->iterations);
          CAPTURE(name);
          CAPTURE(match);
          CHECK(r.spent_eps == doctest::Approx(expected).epsilon(1e-12));
          CHECK(r.outputs.scalar("budget_spent") == doctest::Approx(expected).epsilon(1e-12));
          // Declared before the run: the total itself when it does not depend on the data.
          const AlgorithmInfo info = find_algorithm(name).info();
          const double declared = declared_budget(info, with_defaults(info.params, p));
          CHECK(declared == doctest::Approx(m == "lloyd" ? 1000.0 : expected).epsilon(1e-12));
        }
    // GUPT spends its total on one noisy step; LLOYD spends nothing.
    Params g;
    g.set("k", std::int64_t{3});
    g.set("eps", 0.7);
    const AlgorithmRun rg = run_algorithm("clustering.gupt", g, &data, Stream(3, 3, 3));
    CHECK(rg.spent_eps == 0.7);
    CHECK(rg.charges == 1);
    CHECK(rg.outputs.scalar("blocks") == std::floor(std::pow(240.0, 0.4)));
    const AlgorithmRun rl = run_algorithm("clustering.lloyd", g, &data, Stream(3, 3, 3));
    CHECK(rl.spent_eps == 0.0);
  }

  TEST_CASE("PrivGene's generation count and selections") {
    clustering::PrivGeneOptions opt;
    CHECK(clustering::privgene_generations(1.0, 150, opt) == 2);            // floor(0.01875) -> the minimum 2
    CHECK(clustering::privgene_generations(10.0, 26733, opt) == 33);        // floor(1.25e-3 * 10 * 26733 / 10)
    opt.max_generations = 8;
    CHECK(clustering::privgene_generations(10.0, 26733, opt) == 8);
    // r generations of eps / r each: r - 1 rounds of m' selections, then one final selection.
    Stream s(32, 0, 0);
    PointSet data = blobs(30, s);
    opt.population = 12;
    opt.parents = 4;
    opt.max_generations = 3;
    PrivacyLedger ledger(300.0);
    Mechanisms noise(s, ledger);
    int generations = 0;
    // floor(1.25e-3 * 200 * 90 / 4) = 5 generations, capped at 3.
    const auto c = clustering::privgene_kmeans(data, 3, 200.0, opt, s, noise, generations);
    CHECK(generations == 3);
    CHECK(ledger.spent() == doctest::Approx(200.0).epsilon(1e-12));
    CHECK(ledger.charges() == 2 * 4 + 1);
    CHECK(c.size() == 6);
    for (double v : c) CHECK((v >= 0 && v <= 1));
  }

  TEST_CASE("the trial's shared initial centroids: the same for every method, distinct rows") {
    PointSet iris_like;
    iris_like.d = 2;
    iris_like.n = 6;
    iris_like.x = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.5, 0.5, 0.9, 0.2, 0.9, 0.2};  // three distinct rows
    for (std::uint64_t trial = 0; trial < 20; ++trial) {
      const TrialSeeds seeds{4, trial};
      const auto a = clustering::shared_initial_centroids(seeds, iris_like, 3, clustering::Init::DataPoints, {0, 1});
      const auto b = clustering::shared_initial_centroids(seeds, iris_like, 3, clustering::Init::DataPoints, {0, 1});
      CHECK(a == b);
      std::vector<std::vector<double>> rows = {{a[0], a[1]}, {a[2], a[3]}, {a[4], a[5]}};
      std::sort(rows.begin(), rows.end());
      CHECK(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
    }
    CHECK_THROWS_AS(clustering::shared_initial_centroids(TrialSeeds{4, 0}, iris_like, 4, clustering::Init::DataPoints, {0, 1}),
                    Error);
    const auto u = clustering::shared_initial_centroids(TrialSeeds{4, 0}, iris_like, 4, clustering::Init::Uniform, {0, 1});
    CHECK(u.size() == 8);
  }

  TEST_CASE("cost gap and convergence degree by hand") {
    Stream s(33, 0, 0);
    PointSet data = blobs(40, s);
    Params p;
    p.set("k", std::int64_t{3});
    p.set("init", std::string("data"));
    p.set("match_tolerance", 0.01);
    p.set("match_rule", std::string("coordinates"));
    p.set("gap_reference", std::string("own_start"));
    const TrialSeeds seeds{6, 2};
    const auto ref = clustering::lloyd_reference(data, seeds, 3, clustering::Init::DataPoints);
    auto metric = [&](const char* name, const std::vector<double>& centroids) {
      Outputs out;
      out.vector("centroids", centroids);
      out.vector("centroids_before_noise", centroids);
      const MetricContext mc{out, &data, p, seeds};
      return find_metric(name).compute(mc)[0];
    };
    CHECK(metric("cost_gap", ref->centroids) == 1.0);
    // Lloyd's centroids in another order match; moved by 0.5% of each coordinate they still
    // match, by 2% they do not.
    std::vector<double> permuted = {ref->centroids[4], ref->centroids[5], ref->centroids[0], ref->centroids[1],
                                    ref->centroids[2], ref->centroids[3]};
    CHECK(metric("convergence_degree", permuted) == 1.0);
    std::vector<double> near = ref->centroids, far = ref->centroids;
    for (double& v : near) v *= 1.005;
    far[3] *= 1.02;
    CHECK(metric("convergence_degree", near) == 1.0);
    CHECK(metric("convergence_degree", far) == 0.0);
    // The cost of shifted centroids by hand: moving every centroid by (dx, 0) adds n dx^2 to
    // the cost when no point changes cluster.
    std::vector<double> shifted = ref->centroids;
    for (std::size_t c = 0; c < 3; ++c) shifted[c * 2] += 0.01;
    CHECK(metric("cost_gap", shifted) == doctest::Approx((ref->cost + 120 * 1e-4) / ref->cost).epsilon(1e-9));
  }
}
