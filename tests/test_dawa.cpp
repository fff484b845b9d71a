// Tests of DAWA (Li, Hay, Miklau, Wang 2014; algorithms/baselines/): the L1 partition of stage 1
// against brute force, the bucket workload, the hierarchy pass, the strategy error and least
// squares against dense linear algebra, the privacy accounting, and the whole algorithm against
// Identity. greedyH against DPBench's has its own suite (greedy_h).
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/baselines/bucket_workload.hpp"
#include "algorithms/baselines/greedy_h.hpp"
#include "algorithms/baselines/hierarchy.hpp"
#include "algorithms/baselines/hierarchy_pass.hpp"
#include "algorithms/baselines/l1_partition.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "algorithms/linear_queries/workload_problem.hpp"
#include "core/simd.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/stats.hpp"
#include "test_support.hpp"

using namespace dplab;
using namespace dplab::baselines;
using namespace dplab::linear_queries;

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

// A workload of random ranges [a, b] over n cells, some with scattered cells too (runs).
Workload random_ranges(Stream& s, std::uint32_t n, std::size_t m) {
  Workload W;
  W.n = n;
  for (std::size_t i = 0; i < m; ++i) {
    std::uint32_t a = static_cast<std::uint32_t>(s.below(n)), b = static_cast<std::uint32_t>(s.below(n));
    if (a > b) std::swap(a, b);
    std::vector<std::uint32_t> cells;
    for (std::uint32_t c = a; c <= b; ++c)
      if (i % 3 || s.uniform() < 0.5) cells.push_back(c);
    W.add_row(cells);
  }
  return W;
}

Eigen::MatrixXd dense(const BucketWorkload& Q) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(Q.queries()), Q.buckets);
  for (std::size_t i = 0; i < Q.queries(); ++i)
    for (const Segment& g : Q.row(i))
      for (std::uint32_t k = g.first; k < g.last; ++k) M(static_cast<Eigen::Index>(i), k) += g.coef;
  return M;
}

// Q = W E by dense algebra: E spreads a bucket's total evenly over its cells.
Eigen::MatrixXd dense_reduction(const Workload& W, const Buckets& b) {
  Eigen::MatrixXd Wd = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(W.queries()), W.n);
  for (std::size_t i = 0; i < W.queries(); ++i)
    for (auto c : W.cells(i)) Wd(static_cast<Eigen::Index>(i), c) = 1;
  Eigen::MatrixXd E = Eigen::MatrixXd::Zero(W.n, static_cast<Eigen::Index>(b.size()));
  for (std::size_t k = 0; k < b.size(); ++k)
    for (std::uint32_t c = b.lo(k); c < b.hi(k); ++c) E(c, static_cast<Eigen::Index>(k)) = 1.0 / b.length(k);
  return Wd * E;
}

// A random partition of n cells.
Buckets random_buckets(Stream& s, std::uint32_t n, double cut) {
  Buckets b;
  for (std::uint32_t c = 1; c < n; ++c)
    if (s.uniform() < cut) b.bounds.push_back(c);
  b.bounds.push_back(n);
  return b;
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
double dense_error(const BucketWorkload& Q, const Hierarchy& H) {
  const Eigen::MatrixXd A = strategy_matrix(H), M = dense(Q);
  const Eigen::MatrixXd G = A.transpose() * A;
  const Eigen::MatrixXd Gp = G.completeOrthogonalDecomposition().pseudoInverse();
  return (M * Gp * M.transpose()).trace();
}

// Runs a registered algorithm once on `data`.
AlgorithmRun run(const std::string& name, const Histogram& data, const Params& given, std::uint64_t trial) {
  return run_algorithm(name, given, &data, Stream(5, hash64(name), trial), TrialSeeds{13, trial});
}

double mean_abs_error(const Outputs& out, const Histogram& data) {
  const auto& a = out.vector("answers");
  const auto t = out.object<WorkloadOutput>("workload")->W.answer(data.counts);
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

// The buckets of a recursion's record: start[e] is where the last bucket of [0, e) starts.
Buckets read_back(const std::vector<std::uint32_t>& start, std::uint32_t n) {
  std::vector<std::uint32_t> rev;
  for (std::uint32_t e = n; e > 0; e = start[e]) rev.push_back(e);
  Buckets b;
  b.bounds.assign(rev.rbegin(), rev.rend());
  b.bounds.insert(b.bounds.begin(), 0);
  return b;
}

// DPBench's least-cost recursion as its C code writes it (dpcomp_core cutil.cpp, run by ektelo):
// the singleton first, then L1partition's starts in ascending order with a strict "<" (exact),
// or L1partition_approx's lengths 2, 4, ... with "<=" (dyadic); the last buckets read back.
Buckets dpbench_recursion(const IntervalValues& c) {
  const std::uint32_t n = c.n;
  std::vector<double> cum(n + 1, 0.0);
  std::vector<std::uint32_t> lbound(n + 1, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    cum[i + 1] = cum[i] + c.value[c.index(i, 1)];
    lbound[i + 1] = i;
    if (c.family == IntervalFamily::All) {
      for (std::uint32_t j = 0; j < i; ++j) {
        const double cur = cum[j] + c.value[c.index(j, i + 1 - j)];
        if (cur < cum[i + 1]) cum[i + 1] = cur, lbound[i + 1] = j;
      }
    } else {
      for (std::uint32_t len = 2; len <= i + 1; len <<= 1) {
        const double cur = cum[i + 1 - len] + c.value[c.index(i + 1 - len, len)];
        if (cur <= cum[i + 1]) cum[i + 1] = cur, lbound[i + 1] = i + 1 - len;
      }
    }
  }
  return read_back(lbound, n);
}

// The same recursion keeping the latest start among equals (starts in ascending order, "<=").
Buckets latest_start_recursion(const IntervalValues& c) {
  const std::uint32_t n = c.n;
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  std::vector<std::uint32_t> from(n + 1, 0);
  best[0] = 0;
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t e = s + 1; e <= n; ++e) {
      if (c.family == IntervalFamily::Dyadic && !power_of_two(e - s)) continue;
      const double cur = best[s] + c.value[c.index(s, e - s)];
      if (cur <= best[e]) best[e] = cur, from[e] = s;
    }
  return read_back(from, n);
}

TEST_CASE("ties among least-cost partitions: DPBench's rule as its code, LatestStart as documented") {
  // Costs of 1, 2 or 3 (the penalty and small multiples, as DPBench's floor makes them): most
  // ends have several least-cost partitions.
  Stream s(31, 32, 33);
  int differ = 0;
  for (int rep = 0; rep < 400; ++rep) {
    const auto n = static_cast<std::uint32_t>(2 + rep % 15);
    for (IntervalFamily family : {IntervalFamily::All, IntervalFamily::Dyadic}) {
      IntervalValues c;
      c.family = family;
      c.n = n;
      c.value.resize(IntervalValues::count(family, n));
      for (double& v : c.value) v = 1.0 + static_cast<double>(s.below(3));
      const Buckets dp = least_cost_partition(c, TieRule::DPBench), late = least_cost_partition(c, TieRule::LatestStart);
      CHECK(dp.bounds == dpbench_recursion(c).bounds);
      CHECK(late.bounds == latest_start_recursion(c).bounds);
      differ += dp.bounds != late.bounds;
    }
  }
  CHECK(differ > 100);  // the two rules do differ on such costs
  // The private partition with DPBench's noise breaks ties as DPBench, in the streamed exact
  // family too: replayed here with the same draws on the stored candidates. Sparse counts and a
  // penalty (1/eps2 = 1) under the noise's scale (about 4), so that many noisy costs are floored
  // to exactly the penalty and the singleton often ties with a longer last bucket (giving the
  // singleton no priority in the streamed family fails 46 of these checks).
  int compared = 0;
  for (int rep = 0; rep < 300; ++rep) {
    const auto n = static_cast<std::uint32_t>(3 + rep % 18);
    std::vector<double> x(n, 0.0);
    for (double& v : x) v = s.below(4) == 0 ? static_cast<double>(s.below(3)) : 0.0;
    const double eps1 = 0.5, eps2 = 1.0;
    for (IntervalFamily family : {IntervalFamily::All, IntervalFamily::Dyadic}) {
      PrivacyLedger l1(1e9), l2(1e9);
      Stream a(40, 41, static_cast<std::uint64_t>(rep)), b(40, 41, static_cast<std::uint64_t>(rep));
      Mechanisms m1(a, l1), m2(b, l2);
      const Buckets got = private_l1_partition(x, family, PartitionNoise::Reference, eps1, eps2, m1);
      IntervalValues c = interval_deviations(x, family);
      Mechanisms::LaplaceBlocks blocks = m2.laplace_blocks(1.0, eps1);
      // The draws in the layout's order: by start (exact) or by length (dyadic), one block each.
      std::size_t at = 0;
      for (std::uint32_t row = 0; at < c.value.size(); ++row) {
        const std::uint32_t size = family == IntervalFamily::All ? n - row : n - (1u << row) + 1;
        for (std::uint32_t k = 0; k < size; ++k) {
          const std::uint32_t len = family == IntervalFamily::All ? k + 1 : 1u << row;
          const double unit = partition_noise_scale(PartitionNoise::Reference, len, n, eps1) * eps1;
          c.value[at + k] *= unit > 0 ? 1 / unit : 0.0;
        }
        blocks.add(std::span<double>(c.value.data() + at, size));
        for (std::uint32_t k = 0; k < size; ++k) {
          const std::uint32_t len = family == IntervalFamily::All ? k + 1 : 1u << row;
          const double unit = partition_noise_scale(PartitionNoise::Reference, len, n, eps1) * eps1;
          c.value[at + k] = std::max(c.value[at + k] * unit + 1 / eps2, 1 / eps2);
        }
        at += size;
      }
      CHECK(got.bounds == dpbench_recursion(c).bounds);
      ++compared;
    }
  }
  CHECK(compared == 600);
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

TEST_CASE("bucket workload: fractions of buckets, as segments") {
  Workload W;
  W.n = 6;
  W.add_range(0, 6);
  W.add_row(std::vector<std::uint32_t>{1, 2});
  W.add_row(std::vector<std::uint32_t>{5});
  W.add_row(std::vector<std::uint32_t>{1, 3, 4, 5});
  Buckets b;
  b.bounds = {0, 1, 4, 6};  // [0], [1, 4), [4, 6)
  const BucketWorkload Q = reduce_workload(W, b);
  const Eigen::MatrixXd M = dense(Q);
  Eigen::MatrixXd expect(4, 3);
  // Row 3: cells 1 and 3 are two runs inside bucket [1, 4): their fractions add up to 2/3.
  expect << 1, 1, 1, 0, 2.0 / 3, 0, 0, 0, 0.5, 0, 2.0 / 3, 1;
  CHECK((M - expect).norm() < 1e-15);
  // The whole domain is one coefficient-1 segment; equal neighbours merge.
  REQUIRE(Q.row(0).size() == 1);
  CHECK((Q.row(0)[0].first == 0 && Q.row(0)[0].last == 3 && Q.row(0)[0].coef == 1.0));
  Buckets wrong;
  wrong.bounds = {0, 5};
  CHECK_CONTAINS(dplab::testing::error_of([&] { reduce_workload(W, wrong); }), "domain");
  // Against dense algebra on random workloads and partitions.
  Stream s(21, 22, 23);
  for (int rep = 0; rep < 30; ++rep) {
    const auto n = static_cast<std::uint32_t>(1 + s.below(40));
    const Workload R = random_ranges(s, n, 1 + s.below(15));
    const Buckets B = random_buckets(s, n, 0.1 + 0.8 * s.uniform());
    const BucketWorkload QR = reduce_workload(R, B);
    CHECK((dense(QR) - dense_reduction(R, B)).norm() < 1e-12);
    for (std::size_t i = 0; i < QR.queries(); ++i) {
      const auto row = QR.row(i);
      for (std::size_t k = 0; k < row.size(); ++k) {
        CHECK(row[k].first < row[k].last);
        CHECK(row[k].coef > 0);
        CHECK(row[k].coef <= 1 + 1e-15);
        if (k) CHECK(row[k - 1].last <= row[k].first);
        if (k && row[k - 1].last == row[k].first) CHECK(row[k - 1].coef != row[k].coef);
      }
    }
  }
}

TEST_CASE("hierarchy pass: every quadratic form against dense algebra") {
  Stream s(24, 25, 26);
  for (int rep = 0; rep < 25; ++rep) {
    const auto n = static_cast<std::uint32_t>(1 + s.below(60));
    const Workload W = random_ranges(s, n, 1 + s.below(20));
    const BucketWorkload Q = reduce_workload(W, random_buckets(s, n, 0.5));
    const Eigen::MatrixXd D = dense(Q);
    const Hierarchy H = binary_tree(Q.buckets);
    HierarchyPass pass(Q, H);
    std::vector<double> w(Q.queries());
    for (double& x : w) x = static_cast<double>(1 + s.below(5));
    const bool weighted = rep % 2;
    if (weighted) pass.set_weights(w);
    std::vector<double> U(Q.buckets);
    for (double& u : U) u = s.uniform() * 3 - 1;
    for (std::size_t d = 0; d < pass.depths(); ++d) {
      pass.run(d, U);
      const auto& list = pass.nodes(d);
      for (std::size_t a = 0; a < list.size(); ++a) {
        const HierarchyNode& v = H.nodes[list[a]];
        CAPTURE(rep);
        CAPTURE(v.lo);
        CAPTURE(v.hi);
        CAPTURE(weighted);
        if (a) CHECK(H.nodes[list[a - 1]].hi <= v.lo);
        const std::uint32_t mid = v.lo + (v.hi - v.lo) / 2;
        double quad = 0, split = 0, full = 0;
        bool mixed = false;
        for (Eigen::Index i = 0; i < D.rows(); ++i) {
          const double wi = weighted ? w[static_cast<std::size_t>(i)] : 1.0;
          double all = 0, left = 0, right = 0;
          bool alike = true;
          for (std::uint32_t j = v.lo; j < v.hi; ++j) {
            all += D(i, j) * U[j];
            (j < mid ? left : right) += D(i, j) * U[j];
            alike = alike && D(i, j) == D(i, v.lo);
          }
          quad += wi * all * all;
          if (v.hi - v.lo > 1) split += wi * (left * left + right * right);
          if (alike) full += wi * D(i, v.lo) * D(i, v.lo);
          mixed = mixed || !alike;
        }
        CHECK(pass.quad[a] == doctest::Approx(quad).epsilon(1e-10).scale(1));
        CHECK(pass.split[a] == doctest::Approx(split).epsilon(1e-10).scale(1));
        CHECK(pass.mixed(d, a) == mixed);
        if (!mixed) CHECK(pass.full_sq[a] == doctest::Approx(full).epsilon(1e-12));
      }
    }
  }
}

TEST_CASE("hierarchy pass: several vectors at once give each one's bits, at every SIMD level") {
  // greedyH tries its candidates side by side (HierarchyPass::run with lanes): each lane must be
  // the single run's value bit for bit, in the scalar lanes and in the AVX-512 ones. Rows with
  // gaps (random_ranges keeps half the cells of every third) give (query, node) groups.
  Stream s(41, 42, 43);
  for (int rep = 0; rep < 20; ++rep) {
    const auto n = static_cast<std::uint32_t>(8 + s.below(90));
    const BucketWorkload Q = reduce_workload(random_ranges(s, n, 1 + s.below(30)), random_buckets(s, n, 0.5));
    const Hierarchy H = binary_tree(Q.buckets);
    HierarchyPass pass(Q, H);
    std::vector<double> w(Q.queries());
    for (double& x : w) x = s.uniform() * 2;
    if (rep % 2) pass.set_weights(w);
    const std::size_t C = 2 + s.below(7);  // 2 .. 8 lanes
    std::vector<double> U(Q.buckets * C);
    for (double& u : U) u = s.uniform() * 3 - 1;
    CAPTURE(rep);
    CAPTURE(C);
    for (std::size_t d = 0; d < pass.depths(); ++d) {
      std::vector<double> quad(pass.nodes(d).size() * C), split(quad.size());
      simd::set_level(simd::Level::scalar);
      for (std::size_t c = 0; c < C; ++c) {
        std::vector<double> one(Q.buckets);
        for (std::uint32_t j = 0; j < Q.buckets; ++j) one[j] = U[j * C + c];
        pass.run(d, one);
        for (std::size_t a = 0; a < pass.nodes(d).size(); ++a) {
          quad[a * C + c] = pass.quad[a];
          split[a * C + c] = pass.split[a];
        }
      }
      for (const simd::Level level : {simd::Level::scalar, simd::Level::avx512}) {
        if (simd::supported() < level) {
          MESSAGE("skipped: this CPU has no " << simd::name(level));
          continue;
        }
        simd::set_level(level);
        pass.run(d, U, C);
        const std::string level_name = simd::name(level);
        CAPTURE(level_name);
        REQUIRE(pass.quad.size() == quad.size());
        CHECK(std::memcmp(pass.quad.data(), quad.data(), quad.size() * sizeof(double)) == 0);
        CHECK(std::memcmp(pass.split.data(), split.data(), split.size() * sizeof(double)) == 0);
      }
      simd::set_level(simd::supported());
    }
  }
  std::vector<double> U(4);
  BucketWorkload two;
  two.buckets = 2;
  HierarchyPass pass(two, binary_tree(2));
  CHECK_CONTAINS(dplab::testing::error_of([&] { pass.run(0, U, 3); }), "4 values for 3 vectors of 2 buckets");
}

TEST_CASE("greedyH: the error formula equals trace(Q (A^T A)^+ Q^T)") {
  Stream s(31, 32, 33);
  for (int rep = 0; rep < 12; ++rep) {
    const auto n = static_cast<std::uint32_t>(8 + s.below(30));
    const Workload W = random_ranges(s, n, 1 + s.below(25));
    const BucketWorkload Q = reduce_workload(W, random_buckets(s, n, 0.4));
    const GreedyHResult G = greedy_h(Q);
    const Hierarchy U = uniform_hierarchy(Q.buckets), D2 = greedy_h_with(Q, 2.0, 0), W2 = greedy_h_with(Q, 2.0, 2);
    CHECK(strategy_sensitivity(G.H) == doctest::Approx(1.0));
    CHECK(strategy_sensitivity(U) == doctest::Approx(1.0));
    CHECK(strategy_sensitivity(D2) == doctest::Approx(1.0));
    CHECK(strategy_sensitivity(W2) == doctest::Approx(1.0));
    CHECK(G.error == doctest::Approx(strategy_error(Q, G.H)).epsilon(1e-14));
    for (const Hierarchy* H : {&G.H, &U, &D2, &W2}) {
      const double mine = strategy_error(Q, *H), dense_value = dense_error(Q, *H);
      CHECK(mine == doctest::Approx(dense_value).epsilon(1e-8));
    }
    // The best candidate is at least as good as each one tried.
    for (double a : GreedyHOptions{}.weight_exponents)
      for (double base : GreedyHOptions{}.decay_bases)
        CHECK(G.error <= strategy_error(Q, greedy_h_with(Q, base, a)) * (1 + 1e-12));
  }
  CHECK_CONTAINS(dplab::testing::error_of([] { greedy_h_with(BucketWorkload{}, 0.5, 0); }), ">= 1");
  CHECK_CONTAINS(dplab::testing::error_of([] { greedy_h_with(BucketWorkload{}, 2, -1); }), ">= 0");
}

TEST_CASE("greedyH collapses nodes the workload cannot split") {
  // 8 buckets, queries only ever cover [0, 4) whole or [4, 8) whole (with different weights)
  // or the first bucket: the node [4, 8) is asked as a whole.
  BucketWorkload Q;
  Q.buckets = 8;
  auto add = [&](std::vector<std::uint32_t> cols, double c) {
    std::vector<std::pair<std::uint32_t, double>> row;
    for (auto j : cols) row.push_back({j, c});
    Q.add_row(row);
  };
  add({0, 1, 2, 3}, 1.0);
  add({4, 5, 6, 7}, 0.5);
  add({0, 1, 2, 3, 4, 5, 6, 7}, 1.0);
  add({0}, 0.25);
  const Hierarchy H = greedy_h(Q).H;
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
  BucketWorkload Q;
  Q.buckets = 64;
  for (std::uint32_t j = 0; j < 64; ++j) Q.add_row(std::vector<std::pair<std::uint32_t, double>>{{j, 1.0}});
  const Hierarchy G = greedy_h(Q).H, U = uniform_hierarchy(64);
  CHECK(strategy_error(Q, G) == doctest::Approx(64.0));
  CHECK(strategy_error(Q, G) < 0.5 * strategy_error(Q, U));
  // Long ranges (covering most of the domain) favour the upper levels.
  Stream s(40, 41, 42);
  BucketWorkload R;
  R.buckets = 64;
  for (int i = 0; i < 50; ++i) {
    const auto a = static_cast<std::uint32_t>(s.below(4)), b = static_cast<std::uint32_t>(60 + s.below(4));
    std::vector<std::pair<std::uint32_t, double>> row;
    for (std::uint32_t j = a; j < b; ++j) row.push_back({j, 1.0});
    R.add_row(row);
  }
  const Hierarchy GR = greedy_h(R).H;
  CHECK(strategy_error(R, GR) < strategy_error(R, U));
  CHECK(strategy_error(R, GR) < 0.5 * strategy_error(R, uniform_hierarchy(64)));
}

TEST_CASE("tree least squares equals the dense minimum-norm solution") {
  Stream s(50, 51, 52);
  for (int rep = 0; rep < 10; ++rep) {
    const auto n = static_cast<std::uint32_t>(5 + s.below(25));
    const Workload W = random_ranges(s, n, 1 + s.below(8));
    const BucketWorkload Q = reduce_workload(W, random_buckets(s, n, 0.5));
    for (const Hierarchy& H : {greedy_h(Q).H, uniform_hierarchy(Q.buckets)}) {
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
          const AlgorithmRun t = run("baselines.dawa", h, p, 3);
          CHECK(t.spent_eps == doctest::Approx(eps).epsilon(1e-12));
          CHECK(t.charges == 2);
          CHECK(t.outputs.vector("answers").size() == 100);
          CHECK(t.outputs.scalar("buckets") >= 1);
        }
      }
    }
  }
}

TEST_CASE("bad parameters give clear errors") {
  const AlgorithmInfo info = find_algorithm("baselines.dawa").info();
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

TEST_SUITE("dawa_statistical") {

TEST_CASE("partition privacy on a three-cell example") {
  // False failures: the provable-noise ratio checks are one-sided at 4 standard errors (< 3.2e-5
  // each, 8 at most); the reference frequencies two-sided at 4.5 (6.8e-6 each); the ratio > e^2
  // is 11 standard errors from failing. Together < 3e-4 per seed.
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
  // (Absolute margins: doctest's Approx adds a scale of 1 and would accept anything here.)
  CHECK(std::fabs(rx[3] - 0.0399) < 4.5 * std::sqrt(0.0399 * (1 - 0.0399) / trials));
  CHECK(std::fabs(ry[3] - 0.00263) < 4.5 * std::sqrt(0.00263 * (1 - 0.00263) / trials));
  CHECK(rx[3] > std::exp(2.0) * ry[3]);
}

TEST_CASE("DAWA beats Identity on a piecewise-constant histogram with range queries") {
  // False failures: each 99.95% one-sided t bound fails with probability 5e-4 when the claim
  // holds; three checks: < 1.5e-3.
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
  // buckets and DAWA lands near Identity (measured here and reported in docs/papers/workload_division.md, not asserted).
  for (const auto& [noise, eps] : {std::pair<std::string, double>{"reference", 0.5}, {"provable", 8.0}}) {
    std::vector<double> dawa, dyadic, identity;
    for (std::uint64_t t = 0; t < 20; ++t) {
      Params p;
      p.set("eps", eps);
      p.set("workload", std::string("random_range"));
      p.set("queries", std::int64_t{300});
      p.set("partition_noise", noise);
      dawa.push_back(mean_abs_error(run("baselines.dawa", h, p, t).outputs, h));
      identity.push_back(mean_abs_error(run("baselines.identity", h, p, t).outputs, h));
      p.set("partition", std::string("dyadic"));
      dyadic.push_back(mean_abs_error(run("baselines.dawa", h, p, t).outputs, h));
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

}  // TEST_SUITE
