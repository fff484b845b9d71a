// Tests of MWEM (algorithms/baselines/mwem.hpp): the multiplicative-weights update against hand
// arithmetic and against updating every cell, the selection step against the exponential mechanism's law, the
// accuracy at a huge budget, the privacy ledger, the two estimates, and parameter errors.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/baselines/mwem.hpp"
#include "algorithms/linear_queries/workload_generators.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/error.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "core/rng.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;
using namespace dplab::linear_queries;

namespace {

Workload make_workload(std::uint32_t n, const std::vector<std::vector<std::uint32_t>>& rows) {
  Workload W;
  W.n = n;
  for (const auto& r : rows) W.add_row(r);
  return W;
}

// The n point queries {0}, {1}, ..., {n-1}.
Workload point_queries(std::uint32_t n) {
  std::vector<std::vector<std::uint32_t>> rows;
  for (std::uint32_t i = 0; i < n; ++i) rows.push_back({i});
  return make_workload(n, rows);
}

// Mean over queries of |q(A) - q(x)|.
double mean_l1(const Workload& W, const std::vector<double>& A, const std::vector<double>& x) {
  const auto a = W.answer(A), t = W.answer(x);
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += std::abs(a[i] - t[i]);
  return s / static_cast<double>(a.size());
}

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

// A small histogram with zeros, a few large counts and a spread of small ones (N = 150).
const std::vector<double> kToy = {0, 5, 50, 3, 0, 0, 20, 7, 1, 0, 12, 30, 0, 2, 9, 11};

// Runs one trial of the registered plugin on `counts` at budget eps with the given parameters.
AlgorithmRun run_plugin(const std::vector<double>& counts, Params given, double eps) {
  Histogram h;
  h.name = "toy";
  h.counts = counts;
  given.set("eps", eps);
  return run_algorithm("baselines.mwem", given, &h, Stream(1, 2, 3), TrialSeeds{7, 0});
}

}  // namespace

TEST_SUITE("mwem") {

TEST_CASE("one multiplicative-weights update equals the hand computation") {
  // n = 4, N = 8: A_0 = (2, 2, 2, 2). Query q = {0, 1} measured m = 6.
  //   q(A_0) = 4, m - q(A_0) = 2, exponent 2 / (2 * 8) = 1/8, e^(1/8) = 1.1331484530668263.
  //   Before renormalising: (2e^(1/8), 2e^(1/8), 2, 2), sum 4e^(1/8) + 4 = 8.5325938122673.
  //   Times 8 / sum: cells 0, 1 = 4e^(1/8) / (e^(1/8) + 1) = 4.5325938122673 / 2.1331484530668
  //                             = 2.124837493495025,
  //                  cells 2, 3 = 4 / (e^(1/8) + 1) = 1.875162506504975.
  MwHistogram A(4, 8.0);
  const Workload W = make_workload(4, {{0, 1}, {1, 2}});
  const auto q1 = W.row(0);
  CHECK(A.answer(q1) == doctest::Approx(4.0).epsilon(1e-15));
  A.update(q1, 6.0);
  CHECK(A[0] == doctest::Approx(2.124837493495025).epsilon(1e-14));
  CHECK(A[1] == doctest::Approx(2.124837493495025).epsilon(1e-14));
  CHECK(A[2] == doctest::Approx(1.875162506504975).epsilon(1e-14));
  CHECK(A[3] == doctest::Approx(1.875162506504975).epsilon(1e-14));
  CHECK(sum(A.values()) == doctest::Approx(8.0).epsilon(1e-14));

  // A second update, q = {1, 2} measured m = 1 (checks the O(1) renormalisation bookkeeping):
  //   q(A) = 2.124837... + 1.875162... = 4 exactly, m - q(A) = -3, exponent -3/16,
  //   f = e^(-3/16) = 0.8290291181804004.
  //   Before renormalising: (2.124837493495025, 2.124837493495025 f = 1.761552153508833,
  //                          1.875162506504975 f = 1.5545643192127687, 1.875162506504975),
  //   sum 7.316116472721602; times 8 / sum:
  //   (2.323459448922178, 1.926215538067872, 1.6998792460552168, 2.050445766954733).
  const auto q2 = W.row(1);
  CHECK(A.answer(q2) == doctest::Approx(4.0).epsilon(1e-14));
  A.update(q2, 1.0);
  CHECK(A[0] == doctest::Approx(2.323459448922178).epsilon(1e-13));
  CHECK(A[1] == doctest::Approx(1.926215538067872).epsilon(1e-13));
  CHECK(A[2] == doctest::Approx(1.6998792460552168).epsilon(1e-13));
  CHECK(A[3] == doctest::Approx(2.050445766954733).epsilon(1e-13));
  A.resync();  // recomputing the normaliser from scratch changes nothing but rounding
  CHECK(A[0] == doctest::Approx(2.323459448922178).epsilon(1e-13));
  CHECK(sum(A.values()) == doctest::Approx(8.0).epsilon(1e-14));
}

TEST_CASE("updates on atoms equal updating every cell") {
  // The reference: A kept cell by cell, each update multiplying the query's cells and
  // renormalising the whole vector, as DPBench's multWeightsUpdate does.
  Stream s(9, 9, 9);
  for (int rep = 0; rep < 20; ++rep) {
    const auto n = static_cast<std::uint32_t>(1 + s.below(60));
    const double N = 1 + 100 * s.uniform();
    Workload W;
    W.n = n;
    for (int i = 0; i < 12; ++i) {
      if (i % 2) {
        const auto a = static_cast<std::uint32_t>(s.below(n)), b = static_cast<std::uint32_t>(s.below(n));
        W.add_range(std::min(a, b), std::max(a, b) + 1);
      } else {
        std::vector<std::uint32_t> cells;
        for (std::uint32_t c = 0; c < n; ++c)
          if (s.uniform() < 0.2) cells.push_back(c);
        W.add_row(cells);
      }
    }
    MwHistogram A(n, N);
    std::vector<double> ref(n, N / n);
    for (int k = 0; k < 60; ++k) {
      const std::size_t q = s.below(W.queries());
      const double m = N * 2 * (s.uniform() - 0.25);
      double before = 0;
      for (auto c : W.cells(q)) before += ref[c];
      CHECK(A.answer(W.row(q)) == doctest::Approx(before).epsilon(1e-12).scale(N));
      const double f = std::exp((m - before) / (2 * N));
      for (auto c : W.cells(q)) ref[c] *= f;
      const double total = sum(ref);
      for (double& v : ref) v *= N / total;
      A.update(W.row(q), m);
      if (k % 10 == 9) A.resync();
    }
    const auto v = A.values();
    for (std::uint32_t i = 0; i < n; ++i) {
      CHECK(v[i] == doctest::Approx(ref[i]).epsilon(1e-11).scale(N / n));
      CHECK(A[i] == v[i]);
    }
    // Atoms: the intervals between the measured runs' ends, never more than 2 per run + 1.
    CHECK(A.atoms() <= std::min<std::size_t>(n, 2 * W.runs.size() + 1));
  }
  // Ranges not aligned to the atoms are refused on the fast path.
  MwHistogram A(10, 10.0);
  std::vector<MwHistogram::AtomRange> ranges;
  const Run r{2, 5};
  CHECK_CONTAINS(dplab::testing::error_of([&] { A.atom_ranges(std::span<const Run>(&r, 1), ranges); }), "refine");
  A.refine(std::span<const Run>(&r, 1));
  A.atom_ranges(std::span<const Run>(&r, 1), ranges);
  REQUIRE(ranges.size() == 1);
  CHECK(A.atoms() == 3);
}

TEST_CASE("the update keeps A finite and normalised under extreme measurements") {
  // N = 1 and a measurement 1e6 away: the exponent is capped, A stays a histogram of scale N.
  MwHistogram A(8, 1.0);
  const Workload W = make_workload(8, {{2, 5}, {0}});
  for (int k = 0; k < 200; ++k) A.update(W.row(0), k % 2 ? 1e6 : -1e6);
  const auto v = A.values();
  for (double a : v) CHECK(std::isfinite(a));
  for (double a : v) CHECK(a >= 0);
  CHECK(sum(v) == doctest::Approx(1.0).epsilon(1e-12));
  // N = 0: nothing moves and nothing divides by zero.
  MwHistogram Z(3, 0.0);
  Z.update(W.row(1), 5.0);
  CHECK(Z.values() == std::vector<double>{0, 0, 0});
}

TEST_CASE("a query holding nearly all the mass keeps A normalised (no cancellation in the bookkeeping)") {
  // Capped steps of e^+-300 make one query hold all but ~1e-130 of the mass; then mass - before
  // is rounding noise. Before the recount, that noise was taken as the mass: A stopped summing to
  // N (~1e-114: 17 of the 200 histograms below, measured on the old code), rescaling never fired and
  // every cell could underflow to 0 ("lost all its weight"), as MWEM 2-D did on DPBench's 4 x 4
  // audit pairs at eps 0.1. Histograms of 2..7 cells, 4 random ranges, 60 extreme updates each;
  // a fixed linear congruential sequence picks them (deterministic, no noise drawn).
  std::uint64_t state = 1;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::uint32_t>(state >> 33);
  };
  int checked = 0;
  for (int h = 0; h < 200; ++h) {
    const std::uint32_t n = 2 + next() % 6;
    const double N = 1.0 + next() % 5;
    MwHistogram A(n, N);
    std::vector<std::vector<Run>> queries;
    for (int j = 0; j < 4; ++j) {
      const std::uint32_t b = next() % n, e = b + 1 + next() % (n - b);
      queries.push_back({Run{b, e}});
    }
    for (int k = 0; k < 60; ++k) {
      A.update(queries[next() % 4], next() % 2 ? 1e6 : -1e6);
      const auto v = A.values();
      for (double a : v) REQUIRE(std::isfinite(a));
      REQUIRE(sum(v) == doctest::Approx(N).epsilon(1e-9));
      ++checked;
    }
  }
  CHECK(checked == 200 * 60);
}

TEST_CASE("at a huge budget MWEM's error falls far below that of A_0") {
  const Workload W = point_queries(16);
  const double N = sum(kToy);
  const std::vector<double> A0(16, N / 16);
  // |x_i - 150/16| summed: 5 zeros give 5 * 9.375 = 46.875, the others 4.375 + 40.625 + 6.375
  // + 10.625 + 2.375 + 8.375 + 2.625 + 20.625 + 7.375 + 0.375 + 1.625 = 105.375; 152.25 / 16.
  const double e0 = mean_l1(W, A0, kToy);
  CHECK(e0 == doctest::Approx(9.515625));
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Stream s(seed, 5, 0);
    PrivacyLedger ledger(1e6);
    Mechanisms noise(s, ledger);
    MwemOptions o;
    o.rounds = 16;
    const MwemResult r = mwem(W, kToy, 1e6, o, noise);
    const double e = mean_l1(W, r.last, kToy);
    CAPTURE(seed);
    CAPTURE(e);
    CHECK(e < 0.05 * e0);
    CHECK(sum(r.last) == doctest::Approx(N).epsilon(1e-12));
    // Every query measured once (exclude_measured), each within noise 2T/eps = 3.2e-5 of truth.
    std::vector<int> seen(16, 0);
    for (const auto& m : r.measurements) {
      ++seen[m.query];
      CHECK(std::abs(m.value - kToy[m.query]) < 1e-3);
    }
    CHECK(seen == std::vector<int>(16, 1));
    // The first selection is (with overwhelming probability at this eps) the worst query of
    // A_0: cell 2, |9.375 - 50| = 40.625.
    CHECK(r.measurements.front().query == 2);
  }
  // Without the reuse of prior measurements (Algorithm 1 as printed) the same budget learns
  // much less: one update per round.
  Stream s(1, 5, 0);
  PrivacyLedger ledger(1e6);
  Mechanisms noise(s, ledger);
  MwemOptions plain;
  plain.rounds = 16;
  plain.update_passes = 0;
  const MwemResult r = mwem(W, kToy, 1e6, plain, noise);
  const double e_plain = mean_l1(W, r.last, kToy);
  CHECK(e_plain < e0);
  CHECK(e_plain > 0.5 * e0);
}

TEST_CASE("update_passes: 0 is one update with the new measurement, P repeats P times") {
  const Workload W = make_workload(6, {{0, 1, 2}, {2, 3}, {4}, {1, 5}});
  const std::vector<double> x = {4, 0, 1, 7, 2, 6};
  for (std::int64_t passes : {0, 1, 3}) {
    Stream s(8, 8, 8);
    PrivacyLedger ledger(1.0);
    Mechanisms noise(s, ledger);
    MwemOptions o;
    o.rounds = 1;
    o.update_passes = passes;
    const MwemResult r = mwem(W, x, 1.0, o, noise);
    REQUIRE(r.measurements.size() == 1);
    MwHistogram A(6, 20.0);
    for (std::int64_t k = 0; k < std::max<std::int64_t>(passes, 1); ++k)
      A.update(W.row(r.measurements[0].query), r.measurements[0].value);
    CAPTURE(passes);
    for (std::uint32_t i = 0; i < 6; ++i) CHECK(r.last[i] == doctest::Approx(A[i]).epsilon(1e-13));
  }
}

TEST_CASE("MWEM spends exactly eps: 2T charges of eps/(2T)") {
  const Workload W = point_queries(16);
  struct Case { double eps; std::int64_t T; };
  for (Case c : {Case{1.0, 10}, Case{0.1, 10}, Case{0.5, 3}, Case{2.0, 1}, Case{0.01, 16}, Case{0.3, 7}}) {
    CAPTURE(c.eps);
    CAPTURE(c.T);
    Stream s(3, 1, 4);
    PrivacyLedger ledger(c.eps);
    Mechanisms noise(s, ledger);
    MwemOptions o;
    o.rounds = c.T;
    o.update_passes = 5;
    mwem(W, kToy, c.eps, o, noise);
    CHECK(ledger.spent() == doctest::Approx(c.eps).epsilon(1e-12));
    CHECK(ledger.charges() == static_cast<std::size_t>(2 * c.T));
    // And it needs all of it: a budget a millionth short fails before the last release.
    Stream s2(3, 1, 4);
    PrivacyLedger short_ledger(c.eps * (1 - 1e-6));
    Mechanisms noise2(s2, short_ledger);
    CHECK_THROWS_AS(mwem(W, kToy, c.eps, o, noise2), BudgetExceeded);
  }
  // Through the registered plugin, on a 64-cell histogram and a random-range workload.
  std::vector<double> counts(64);
  for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = static_cast<double>((i * 37) % 11);
  for (double eps : {0.1, 1.0}) {
    Params given;
    given.set("workload", std::string("random_range"));
    given.set("queries", std::int64_t{50});
    given.set("rounds", std::int64_t{7});
    const AlgorithmRun r = run_plugin(counts, given, eps);
    CHECK(r.spent_eps == doctest::Approx(eps).epsilon(1e-12));
    CHECK(r.charges == 14);
    CHECK(r.outputs.vector("answers").size() == 50);
    CHECK(r.outputs.object<WorkloadOutput>("workload")->W.queries() == 50);
  }
}

TEST_CASE("the average estimate and the last differ as expected") {
  const Workload W = point_queries(16);
  const double N = sum(kToy);
  // T = 1: the average of A_1 alone is A_1.
  {
    Stream s(6, 6, 6);
    PrivacyLedger ledger(1.0);
    Mechanisms noise(s, ledger);
    MwemOptions o;
    o.rounds = 1;
    const MwemResult r = mwem(W, kToy, 1.0, o, noise);
    CHECK(r.average == r.last);
  }
  // At a huge budget A_t improves every round, so the average (which keeps the poor early
  // A_1, A_2, ...) is much worse than A_T, though still better than A_0.
  const double e0 = mean_l1(W, std::vector<double>(16, N / 16), kToy);
  for (std::uint64_t seed : {1u, 2u}) {
    Stream s(seed, 6, 0);
    PrivacyLedger ledger(1e6);
    Mechanisms noise(s, ledger);
    MwemOptions o;
    o.rounds = 16;
    const MwemResult r = mwem(W, kToy, 1e6, o, noise);
    const double e_last = mean_l1(W, r.last, kToy), e_avg = mean_l1(W, r.average, kToy);
    CAPTURE(e_last);
    CAPTURE(e_avg);
    CHECK(e_last < 0.25 * e_avg);
    CHECK(e_avg < e0);
    CHECK(sum(r.average) == doctest::Approx(N).epsilon(1e-12));
  }
  // Through the plugin: the same stream gives the same measurements, so only the estimate
  // differs; the true answers agree.
  Params last, avg;
  for (Params* p : {&last, &avg}) {
    p->set("workload", std::string("random_range"));
    p->set("queries", std::int64_t{40});
  }
  avg.set("estimate", std::string("average"));
  const Outputs a = run_plugin(kToy, last, 1.0).outputs;
  const Outputs b = run_plugin(kToy, avg, 1.0).outputs;
  CHECK(a.object<WorkloadOutput>("workload").get() == b.object<WorkloadOutput>("workload").get());
  CHECK(a.vector("answers") != b.vector("answers"));
}

TEST_CASE("bad parameters give clear errors") {
  using dplab::testing::error_of;
  const Workload W = point_queries(4);
  const std::vector<double> x = {1, 2, 3, 4};
  Stream s(1, 1, 1);
  PrivacyLedger ledger(10.0);
  Mechanisms noise(s, ledger);
  auto run = [&](MwemOptions o, double eps = 1.0, std::vector<double> data = {1, 2, 3, 4}) {
    mwem(W, data, eps, o, noise);
  };
  MwemOptions o;
  o.rounds = 0;
  CHECK_CONTAINS(error_of([&] { run(o); }), "rounds (T) must be >= 1");
  o.rounds = 2;
  o.update_passes = -1;
  CHECK_CONTAINS(error_of([&] { run(o); }), "update_passes must be >= 0");
  o.update_passes = 1;
  CHECK_CONTAINS(error_of([&] { run(o, 0.0); }), "eps must be a finite number > 0");
  CHECK_CONTAINS(error_of([&] { run(o, 1.0, {1, 2, 3}); }), "the data has 3 cells but the workload's domain has 4");
  CHECK_CONTAINS(error_of([&] { run(o, 1.0, {1, -5, 0, 0}); }), "N = sum x must be a finite number >= 0");
  o.rounds = 5;
  CHECK_CONTAINS(error_of([&] { run(o); }), "rounds (T = 5) exceed the 4 workload queries");
  o.exclude_measured = false;  // repeats allowed: 5 rounds on 4 queries is fine
  CHECK_NOTHROW(run(o));
  CHECK(ledger.spent() == doctest::Approx(1.0).epsilon(1e-12));
  CHECK_CONTAINS(error_of([] { parse_mwem_estimate("median"); }), "unknown estimate 'median' (allowed: last, average)");
  CHECK(parse_mwem_estimate("average") == MwemEstimate::Average);

  // The plugin's declarations refuse the same values before any trial runs.
  const AlgorithmInfo info = find_algorithm("baselines.mwem").info();
  const ParamSpec* estimate = find_param(info.params, "estimate");
  REQUIRE(estimate);
  CHECK(estimate->default_value == Value(std::string("last")));
  CHECK(estimate->validate(Value(std::string("median"))).has_value());
  const ParamSpec* rounds = find_param(info.params, "rounds");
  REQUIRE(rounds);
  CHECK(rounds->default_value == Value(std::int64_t{10}));
  CHECK(rounds->validate(Value(std::int64_t{0})).has_value());
  const ParamSpec* passes = find_param(info.params, "update_passes");
  REQUIRE(passes);
  CHECK(passes->default_value == Value(std::int64_t{100}));
  CHECK(passes->validate(Value(std::int64_t{-1})).has_value());
  CHECK_FALSE(passes->validate(Value(std::int64_t{0})).has_value());
  // rounds beyond the workload's queries: a clear error from the trial.
  Params given;
  given.set("queries", std::int64_t{5});
  given.set("rounds", std::int64_t{6});
  CHECK_CONTAINS(error_of([&] { run_plugin(kToy, given, 1.0); }), "exceed the 5 workload queries");
}

}  // TEST_SUITE

TEST_SUITE("mwem_statistical") {

TEST_CASE("selection follows the exponential mechanism's probabilities") {
  // False failures: chi-square at its 0.999 quantile (1e-3 per seed, 3 seeds) and frequencies
  // two-sided at 4.5 standard errors (6.8e-6 each, 10 checks): together < 3.1e-3.
  // Point queries on n = 3, A = (1, 1, 1), x = (1, 2, 3): scores |q(A) - q(x)| = 0, 1, 2.
  // With eps_t = 2, Pr[q] ~ exp(eps_t * score / 2) = 1, e, e^2:
  //   p = (0.0900305731703805, 0.2447284710547976, 0.6652409557748219).
  const Workload Q = point_queries(3);
  MwHistogram A(3, 3.0);
  const std::vector<double> x = {1, 2, 3};
  std::vector<double> diff(3), prefix;
  for (std::uint32_t i = 0; i < 3; ++i) diff[i] = A[i] - x[i];
  prefix_sums(diff, prefix);
  const std::vector<std::uint32_t> all = {0, 1, 2};
  const double p[3] = {0.0900305731703805, 0.2447284710547976, 0.6652409557748219};
  const int K = 30000;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Stream s(seed, 11, 0);
    PrivacyLedger ledger(2.0 * K);
    Mechanisms noise(s, ledger);
    int counts[3] = {0, 0, 0};
    for (int k = 0; k < K; ++k) ++counts[mwem_select(Q, prefix, all, 2.0, noise)];
    double chi2 = 0;
    for (int i = 0; i < 3; ++i) {
      const double e = K * p[i];
      chi2 += (counts[i] - e) * (counts[i] - e) / e;
      // Each frequency within 4.5 standard errors of its probability.
      CHECK(std::abs(counts[i] / double(K) - p[i]) < 4.5 * std::sqrt(p[i] * (1 - p[i]) / K));
    }
    CAPTURE(seed);
    CHECK(chi2 < 13.82);  // chi-square, 2 degrees of freedom, 0.999 quantile
    CHECK(ledger.spent() == doctest::Approx(2.0 * K).epsilon(1e-12));
  }
  // Only candidates are chosen: without query 2, Pr[0] = 1 / (1 + e) = 0.2689414213699951.
  Stream s(4, 11, 0);
  PrivacyLedger ledger(2.0 * K);
  Mechanisms noise(s, ledger);
  const std::vector<std::uint32_t> two = {0, 1};
  int zeros = 0;
  for (int k = 0; k < K; ++k) {
    const auto q = mwem_select(Q, prefix, two, 2.0, noise);
    REQUIRE(q < 2);
    zeros += q == 0;
  }
  const double p0 = 0.2689414213699951;
  CHECK(std::abs(zeros / double(K) - p0) < 4.5 * std::sqrt(p0 * (1 - p0) / K));
}

}  // TEST_SUITE
