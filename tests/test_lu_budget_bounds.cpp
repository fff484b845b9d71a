// lu_thesis ch. 5 (algorithms/lu_budget_bounds, datasets electricity_load_diagrams and
// electricity_like): the toy Tables 5.1 and 5.2 by hand (sums, local sensitivities, the
// condition of [99], Theorem 5.1), the ledgers of Algorithm 5.1 and of the §5.4.1 experiment,
// the LD2011_2014.txt loader on a fixture, the substitute's property, MovieLens' sensitivities
// when the real data is present, and - statistically - the measured noises against their exact
// expectations.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "algorithms/lu_budget_bounds/bounds.hpp"
#include "datasets/catalogue.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "test_support.hpp"
#include "dplab_source_dir.hpp"

namespace fs = std::filesystem;
using namespace dplab;
using namespace dplab::lu_budget_bounds;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

// Curators given by their raw records (one vector each).
CuratorTotals totals_of(const std::vector<std::vector<double>>& x, double value_bound, double records_bound) {
  CuratorTotals t;
  t.name = "toy";
  for (const auto& records : x) {
    double sum = 0, top = 0;
    for (double v : records) {
      sum += v;
      top = std::max(top, v);
    }
    t.records.push_back(records.size());
    t.total.push_back(sum);
    t.largest.push_back(top);
  }
  t.value_bound = value_bound;
  t.records_bound = records_bound;
  return t;
}

// Table 5.2a as MovieLens ratings: users x1..x3 rate films y1..y6 (0 = not rated).
Ratings table_5_2a() {
  const int r[6][3] = {{1, 0, 1}, {2, 1, 1}, {2, 2, 1}, {4, 1, 1}, {0, 4, 1}, {4, 5, 5}};
  Ratings d;
  d.name = "table_5_2a";
  d.users = 3;
  d.items = 6;
  for (std::uint32_t film = 0; film < 6; ++film)
    for (std::uint32_t user = 0; user < 3; ++user)
      if (r[film][user]) {
        d.user.push_back(user);
        d.item.push_back(film);
        d.rating.push_back(float(r[film][user]));
      }
  return d;
}

Params gap_params(const std::string& bound, const std::string& query, double eps, std::int64_t rounds) {
  Params p;
  p.set("bound", Value(bound));
  p.set("query", Value(query));
  p.set("eps", Value(eps));
  p.set("rounds", Value(rounds));
  return p;
}

const std::string kFixtures = DPLAB_TEST_FIXTURES "/datasets";

}  // namespace

TEST_SUITE("lu_budget_bounds") {

TEST_CASE("Table 5.1: the counterexample to [99]'s condition, and Theorem 5.1 on it") {
  const auto t = totals_of({{1, 2, 3, 4}, {5, 6, 7, 8}, {1, 1, 1, 27}}, 10, 4);
  const CuratorQuery q = query_of(t, Query::Sum);
  CHECK(q.f == std::vector<double>{10, 26, 30});
  CHECK(q.local == std::vector<double>{4, 8, 27});
  CHECK(q.sum_local == 39);
  CHECK(q.local_X == 30);  // 30 = Df_L(X) < sum_i Df_L(x_i) = 39: [99] does not apply
  // Theorem 5.1 with eps_i = 1: max(3 * 4 / 10, 3 * 8 / 26, 3 * 27 / 30) = 2.7.
  const std::vector<double> ones(3, 1.0);
  CHECK(theorem_5_1(q.f, q.local, ones) == doctest::Approx(2.7).epsilon(1e-14));
  CHECK(theorem_5_1(q.f, q.local, std::vector<double>{1, 2, 0.5}) == doctest::Approx(std::max({1.2, 3 * 8.0 / 26 * 2, 1.35})));
  CHECK(bound_noise(q, Bound::ThisWork, 1).eps_global == doctest::Approx(2.7).epsilon(1e-14));
  CHECK(bound_noise(q, Bound::MaxEpsilon, 1).eps_global == 1);
  CHECK(bound_noise(q, Bound::SumEpsilon, 1).eps_global == 3);
  CHECK(bound_noise(q, Bound::SumEpsilon, 1).global_sensitivity == 40);  // 10 x 4
  CHECK(bound_noise(q, Bound::SumEpsilon, 1).local_uses_global);
  // Noise groups by local sensitivity: 4, 8, 27, one curator each.
  CHECK(q.groups.size() == 3);
}

TEST_CASE("Table 5.2a (ML-100 example) through the ratings path: sums, maxima, counts") {
  const Ratings r = table_5_2a();
  const auto t = curator_totals(r);
  CHECK(t->records == std::vector<std::uint64_t>{5, 5, 6});
  const CuratorQuery sum = query_of(*t, Query::Sum);
  CHECK(sum.f == std::vector<double>{13, 13, 10});
  CHECK(sum.local == std::vector<double>{4, 5, 5});
  CHECK(sum.sum_local == 14);  // 14 > Df_L(X) = 13, as the thesis says
  CHECK(sum.local_X == 13);
  CHECK(sum.global == 30);  // 5 stars x 6 films
  const CuratorQuery count = query_of(*t, Query::Count);
  CHECK(count.f == std::vector<double>{5, 5, 6});
  CHECK(count.local == std::vector<double>{1, 1, 1});
  CHECK(count.local_X == 6);
  CHECK(count.global == 6);
  CHECK(count.groups.size() == 1);
  CHECK(count.groups[0].count == 3);
  // Theorem 5.1 for counting: |U| max_i 1 / f(x_i) eps = 3 / 5 eps.
  CHECK(bound_noise(count, Bound::ThisWork, 10).eps_global == doctest::Approx(6).epsilon(1e-14));
}

TEST_CASE("Table 5.2b (ELD-1114 example): steady meters meet [99]'s condition") {
  const auto t = totals_of({{51, 62, 61, 49, 70, 54}, {14, 11, 22, 14, 0, 15}, {100, 110, 105, 107, 120, 115}}, 120, 6);
  const CuratorQuery q = query_of(t, Query::Sum);
  CHECK(q.f == std::vector<double>{347, 76, 657});
  CHECK(q.local == std::vector<double>{70, 22, 120});
  CHECK(q.sum_local == 212);
  CHECK(q.local_X == 657);  // 212 < 657
}

TEST_CASE("Algorithm 5.1 and the experiment charge eps (curators in parallel, rounds as replicates)") {
  const Ratings r = table_5_2a();
  auto a = run_algorithm("lu_budget_bounds.aggregation", gap_params("ThisWork", "sum", 0.5, 1), &r, Stream(1, 2, 3));
  CHECK(a.spent_eps == 0.5);
  CHECK(a.charges == 1);
  CHECK(a.outputs.vector("truth")[0] == 36);
  CHECK(a.outputs.scalar("eps_this_work") == doctest::Approx(3 * 0.5 * 0.5).epsilon(1e-14));  // max(3*4/13, 3*5/13, 3*5/10) eps
  for (const auto& bound : bound_names()) {
    CAPTURE(bound);
    const auto g = run_algorithm("lu_budget_bounds.noise_gap", gap_params(bound, "sum", 0.5, 25), &r, Stream(1, 2, 3));
    CHECK(g.spent_eps == 0.5);
    CHECK(g.charges == 25);
    CHECK(g.outputs.scalar("eps_mae") == doctest::Approx(0.5 * g.outputs.scalar("mae")));
  }
  // E|G| = Df(X) / eps_global exactly; E|L| for one curator of each sensitivity 4, 5, 5.
  const auto g = run_algorithm("lu_budget_bounds.noise_gap", gap_params("MaxEpsilon", "sum", 2, 1), &r, Stream(1, 2, 3));
  CHECK(g.outputs.scalar("expected_global_noise") == doctest::Approx(13.0 / 2));
  CHECK(g.outputs.scalar("eps_global") == 2);
}

TEST_CASE("LD2011_2014.txt loader: decimal commas, CRLF, per-meter totals; errors name line and meter") {
  DatasetInfo info = find_dataset("electricity_load_diagrams");
  CHECK(info.kind == DatasetKind::CuratorTotals);
  CHECK(info.unavailable.empty());
  info.files = {{"electricity/LD_tiny.txt", "7fd42c2491502a712a18ac7481017f9d60968fdbf8b58fb0c6a46434214e1965"}};
  info.rows = 4;
  const auto d = std::dynamic_pointer_cast<const CuratorTotals>(load_dataset(info, DatasetRequest{kFixtures, {}, 1}));
  REQUIRE(d);
  CHECK(d->total == std::vector<double>{5.5, 7.75, 133.5});
  CHECK(d->largest == std::vector<double>{4, 3.25, 100});
  CHECK(d->records == std::vector<std::uint64_t>{4, 4, 4});
  CHECK(d->value_bound == 100);
  CHECK(d->records_bound == 4);
  info.files = {{"electricity/LD_bad.txt", "e8b0517dba81a78ea4e836922135121c2b41f80456fa3e44683c78ac8ba3f29f"}};
  info.rows = 0;
  const auto e = error_of([&] { load_dataset(info, DatasetRequest{kFixtures, {}, 1}); });
  CHECK_CONTAINS(e, "LD_bad.txt:3");
  CHECK_CONTAINS(e, "meter 2");
  CHECK_CONTAINS(e, "'x' is not a reading");
}

TEST_CASE("electricity_like: a substitute with sum_i Df_L(x_i) < Df_L(X), seeded") {
  const auto& info = find_dataset("electricity_like");
  CHECK(contains(info.doc, "SUBSTITUTE"));
  Params small;
  small.set("meters", Value(std::int64_t{40}));
  small.set("readings", Value(std::int64_t{5000}));
  const auto a = std::dynamic_pointer_cast<const CuratorTotals>(load_dataset(info, DatasetRequest{"", small, 7}));
  const auto b = std::dynamic_pointer_cast<const CuratorTotals>(load_dataset(info, DatasetRequest{"", small, 7}));
  REQUIRE(a);
  CHECK(a->total == b->total);
  CHECK(a->curators() == 40);
  CHECK(a->records_bound == 5000);
  // The thesis's size: 370 meters x 140,256 readings.
  const auto full = std::dynamic_pointer_cast<const CuratorTotals>(load_dataset(info, DatasetRequest{"", {}, 1}));
  const CuratorQuery q = query_of(*full, Query::Sum);
  CHECK(full->curators() == 370);
  CHECK(full->records[0] == 140256);
  CHECK(q.sum_local < q.local_X);
}

TEST_CASE("MovieLens 100K: each user a curator; Df_L(X) for counting is 737, not the text's 730") {
  DPLAB_REQUIRE_DATA("movielens_100k");  // in the data root, as the binary finds it ($DPLAB_DATA, ...)
  const auto data = load_dataset(find_dataset("movielens_100k"), DatasetRequest{data_root(), {}, 1});
  const auto t = curator_totals(*data);
  CHECK(t->curators() == 943);
  const CuratorQuery count = query_of(*t, Query::Count);
  CHECK(count.local_X == 737);
  CHECK(count.sum_local == 943);
  const CuratorQuery sum = query_of(*t, Query::Sum);
  CHECK(sum.local_X == 2087);
  CHECK(sum.sum_local == 4699);
  CHECK(sum.global == 8410);
  // Theorem 5.1 for counting: 943 / min_i m_i = 943 / 20.
  CHECK(bound_noise(count, Bound::ThisWork, 1).eps_global == doctest::Approx(943.0 / 20).epsilon(1e-14));
  // The loss with a whole curator as the neighbour: the most active user moves the total by
  // 2,087 (sum) or 737 (count) against noises of scale at most 5 / eps or 1 / eps: 417.4 eps and
  // 737 eps, where Theorem 5.1 claims 84.2 eps and 47.15 eps.
  CHECK(curator_level_loss(sum, widest_noise_sensitivity(sum, bound_noise(sum, Bound::ThisWork, 1)), 1) ==
        doctest::Approx(2087.0 / 5).epsilon(1e-14));
  CHECK(bound_noise(sum, Bound::ThisWork, 1).eps_global == doctest::Approx(84.2).epsilon(1e-3));
  CHECK(curator_level_loss(count, widest_noise_sensitivity(count, bound_noise(count, Bound::ThisWork, 1)), 1) == 737);
  // SumEpsilon's noise (Df_G = 8,410 per curator) is eps-DP at curator level: 2087 / 8410 eps.
  CHECK(curator_level_loss(sum, widest_noise_sensitivity(sum, bound_noise(sum, Bound::SumEpsilon, 1)), 1) ==
        doctest::Approx(2087.0 / 8410).epsilon(1e-14));
  // The value-bound variant: every user at 5 stars (sum_i Df_L(x_i) = 4,699 < 943 x 5: a few
  // users never gave 5 stars).
  const CuratorQuery bounded = at_value_bound(sum);
  CHECK(bounded.sum_local == 943 * 5);
  CHECK(bounded.groups.size() == 1);
}

TEST_CASE("the value-bound variant: every curator's noise at the public record bound") {
  const Ratings r = table_5_2a();  // largest ratings 4, 5, 5; value bound 5
  const auto t = curator_totals(r);
  const CuratorQuery sum = query_of(*t, Query::Sum, Sensitivity::ValueBound);
  CHECK(sum.local == std::vector<double>{5, 5, 5});
  CHECK(sum.sum_local == 15);
  // Theorem 5.1 at the bound: max_i 3 x 5 / f(x_i) = 3 x 5 / 10.
  CHECK(bound_noise(sum, Bound::ThisWork, 1).eps_global == doctest::Approx(1.5).epsilon(1e-14));
  const CuratorQuery count = query_of(*t, Query::Count, Sensitivity::ValueBound);
  CHECK(count.local == std::vector<double>{1, 1, 1});  // counting: one record moves a count by 1
  CHECK(parse_sensitivity("value_bound") == Sensitivity::ValueBound);
  CHECK(contains(error_of([] { parse_sensitivity("smooth"); }), "local, value_bound"));
  // Through the algorithms: the experiment's local noise and the release's curator-level loss.
  Params p = gap_params("ThisWork", "sum", 1, 1);
  p.set("sensitivity", Value(std::string("value_bound")));
  const auto g = run_algorithm("lu_budget_bounds.noise_gap", p, &r, Stream(1, 2, 3));
  CHECK(g.outputs.scalar("eps_global") == doctest::Approx(1.5).epsilon(1e-14));
  CHECK(g.outputs.scalar("eps_curator_level") == doctest::Approx(13.0 / 5).epsilon(1e-14));
  const auto a = run_algorithm("lu_budget_bounds.aggregation", p, &r, Stream(1, 2, 3));
  CHECK(a.spent_eps == 1);
  CHECK(a.outputs.scalar("eps_curator_level") == doctest::Approx(13.0 / 5).epsilon(1e-14));
}

}  // TEST_SUITE

TEST_SUITE("lu_budget_bounds_statistical") {

TEST_CASE("the experiment's noises converge to their exact expectations (Table 5.1 curators)") {
  // 40 trials x 2,000 rounds per bound: the mean over trials of local_noise, global_noise and
  // mae within 4.5 standard errors of the trial spread of their exact values (< 7e-6 each).
  const auto t = totals_of({{1, 2, 3, 4}, {5, 6, 7, 8}, {1, 1, 1, 27}}, 27, 4);
  for (const auto& bound : bound_names()) {
    CAPTURE(bound);
    double sum[3] = {0, 0, 0}, sq[3] = {0, 0, 0}, expected[3] = {0, 0, 0};
    const int trials = 40;
    for (int k = 0; k < trials; ++k) {
      const auto r = run_algorithm("lu_budget_bounds.noise_gap", gap_params(bound, "sum", 3, 2000), &t, Stream(5, 6, k));
      const double v[3] = {r.outputs.scalar("local_noise"), r.outputs.scalar("global_noise"), r.outputs.scalar("mae")};
      for (int i = 0; i < 3; ++i) { sum[i] += v[i]; sq[i] += v[i] * v[i]; }
      expected[0] = r.outputs.scalar("expected_local_noise");
      expected[1] = r.outputs.scalar("expected_global_noise");
      expected[2] = r.outputs.scalar("expected_mae");
    }
    for (int i = 0; i < 3; ++i) {
      CAPTURE(i);
      const double mean = sum[i] / trials, sd = std::sqrt((sq[i] / trials - mean * mean) * trials / (trials - 1));
      CHECK(std::fabs(mean - expected[i]) < 4.5 * sd / std::sqrt(double(trials)));
    }
  }
}

}  // TEST_SUITE
