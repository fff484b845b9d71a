// Unit tests of framework/registry: the budget_series plugins and the kos dataset register
// themselves, and lookups of unknown names fail with a suggestion.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "framework/registry.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {



bool has_output(const AlgorithmInfo& info, const std::string& name) {
  return std::any_of(info.outputs.begin(), info.outputs.end(),
                     [&](const OutputSpec& o) { return o.name == name; });
}

}  // namespace


TEST_SUITE("registry") {

TEST_CASE("the three budget_series algorithms are registered under their names") {
  for (const std::string name :
       {"budget_series.allocation", "budget_series.noise_mse", "budget_series.us_bounds"}) {
    CAPTURE(name);
    const Algorithm* a = AlgorithmRegistry::instance().find(name);
    REQUIRE(a != nullptr);
    CHECK(&find_algorithm(name) == a);
    AlgorithmInfo info = a->info();
    CHECK(info.name == name);
    CHECK_FALSE(info.doc.empty());
    CHECK_FALSE(info.outputs.empty());
    CHECK(find_param(info.params, "eps") != nullptr);
    CHECK(find_param(info.params, "strategy") != nullptr);
    auto names = AlgorithmRegistry::instance().names();
    CHECK(std::find(names.begin(), names.end(), name) != names.end());
  }
  AlgorithmInfo alloc = find_algorithm("budget_series.allocation").info();
  CHECK(alloc.budget_param == "eps");
  CHECK(has_output(alloc, "k"));
  CHECK(has_output(alloc, "eps_i"));
  CHECK(alloc.accepts.empty());

  AlgorithmInfo mse = find_algorithm("budget_series.noise_mse").info();
  CHECK(mse.budget_param == "eps");
  CHECK(has_output(mse, "answers"));
  CHECK(has_output(mse, "truth"));
  CHECK(find_metric("sum_squared_error").info().needs == std::vector<std::string>{"answers", "truth"});
  REQUIRE(mse.accepts.size() == 1);
  CHECK(mse.accepts[0] == DatasetKind::BagOfWords);

  AlgorithmInfo us = find_algorithm("budget_series.us_bounds").info();
  CHECK(us.deterministic);
  CHECK(has_output(us, "lower"));
  CHECK(has_output(us, "upper"));
  const ParamSpec* strategy = find_param(us.params, "strategy");
  REQUIRE(strategy != nullptr);
  CHECK(std::get<std::string>(strategy->default_value) == "Geo");
}

TEST_CASE("every declared default passes its own declaration") {
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    AlgorithmInfo info = find_algorithm(name).info();
    for (const auto& p : info.params) {
      CAPTURE(name);
      CAPTURE(p.name);
      auto err = p.validate(p.default_value);
      CHECK_MESSAGE(!err.has_value(), (err ? *err : std::string()));
    }
  }
}

TEST_CASE("the kos dataset is registered") {
  const DatasetInfo* d = DatasetRegistry::instance().find("kos");
  REQUIRE(d != nullptr);
  CHECK(&find_dataset("kos") == d);
  CHECK(d->name == "kos");
  CHECK(d->kind == DatasetKind::BagOfWords);
  CHECK_FALSE(d->files.empty());
  CHECK(static_cast<bool>(d->load));
}

TEST_CASE("unknown algorithm names fail with a suggestion") {
  std::string e = error_of([] { find_algorithm("budget_series.alocation"); });
  CHECK_CONTAINS(e, "unknown algorithm 'budget_series.alocation'");
  CHECK_CONTAINS(e, "did you mean 'budget_series.allocation'?");
  CHECK_CONTAINS(e, "budget_series.noise_mse");  // the registered names are listed

  e = error_of([] { find_algorithm("budget_series.us_bound"); });
  CHECK_CONTAINS(e, "did you mean 'budget_series.us_bounds'?");

  e = error_of([] { find_algorithm("budget_series.noise_mes"); });
  CHECK_CONTAINS(e, "did you mean 'budget_series.noise_mse'?");

  // Case is ignored when suggesting.
  e = error_of([] { find_algorithm("Budget_Series.Allocation"); });
  CHECK_CONTAINS(e, "did you mean 'budget_series.allocation'?");

  // Nothing close: no suggestion, but the list of what exists.
  e = error_of([] { find_algorithm("completely_different"); });
  CHECK_CONTAINS(e, "unknown algorithm 'completely_different'");
  CHECK_FALSE(contains(e, "did you mean"));
  CHECK_CONTAINS(e, "budget_series.allocation");
}

TEST_CASE("unknown dataset and metric names fail with dplab::Error") {
  std::string e = error_of([] { find_dataset("koss"); });
  CHECK_CONTAINS(e, "unknown dataset 'koss'");
  CHECK_CONTAINS(e, "did you mean 'kos'?");
  e = error_of([] { find_metric("no_such_metric_xyz"); });
  CHECK_CONTAINS(e, "unknown metric 'no_such_metric_xyz'");
}

TEST_CASE("unknown_name_message picks the closest name") {
  std::string m = unknown_name_message("thing", "Geoo", {"AVG", "Geo", "Ty"});
  CHECK_CONTAINS(m, "unknown thing 'Geoo'");
  CHECK_CONTAINS(m, "did you mean 'Geo'?");
  CHECK_CONTAINS(m, "AVG, Geo, Ty");
  m = unknown_name_message("thing", "zzzzzzzz", {"AVG", "Geo", "Ty"});
  CHECK_FALSE(contains(m, "did you mean"));
}

TEST_CASE("duplicate registration is refused") {
  CHECK_THROWS_AS(register_dataset(find_dataset("kos")), Error);
}

}  // TEST_SUITE
