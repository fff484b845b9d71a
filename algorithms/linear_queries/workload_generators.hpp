// Random workloads of linear counting queries over a domain of n cells. Workloads are public
// inputs: they are drawn from a public stream (TrialContext::seeds), never from the data.
//
//  - hot_normal (workload_division §5): each of the m queries picks a centre c uniformly in
//    the domain and counts the cells round(c + Z), Z ~ N(0, variance), over `draws` draws
//    (repeats collapse, draws falling outside the domain are redrawn); the hot cell, drawn
//    once per workload uniformly from the domain, is added to each query with probability p.
//  - random_range (DPBench's and ektelo's RandomRange, workload.RandomRange(None, (n,), m)):
//    each query's width w is uniform on 1..n, then its first cell uniform on 0..n-w, so the
//    mean width is (n + 1) / 2.
#pragma once
#include <cstdint>
#include <string>

#include "algorithms/linear_queries/rect_workload.hpp"
#include "algorithms/linear_queries/workload.hpp"
#include "core/rng.hpp"

namespace dplab::linear_queries {

struct WorkloadShape {
  std::string kind = "hot_normal";  // hot_normal | random_range | random_rect
  std::uint32_t n = 4096;           // domain size
  std::uint32_t rows = 0;           // random_rect: rows of the 2-D domain (n / rows columns)
  std::uint32_t queries = 2000;     // m
  double variance = 10;             // hot_normal: variance of the normal law around c
  std::uint32_t draws = 10;         // hot_normal: normal draws per query
  double p = 0.9;                   // hot_normal: probability that a query counts the hot cell

  // A canonical description that keys the public stream of this workload.
  std::string key() const;
};

struct GeneratedWorkload {
  Workload W;                     // the queries as runs over the (flattened) domain
  RectWorkload rects;             // random_rect: the same queries as rectangles; empty otherwise
  std::uint32_t hot = 0;          // the hot cell (hot_normal only)
  std::uint32_t sensitivity = 0;  // Delta_W

  // W x: by 2-D prefix sums for rectangles (O(n + m)), else by the runs' prefix sums.
  std::vector<double> answer(std::span<const double> x) const {
    return rects.queries() ? rects.answer(x) : W.answer(x);
  }
};

GeneratedWorkload generate_workload(const WorkloadShape& shape, Stream& stream);

}  // namespace dplab::linear_queries
