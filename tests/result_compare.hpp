// Two results hold the same data: every metric, mask, spent budget, point column and attribute
// compared bit for bit, except what depends on where and how long the run took (host, threads,
// started, finished, per-trial wall times). What MPI ranks and merged shards must match.
#pragma once
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "framework/store.hpp"

namespace dplab::testing {

inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

inline void check_same_result(const ResultData& a, const ResultData& b) {
  const RunMeta &x = a.meta, &y = b.meta;
  CHECK(x.name == y.name); CHECK(x.paper == y.paper); CHECK(x.id == y.id);
  CHECK(x.description == y.description); CHECK(x.spec_text == y.spec_text); CHECK(x.spec_source == y.spec_source);
  CHECK(x.spec_path == y.spec_path); CHECK(x.spec_hash == y.spec_hash); CHECK(x.overrides == y.overrides);
  CHECK(x.code_version == y.code_version); CHECK(x.code_history == y.code_history);
  CHECK(x.plot_json == y.plot_json); CHECK(x.reference_csv == y.reference_csv);
  CHECK(x.seed == y.seed); CHECK(x.shard == y.shard);
  CHECK(x.finished.empty() == y.finished.empty());
  REQUIRE(a.points == b.points);
  REQUIRE(a.trials == b.trials);
  CHECK(a.axes == b.axes);
  REQUIRE(a.columns.size() == b.columns.size());
  for (std::size_t i = 0; i < a.columns.size(); ++i) {
    CHECK(a.columns[i].name == b.columns[i].name);
    CHECK(a.columns[i].type == b.columns[i].type);
    CHECK(a.columns[i].strings == b.columns[i].strings);
    CHECK(same_bits(a.columns[i].numbers, b.columns[i].numbers));
  }
  REQUIRE(a.metrics.size() == b.metrics.size());
  for (std::size_t m = 0; m < a.metrics.size(); ++m) {
    const MetricData &p = a.metrics[m], &q = b.metrics[m];
    CHECK(p.name == q.name); CHECK(p.doc == q.doc); CHECK(p.index == q.index);
    CHECK(p.is_vector == q.is_vector); CHECK(p.raw == q.raw);
    CHECK_MESSAGE(same_bits(p.scalar, q.scalar), "metric " << p.name);
    REQUIRE(p.vectors.size() == q.vectors.size());
    std::size_t differ = 0;
    for (std::size_t c = 0; c < p.vectors.size(); ++c) differ += !same_bits(p.vectors[c], q.vectors[c]);
    CHECK_MESSAGE(differ == 0, "metric " << p.name << ": " << differ << " cells differ");
  }
  CHECK(a.done == b.done);
  CHECK(same_bits(a.spent_eps, b.spent_eps));
  CHECK(a.has_delta == b.has_delta);
  CHECK(same_bits(a.spent_delta, b.spent_delta));
}

inline std::size_t done_cells(const ResultData& r) {
  std::size_t n = 0;
  for (auto d : r.done) n += d;
  return n;
}

}  // namespace dplab::testing
