// The context-free taxonomy tree of DiffPart (diffpart §3.1, Definition 3.1; Algorithm 1 line 2)
// and hierarchy cuts over it (§4.1).
//
// The tree over items 0..|I|-1 is built by grouping f consecutive nodes of one level under a
// node of the next level, until a single root remains; when a level's size is not divisible by
// f its last group is smaller. Node j of level (height) h therefore covers exactly the items i
// with floor(i / f^h) = j, i.e. the range [j f^h, min((j+1) f^h, |I|)): the parent of node j is
// node floor(j / f), and by induction the ancestor of item i at height h is floor(i / f^h),
// the last smaller groups included (the grouping is floor-based at every level).
//
// Nodes are numbered level by level from the leaves: the leaf of item i has id i, and the
// children of a node are consecutive ids.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace dplab::diffpart {

using Node = std::uint32_t;

class Taxonomy {
 public:
  // The tree of fan-out `fanout` (>= 2) over `items` (>= 1) items.
  Taxonomy(std::uint32_t items, std::uint32_t fanout);

  std::uint32_t items() const { return items_; }
  std::uint32_t fanout() const { return fanout_; }
  // Height of the root: 0 when there is a single item (the root is then a leaf).
  std::uint32_t height() const { return static_cast<std::uint32_t>(level_start_.size()) - 2; }
  std::size_t node_count() const { return height_.size(); }
  // Number of nodes of height h.
  std::uint32_t level_size(std::uint32_t h) const { return level_start_[h + 1] - level_start_[h]; }
  Node node(std::uint32_t h, std::uint32_t index) const { return level_start_[h] + index; }
  Node root() const { return static_cast<Node>(node_count() - 1); }

  std::uint32_t height(Node u) const { return height_[u]; }
  std::uint32_t index(Node u) const { return u - level_start_[height_[u]]; }
  bool is_leaf(Node u) const { return height_[u] == 0; }
  // The children of u are first_child(u) .. first_child(u) + children(u) - 1.
  std::uint32_t children(Node u) const { return children_[u]; }
  Node first_child(Node u) const { return first_child_[u]; }
  // |InternalNodes(u, H)|: internal nodes of the subtree rooted at u (Theorem 4.1).
  std::uint32_t internal_nodes(Node u) const { return internal_[u]; }
  // The items u generalises: [first_item(u), end_item(u)).
  std::uint32_t first_item(Node u) const;
  std::uint32_t end_item(Node u) const;

  // floor(item / f^h): the index, within level h, of the ancestor of `item` at height h.
  std::uint32_t ancestor_index(std::uint32_t item, std::uint32_t h) const {
    return ancestors_[static_cast<std::size_t>(h) * items_ + item];
  }
  // The row of ancestor_index for height h (one entry per item), for tight loops.
  const std::uint32_t* ancestor_row(std::uint32_t h) const {
    return ancestors_.data() + static_cast<std::size_t>(h) * items_;
  }

 private:
  std::uint32_t items_, fanout_;
  std::vector<std::uint32_t> level_start_;  // level h holds ids [level_start_[h], level_start_[h+1])
  std::vector<std::uint32_t> height_, children_, first_child_, internal_;
  std::vector<std::uint64_t> span_;         // f^h for each height h
  std::vector<std::uint32_t> ancestors_;    // (height() + 1) x items
};

// A hierarchy cut: a set of taxonomy nodes (§4.1), here a list of distinct node ids.
using Cut = std::span<const Node>;

// height(cut): the largest height of its nodes (Procedure 1 line 7).
std::uint32_t cut_height(const Taxonomy& t, Cut cut);
// |InternalNodes(cut)| = sum over the cut's nodes of |InternalNodes(u, H)| (Theorem 4.1): the
// largest number of partition operations a partition with this cut can still need.
std::uint64_t cut_internal_nodes(const Taxonomy& t, Cut cut);
// A leaf partition's cut holds leaves only (§4.1).
bool is_leaf_cut(const Taxonomy& t, Cut cut);
// §4.1: a record can be generalised to a cut if every item of the record can be generalised to
// a node of the cut and every node of the cut generalises some item of the record.
bool generalises(const Taxonomy& t, std::span<const std::uint32_t> record, Cut cut);

}  // namespace dplab::diffpart
