// The evaluation of diffpart on full-size data: raw MSNBC (989,818 records, |I| = 17: the dense
// superset-sum table) and stm_like (1,210,096 records, |I| = 1,012: tid-lists). Per dataset:
// compressing the records into distinct itemsets, building the support index, answering the
// §5.1 query set (50,000 queries in 5 subsets), FP-growth top 100 (Appendix E), and one trial of
// each metric with the raw caches warm (what a sweep pays per trial). Goal: the 50,000 queries
// well under a second per dataset. MSNBC is skipped when ../shared/datasets is missing.
#include <benchmark/benchmark.h>

#include <map>

#include "algorithms/diffpart/counting_queries.hpp"
#include "algorithms/diffpart/fp_growth.hpp"
#include "algorithms/diffpart/itemsets.hpp"
#include "algorithms/diffpart/support_index.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"
#include "bench_support.hpp"

namespace {

using namespace dplab;
using namespace dplab::diffpart;

void BM_DistinctItemsets(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  std::size_t n = 0;
  for (auto _ : state) {
    Itemsets sets = distinct_itemsets(*data);
    n = sets.size();
    benchmark::DoNotOptimize(sets.counts.data());
  }
  state.counters["distinct"] = static_cast<double>(n);
}
BENCHMARK_CAPTURE(BM_DistinctItemsets, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DistinctItemsets, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

void BM_SupportIndexBuild(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  const auto sets = raw_itemsets(*data);
  for (auto _ : state) {
    SupportIndex index(*sets);
    benchmark::DoNotOptimize(&index);
  }
}
BENCHMARK_CAPTURE(BM_SupportIndexBuild, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SupportIndexBuild, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

void BM_GenerateQueries(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  const QuerySetParams p;  // 50,000 queries, 5 subsets
  const std::uint32_t max_t = max_record_size(*data);
  for (auto _ : state) {
    QuerySet qs = generate_queries(p, data->universe, max_t, TrialSeeds{1, 0});
    benchmark::DoNotOptimize(qs.items.data());
  }
}
BENCHMARK_CAPTURE(BM_GenerateQueries, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GenerateQueries, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

void BM_Answer50kQueries(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  const auto index = raw_support_index(*data);
  const QuerySet qs = generate_queries(QuerySetParams{}, data->universe, max_record_size(*data), TrialSeeds{1, 0});
  double nonzero = 0;
  for (auto _ : state) {
    nonzero = 0;
    for (std::size_t q = 0; q < qs.size(); ++q) nonzero += index->support(qs.query(q)) > 0;
  }
  state.counters["queries"] = static_cast<double>(qs.size());
  state.counters["nonzero"] = nonzero;
}
BENCHMARK_CAPTURE(BM_Answer50kQueries, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Answer50kQueries, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

// The 10,000 queries of one subset (the argument, 0-based) of the same query set.
void BM_AnswerSubset(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  const auto index = raw_support_index(*data);
  const QuerySet qs = generate_queries(QuerySetParams{}, data->universe, max_record_size(*data), TrialSeeds{1, 0});
  const auto sub = static_cast<std::size_t>(state.range(0));
  for (auto _ : state)
    for (std::size_t q = qs.subset_begin[sub]; q < qs.subset_begin[sub + 1]; ++q)
      benchmark::DoNotOptimize(index->support(qs.query(q)));
  state.counters["max_length"] = qs.length_limit[sub];
}
BENCHMARK_CAPTURE(BM_AnswerSubset, stm_like, std::string("stm_like"))->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

void BM_FpGrowthTop100(benchmark::State& state, const std::string& name) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  const auto sets = raw_itemsets(*data);
  std::size_t longest = 0;
  for (auto _ : state) {
    auto top = top_k_itemsets(*sets, 100);
    longest = 0;
    for (const auto& f : top) longest = std::max(longest, f.items.size());
    benchmark::DoNotOptimize(top.data());
  }
  state.counters["longest"] = static_cast<double>(longest);
}
BENCHMARK_CAPTURE(BM_FpGrowthTop100, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_FpGrowthTop100, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

// One trial of a metric with the raw data's caches warm, the release being the raw data itself
// (so the release's index or top 100 has the raw data's size).
void metric_trial(benchmark::State& state, const std::string& name, const char* metric) {
  const Transactions* data = dplab::bench::dataset<Transactions>(state, name);
  if (!data) return;
  Outputs out;
  out.object("sanitized", *raw_itemsets(*data));
  const Metric& m = find_metric(metric);
  const Params params = with_defaults(m.info().params, Params{});
  const TrialSeeds seeds{1, 0};
  m.compute(MetricContext{out, data, params, seeds});  // warms the caches
  for (auto _ : state) {
    auto v = m.compute(MetricContext{out, data, params, seeds});
    benchmark::DoNotOptimize(v.data());
  }
}
void BM_RelativeErrorTrial(benchmark::State& state, const std::string& name) {
  metric_trial(state, name, "relative_error");
}
BENCHMARK_CAPTURE(BM_RelativeErrorTrial, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RelativeErrorTrial, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);
void BM_TopkUtilityTrial(benchmark::State& state, const std::string& name) {
  metric_trial(state, name, "topk_utility");
}
BENCHMARK_CAPTURE(BM_TopkUtilityTrial, msnbc, std::string("msnbc"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TopkUtilityTrial, stm_like, std::string("stm_like"))->Unit(benchmark::kMillisecond);

}  // namespace
