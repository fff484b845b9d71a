// Unit tests of framework/ledger: sequential and parallel composition, refusal of charges
// beyond the declared budget, invalid charges and floating-point slack.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/budget_series/series.hpp"
#include "core/error.hpp"
#include "framework/ledger.hpp"

using namespace dplab;

TEST_SUITE("ledger") {

TEST_CASE("sequential charges add up") {
  PrivacyLedger l(1.0);
  CHECK(l.budget() == 1.0);
  CHECK(l.spent() == 0.0);
  CHECK(l.charges() == 0);
  l.charge(0.25, "a");
  l.charge(0.5, "b");
  CHECK(l.spent() == doctest::Approx(0.75).epsilon(1e-15));
  CHECK(l.remaining() == doctest::Approx(0.25).epsilon(1e-15));
  CHECK(l.charges() == 2);
  l.charge(0.25, "c");  // exactly the budget
  CHECK(l.spent() == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(l.charges() == 3);
}

TEST_CASE("a charge over budget throws BudgetExceeded and changes nothing") {
  PrivacyLedger l(1.0);
  l.charge(0.75, "first");
  const double before = l.spent();
  try {
    l.charge(0.3, "too much");
    FAIL("no BudgetExceeded");
  } catch (const BudgetExceeded& e) {
    std::string m = e.what();
    CHECK(m.find("too much") != std::string::npos);
    CHECK(m.find("declared epsilon 1") != std::string::npos);
  }
  CHECK(l.spent() == before);
  CHECK(l.charges() == 1);
  // BudgetExceeded is a dplab::Error.
  CHECK_THROWS_AS(l.charge(0.5, "again"), Error);
  CHECK(l.spent() == before);
  // What remains can still be spent.
  CHECK_NOTHROW(l.charge(0.25, "rest"));
  CHECK(l.spent() == doctest::Approx(1.0));
  // A ledger of budget 0 (non-private computations) refuses any charge.
  PrivacyLedger zero(0.0);
  CHECK_THROWS_AS(zero.charge(1e-9, "x"), BudgetExceeded);
}

TEST_CASE("a parallel scope costs the maximum of its branches") {
  PrivacyLedger l(1.0);
  l.charge(0.1, "before");
  {
    auto scope = l.parallel("clusters");
    {
      auto b = scope.branch();
      l.charge(0.3, "c1");
      l.charge(0.2, "c1 again");
      CHECK(l.spent() == doctest::Approx(0.6));
    }
    {
      auto b = scope.branch();
      l.charge(0.7, "c2");  // alone 0.7, fine: branches do not add up
      CHECK(l.spent() == doctest::Approx(0.8));
    }
    {
      auto b = scope.branch();
      l.charge(0.2, "c3");
    }
    // While the scope is open, it already counts its largest branch.
    CHECK(l.spent() == doctest::Approx(0.8));
  }
  CHECK(l.spent() == doctest::Approx(0.8));
  CHECK(l.charges() == 5);
  // After the scope, charges are sequential again.
  l.charge(0.2, "after");
  CHECK(l.spent() == doctest::Approx(1.0));
  CHECK_THROWS_AS(l.charge(0.01, "over"), BudgetExceeded);
}

TEST_CASE("a branch cannot exceed what the rest of the trial leaves") {
  PrivacyLedger l(1.0);
  l.charge(0.5, "before");
  auto scope = l.parallel("p");
  {
    auto b = scope.branch();
    l.charge(0.4, "ok");
    CHECK_THROWS_AS(l.charge(0.2, "over in branch"), BudgetExceeded);
    CHECK(l.spent() == doctest::Approx(0.9));
  }
  {
    auto b = scope.branch();
    CHECK_THROWS_AS(l.charge(0.6, "over alone"), BudgetExceeded);
    CHECK_NOTHROW(l.charge(0.5, "exactly"));
  }
}

TEST_CASE("nested parallel scope inside a branch") {
  PrivacyLedger l(2.0);
  {
    auto outer = l.parallel("outer");
    {
      auto b1 = outer.branch();
      l.charge(0.2, "b1 seq");
      {
        auto inner = l.parallel("inner");
        {
          auto x = inner.branch();
          l.charge(0.5, "x");
        }
        {
          auto y = inner.branch();
          l.charge(0.3, "y");
          l.charge(0.3, "y2");
        }
      }
      // b1 = 0.2 + max(0.5, 0.6) = 0.8
      CHECK(l.spent() == doctest::Approx(0.8));
      l.charge(0.1, "b1 after");  // b1 = 0.9
    }
    {
      auto b2 = outer.branch();
      l.charge(0.7, "b2");
    }
  }
  CHECK(l.spent() == doctest::Approx(0.9));
  CHECK(l.charges() == 6);
}

TEST_CASE("charging a parallel scope without a branch throws") {
  PrivacyLedger l(1.0);
  auto scope = l.parallel("p");
  try {
    l.charge(0.1, "direct");
    FAIL("no error");
  } catch (const BudgetExceeded&) {
    FAIL("should be a plain Error, not BudgetExceeded");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("branch") != std::string::npos);
  }
  CHECK(l.spent() == 0.0);
  CHECK(l.charges() == 0);
  // Opening a second scope directly inside the first (outside a branch) is refused too.
  CHECK_THROWS_AS(l.parallel("nested without branch"), Error);
  // Two branches of one scope at the same time are refused.
  auto b = scope.branch();
  CHECK_THROWS_AS(scope.branch(), Error);
}

TEST_CASE("epsilon must be finite and > 0") {
  PrivacyLedger l(1.0);
  CHECK_THROWS_AS(l.charge(0.0, "zero"), Error);
  CHECK_THROWS_AS(l.charge(-0.1, "negative"), Error);
  CHECK_THROWS_AS(l.charge(std::nan(""), "nan"), Error);
  CHECK_THROWS_AS(l.charge(std::numeric_limits<double>::infinity(), "inf"), Error);
  CHECK(l.spent() == 0.0);
  CHECK(l.charges() == 0);
  // The budget itself must be finite and >= 0.
  CHECK_THROWS_AS(PrivacyLedger(-1.0), Error);
  CHECK_THROWS_AS(PrivacyLedger(std::nan("")), Error);
  CHECK_THROWS_AS(PrivacyLedger(std::numeric_limits<double>::infinity()), Error);
}

TEST_CASE("floating-point slack: eps = 0.3 split into 14 geometric shares") {
  const double eps = 0.3;
  auto k = budget_series::calibrate(budget_series::geometric_terms(14, 13.0 / 14.0));
  PrivacyLedger l(eps);
  for (double ki : k) CHECK_NOTHROW(l.charge(eps * ki, "share"));
  CHECK(l.spent() == doctest::Approx(eps).epsilon(1e-12));
  CHECK(l.charges() == 14);
  // Ten shares of 0.1 into a budget of 1.0 (0.1 * 10 > 1 in floating point).
  PrivacyLedger m(1.0);
  for (int i = 0; i < 10; ++i) CHECK_NOTHROW(m.charge(0.1, "tenth"));
  // But the slack is tiny: a real overspend is still caught.
  CHECK_THROWS_AS(m.charge(1e-6, "extra"), BudgetExceeded);
}

TEST_CASE("scopes unwound by an exception leave a consistent ledger") {
  PrivacyLedger l(1.0);
  try {
    auto scope = l.parallel("p");
    auto b = scope.branch();
    l.charge(0.4, "in branch");
    l.charge(0.7, "overspend");  // throws; branch and scope close during unwinding
  } catch (const BudgetExceeded&) {
  }
  CHECK(l.spent() == doctest::Approx(0.4));
  l.charge(0.6, "after");
  CHECK(l.spent() == doctest::Approx(1.0));
}

}  // TEST_SUITE
