// C4.5 decision trees (Quinlan 1993) on numeric attributes, as Weka's J48 builds them with -U
// (unpruned), the classifier wavecluster §6.2 trains on clustering results ("clustering first,
// then classification"; the authors ran weka.classifiers.trees.J48 -U). Reproduced from J48's
// C45ModelSelection / C45Split / ClassifierTree (Weka 3.6), rule by rule:
//   - a node is a leaf when it holds fewer than 2 * min_leaf instances or one class only;
//   - numeric attribute a: instances sorted by a; a cut between two distinct values (more than
//     1e-5 apart) is admissible when both sides hold at least
//     min_split = clamp(0.1 * n / classes, min_leaf, 25) instances; the cut of largest
//     information gain wins (strictly larger, beyond 1e-6), its gain is then reduced by
//     log2(admissible cuts) / n (the MDL correction of Quinlan 1996) and must stay positive; the
//     split point is the midpoint of the two values, then moved down to the largest training
//     value <= the midpoint (J48 "makes split points actual values");
//   - among the attributes with a valid split, those whose gain is at least the average gain
//     (minus 1e-3) compete on gain ratio; the first with the largest (beyond 1e-6) wins; a
//     ratio of 0 makes a leaf;
//   - value <= split point goes left; -U: no pruning, but J48 still collapses every subtree whose
//     training errors are not below those of the node as a leaf (minus 1e-3);
//   - prediction: the leaf's majority class, ties to the smallest class index.
// Gains and entropies are Weka's (counts times log2), so the trees and their predictions are the
// same as J48's on the same table (checked against Debian's weka 3.6.14, see tests/test_c45.cpp).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dplab {

struct C45Options {
  int min_leaf = 2;            // J48 -M
  bool mdl_correction = true;  // J48 default (-J turns it off)
  bool collapse = true;        // J48 always collapses
};

class C45Tree {
 public:
  // Trains on n = y.size() instances of `dims` numeric attributes, x row-major (n x dims); classes
  // are 0 .. classes-1.
  void fit(std::span<const double> x, std::size_t dims, std::span<const std::int32_t> y, int classes,
           const C45Options& options = {});
  // The predicted class of one instance (dims values).
  std::int32_t predict(std::span<const double> instance) const;
  std::size_t leaves() const;
  std::size_t size() const { return nodes_.size(); }
  // J48's text form ("a <= 3: 1 (4.0/1.0)"), for tests and checks against Weka.
  std::string describe(const std::vector<std::string>& attribute_names = {}) const;

 private:
  struct Node {
    bool leaf = true;
    int attribute = -1;
    double split = 0;
    std::uint32_t left = 0, right = 0;
    std::vector<double> distribution;  // class counts of the training instances that reach it
  };
  std::uint32_t build(std::vector<std::uint32_t>& rows);
  double subtree_errors(std::uint32_t node) const;
  void collapse(std::uint32_t node);
  void describe(std::uint32_t node, int depth, const std::vector<std::string>& names, std::string& out) const;

  std::vector<Node> nodes_;
  std::span<const double> x_;
  std::span<const std::int32_t> y_;
  std::size_t dims_ = 0;
  int classes_ = 0;
  C45Options options_;
};

}  // namespace dplab
