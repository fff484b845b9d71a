// Unit tests of framework/stats: mean, standard deviation and the Student-t 95% interval.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "framework/stats.hpp"

using namespace dplab;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
}

TEST_SUITE("stats") {

TEST_CASE("Student t quantiles") {
  // Table values: t_{0.975, 9} = 2.262157, t_{0.975, 1} = 12.706205, t_{0.975, 30} = 2.042272.
  CHECK(student_t_quantile(0.975, 9) == doctest::Approx(2.262157).epsilon(1e-6));
  CHECK(student_t_quantile(0.975, 1) == doctest::Approx(12.706205).epsilon(1e-6));
  CHECK(student_t_quantile(0.975, 30) == doctest::Approx(2.042272).epsilon(1e-6));
  CHECK(student_t_quantile(0.5, 5) == doctest::Approx(0.0));
  CHECK(student_t_quantile(0.025, 9) == doctest::Approx(-2.262157).epsilon(1e-6));
}

TEST_CASE("summary of a known sample of 10 values") {
  // 1..10: mean 5.5, sum of squared deviations 82.5, sd = sqrt(82.5 / 9).
  std::vector<double> v = {3, 1, 4, 10, 5, 9, 2, 6, 8, 7};
  Summary s = summarize(v);
  const double sd = std::sqrt(82.5 / 9.0);
  CHECK(s.n == 10);
  CHECK(s.mean == doctest::Approx(5.5).epsilon(1e-15));
  CHECK(s.sd == doctest::Approx(sd).epsilon(1e-14));
  // Hand-computed with t = 2.262 (4 significant digits, so compare to 1e-3 relative).
  const double half = 2.262 * sd / std::sqrt(10.0);
  CHECK(s.ci_low == doctest::Approx(5.5 - half).epsilon(1e-4));
  CHECK(s.ci_high == doctest::Approx(5.5 + half).epsilon(1e-4));
  CHECK((s.ci_high - s.ci_low) / 2 == doctest::Approx(half).epsilon(1e-3));
  // The interval is symmetric around the mean.
  CHECK(s.mean - s.ci_low == doctest::Approx(s.ci_high - s.mean).epsilon(1e-12));
  // Not the normal quantile 1.96.
  CHECK((s.ci_high - s.ci_low) / 2 > 1.96 * sd / std::sqrt(10.0) * 1.1);
}

TEST_CASE("NaN values are skipped") {
  std::vector<double> v = {kNaN, 3, 1, 4, 10, kNaN, 5, 9, 2, 6, 8, 7, kNaN};
  Summary s = summarize(v);
  Summary ref = summarize({3, 1, 4, 10, 5, 9, 2, 6, 8, 7});
  CHECK(s.n == 10);
  CHECK(s.mean == ref.mean);
  CHECK(s.sd == ref.sd);
  CHECK(s.ci_low == ref.ci_low);
  CHECK(s.ci_high == ref.ci_high);

  Summary two = summarize({kNaN, 1.0, kNaN, 3.0});
  CHECK(two.n == 2);
  CHECK(two.mean == 2.0);
  CHECK(two.sd == doctest::Approx(std::sqrt(2.0)));
  CHECK(two.ci_high - two.mean == doctest::Approx(12.706205 * std::sqrt(2.0) / std::sqrt(2.0)).epsilon(1e-6));
}

TEST_CASE("one value: NaN interval unless deterministic") {
  Summary s = summarize({4.5});
  CHECK(s.n == 1);
  CHECK(s.mean == 4.5);
  CHECK(std::isnan(s.sd));
  CHECK(std::isnan(s.ci_low));
  CHECK(std::isnan(s.ci_high));

  Summary d = summarize({4.5}, true);
  CHECK(d.n == 1);
  CHECK(d.mean == 4.5);
  CHECK(d.sd == 0.0);
  CHECK(d.ci_low == 4.5);
  CHECK(d.ci_high == 4.5);

  // One value among NaNs counts as one value.
  Summary e = summarize({kNaN, 2.0, kNaN});
  CHECK(e.n == 1);
  CHECK(e.mean == 2.0);
  CHECK(std::isnan(e.ci_low));
}

TEST_CASE("no values: everything NaN") {
  for (const auto& v : {std::vector<double>{}, std::vector<double>{kNaN, kNaN}}) {
    Summary s = summarize(v);
    CHECK(s.n == 0);
    CHECK(std::isnan(s.mean));
    CHECK(std::isnan(s.sd));
    CHECK(std::isnan(s.ci_low));
    CHECK(std::isnan(s.ci_high));
  }
}

TEST_CASE("identical values: no spread") {
  Summary s = summarize({0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1});
  CHECK(s.n == 7);
  CHECK(s.mean == doctest::Approx(0.1).epsilon(1e-15));
  CHECK(s.sd <= 1e-15);
  CHECK(s.ci_high - s.ci_low <= 1e-15);
  CHECK(s.ci_low <= s.mean);
  CHECK(s.ci_high >= s.mean);
}

TEST_CASE("clustered trials: the interval is over the draws' means") {
  // Trials 0, 2, 4 ran on draw 0 (mean 3), trials 1, 3, 5 on draw 1 (mean 4): two independent
  // units, so the interval is Student t with 1 degree of freedom over {3, 4}.
  Summary s = summarize_clusters({1, 2, 3, 4, 5, 6}, 2);
  CHECK(s.n == 6);
  CHECK(s.mean == doctest::Approx(3.5));
  CHECK(s.sd == doctest::Approx(std::sqrt(3.5)));  // the spread of single trials
  const double half = student_t_quantile(0.975, 1) * std::sqrt(0.5) / std::sqrt(2.0);
  CHECK(s.ci_low == doctest::Approx(3.5 - half));
  CHECK(s.ci_high == doctest::Approx(3.5 + half));
  // Much wider than the interval that takes the six trials as independent.
  Summary flat = summarize({1, 2, 3, 4, 5, 6});
  CHECK(s.ci_high - s.ci_low > 3 * (flat.ci_high - flat.ci_low));
  // One cluster is plain summarize; a draw with no trial done is left out; one draw: no interval.
  Summary same = summarize_clusters({1, 2, 3, 4, 5, 6}, 1);
  CHECK(same.ci_low == flat.ci_low);
  CHECK(cluster_means({1, kNaN, 3, kNaN, 5, 6}, 3) == std::vector<double>{1, 5, 4.5});
  CHECK(cluster_means({1, kNaN, 3, kNaN}, 2) == std::vector<double>{2});
  Summary lone = summarize_clusters({1, kNaN, 3, kNaN}, 2);
  CHECK(lone.n == 2);
  CHECK(lone.mean == 2);
  CHECK(std::isnan(lone.ci_low));
}

}  // TEST_SUITE
