// C4.5 (algorithms/metrics/c45.hpp): a hand-derived tree, and the same trees and predictions as
// Weka's J48 -U on the tables of tests/fixtures/c45 (see its README.md).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "algorithms/metrics/c45.hpp"
#include "datasets/arff.hpp"
#include "test_support.hpp"

using namespace dplab;

namespace {

PointSet fixture(const std::string& name) {
  const std::string path = std::string(DPLAB_TEST_FIXTURES) + "/c45/" + name;
  return parse_arff_points(testing::read_file(path), path);
}

std::vector<std::int32_t> weka_predictions(const std::string& name) {
  std::istringstream in(testing::read_file(std::string(DPLAB_TEST_FIXTURES) + "/c45/" + name));
  std::vector<std::int32_t> out;
  for (std::int32_t c; in >> c;) out.push_back(c);
  return out;
}

std::int32_t classes_of(const PointSet& ps) {
  std::int32_t k = 0;
  for (auto l : ps.labels) k = std::max(k, l + 1);
  return k;
}

}  // namespace

TEST_SUITE("c45") {
  TEST_CASE("a hand-derived tree: one informative attribute, one constant") {
    // x0 = 1..8, classes 0 for x0 <= 4 and 1 above; x1 constant. min_split = max(2, 0.1*8/2) = 2,
    // admissible cuts after 2, 3, 4, 5, 6 (5 of them), the best at 4 with gain 1 bit, 1 -
    // log2(5)/8 after the MDL correction; the split point 4.5 moves down to the training value 4.
    std::vector<double> x;
    std::vector<std::int32_t> y;
    for (int i = 1; i <= 8; ++i) {
      x.insert(x.end(), {double(i), 7.0});
      y.push_back(i <= 4 ? 0 : 1);
    }
    C45Tree tree;
    tree.fit(x, 2, y, 2);
    CHECK(tree.describe({"x0", "x1"}) == "x0 <= 4: 0 (4)\nx0 > 4: 1 (4)\n");
    CHECK(tree.predict(std::vector<double>{4.0, 0}) == 0);
    CHECK(tree.predict(std::vector<double>{4.4, 0}) == 1);  // the split is at 4, not the midpoint 4.5
    CHECK(tree.leaves() == 2);
    // Three instances are too few to split (a node needs 2 * min_leaf = 4): the majority leaf.
    C45Tree small;
    small.fit(std::vector<double>{1, 0, 2, 0, 3, 0}, 2, std::vector<std::int32_t>{1, 0, 1}, 2);
    CHECK(small.describe() == ": 1 (3/1)\n");
    CHECK(small.predict(std::vector<double>{1, 0}) == 1);
    CHECK_THROWS_AS(small.fit(std::vector<double>{1, 2}, 2, std::vector<std::int32_t>{3}, 2), Error);
  }

  TEST_CASE("the same trees and predictions as Weka 3.6.14 J48 -U") {
    struct Case { const char* train; const char* test; const char* pred; std::size_t leaves, size; };
    // Leaves and sizes from the *.weka_tree files ("Number of Leaves", "Size of the tree").
    const Case cases[] = {{"blobs.arff", "blobs_test.arff", "blobs_test.weka_pred", 4, 7},
                          {"ds3_true.arff", "ds3_true.arff", "ds3_true.weka_pred", 25, 49},
                          {"ds3_noisy.arff", "ds3_noisy.arff", "ds3_noisy.weka_pred", 23, 45}};
    for (const auto& c : cases) {
      CAPTURE(c.train);
      const PointSet train = fixture(c.train), test = fixture(c.test);
      C45Tree tree;
      tree.fit(train.x, 2, train.labels, classes_of(train));
      CHECK(tree.leaves() == c.leaves);
      const auto weka = weka_predictions(c.pred);
      REQUIRE(weka.size() == test.n);
      std::size_t differ = 0;
      for (std::size_t i = 0; i < test.n; ++i)
        differ += tree.predict(std::span<const double>(test.x).subspan(2 * i, 2)) != weka[i];
      CHECK(differ == 0);
      // Size of the tree as Weka counts it: nodes reachable from the root.
      CHECK(2 * tree.leaves() - 1 == c.size);
    }
  }
}
