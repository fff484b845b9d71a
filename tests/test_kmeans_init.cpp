// The k-means initialisations of algorithms/clustering/init.hpp (issue 32): the public ones
// (uniform, Su et al.'s sphere packing) are functions of the stream alone, the data-drawn ones
// (data records, k-means++) are not; budget_series.dp_kmeans declares each one's privacy status;
// k-means++ follows its D^2 law (statistical suite).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "algorithms/clustering/init.hpp"
#include "clustering_fixtures.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"

using namespace dplab;
using clustering::Init;

namespace {

// The blobs of clustering_fixtures moved to [-1, 1]^2 (budget_series scales its data there).
PointSet centred_blobs(std::size_t per_cluster, std::uint64_t seed) {
  Stream s(seed, 1, 1);
  PointSet p = testing::blobs(per_cluster, s);
  for (double& v : p.x) v = 2 * v - 1;
  return p;
}

std::vector<double> start(const PointSet& data, Init init, std::size_t k) {
  Stream s(42, 7, 3);
  return clustering::initial_centroids(s, data, k, init, {-1, 1});
}

}  // namespace

TEST_SUITE("kmeans_init") {
  TEST_CASE("uniform and sphere packing give the same start on two datasets; data and k-means++ do not") {
    const PointSet a = centred_blobs(50, 1), b = centred_blobs(80, 2);
    for (Init init : {Init::Uniform, Init::SpherePacking}) CHECK(start(a, init, 8) == start(b, init, 8));
    for (Init init : {Init::DataPoints, Init::KMeansPP}) CHECK(start(a, init, 8) != start(b, init, 8));
  }

  TEST_CASE("sphere packing: k centroids at least a from the faces and 2a apart, reproducible from the stream") {
    for (std::size_t k : {1, 3, 8, 20}) {
      Stream s(42, 7, 3);
      double a = 0;
      const std::vector<double> c = clustering::sphere_packing_centroids(s, k, 2, {-1, 1}, &a);
      REQUIRE(c.size() == 2 * k);
      CAPTURE(k);
      CAPTURE(a);
      // Without a restart a = 1 and the box shrinks to its centre; 8 balls of radius a fit in
      // the 2 x 2 square only for a < 0.5, and random placement finds a well above 0.1.
      if (k == 1) CHECK(c == std::vector<double>{0, 0});
      if (k == 8) CHECK((a > 0.1 && a < 0.5));
      for (std::size_t i = 0; i < k; ++i) {
        for (int t = 0; t < 2; ++t) CHECK(std::min(c[2 * i + t] + 1, 1 - c[2 * i + t]) >= a - 1e-12);
        for (std::size_t j = 0; j < i; ++j)
          CHECK(std::hypot(c[2 * i] - c[2 * j], c[2 * i + 1] - c[2 * j + 1]) >= 2 * a - 1e-12);
      }
    }
    const PointSet a = centred_blobs(10, 1);
    CHECK(start(a, Init::SpherePacking, 8) == start(a, Init::SpherePacking, 8));
  }

  TEST_CASE("k-means++ draws distinct data records; too few distinct rows throws") {
    const PointSet a = centred_blobs(30, 3);
    const std::vector<double> c = start(a, Init::KMeansPP, 5);
    for (std::size_t i = 0; i < 5; ++i) {
      bool is_row = false;
      for (std::size_t r = 0; r < a.n && !is_row; ++r) is_row = a.x[2 * r] == c[2 * i] && a.x[2 * r + 1] == c[2 * i + 1];
      CHECK(is_row);
      for (std::size_t j = 0; j < i; ++j) CHECK((c[2 * i] != c[2 * j] || c[2 * i + 1] != c[2 * j + 1]));
    }
    PointSet two;
    two.name = "two";
    two.d = 1;
    two.n = 3;
    two.x = {0.5, 0.5, -0.5};
    CHECK_THROWS_WITH_AS(start(two, Init::KMeansPP, 3), doctest::Contains("fewer than k = 3 distinct"), Error);
  }

  TEST_CASE("dp_kmeans: init is a parameter; uniform and sphere are dp, data and kmeanspp not-dp") {
    const AlgorithmInfo info = find_algorithm("budget_series.dp_kmeans").info();
    for (const char* init : {"uniform", "sphere", "data", "kmeanspp"}) {
      Params given;
      given.set("init", std::string(init));
      const PrivacyStatus s = privacy_status(info, with_defaults(info.params, given));
      CAPTURE(init);
      const bool provable = std::string(init) == "uniform" || std::string(init) == "sphere";
      CHECK(s.kind == (provable ? Privacy::dp : Privacy::not_dp));
      if (!provable) CHECK(s.finding == "budget_series.kmeans_init_data");
    }
    // The default is the uniform start of the figures so far.
    CHECK(with_defaults(info.params, Params{}).text("init") == "uniform");
  }

  TEST_CASE("dp_kmeans with each init spends exactly eps") {
    PointSet data = centred_blobs(60, 4);
    for (const char* init : {"uniform", "sphere", "data", "kmeanspp"}) {
      Params given;
      given.set("init", std::string(init));
      given.set("k", std::int64_t{3});
      given.set("N", std::int64_t{4});
      CAPTURE(init);
      const AlgorithmRun r = run_algorithm("budget_series.dp_kmeans", given, &data, Stream(1, 2, 3));
      CHECK(r.spent_eps == doctest::Approx(0.3).epsilon(1e-12));
    }
  }
}

// Checks of laws at fixed seeds; each states its false-failure rate (ctest -L statistical).
TEST_SUITE("kmeans_init_statistical") {
  TEST_CASE("k-means++ follows the D^2 law: chi-square over the ordered triples of 4 points") {
    // Points 0, 1, 3, 7 on a line, k = 3: the first uniform (1/4), each next one with
    // probability proportional to its squared distance to the nearest chosen point. The exact
    // law of the 24 ordered triples is enumerated here from that definition.
    PointSet p;
    p.name = "line";
    p.d = 1;
    p.n = 4;
    p.x = {0, 1, 3, 7};
    std::map<std::vector<int>, double> law;
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < 4; ++b)
        for (int c = 0; c < 4; ++c) {
          if (a == b || a == c || b == c) continue;
          auto d2 = [&](int i, std::vector<int> chosen) {
            double m = 1e300;
            for (int j : chosen) m = std::min(m, (p.x[std::size_t(i)] - p.x[std::size_t(j)]) * (p.x[std::size_t(i)] - p.x[std::size_t(j)]));
            return m;
          };
          double total_b = 0, total_c = 0;
          for (int i = 0; i < 4; ++i) total_b += d2(i, {a}), total_c += d2(i, {a, b});
          law[{a, b, c}] = 0.25 * d2(b, {a}) / total_b * d2(c, {a, b}) / total_c;
        }
    const int draws = 40000;
    std::map<std::vector<int>, int> seen;
    for (int t = 0; t < draws; ++t) {
      Stream s(11, 5, static_cast<std::uint64_t>(t));
      const std::vector<double> c = clustering::kmeanspp_centroids(s, p, 3);
      std::vector<int> idx;
      for (double v : c) idx.push_back(static_cast<int>(std::find(p.x.begin(), p.x.end(), v) - p.x.begin()));
      REQUIRE(law.count(idx) == 1);  // three distinct rows
      ++seen[idx];
    }
    double chi2 = 0;
    for (const auto& [cell, prob] : law) {
      const double expected = draws * prob, o = seen[cell];
      chi2 += (o - expected) * (o - expected) / expected;
    }
    // 23 degrees of freedom; 57.3 is the 1 - 1e-4 quantile (Wilson-Hilferty): false failure
    // about 1e-4 at this seed. The smallest expected count is about 80, enough for the
    // chi-square approximation.
    CAPTURE(chi2);
    CHECK(chi2 < 57.3);
    // The same law under the uniform first pick followed by uniform picks (what a broken D^2
    // weighting would give) is far away: each triple 1/24.
    double chi2_uniform = 0;
    for (const auto& [cell, prob] : law) {
      const double expected = draws / 24.0, o = seen[cell];
      chi2_uniform += (o - expected) * (o - expected) / expected;
    }
    CHECK(chi2_uniform > 57.3);
  }
}
