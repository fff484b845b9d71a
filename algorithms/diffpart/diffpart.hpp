// DiffPart (diffpart Algorithm 1 with Procedure 1 SubPart_Gen): probabilistic top-down
// partitioning of set-valued data over a context-free taxonomy tree.
//
// A partition is a set of records (a range of record ids, partitioned in place), its hierarchy
// cut, its unused budget B^ and the budget alpha of its next partition operation. Partitions are
// processed depth first (a stack rather than Algorithm 1's queue: every partition is processed
// independently, so the order does not change the output law, and depth first keeps the
// privacy ledger's scopes nested).
//
// Privacy accounting (§4.2): the budget of each partitioning chain is at most B. Every partition
// operation opens one parallel scope with one branch per non-empty sub-partition (its test, then
// its own operations or leaf count) and one branch for the empty sub-partitions (the
// test-and-generate charge, then a nested parallel scope with a branch per generated one), so
// the ledger's total is the maximum over chains.
//
// Reading of the paper:
// - Leaf budget. Algorithm 1 line 12 and Procedure 1 line 8 are implemented as written: a leaf
//   sub-partition is first tested with p.alpha like any sub-partition, then counted with
//   B/2 + s.B^, s.B^ = p.B^ - p.alpha. A partition whose split yields leaves has a single
//   non-leaf node of height 1 in its cut, so |InternalNodes(p.cut)| = 1, alpha = B^ and the leaf
//   count gets B/2: every chain that ends in a leaf spends exactly B (Appendix F.4). The 5B/6 and
//   2B/3 of Examples 4.2 and C.1 are B/2 plus the last split's alpha (B/3 and B/6), i.e. what the
//   leaves of that split receive in total (test + count).
// - C3 in the OCR text is C2 (§4.1: empty and non-empty sub-partitions must use the same
//   threshold).
// - Release: N copies (line 14) with N rounded to the nearest integer; an itemset whose rounded
//   count is 0 is not released.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "algorithms/diffpart/itemsets.hpp"
#include "algorithms/diffpart/taxonomy.hpp"
#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"
#include "core/rng.hpp"

namespace dplab::diffpart {

struct DiffPartConfig {
  double B = 1.0;               // total privacy budget
  std::uint32_t fanout = 10;    // f, at most kMaxFanout
  double C1 = 1.0;              // leaf threshold constant, in [1, C2] (§4.1)
  double C2 = 1.1;              // sub-partition threshold constant (Procedure 1 lines 7, 14)
  std::uint64_t max_partitions = 50'000'000;  // safety stop, see expected_empty_leaves
};

// Child combinations are bit masks of a node's children.
constexpr std::uint32_t kMaxFanout = 16;

// p.B^ and p.alpha of a partition.
struct PartitionBudget {
  double unused = 0;  // B^
  double alpha = 0;   // budget of its next partition operation (0 for a leaf partition)
};
// Algorithm 1 line 5: the initial partition gets B^ = B/2 and alpha = B^ / |InternalNodes(cut)|.
PartitionBudget root_budget(double B, std::uint64_t internal_nodes);
// Procedure 1 lines 8-9 (and 16-17): s.B^ = p.B^ - p.alpha, s.alpha = s.B^ / |InternalNodes(s.cut)|.
PartitionBudget sub_budget(const PartitionBudget& parent, std::uint64_t sub_internal_nodes);
// Algorithm 1 line 12: a leaf partition's count uses the reserved B/2 plus its unused budget.
inline double leaf_budget(double B, double unused) { return B / 2 + unused; }
// Procedure 1 lines 7 and 14: sqrt(2) C2 height(p.cut) / p.alpha.
double split_threshold(double C2, std::uint32_t height, double alpha);
// Algorithm 1 line 13: sqrt(2) C1 / (B/2 + p.B^).
double leaf_threshold(double C1, double leaf_eps);

// The children of u under which the record's items fall, as a bit mask (bit c: child c). This
// is the sub-partition of the record when u is expanded (Procedure 1 line 4).
std::uint32_t child_mask(const Taxonomy& t, std::span<const std::uint32_t> record, Node u);

// The expected number of leaf partitions that an empty partition with cut {u} ends in: the
// test-and-generate step passes each empty candidate with probability
// q(h) = Pr[Lap(1/alpha) > sqrt(2) C2 h / alpha] = exp(-sqrt(2) C2 h) / 2, whatever alpha, so
// E(leaf) = 1 and E(u) = q(h(u)) (prod over children c of (1 + E(c)) - 1). A value far above 1
// means the generated empty partitions multiply faster than they are pruned.
double expected_empty_leaves(const Taxonomy& t, Node u, double C2);
// The smallest C2 for which a split of a node with f leaf children generates fewer than one
// empty sub-partition on average: (2^f - 1) q(1) <= 1.
double subcritical_C2(std::uint32_t fanout);

struct DiffPartStats {
  std::uint64_t splits = 0;           // partition operations (Procedure 1 calls)
  std::uint64_t leaf_partitions = 0;  // leaf partitions reached (and counted)
  std::uint64_t released = 0;         // leaf partitions released (distinct itemsets)
  std::uint64_t generated_empty = 0;  // empty sub-partitions generated (Procedure 1 line 15)
  double released_records = 0;        // sum of the released counts
};

// What tests and diagnostics can watch; spans are valid during the call only.
struct SplitGroup {
  std::uint32_t mask;   // children of u in the sub-partition's cut
  std::uint32_t records;
};
struct SplitEvent {
  Cut cut;                     // p.cut
  Node u;                      // the expanded node
  std::size_t records;         // |p| (0 for a generated empty partition)
  PartitionBudget budget;      // p.B^, p.alpha
  double threshold;            // Procedure 1 line 7
  std::span<const SplitGroup> non_empty;            // increasing masks
  std::uint64_t empty_candidates;                   // 2^l - 1 - |non_empty|
  std::span<const std::uint32_t> generated_masks;   // empty combinations that passed
};
struct LeafEvent {
  Cut cut;
  std::size_t records;
  double eps, threshold, noisy;
};
struct Observer {
  std::function<void(const SplitEvent&)> on_split;
  std::function<void(const LeafEvent&)> on_leaf;
};

// Buffers reused across trials (one per thread).
struct Workspace {
  std::vector<std::uint32_t> rid, tmp, keys, bucket;
  std::vector<std::uint64_t> packed;
  std::vector<Node> cuts;
  std::vector<SplitGroup> groups;
  std::vector<std::uint32_t> group_begin, leaf_items;
};

// DiffPart (Algorithm 1) on `data`: the sanitised release (records without items are ignored:
// §3 requires non-empty records). Throws when the configuration is invalid or the run exceeds config.max_partitions.
Itemsets sanitize(const Transactions& data, const DiffPartConfig& config, Stream& stream,
                  Mechanisms& noise, DiffPartStats* stats = nullptr,
                  const Observer* observer = nullptr, Workspace* workspace = nullptr);

}  // namespace dplab::diffpart
