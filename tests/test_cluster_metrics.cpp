// The clustering dissimilarities of wavecluster §6 (DSG_C, F-measure, OCM, 2CE) on hand-made
// clusterings, and the metric plugins on a CellClusterings output.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "algorithms/metrics/cell_classifier.hpp"
#include "algorithms/metrics/cell_clustering.hpp"
#include "algorithms/metrics/cluster_dissimilarity.hpp"
#include "framework/registry.hpp"
#include "test_support.hpp"

using namespace dplab;
using L = std::vector<std::int32_t>;

TEST_SUITE("cluster_metrics") {
  TEST_CASE("identical clusterings (up to renaming) give DSG_C 0, F-measure 1, OCM 0, 2CE 0") {
    const L a = {0, 1, 1, 2, 2, 2, 0, 3, 3, 0};
    const L renamed = {0, 7, 7, 5, 5, 5, 0, 9, 9, 0};  // noise stays 0
    CHECK(dsg_c(a, a) == 0);
    CHECK(dsg_c(a, renamed) == 0);
    CHECK(f_measure(a, renamed) == doctest::Approx(1.0));
    CHECK(ocm(a, renamed) == 0);
    CHECK(two_ce(a, renamed) == 0);
  }

  TEST_CASE("DSG_C by hand: the paper's example distance, unmatched clusters on either side") {
    // §6.1: Ci = {g1, g3, g5}, Cj = {g1, g5, g7, g9}: distance max(|{g3}|, |{g7, g9}|) = 2.
    //          cells: g1 g2 g3 g4 g5 g6 g7 g8 g9
    const L truth = {1, 0, 1, 0, 1, 0, 0, 0, 0};
    const L found = {1, 0, 0, 0, 1, 0, 1, 0, 1};
    CHECK(dsg_c(truth, found) == doctest::Approx(2.0 / 3));
    // A second true cluster {g2, g4} that nothing matches adds its 2 cells: (2 + 2) / 5.
    const L truth2 = {1, 2, 1, 2, 1, 0, 0, 0, 0};
    CHECK(dsg_c(truth2, found) == doctest::Approx(4.0 / 5));
    // More found clusters than true ones: the extra found cluster {g6, g8} adds its size too.
    const L found2 = {1, 0, 0, 0, 1, 2, 1, 2, 1};
    CHECK(dsg_c(truth, found2) == doctest::Approx((2.0 + 2.0) / 3));
    // Nothing significant in the found result: every true cell is unmatched, DSG_C = 1.
    CHECK(dsg_c(truth, L(9, 0)) == 1);
    CHECK(std::isnan(dsg_c(L(9, 0), found)));
    // Hungarian, not greedy: the matching minimises the total distance.
    const L t3 = {1, 1, 1, 2, 2, 0};
    const L f3 = {1, 1, 2, 2, 2, 0};  // t1->f1: max(1, 0) = 1, t2->f2: max(0, 1) = 1
    CHECK(dsg_c(t3, f3) == doctest::Approx(2.0 / 5));
  }

  TEST_CASE("DSG_C's two matchings: the authors' code (pair distances only) and §6.1 (the whole M_cost)") {
    // True T1 = cells 0-9, T2 = cells 10-11; found F = cells 0-3 (inside T1, disjoint from T2).
    // d(T1, F) = max(6, 0) = 6, d(T2, F) = max(2, 4) = 4.
    L truth(12, 1), found(12, 0);
    truth[10] = truth[11] = 2;
    for (std::size_t i = 0; i < 4; ++i) found[i] = 1;
    // Code: the least pair distance matches T2 (4), then T1 is unmatched (+10): 14 / 12.
    CHECK(dsg_c(truth, found) == doctest::Approx(14.0 / 12));
    CHECK(dsg_c(truth, found, DsgMatching::Code) == doctest::Approx(14.0 / 12));
    // §6.1: the least M_cost matches T1 (6) and leaves T2 (+2): 8 / 12.
    CHECK(dsg_c(truth, found, DsgMatching::Paper) == doctest::Approx(8.0 / 12));
    // The same with more found than true clusters (the side roles swap): F1 = 0-9, F2 = 10-11,
    // one true cluster T = 0-3. Code: T -> F2 (4) + F1 (10); §6.1: T -> F1 (6) + F2 (2); / 4.
    L t2(12, 0), f2(12, 1);
    for (std::size_t i = 0; i < 4; ++i) t2[i] = 1;
    f2[10] = f2[11] = 2;
    CHECK(dsg_c(t2, f2, DsgMatching::Code) == doctest::Approx(14.0 / 4));
    CHECK(dsg_c(t2, f2, DsgMatching::Paper) == doctest::Approx(8.0 / 4));
    // With as many clusters on both sides nothing is left over: both rules agree.
    const L t3 = {1, 1, 1, 2, 2, 0};
    const L f3 = {1, 1, 2, 2, 2, 0};
    CHECK(dsg_c(t3, f3, DsgMatching::Paper) == dsg_c(t3, f3, DsgMatching::Code));
  }

  TEST_CASE("F-measure by hand: best match per reference class, weighted by its size; noise is a class") {
    // Reference: A = {0,1,2,3}, B = {4,5}; found: merges them into one class X = {0..5}.
    const L truth = {1, 1, 1, 1, 2, 2};
    const L found = {5, 5, 5, 5, 5, 5};
    // F(A, X) = 2*4/(4+6) = 0.8, F(B, X) = 2*2/(2+6) = 0.5: F = 4/6*0.8 + 2/6*0.5.
    CHECK(f_measure(truth, found) == doctest::Approx(4.0 / 6 * 0.8 + 2.0 / 6 * 0.5));
    // Noise: a reference noise point found in a cluster lowers the noise class's score.
    const L t2 = {0, 0, 1, 1};
    const L f2 = {0, 1, 1, 1};
    // noise: best F(noise, noise) = 2*1/(2+1) = 2/3; class 1: F(1, 1) = 2*2/(2+3) = 0.8.
    CHECK(f_measure(t2, f2) == doctest::Approx(0.5 * 2.0 / 3 + 0.5 * 0.8));
    // Noise ignored: reference noise points are left out, found noise matches nothing.
    CHECK(f_measure(t2, f2, false) == doctest::Approx(1.0));
    // Kept: truth {1, 1, 2}, found {1, 0, 2}: F(1, f1) = 2*1/(2+1), F(2, f2) = 1.
    CHECK(f_measure(L{0, 1, 1, 2}, L{1, 1, 0, 2}, false) == doctest::Approx(2.0 / 3 * 2.0 / 3 + 1.0 / 3));
  }

  TEST_CASE("the F-measures of ELKI's evaluation (the paper's reference [2]) by hand, on a merge") {
    // Reference A = {0,1,2,3}, B = {4,5}; found merges them into X.
    const L truth = {1, 1, 1, 1, 2, 2};
    const L found = {5, 5, 5, 5, 5, 5};
    // Set matching: purity (4 + 2) / 6 = 1, inverse purity 4 / 6: F = 2 (2/3) / (5/3) = 0.8.
    CHECK(f_measure(truth, found, FDefinition::SetMatching) == doctest::Approx(0.8));
    // Pairs: together in both 6 + 1 = 7, in truth 7, in found 15: F = 14 / 22.
    CHECK(f_measure(truth, found, FDefinition::PairCounting) == doctest::Approx(14.0 / 22));
    // BCubed: precision (16/6 + 4/6) / 6 = 5/9, recall (16/4 + 4/2) / 6 = 1: F = 5/7.
    CHECK(f_measure(truth, found, FDefinition::BCubed) == doctest::Approx(5.0 / 7));
    CHECK(f_measure(truth, found, FDefinition::BestMatch) == f_measure(truth, found));
    // Every definition gives 1 for identical clusterings up to renaming.
    const L a = {0, 1, 1, 2, 2, 2, 0, 3, 3, 0};
    const L renamed = {0, 7, 7, 5, 5, 5, 0, 9, 9, 0};
    for (auto d : {FDefinition::SetMatching, FDefinition::PairCounting, FDefinition::BCubed})
      CHECK(f_measure(a, renamed, d) == doctest::Approx(1.0));
  }

  TEST_CASE("OCM by hand: noise matched to noise, other classes by the Hungarian method") {
    // 10 test points. truth: noise {0,1}, c1 {2,3,4}, c2 {5,6,7,8,9}; found: noise {0}, a {1,2,3},
    // b {4,5,6,7}, c {8,9}. Matching c1-a (2), c2-b (3) beats c2-c (2): CT = 1 + 2 + 3 = 6.
    const L truth = {0, 0, 1, 1, 1, 2, 2, 2, 2, 2};
    const L found = {0, 3, 3, 3, 4, 4, 4, 4, 5, 5};
    CHECK(ocm(truth, found) == doctest::Approx(1 - 6.0 / 10));
    // A found "cluster" that equals the true noise does not count as agreement on noise.
    CHECK(ocm(L{0, 0, 1, 1}, L{1, 1, 2, 2}) == doctest::Approx(0.5));
  }

  TEST_CASE("2CE by hand equals the pair enumeration of the authors' code") {
    const L truth = {0, 0, 1, 1, 1, 2, 2};
    const L found = {0, 1, 1, 1, 2, 2, 2};
    double differ = 0, pairs = 0;
    for (std::size_t i = 0; i < truth.size(); ++i)
      for (std::size_t j = i + 1; j < truth.size(); ++j) {
        differ += (truth[i] == truth[j]) != (found[i] == found[j]);
        pairs += 1;
      }
    CHECK(two_ce(truth, found) == doctest::Approx(differ / pairs));
    // By hand: together in truth (0,1) (2,3) (2,4) (3,4) (5,6), in found (1,2) (1,3) (2,3) (4,5) (4,6)
    // (5,6), in both (2,3) (5,6): 5 + 6 - 2 * 2 = 7 of the 21 pairs differ.
    CHECK(differ == 7);
    // The paper's DS1 remark: k misclassified points in one class among N change k(N - k) + C(k, 2)
    // pairs at most, far fewer than C(N, 2): 2CE << OCM.
    L t(1000, 1), f(1000, 1);
    for (int i = 0; i < 100; ++i) f[static_cast<std::size_t>(i)] = 2;
    CHECK(two_ce(t, f) == doctest::Approx(100.0 * 900 / (1000.0 * 999 / 2)));
    CHECK(ocm(t, f) == doctest::Approx(0.1));
  }

  TEST_CASE("the metric plugins read a CellClusterings output; OCM/2CE need held-out points") {
    PointSet ps;
    ps.d = 2;
    ps.x = {0.1, 0.1, 0.2, 0.9, 0.8, 0.8, 0.9, 0.1};
    ps.n = 4;
    CellClusterings cc;
    cc.grid = {0, 1, 0, 1, 2, 2};
    cc.truth = {1, 0, 0, 2};  // cells (0,0), (0,1), (1,0), (1,1)
    cc.found = {1, 0, 0, 1};
    Outputs out;
    out.object(kCellClusteringsOutput, cc);
    Params params;
    params.set("f_noise", Value(std::string("class")));
    params.set("dsg_matching", Value(std::string("code")));
    params.set("f_definition", Value(std::string("best_match")));
    const MetricContext mc{out, &ps, params, TrialSeeds{}};
    CHECK(find_metric("dsg_c").compute(mc)[0] == doctest::Approx(1.0));  // {c0}->{c0,c3}: 1, {c3}: unmatched 1; / 2
    CHECK(find_metric("k_relative_error").compute(mc)[0] == 0);
    // Points: (0.1,0.1) cell 0, (0.2,0.9) cell 1, (0.8,0.8) cell 3, (0.9,0.1) cell 2.
    CHECK(find_metric("f_measure").compute(mc)[0] == doctest::Approx(0.25 * 2.0 / 3 + 0.25 * 2.0 / 3 + 0.5 * 1.0));
    CHECK(testing::contains(testing::error_of([&] { find_metric("ocm").compute(mc); }), "folds"));
    cc.test = {0, 1, 2, 3};
    Outputs with_test;
    with_test.object(kCellClusteringsOutput, cc);
    const MetricContext mt{with_test, &ps, params, TrialSeeds{}};
    // Four cells: the truth's tree splits x and then collapses (the split corrects no training
    // error), the found one has no split with gain; both predict their majority class (noise, the
    // first on ties) everywhere, so they agree.
    CHECK(find_metric("ocm").compute(mt)[0] == 0);
    CHECK(find_metric("two_ce").compute(mt)[0] == 0);
  }

  TEST_CASE("classification by cells: a tree trained on a clean grid labelling predicts the cells' labels") {
    // A 10 x 10 grid: x < 5 is cluster 1, x >= 5 cluster 2, except a noise column at x = 9.
    CellGrid grid{0, 10, 0, 10, 10, 10};
    std::vector<std::int32_t> labels(100);
    for (std::size_t i = 0; i < 10; ++i)
      for (std::size_t j = 0; j < 10; ++j) labels[i * 10 + j] = i == 9 ? 0 : (i < 5 ? 1 : 2);
    PointSet ps;
    ps.d = 2;
    for (int i = 0; i < 10; ++i) ps.x.insert(ps.x.end(), {i + 0.5, 3.3});
    ps.n = 10;
    const auto pred = classify_points_by_cells(grid, labels, ps, {});
    CHECK(pred == std::vector<std::int32_t>{1, 1, 1, 1, 1, 2, 2, 2, 2, 0});
  }
}
