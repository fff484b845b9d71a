// The processed network N^ of lu_thesis ch. 6 (§6.3.2): the copies of every vertex (base vertex
// and sub-vertices, Algorithm 6.1) and the vertices relationship matrix R between copies
// (Eq. 6.3), whose "non-existent" entries Algorithm 6.2 turns into path or graph edges.
//
// Readings of the text (docs/papers/lu_thesis.md, chapter 6):
// - A copy is one visit of the path (the k-th visit of v is v's sub-vertex k - 1, Alg. 6.1 l. 8-9)
//   or a fake (duplicate) sub-vertex. Copies inherit their base vertex's connections (Fig. 6.4:
//   every copy of u is joined to every copy of v when (u, v) is in E), so between two copies
//   r = 1 when they are consecutive visits of the path, 2 when their bases are joined otherwise,
//   0 when their bases are not joined, and -1 when they are copies of the same vertex (Eq. 6.3's
//   u = v: no edge can join a vertex to itself; it constrains nothing).
// - Fakes are not visits: they enter G_P (it holds "all base vertices and sub-vertices") after
//   the path's visits, in the order of Algorithm 6.1's loop, but carry no path edge and no
//   index in the path (so Rule 5 ignores them). Making them path visits would publish edges that
//   do not exist in N as path edges, which Rules 1 and 2 could not recover.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "datasets/dataset.hpp"
#include "framework/mechanisms.hpp"

namespace dplab::path_publishing {

// Values of R (Eq. 6.3).
constexpr std::int8_t kSameVertex = -1, kNonEdge = 0, kPathEdge = 1, kGraphEdge = 2;

struct Copy {
  std::uint32_t base = 0;       // the vertex of N
  std::uint32_t sub = 0;        // 0: the base vertex itself; i >= 1: its sub-vertex i
  std::int32_t position = -1;   // index of the visit in the path P^, -1 for a fake sub-vertex
};

struct ProcessedNetwork {
  std::vector<Copy> copies;     // the visits in path order (copies[i].position == i), then the fakes
  std::size_t visits = 0;       // |P^|
  std::size_t edges = 0;        // |E^|: pairs of copies whose bases are joined in N
  std::vector<std::int8_t> r;   // R, size() x size(), symmetric, row-major
  std::size_t size() const { return copies.size(); }
  std::int8_t at(std::size_t a, std::size_t b) const { return r[a * copies.size() + b]; }
  void set(std::size_t a, std::size_t b, std::int8_t v) { r[a * copies.size() + b] = r[b * copies.size() + a] = v; }
  std::size_t fakes() const { return copies.size() - visits; }
};

// Upper end of subNum's range in Algorithm 6.1 (the text gives two):
//   path_degree:    [baseNum, maxDegree] with maxDegree the largest degree in P (Alg. 6.1 l. 3-5),
//                   counting every path edge at a vertex (a vertex visited twice inside the path
//                   has 4). Our default: it is the algorithm as printed, and the only reading under
//                   which cyclic paths get more fake sub-vertices than acyclic ones, as §6.4.2
//                   explains Fig. 6.10 (docs/papers/lu_thesis.md);
//   appearances:    [num, max{maxNum, 2}] (§6.3.2's words), maxNum the largest visit count;
//   network_degree: [baseNum, the largest degree in N].
// For an acyclic path the first two are both [1, 2].
enum class SubnumRange { Appearances, PathDegree, NetworkDegree };
SubnumRange parse_subnum_range(const std::string& name);

// Visits of every vertex in the path (baseNum).
std::vector<std::uint32_t> visit_counts(const Network& net);
// The range's upper end for every vertex (at least its visit count).
std::vector<std::uint32_t> subnum_upper(const Network& net, SubnumRange range);

// Algorithm 6.1 l. 4-5: subNum of every vertex (its number of copies, visits included) by the
// exponential mechanism with Eq. 6.1's quality and Delta q_v = 1, one draw per vertex under
// parallel composition (Lemma 6.1: eps_v in all). Eq. 6.1's degree term max{d} - d_i is the
// same for every candidate n of vertex i, so it cancels: Pr[n] is proportional to
// exp(-eps_v n / 2) on the vertex's range.
std::vector<std::uint32_t> draw_subnum(const Network& net, SubnumRange range, double eps_v, Mechanisms& noise);

// The copies and R (Eq. 6.3) for subNum copies of every vertex (Algorithm 6.1 l. 6-16).
ProcessedNetwork process(const Network& net, const std::vector<std::uint32_t>& subnum);

// Eq. 6.4's quality of r = x in {1, 2}, and its sensitivity (|E| - 2)/|E|.
double edge_quality(int x, std::size_t edges);
double edge_quality_sensitivity(std::size_t edges);

// Algorithm 6.2 l. 2-3: every r = 0 becomes 1 or 2 by the exponential mechanism with Eq. 6.4's
// quality, one draw per unordered pair (Pr[r = 2] = 1 / (1 + exp(-eps_e / 2)) whatever |E|).
// Charges eps_e (parallel over the pairs) and ln 2 (Lemma 6.2: the edge the adversary misses is
// drawn in N' but fixed in N). Returns the number of pairs drawn.
std::size_t randomise_non_edges(ProcessedNetwork& pn, double eps_e, Mechanisms& noise);

// The exact privacy loss of Algorithm 6.2 for the worst path edge the adversary may miss
// (§6.2.2): in N' every pair of copies of its two ends is a non-edge and is drawn, in N those
// pairs are fixed, so the loss is p ln(1 + e^(eps_e/2)) + (k - p) ln(1 + e^(-eps_e/2)) with k
// the pairs of copies and p those that are path edges. Without copies (k = p = 1) it is
// ln(1 + e^(eps_e/2)) <= eps_e + ln 2 (Lemma 6.2); sub-vertices multiply the drawn pairs.
// Computed on R before Algorithm 6.2 (`pn` as process() returns it).
double edge_privacy_loss(const ProcessedNetwork& pn, const Network& net, double eps_e);

// Without DP on edges, what an r = 0 pair means when G_P is built (the text does not say):
//   as_path:  different branches, like r = 1 (§6.3.1: "if e is in E_G, same branch; otherwise,
//             different branches", with E_G = E \ E_P before Rule 3's fake edges);
//   as_graph: same branch, like r = 2;
//   free:     either (Algorithm 6.5 tests r = 1 and r = 2 only, so r = 0 constrains nothing).
enum class NonEdges { AsPath, AsGraph, Free };
NonEdges parse_non_edges(const std::string& name);
void resolve_non_edges(ProcessedNetwork& pn, NonEdges reading);

}  // namespace dplab::path_publishing
