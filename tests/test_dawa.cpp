// Tests of DAWA (Li, Hay, Miklau, Wang 2014) as used by workload_division §5: the L1 partition
// of stage 1 against brute force, greedyH's error and least squares against dense linear
// algebra, the privacy accounting, and the whole algorithm against Identity.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/workload_division/greedy_h.hpp"
#include "algorithms/workload_division/l1_partition.hpp"
#include "algorithms/workload_division/workload.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/stats.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::wd;

namespace {

// Random counts in [0, top), integral (with many ties when top is small) or not.
std::vector<double> random_counts(Stream& s, std::size_t n, double top, bool integral) {
  std::vector<double> x(n);
  for (double& v : x) v = integral ? std::floor(s.uniform() * top) : s.uniform() * top;
  return x;
}

bool power_of_two(std::uint32_t v) { return v && !(v & (v - 1)); }

// The least cost over every partition of [0, n) (2^(n-1) of them: bit c of `cuts` set means a
// bucket ends after cell c), optionally only those whose bucket lengths are powers of two.
double brute_force_cost(const std::vector<double>& x, double penalty, bool dyadic) {
  const auto n = static_cast<std::uint32_t>(x.size());
  double best = std::numeric_limits<double>::infinity();
  for (std::uint32_t cuts = 0; cuts < (1u << (n - 1)); ++cuts) {
    Buckets b;
    for (std::uint32_t c = 0; c + 1 < n; ++c)
      if (cuts >> c & 1u) b.bounds.push_back(c + 1);
    b.bounds.push_back(n);
    bool ok = true;
    for (std::size_t k = 0; k < b.size() && dyadic; ++k) ok = ok && power_of_two(b.length(k));
    if (ok) best = std::min(best, partition_cost(x, b, penalty));
  }
  return best;
}

void check_buckets_valid(const Buckets& b, std::uint32_t n, bool dyadic) {
  REQUIRE(b.bounds.front() == 0);
  REQUIRE(b.bounds.back() == n);
  for (std::size_t k = 0; k < b.size(); ++k) {
    REQUIRE(b.lo(k) < b.hi(k));
    if (dyadic) CHECK(power_of_two(b.length(k)));
  }
}

// A workload of random ranges [a, b] over n cells.
Workload random_ranges(Stream& s, std::uint32_t n, std::size_t m) {
  Workload W;
  W.n = n;
  for (std::size_t i = 0; i < m; ++i) {
    std::uint32_t a = static_cast<std::uint32_t>(s.below(n)), b = static_cast<std::uint32_t>(s.below(n));
    if (a > b) std::swap(a, b);
    std::vector<std::uint32_t> cells;
    for (std::uint32_t c = a; c <= b; ++c) cells.push_back(c);
    W.add_row(cells);
  }
  return W;
}

Eigen::MatrixXd dense(const ReducedWorkload& Q) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(Q.queries()), Q.buckets);
  for (std::size_t i = 0; i < Q.queries(); ++i)
    for (std::uint64_t e = Q.offsets[i]; e < Q.offsets[i + 1]; ++e)
      M(static_cast<Eigen::Index>(i), Q.cols[e]) += Q.coef[e];
  return M;
}

// The strategy matrix A: one row w_v 1_v per strategy row.
Eigen::MatrixXd strategy_matrix(const Hierarchy& H) {
  const auto rows = strategy_rows(H);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows.size()), H.buckets);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const HierarchyNode& v = H.nodes[rows[r]];
    for (std::uint32_t j = v.lo; j < v.hi; ++j) A(static_cast<Eigen::Index>(r), j) = v.weight;
  }
  return A;
}

// trace(Q (A^T A)^+ Q^T) by a dense pseudo-inverse.
double dense_error(const ReducedWorkload& Q, const Hierarchy& H) {
  const Eigen::MatrixXd A = strategy_matrix(H), M = dense(Q);
  const Eigen::MatrixXd G = A.transpose() * A;
  const Eigen::MatrixXd Gp = G.completeOrthogonalDecomposition().pseudoInverse();
  return (M * Gp * M.transpose()).trace();
}

// Runs a registered algorithm once on `data`.
AlgorithmRun run(const std::string& name, const Histogram& data, const Params& given, std::uint64_t trial) {
  return run_algorithm(name, given, &data, Stream(5, hash64(name), trial), TrialSeeds{13, trial});
}

double mean_abs_error(const Outputs& out) {
  const auto& a = out.vector("answers");
  const auto& t = out.vector("truth");
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += std::fabs(a[i] - t[i]);
  return s / static_cast<double>(a.size());
}

}  // namespace

TEST_SUITE("dawa") {

TEST_CASE("interval deviations match their definition") {
  Stream s(1, 2, 3);
  for (std::uint32_t n : {1u, 2u, 3u, 5u, 8u, 13u, 37u}) {
    for (int kind = 0; kind < 3; ++kind) {
      // Few distinct integers (many ties), many distinct integers, real values.
      const std::vector<double> x = random_counts(s, n, kind == 0 ? 3 : 1000, kind < 2);
      for (IntervalFamily f : {IntervalFamily::All, IntervalFamily::Dyadic}) {
        const IntervalValues d = interval_deviations(x, f);
        REQUIRE(d.value.size() == IntervalValues::count(f, n));
        std::size_t seen = 0;
        for (std::uint32_t lo = 0; lo < n; ++lo)
          for (std::uint32_t len = 1; lo + len <= n; ++len) {
            if (f == IntervalFamily::Dyadic && !power_of_two(len)) continue;
            ++seen;
            const double direct = deviation(x, lo, lo + len);
            const double fast = d.value[d.index(lo, len)];
            CHECK(fast == doctest::Approx(direct).epsilon(1e-12).scale(1000));
          }
        CHECK(seen == d.value.size());
      }
    }
  }
  // A hand example: dev([1, 2, 6]) = |1-3| + |2-3| + |6-3| = 6.
  const std::vector<double> x = {1, 2, 6};
  CHECK(interval_deviations(x, IntervalFamily::All).value[2] == 6.0);
  // The buffer form reuses memory and gives the same values.
  IntervalValues buffer;
  interval_deviations(std::vector<double>(50, 1.0), IntervalFamily::All, buffer);
  interval_deviations(x, IntervalFamily::All, buffer);
  CHECK(buffer.value == interval_deviations(x, IntervalFamily::All).value);
}

TEST_CASE("the non-private L1 partition is the brute-force optimum") {
  Stream s(4, 5, 6);
  for (int rep = 0; rep < 40; ++rep) {
    const auto n = static_cast<std::uint32_t>(1 + rep % 10);
    const std::vector<double> x = random_counts(s, n, rep % 2 ? 4 : 50, rep % 3 != 0);
    for (double penalty : {0.0, 0.7, 5.0, 40.0}) {
      for (bool dyadic : {false, true}) {
        const Buckets b = l1_partition(x, dyadic ? IntervalFamily::Dyadic : IntervalFamily::All, penalty);
        check_buckets_valid(b, n, dyadic);
        CHECK(partition_cost(x, b, penalty) == doctest::Approx(brute_force_cost(x, penalty, dyadic)));
      }
    }
  }
  // A huge penalty: one bucket; a small one: the constant runs.
  const std::vector<double> x = {0, 0, 9, 9, 9, 1};
  CHECK(l1_partition(x, IntervalFamily::All, 1e9).size() == 1);
  CHECK(l1_partition(x, IntervalFamily::All, 0.5).bounds == std::vector<std::uint32_t>{0, 2, 5, 6});
  // Dyadic: the run of three 9s must be cut into lengths 2 + 1 (or 1 + 2).
  CHECK(l1_partition(x, IntervalFamily::Dyadic, 0.5).size() == 4);
}

TEST_CASE("the private partition with eps1 -> infinity is the optimum") {
  Stream s(7, 8, 9);
  for (int rep = 0; rep < 30; ++rep) {
    const auto n = static_cast<std::uint32_t>(2 + rep % 9);
    const std::vector<double> x = random_counts(s, n, 30, true);
    const double eps2 = 0.05 + 0.1 * (rep % 5);
    for (bool dyadic : {false, true}) {
      for (PartitionNoise kind : {PartitionNoise::Reference, PartitionNoise::Provable}) {
        PrivacyLedger ledger(1e12);
        Stream noise_stream(10, 11, static_cast<std::uint64_t>(rep));
        Mechanisms m(noise_stream, ledger);
        const Buckets b =
            private_l1_partition(x, dyadic ? IntervalFamily::Dyadic : IntervalFamily::All, kind, 1e11, eps2, m);
        check_buckets_valid(b, n, dyadic);
        CHECK(partition_cost(x, b, 1 / eps2) == doctest::Approx(brute_force_cost(x, 1 / eps2, dyadic)).epsilon(1e-7));
        CHECK(ledger.spent() == 1e11);
        CHECK(ledger.charges() == 1);
      }
    }
  }
}

TEST_CASE("partition noise scales") {
  // Provable: (Delta_b + Delta_n) / eps1 with Delta_b = 2 (1 - 1/|b|), singletons included.
  CHECK(partition_noise_scale(PartitionNoise::Provable, 1, 4096, 0.25) == doctest::Approx(2 * (1 - 1 / 4096.0) / 0.25));
  CHECK(partition_noise_scale(PartitionNoise::Provable, 2, 4, 1.0) == doctest::Approx(1.0 + 1.5));
  CHECK(partition_noise_scale(PartitionNoise::Provable, 4096, 4096, 0.5) == doctest::Approx(4 * (1 - 1 / 4096.0) / 0.5));
  // Reference (DPBench): (2 - 1/|b| - 1/n) / eps1, none on singletons.
  CHECK(partition_noise_scale(PartitionNoise::Reference, 1, 4096, 0.25) == 0.0);
  CHECK(partition_noise_scale(PartitionNoise::Reference, 2, 4, 1.0) == doctest::Approx(1.25));
  CHECK(partition_noise_scale(PartitionNoise::Reference, 64, 4096, 0.5) ==
        doctest::Approx(0.5 * partition_noise_scale(PartitionNoise::Provable, 64, 4096, 0.5)));
  // The sensitivity both rest on: one more record in a cell moves dev by at most Delta_b.
  Stream s(12, 13, 14);
  for (int rep = 0; rep < 200; ++rep) {
    const auto n = static_cast<std::uint32_t>(1 + s.below(12));
    std::vector<double> x = random_counts(s, n, 20, true);
    const double before = deviation(x, 0, n);
    x[s.below(n)] += 1;
    CHECK(std::fabs(deviation(x, 0, n) - before) <= 2 * (1 - 1.0 / n) + 1e-12);
  }
}

TEST_CASE("partition privacy on a three-cell example") {
  // x = (1, 0, 1) and its neighbour y = (1, 1, 1): the middle count's deviation drops in all
  // three intervals containing it at once. With the reference noise, all-singletons needs the
  // three noisy costs of those intervals to exceed thresholds that are each higher on y:
  // Pr_x / Pr_y = exp(1/1.1667 + 1/1.1667 + (4/3)/1.3333) = e^2.71 at eps1 = 1. The provable
  // noise keeps every output within e^eps1.
  const std::vector<double> x = {1, 0, 1}, y = {1, 1, 1};
  const double eps1 = 1.0, eps2 = 1 / 1.2;
  const int trials = 40000;
  auto frequencies = [&](const std::vector<double>& data, PartitionNoise kind, std::uint64_t seed) {
    std::vector<double> f(4, 0.0);  // by cut bits: 0 = one bucket, 3 = all singletons
    PrivacyLedger ledger(eps1 * trials);
    Stream st(seed, 1, 0);
    Mechanisms m(st, ledger);
    IntervalValues work;
    for (int t = 0; t < trials; ++t) {
      const Buckets b = private_l1_partition(data, IntervalFamily::All, kind, eps1, eps2, m, &work);
      unsigned cuts = 0;
      for (std::size_t k = 1; k + 1 < b.bounds.size(); ++k) cuts |= 1u << (b.bounds[k] - 1);
      f[cuts] += 1.0 / trials;
    }
    return f;
  };
  const auto px = frequencies(x, PartitionNoise::Provable, 21), py = frequencies(y, PartitionNoise::Provable, 22);
  for (int o = 0; o < 4; ++o) {
    if (px[o] < 0.01 || py[o] < 0.01) continue;  // too rare for a ratio to be measured
    const double se = std::sqrt(px[o] / trials) + std::sqrt(py[o] / trials);
    CHECK(px[o] <= std::exp(eps1) * (py[o] + 4 * se));
    CHECK(py[o] <= std::exp(eps1) * (px[o] + 4 * se));
  }
  const auto rx = frequencies(x, PartitionNoise::Reference, 23), ry = frequencies(y, PartitionNoise::Reference, 24);
  MESSAGE("Pr[all singletons]: reference x " << rx[3] << ", y " << ry[3] << "; provable x " << px[3] << ", y "
                                             << py[3]);
  // Expected 0.0399 and 0.00263 (ratio 15.2); 4 standard errors below that is still > e^2.
  CHECK(rx[3] == doctest::Approx(0.0399).epsilon(0.1));
  CHECK(ry[3] == doctest::Approx(0.00263).epsilon(0.25));
  CHECK(rx[3] > std::exp(2.0) * ry[3]);
}

TEST_CASE("reduced workload: fractions of buckets") {
  Workload W;
  W.n = 6;
  std::vector<std::uint32_t> q0 = {0, 1, 2, 3, 4, 5}, q1 = {1, 2}, q2 = {5};
  W.add_row(q0);
  W.add_row(q1);
  W.add_row(q2);
  Buckets b;
  b.bounds = {0, 1, 4, 6};  // [0], [1, 4), [4, 6)
  const ReducedWorkload Q = reduce_workload(W, b);
  const Eigen::MatrixXd M = dense(Q);
  Eigen::MatrixXd expect(3, 3);
  expect << 1, 1, 1, 0, 2.0 / 3, 0, 0, 0, 0.5;
  CHECK((M - expect).norm() < 1e-15);
  Buckets wrong;
  wrong.bounds = {0, 5};
  CHECK_CONTAINS(dplab::testing::error_of([&] { reduce_workload(W, wrong); }), "domain");
}

TEST_CASE("greedyH: the error formula equals trace(Q (A^T A)^+ Q^T)") {
  Stream s(31, 32, 33);
  for (int rep = 0; rep < 12; ++rep) {
    const auto n = static_cast<std::uint32_t>(8 + s.below(30));
    const Workload W = random_ranges(s, n, 1 + s.below(25));
    // A random partition of the cells into buckets.
    Buckets b;
    for (std::uint32_t c = 1; c < n; ++c)
      if (s.uniform() < 0.4) b.bounds.push_back(c);
    b.bounds.push_back(n);
    const ReducedWorkload Q = reduce_workload(W, b);
    const Hierarchy G = greedy_h(Q), U = uniform_hierarchy(Q.buckets);
    CHECK(strategy_sensitivity(G) == doctest::Approx(1.0));
    CHECK(strategy_sensitivity(U) == doctest::Approx(1.0));
    for (const Hierarchy* H : {&G, &U}) {
      const double mine = strategy_error(Q, *H), dense_value = dense_error(Q, *H);
      CHECK(mine == doctest::Approx(dense_value).epsilon(1e-8));
    }
  }
}

TEST_CASE("greedyH collapses nodes the workload cannot split") {
  // 8 buckets, queries only ever cover [0, 4) whole or [4, 8) whole (with different weights)
  // or the first bucket: the node [4, 8) is asked as a whole.
  ReducedWorkload Q;
  Q.buckets = 8;
  auto add = [&](std::vector<std::uint32_t> cols, double c) {
    for (auto j : cols) {
      Q.cols.push_back(j);
      Q.coef.push_back(c);
    }
    Q.offsets.push_back(Q.cols.size());
  };
  add({0, 1, 2, 3}, 1.0);
  add({4, 5, 6, 7}, 0.5);
  add({0, 1, 2, 3, 4, 5, 6, 7}, 1.0);
  add({0}, 0.25);
  const Hierarchy H = greedy_h(Q);
  bool found = false;
  for (const auto& v : H.nodes)
    if (v.lo == 4 && v.hi == 8) {
      found = true;
      CHECK(v.terminal);
      CHECK(v.weight > 0);
    }
  CHECK(found);
  CHECK(strategy_sensitivity(H) == doctest::Approx(1.0));
  CHECK(strategy_error(Q, H) == doctest::Approx(dense_error(Q, H)).epsilon(1e-9));
}

TEST_CASE("greedyH beats the plain hierarchy where it should") {
  // Single-bucket queries: the best strategy puts everything on the leaves (error = number of
  // distinct queried buckets weighted by their squared coefficients); the plain hierarchy
  // spreads the budget over all levels.
  ReducedWorkload Q;
  Q.buckets = 64;
  for (std::uint32_t j = 0; j < 64; ++j) {
    Q.cols.push_back(j);
    Q.coef.push_back(1.0);
    Q.offsets.push_back(Q.cols.size());
  }
  const Hierarchy G = greedy_h(Q), U = uniform_hierarchy(64);
  CHECK(strategy_error(Q, G) == doctest::Approx(64.0));
  CHECK(strategy_error(Q, G) < 0.5 * strategy_error(Q, U));
  // Long ranges (covering most of the domain) favour the upper levels.
  Stream s(40, 41, 42);
  ReducedWorkload R;
  R.buckets = 64;
  for (int i = 0; i < 50; ++i) {
    const auto a = static_cast<std::uint32_t>(s.below(4)), b = static_cast<std::uint32_t>(60 + s.below(4));
    for (std::uint32_t j = a; j < b; ++j) {
      R.cols.push_back(j);
      R.coef.push_back(1.0);
    }
    R.offsets.push_back(R.cols.size());
  }
  const Hierarchy GR = greedy_h(R);
  CHECK(strategy_error(R, GR) < strategy_error(R, U));
  CHECK(strategy_error(R, GR) < 0.5 * strategy_error(R, uniform_hierarchy(64)));
}

TEST_CASE("tree least squares equals the dense minimum-norm solution") {
  Stream s(50, 51, 52);
  for (int rep = 0; rep < 10; ++rep) {
    const auto n = static_cast<std::uint32_t>(5 + s.below(25));
    const Workload W = random_ranges(s, n, 1 + s.below(8));
    Buckets b;
    for (std::uint32_t c = 1; c < n; ++c)
      if (s.uniform() < 0.5) b.bounds.push_back(c);
    b.bounds.push_back(n);
    const ReducedWorkload Q = reduce_workload(W, b);
    for (const Hierarchy& H : {greedy_h(Q), uniform_hierarchy(Q.buckets)}) {
      const auto rows = strategy_rows(H);
      std::vector<double> y(rows.size());
      for (double& v : y) v = 10 * s.uniform() - 3;
      const std::vector<double> total = strategy_least_squares(H, y);
      const Eigen::MatrixXd A = strategy_matrix(H);
      const Eigen::VectorXd yv = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
      const Eigen::VectorXd z = A.completeOrthogonalDecomposition().solve(yv);
      for (std::size_t v = 0; v < H.nodes.size(); ++v) {
        const HierarchyNode& node = H.nodes[v];
        if (!node.terminal || node.weight <= 0) continue;
        const double dense_total = z.segment(node.lo, node.hi - node.lo).sum();
        CHECK(total[v] == doctest::Approx(dense_total).epsilon(1e-9).scale(10));
      }
    }
  }
}

TEST_CASE("DAWA spends exactly eps in two charges") {
  Histogram h;
  h.name = "steps";
  for (std::size_t i = 0; i < 300; ++i) h.counts.push_back(static_cast<double>((i / 50) % 3) * 20.0);
  for (double eps : {0.1, 1.0, 3.7}) {
    for (double ratio : {0.1, 0.25, 0.5, 0.9}) {
      for (const char* part : {"exact", "dyadic"}) {
        for (const char* wl : {"random_range", "hot_normal"}) {
          Params p;
          p.set("eps", eps);
          p.set("ratio", ratio);
          p.set("partition", std::string(part));
          p.set("workload", std::string(wl));
          p.set("queries", std::int64_t{100});
          const AlgorithmRun t = run("workload_division.dawa", h, p, 3);
          CHECK(t.spent_eps == doctest::Approx(eps).epsilon(1e-12));
          CHECK(t.charges == 2);
          CHECK(t.outputs.vector("answers").size() == 100);
          CHECK(t.outputs.scalar("buckets") >= 1);
        }
      }
    }
  }
}

TEST_CASE("DAWA beats Identity on a piecewise-constant histogram with range queries") {
  // 1024 cells in 8 constant pieces: DAWA's partition finds the pieces and answers long ranges
  // from few noisy totals; Identity sums |range| independent noises. With the provable
  // partition noise (the default) the partition is much finer (see below).
  Histogram h;
  h.name = "pieces";
  const double level[8] = {0, 40, 40, 5, 0, 120, 10, 0};
  for (std::size_t i = 0; i < 1024; ++i) h.counts.push_back(level[i / 128]);
  auto upper = [](const std::vector<double>& v) {
    const Summary s = summarize(v);
    return s.mean + student_t_quantile(0.9995, static_cast<double>(v.size() - 1)) * s.sd / std::sqrt(v.size());
  };
  auto lower = [](const std::vector<double>& v) {
    const Summary s = summarize(v);
    return s.mean - student_t_quantile(0.9995, static_cast<double>(v.size() - 1)) * s.sd / std::sqrt(v.size());
  };
  // Only DPBench's partition noise is asserted to win: the provable noise scale is about 12 times the bucket
  // penalty (16/eps against 1/(0.75 eps)) at every eps, so the least-cost partition follows negative noise into many small
  // buckets and DAWA lands near Identity (measured here and reported in the README, not asserted).
  for (const auto& [noise, eps] : {std::pair<std::string, double>{"reference", 0.5}, {"provable", 8.0}}) {
    std::vector<double> dawa, dyadic, identity;
    for (std::uint64_t t = 0; t < 20; ++t) {
      Params p;
      p.set("eps", eps);
      p.set("workload", std::string("random_range"));
      p.set("queries", std::int64_t{300});
      p.set("partition_noise", noise);
      dawa.push_back(mean_abs_error(run("workload_division.dawa", h, p, t).outputs));
      identity.push_back(mean_abs_error(run("workload_division.identity", h, p, t).outputs));
      p.set("partition", std::string("dyadic"));
      dyadic.push_back(mean_abs_error(run("workload_division.dawa", h, p, t).outputs));
    }
    MESSAGE(noise << " noise, eps " << eps << ": mean L1 error per query: DAWA " << summarize(dawa).mean
                  << ", DAWA dyadic " << summarize(dyadic).mean << ", Identity " << summarize(identity).mean);
    // Paired by trial (same public workload): the error ratio's interval lies below 1.
    std::vector<double> ratio, ratio_dyadic;
    for (std::size_t t = 0; t < dawa.size(); ++t) {
      ratio.push_back(dawa[t] / identity[t]);
      ratio_dyadic.push_back(dyadic[t] / identity[t]);
    }
    MESSAGE(noise << " noise: DAWA / Identity per trial, mean " << summarize(ratio).mean << " (99.9% upper "
                  << upper(ratio) << "), dyadic " << summarize(ratio_dyadic).mean);
    if (noise == "reference") {
      CHECK(upper(ratio) < 1.0);
      CHECK(upper(ratio_dyadic) < 1.0);
      CHECK(upper(dawa) < lower(identity));
    }
  }
}

TEST_CASE("bad parameters give clear errors") {
  const AlgorithmInfo info = find_algorithm("workload_division.dawa").info();
  const ParamSpec* ratio = find_param(info.params, "ratio");
  const ParamSpec* partition = find_param(info.params, "partition");
  REQUIRE(ratio);
  REQUIRE(partition);
  for (const char* bad : {"0", "1", "-0.5", "1.5", "nan"}) {
    auto r = ratio->parse(bad);
    REQUIRE(std::holds_alternative<std::string>(r));
    CHECK_CONTAINS(std::get<std::string>(r), "(0, 1)");
  }
  auto r = partition->parse("approx");
  REQUIRE(std::holds_alternative<std::string>(r));
  CHECK_CONTAINS(std::get<std::string>(r), "dyadic");
  CHECK_CONTAINS(dplab::testing::error_of([] { interval_family("approx"); }), "'exact' or 'dyadic'");
  PrivacyLedger ledger(1);
  Stream st(1, 1, 1);
  Mechanisms m(st, ledger);
  const std::vector<double> x = {1, 2, 3};
  const PartitionNoise ref = PartitionNoise::Reference;
  CHECK_CONTAINS(dplab::testing::error_of([&] { private_l1_partition(x, IntervalFamily::All, ref, 0, 1, m); }), "eps1");
  CHECK_CONTAINS(dplab::testing::error_of([&] { private_l1_partition({}, IntervalFamily::All, ref, 1, 1, m); }), "empty");
  const std::vector<double> bad = {1, NAN, 3};
  CHECK_CONTAINS(dplab::testing::error_of([&] { private_l1_partition(bad, IntervalFamily::All, ref, 1, 1, m); }),
                 "finite");
  CHECK_CONTAINS(dplab::testing::error_of([] { partition_noise("dpbench"); }), "'reference' or 'provable'");
  auto noise_param = find_param(info.params, "partition_noise")->parse("exact");
  REQUIRE(std::holds_alternative<std::string>(noise_param));
  CHECK_CONTAINS(std::get<std::string>(noise_param), "provable");
  CHECK_CONTAINS(dplab::testing::error_of([] { binary_tree(0); }), "at least one bucket");
}

}  // TEST_SUITE
