// Unit tests of framework/reference: the papers' published numbers as CSV, matched to points
// by parameter values (numerically), metric and index.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <string>

#include "core/error.hpp"
#include "framework/reference.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("parse with comments and blank lines; match by numeric equality and metric") {
  const std::string csv =
      "# budget_series Table 2\n"
      "# a second comment\n"
      "\n"
      "strategy,N,U_s,metric,value\n"
      "AVG,20,30,mse,1.53E+04\n"
      "# comment between rows\n"
      "Geo,20,30,mse,2.5e4\r\n"
      "AVG,50,95,mse,2.56E+05\n"
      "AVG,20,30,upper,22.40\n";
  Reference r = Reference::parse(csv, "t2.csv");
  CHECK_FALSE(r.empty());
  auto v = r.find({{"strategy", "AVG"}, {"N", "20"}, {"U_s", "30"}}, "mse");
  REQUIRE(v.has_value());
  CHECK(*v == 1.53e4);
  // "20.0" and "20" are the same number, as are "3e1" and "30".
  v = r.find({{"strategy", "AVG"}, {"N", "20.0"}, {"U_s", "3e1"}}, "mse");
  REQUIRE(v.has_value());
  CHECK(*v == 1.53e4);
  // The metric selects the row.
  v = r.find({{"strategy", "AVG"}, {"N", "20"}, {"U_s", "30"}}, "upper");
  REQUIRE(v.has_value());
  CHECK(*v == 22.40);
  CHECK_FALSE(r.find({{"strategy", "AVG"}, {"N", "20"}, {"U_s", "30"}}, "lower").has_value());
  // Windows line ending on the Geo row is tolerated.
  v = r.find({{"strategy", "Geo"}, {"N", "20"}, {"U_s", "30"}}, "mse");
  REQUIRE(v.has_value());
  CHECK(*v == 2.5e4);
  // Text is compared exactly; numbers must be equal.
  CHECK_FALSE(r.find({{"strategy", "avg"}, {"N", "20"}, {"U_s", "30"}}, "mse").has_value());
  CHECK_FALSE(r.find({{"strategy", "AVG"}, {"N", "21"}, {"U_s", "30"}}, "mse").has_value());
  CHECK_FALSE(r.find({{"strategy", "AVG"}, {"N", "20.5"}, {"U_s", "30"}}, "mse").has_value());
  // A point without a column the row constrains does not match.
  CHECK_FALSE(r.find({{"strategy", "AVG"}, {"N", "20"}}, "mse").has_value());
  // Extra point values that the CSV does not mention do not matter.
  v = r.find({{"strategy", "AVG"}, {"N", "50"}, {"U_s", "95"}, {"eps", "1"}}, "mse");
  REQUIRE(v.has_value());
  CHECK(*v == 2.56e5);
}

TEST_CASE("empty cells do not constrain") {
  const std::string csv =
      "strategy,N,metric,value\n"
      ",3,lower,14.15\n"
      "Geo,,upper,99\n";
  Reference r = Reference::parse(csv, "t.csv");
  auto v = r.find({{"strategy", "anything"}, {"N", "3"}}, "lower");
  REQUIRE(v.has_value());
  CHECK(*v == 14.15);
  CHECK_FALSE(r.find({{"strategy", "anything"}, {"N", "4"}}, "lower").has_value());
  v = r.find({{"strategy", "Geo"}, {"N", "123"}}, "upper");
  REQUIRE(v.has_value());
  CHECK(*v == 99);
  CHECK_FALSE(r.find({{"strategy", "AVG"}, {"N", "123"}}, "upper").has_value());
}

TEST_CASE("the index column selects an element of a vector metric") {
  const std::string csv =
      "strategy,n,metric,index,value\n"
      "Geo,3,k,1,0.5\n"
      "Geo,3,k,2,0.3\n"
      "Geo,3,k,3.0,0.2\n";
  Reference r = Reference::parse(csv, "fig.csv");
  std::map<std::string, std::string> p = {{"strategy", "Geo"}, {"n", "3"}};
  CHECK(r.find(p, "k", 1) == 0.5);
  CHECK(r.find(p, "k", 2) == 0.3);
  CHECK(r.find(p, "k", 3) == 0.2);  // "3.0" matches index 3
  CHECK_FALSE(r.find(p, "k", 4).has_value());
  CHECK_FALSE(r.find(p, "k", 0).has_value());
  // A vector row is not found by a scalar lookup.
  CHECK_FALSE(r.find(p, "k").has_value());
}

TEST_CASE("scalar rows with an empty index cell in a file that also has vector rows") {
  // reference.hpp: "(parameter columns..., metric, [index,] value)" and "the metric (and index,
  // for vector metrics) match"; empty cells do not constrain. A scalar metric's row in a file
  // with an index column leaves the index empty and must be found by a lookup without index.
  const std::string csv =
      "n,metric,index,value\n"
      "3,k,1,0.5\n"
      "3,sum_k,,1.0\n";
  Reference r = Reference::parse(csv, "mixed.csv");
  auto v = r.find({{"n", "3"}}, "sum_k");
  REQUIRE(v.has_value());
  CHECK(*v == 1.0);
}

TEST_CASE("rows without a value, and free-text note columns") {
  const std::string csv =
      "N,metric,value,note\n"
      "3,upper,,not printed\n"
      "3,upper,22.40,printed in the paper\n"
      "4,upper,n/a,unreadable\n";
  Reference r = Reference::parse(csv, "t.csv");
  auto v = r.find({{"N", "3"}}, "upper");
  REQUIRE(v.has_value());
  CHECK(*v == 22.40);
  CHECK_FALSE(r.find({{"N", "4"}}, "upper").has_value());
}

TEST_CASE("quoted cells may contain commas") {
  const std::string csv =
      "label,metric,value\n"
      "\"a, b\",x,1.5\n";
  Reference r = Reference::parse(csv, "q.csv");
  CHECK(r.find({{"label", "a, b"}}, "x") == 1.5);
}

TEST_CASE("empty text gives no rows") {
  CHECK(Reference::parse("", "e.csv").empty());
  CHECK(Reference::parse("# only a comment\n", "e.csv").empty());
  Reference header_only = Reference::parse("N,metric,value\n", "h.csv");
  CHECK(header_only.empty());
  CHECK_FALSE(header_only.find({{"N", "3"}}, "upper").has_value());
}

TEST_CASE("malformed files throw with origin and line") {
  std::string e = error_of([] { Reference::parse("N,metric,value\n3,upper,22.4\n4,upper\n", "bad.csv"); });
  CHECK(contains(e, "bad.csv:3:"));
  CHECK(contains(e, "expected 3 cells, got 2"));

  e = error_of([] { Reference::parse("# c\nN,metric,value\n3,upper,22.4,extra\n", "bad.csv"); });
  CHECK(contains(e, "bad.csv:3:"));
  CHECK(contains(e, "got 4"));

  e = error_of([] { Reference::parse("N,value\n3,1\n", "nometric.csv"); });
  CHECK(contains(e, "nometric.csv:1:"));
  CHECK(contains(e, "'metric' and 'value'"));

  e = error_of([] { Reference::parse("N,metric\n3,x\n", "novalue.csv"); });
  CHECK(contains(e, "novalue.csv:1:"));
}

}  // TEST_SUITE
