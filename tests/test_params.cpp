// Unit tests of framework/params: typed parameter declarations, parsing of YAML scalars,
// range checks with open/closed bounds, choices, custom checks and defaults.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <cmath>
#include <string>
#include <variant>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/value.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

// The parsed value, or a failed check when parse() returned an error.
Value parsed_ok(const ParamSpec& p, const std::string& text) {
  auto r = p.parse(text);
  if (auto* err = std::get_if<std::string>(&r)) {
    FAIL_CHECK("parse('" << text << "') failed: " << *err);
    return Value(std::string("<error>"));
  }
  return std::get<Value>(r);
}

// The error message of parse(), or "" (with a failed check) when it accepted the text.
std::string parse_error(const ParamSpec& p, const std::string& text) {
  auto r = p.parse(text);
  if (auto* err = std::get_if<std::string>(&r)) return *err;
  FAIL_CHECK("parse('" << text << "') was accepted as " << to_string(std::get<Value>(r)));
  return "";
}


}  // namespace


TEST_SUITE("params") {

TEST_CASE("integer parameters: valid values and types") {
  auto p = ParamSpec::integer("n", 50, "number of queries").at_least(1).at_most(100);
  Value v = parsed_ok(p, "7");
  REQUIRE(std::holds_alternative<std::int64_t>(v));
  CHECK(std::get<std::int64_t>(v) == 7);
  // Whole reals are accepted as integers, fractional ones are not.
  v = parsed_ok(p, "5.0");
  REQUIRE(std::holds_alternative<std::int64_t>(v));
  CHECK(std::get<std::int64_t>(v) == 5);
  CHECK_CONTAINS(parse_error(p, "5.5"), "integer");
  // Bounds are inclusive (closed): 1 and 100 pass, 0 and 101 do not.
  CHECK(std::get<std::int64_t>(parsed_ok(p, "1")) == 1);
  CHECK(std::get<std::int64_t>(parsed_ok(p, "100")) == 100);
  std::string e0 = parse_error(p, "0");
  CHECK_CONTAINS(e0, "out of range");
  CHECK_CONTAINS(e0, "[1, 100]");
  CHECK_CONTAINS(parse_error(p, "101"), "[1, 100]");
  CHECK_CONTAINS(parse_error(p, "-3"), "out of range");
}

TEST_CASE("integer parameters: non-numeric text and NaN are rejected") {
  auto p = ParamSpec::integer("n", 50, "number of queries").at_least(1);
  std::string e = parse_error(p, "abc");
  CHECK_CONTAINS(e, "'abc'");
  CHECK_CONTAINS(e, "integer in [1, inf)");
  parse_error(p, "");
  parse_error(p, "12abc");
  parse_error(p, "nan");
  parse_error(p, "true");
}

TEST_CASE("integer parameters: values beyond 64 bits are rejected with the text given") {
  // ParamSpec::parse (Int) falls back to strtod for "1e30" or when strtoll overflows; casting
  // such a double to long long unchecked is undefined behaviour (in practice INT64_MIN).
  auto unbounded = ParamSpec::integer("k", 0, "unbounded");
  for (const std::string t : {"1e30", "99999999999999999999"}) {
    CAPTURE(t);
    auto r = unbounded.parse(t);
    CHECK(std::holds_alternative<std::string>(r));
    auto bounded = ParamSpec::integer("n", 1, "n").at_least(1);
    auto rb = bounded.parse(t);
    REQUIRE(std::holds_alternative<std::string>(rb));
    CHECK_CONTAINS(std::get<std::string>(rb), t);
  }
}

TEST_CASE("real parameters: open lower bound (0, inf)") {
  auto p = ParamSpec::real("eps", 1.0, "total budget").above(0);
  CHECK(p.allowed() == "real in (0, inf)");
  Value v = parsed_ok(p, "0.3");
  REQUIRE(std::holds_alternative<double>(v));
  CHECK(std::get<double>(v) == 0.3);
  CHECK(std::get<double>(parsed_ok(p, "1e-9")) == 1e-9);
  // An integer literal still becomes a real.
  v = parsed_ok(p, "2");
  REQUIRE(std::holds_alternative<double>(v));
  CHECK(std::get<double>(v) == 2.0);
  // 0 is excluded by the open bound; negatives too.
  std::string e = parse_error(p, "0");
  CHECK_CONTAINS(e, "out of range");
  CHECK_CONTAINS(e, "(0, inf)");
  CHECK_CONTAINS(parse_error(p, "-1"), "(0, inf)");
  CHECK_CONTAINS(parse_error(p, "-0.0"), "(0, inf)");
}

TEST_CASE("real parameters: closed lower and open upper bound [0, 1)") {
  auto p = ParamSpec::real("r", 0, "ratio").at_least(0).below(1);
  CHECK(p.allowed() == "real in [0, 1)");
  CHECK(std::get<double>(parsed_ok(p, "0")) == 0.0);
  CHECK(std::get<double>(parsed_ok(p, "0.999")) == 0.999);
  CHECK_CONTAINS(parse_error(p, "1"), "[0, 1)");
  CHECK_CONTAINS(parse_error(p, "1.5"), "[0, 1)");
  CHECK_CONTAINS(parse_error(p, "-0.001"), "[0, 1)");
}

TEST_CASE("real parameters: closed upper bound and open-ended lower") {
  auto p = ParamSpec::real("x", 0, "x").at_most(2.5);
  CHECK(p.allowed() == "real in (-inf, 2.5]");
  CHECK(std::get<double>(parsed_ok(p, "2.5")) == 2.5);
  CHECK(std::get<double>(parsed_ok(p, "-1e6")) == -1e6);
  CHECK_CONTAINS(parse_error(p, "2.5000001"), "(-inf, 2.5]");
  auto q = ParamSpec::real("y", 0, "y").above(-1).below(1);
  CHECK(q.allowed() == "real in (-1, 1)");
  parse_error(q, "-1");
  parse_error(q, "1");
  CHECK(std::get<double>(parsed_ok(q, "0.5")) == 0.5);
}

TEST_CASE("real parameters: NaN and non-numeric text rejected") {
  auto p = ParamSpec::real("eps", 1.0, "total budget").above(0);
  auto unbounded = ParamSpec::real("z", 0, "unbounded");
  for (const char* t : {"nan", "NaN", "-nan"}) {
    CHECK_CONTAINS(parse_error(p, t), "NaN");
    CHECK_CONTAINS(parse_error(unbounded, t), "NaN");
  }
  std::string e = parse_error(p, "abc");
  CHECK_CONTAINS(e, "'abc'");
  CHECK_CONTAINS(e, "(0, inf)");
  parse_error(p, "");
  parse_error(p, "0.3x");
  parse_error(p, ".nan");  // YAML's NaN spelling
  // validate() of an already typed NaN is rejected as well.
  auto err = p.validate(Value(std::nan("")));
  REQUIRE(err.has_value());
  CHECK_CONTAINS(*err, "NaN");
  CHECK_FALSE(p.validate(Value(0.5)).has_value());
  CHECK(p.validate(Value(std::string("0.5"))).has_value());
}

TEST_CASE("boolean parameters") {
  auto p = ParamSpec::boolean("calibrate", true, "scale");
  CHECK(std::get<bool>(parsed_ok(p, "true")) == true);
  CHECK(std::get<bool>(parsed_ok(p, "True")) == true);
  CHECK(std::get<bool>(parsed_ok(p, "yes")) == true);
  CHECK(std::get<bool>(parsed_ok(p, "false")) == false);
  CHECK(std::get<bool>(parsed_ok(p, "no")) == false);
  CHECK_CONTAINS(parse_error(p, "maybe"), "boolean");
  parse_error(p, "1");
  parse_error(p, "");
  CHECK(p.validate(Value(std::int64_t{1})).has_value());
}

TEST_CASE("text parameters: choices") {
  auto p = ParamSpec::text("flip", "auto", "direction").one_of({"auto", "horizontal", "vertical"});
  CHECK(p.allowed() == "one of auto, horizontal, vertical");
  Value v = parsed_ok(p, "vertical");
  REQUIRE(std::holds_alternative<std::string>(v));
  CHECK(std::get<std::string>(v) == "vertical");
  std::string e = parse_error(p, "diagonal");
  CHECK_CONTAINS(e, "'diagonal'");
  CHECK_CONTAINS(e, "one of auto, horizontal, vertical");
  parse_error(p, "Vertical");  // case matters
  parse_error(p, "");
}

TEST_CASE("text parameters: checked_by") {
  auto p = ParamSpec::text("word", "ab", "even-length word")
               .checked_by([](const std::string& s) { return s.size() % 2 == 0; }, "a word of even length");
  CHECK(p.allowed() == "a word of even length");
  CHECK(std::get<std::string>(parsed_ok(p, "abcd")) == "abcd");
  std::string e = parse_error(p, "abc");
  CHECK_CONTAINS(e, "'abc'");
  CHECK_CONTAINS(e, "a word of even length");
  // Free text without choices or check accepts anything.
  auto free = ParamSpec::text("label", "", "free");
  CHECK(std::get<std::string>(parsed_ok(free, "anything at all")) == "anything at all");
}

TEST_CASE("with_defaults fills every undeclared parameter and keeps given ones") {
  std::vector<ParamSpec> specs = {
      ParamSpec::integer("n", 50, "n").at_least(1),
      ParamSpec::real("eps", 1.0, "eps").above(0),
      ParamSpec::boolean("calibrate", true, "c"),
      ParamSpec::text("strategy", "AVG", "s"),
  };
  Params given;
  given.set("eps", Value(0.3));
  given.set("strategy", Value(std::string("Geo")));
  Params all = with_defaults(specs, given);
  CHECK(all.all().size() == 4);
  CHECK(all.integer("n") == 50);
  CHECK(all.real("eps") == 0.3);
  CHECK(all.boolean("calibrate") == true);
  CHECK(all.text("strategy") == "Geo");
  CHECK(all.real("n") == 50.0);
  // The input is not modified.
  CHECK_FALSE(given.has("n"));
  // Unknown names are an internal error.
  CHECK_THROWS_AS(all.get("nope"), Error);
  CHECK(find_param(specs, "eps") == &specs[1]);
  CHECK(find_param(specs, "EPS") == nullptr);
}

TEST_CASE("value helpers: canonical form distinguishes types, equality is numeric") {
  CHECK(canonical(Value(std::int64_t{1})) != canonical(Value(1.0)));
  CHECK(values_equal(Value(std::int64_t{20}), Value(20.0)));
  CHECK_FALSE(values_equal(Value(std::string("20")), Value(20.0)));
  CHECK(to_string(Value(0.1)) == "0.1");
  CHECK(std::stod(to_string(Value(1.0 / 3.0))) == 1.0 / 3.0);  // round trip
  CHECK_THROWS_AS(as_number(Value(std::string("x"))), Error);
}

}  // TEST_SUITE
