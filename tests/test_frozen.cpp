// datasets/frozen.hpp: a dataset the runner froze is known by an id while it is held, and what
// is derived from its values is keyed by that id; a copy, or a dataset built by hand, is not
// frozen and is keyed by its values.
#include <doctest/doctest.h>

#include <memory>

#include "algorithms/clustering/init.hpp"
#include "algorithms/clustering/shared_blocks.hpp"
#include "core/error.hpp"
#include "datasets/frozen.hpp"

namespace {

std::shared_ptr<dplab::PointSet> unit_points() {
  auto p = std::make_shared<dplab::PointSet>();
  p->name = "frozen-test";
  p->n = 4;
  p->d = 2;
  p->x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
  return p;
}

}  // namespace

TEST_SUITE("frozen_datasets") {
  TEST_CASE("an id while held, none after, none for a copy") {
    auto raw = unit_points();
    const dplab::Dataset* address = raw.get();
    CHECK(dplab::frozen_id(*raw) == 0);
    auto frozen = dplab::freeze(raw);
    const std::uint64_t id = dplab::frozen_id(*address);
    CHECK(id != 0);
    auto again = dplab::freeze(raw);  // the same object frozen twice keeps its first id
    CHECK(dplab::frozen_id(*address) == id);
    const dplab::PointSet copy = *raw;
    CHECK(dplab::frozen_id(copy) == 0);
    frozen.reset();
    CHECK(dplab::frozen_id(*address) == id);  // still held through `again`
    again.reset();
    CHECK(dplab::frozen_id(*address) == 0);
    auto refrozen = dplab::freeze(raw);
    CHECK(dplab::frozen_id(*address) > id);  // a fresh id: nothing cached for the old one applies
  }

  TEST_CASE("cache keys: the id for a frozen dataset, the values for any other") {
    auto raw = unit_points();
    const std::string by_values = dplab::clustering::dataset_cache_key(*raw);
    auto frozen = dplab::freeze(raw);
    const std::string by_id = dplab::clustering::dataset_cache_key(*raw);
    CHECK(by_id != by_values);
    CHECK(by_id.find("frozen") != std::string::npos);
    // A copy changed in one value is keyed by its values, apart from the original's.
    dplab::PointSet changed = *raw;
    changed.x[3] = 0.45;
    CHECK(dplab::clustering::dataset_cache_key(changed) != by_id);
    CHECK(dplab::clustering::dataset_cache_key(changed) != by_values);
  }

  TEST_CASE("require_box: checked once per frozen dataset and box, still refused outside") {
    const dplab::clustering::Box unit{0, 1};
    auto inside = dplab::freeze(unit_points());
    const auto& in = static_cast<const dplab::PointSet&>(*inside);
    CHECK_NOTHROW(dplab::clustering::require_box(in, unit, "test", "fix"));
    CHECK_NOTHROW(dplab::clustering::require_box(in, unit, "test", "fix"));  // the cached verdict
    CHECK_THROWS_AS(dplab::clustering::require_box(in, dplab::clustering::Box{0, 0.5}, "test", "fix"), dplab::Error);
    auto far = unit_points();
    far->x[5] = 1.5;
    auto outside = dplab::freeze(far);
    const auto& out = static_cast<const dplab::PointSet&>(*outside);
    CHECK_THROWS_AS(dplab::clustering::require_box(out, unit, "test", "fix"), dplab::Error);
    CHECK_THROWS_AS(dplab::clustering::require_box(out, unit, "test", "fix"), dplab::Error);  // cached, still refused
  }
}
