// The evaluation of diffpart (§5.1 and Appendix E): random counting-query sets, the support
// index in both layouts, FP-growth against brute-force enumeration, and the relative-error and
// top-K utility metrics on hand-computed cases and end to end through run_trial.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "algorithms/diffpart/counting_queries.hpp"
#include "algorithms/diffpart/fp_growth.hpp"
#include "algorithms/diffpart/itemsets.hpp"
#include "algorithms/diffpart/support_index.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

using namespace dplab;
using namespace dplab::diffpart;

namespace {

Transactions transactions(const std::string& name, std::uint32_t universe,
                          const std::vector<std::vector<std::uint32_t>>& records) {
  Transactions t;
  t.name = name;
  t.universe = universe;
  for (const auto& r : records) {
    t.items.insert(t.items.end(), r.begin(), r.end());
    t.offsets.push_back(t.items.size());
  }
  return t;
}

// The tiny dataset of the hand-computed cases: D = {0,1}, {0}, {1,2}, {0,1,2} over I = {0,1,2},
// and a "release" D~ = 2 x {0,1} + 1.5 x {2}.
Transactions tiny_raw(const std::string& name) { return transactions(name, 3, {{0, 1}, {0}, {1, 2}, {0, 1, 2}}); }
Itemsets tiny_release() {
  Itemsets s;
  s.universe = 3;
  const std::vector<std::uint32_t> a{0, 1}, b{2};
  s.add(a, 2.0);
  s.add(b, 1.5);
  return s;
}

// Random weighted itemsets: `n` itemsets over `universe` items, each of 1..max_len distinct items,
// integer counts 1..5 (so every support is an exact sum).
Itemsets random_itemsets(Stream& s, std::uint32_t universe, std::size_t n, std::uint32_t max_len) {
  Itemsets out;
  out.universe = universe;
  std::vector<std::uint32_t> set;
  for (std::size_t k = 0; k < n; ++k) {
    const auto len = 1 + s.below(max_len);
    std::set<std::uint32_t> chosen;
    while (chosen.size() < len) chosen.insert(static_cast<std::uint32_t>(s.below(universe)));
    set.assign(chosen.begin(), chosen.end());
    out.add(set, static_cast<double>(1 + s.below(5)));
  }
  return out;
}

double brute_support(const Itemsets& data, const std::vector<std::uint32_t>& query) {
  double total = 0;
  for (std::size_t k = 0; k < data.size(); ++k) {
    auto set = data.itemset(k);
    if (std::includes(set.begin(), set.end(), query.begin(), query.end())) total += data.counts[k];
  }
  return total;
}

// Every non-empty itemset over a small universe with a positive support, in rank order.
std::vector<FrequentItemset> brute_all_itemsets(const Itemsets& data) {
  std::vector<FrequentItemset> out;
  for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << data.universe); ++mask) {
    FrequentItemset f;
    for (std::uint32_t i = 0; i < data.universe; ++i)
      if (mask >> i & 1) f.items.push_back(i);
    f.support = brute_support(data, f.items);
    if (f.support > 0) out.push_back(std::move(f));
  }
  std::sort(out.begin(), out.end(), ranks_before);
  return out;
}

bool same(const std::vector<FrequentItemset>& a, const std::vector<FrequentItemset>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].items != b[k].items || a[k].support != b[k].support) return false;
  return true;
}

Params metric_params(std::int64_t queries, std::int64_t subsets, std::int64_t max_length, double sanity) {
  Params p;
  p.set("queries", Value(queries));
  p.set("query_subsets", Value(subsets));
  p.set("max_query_length", Value(max_length));
  p.set("sanity_fraction", Value(sanity));
  return p;
}

std::vector<std::vector<std::uint32_t>> queries_of(const QuerySet& qs) {
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t q = 0; q < qs.size(); ++q) out.emplace_back(qs.query(q).begin(), qs.query(q).end());
  return out;
}

// A test-only "sanitizer" that releases the raw data itself: relative error 0, utility 1.
class CopyRaw : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "test.copy_raw";
    i.doc = "releases the raw data's distinct itemsets (test)";
    i.outputs = {{"sanitized", "the raw data as itemsets", false, "", true}};
    i.accepts = {DatasetKind::Transactions};
    i.deterministic = true;
    i.privacy = PrivacyStatus::none("releases the raw data (test)");
    return i;
  }
  void run(TrialContext& ctx) const override {
    ctx.out.object("sanitized", distinct_itemsets(ctx.dataset<Transactions>()));
  }
};
DPLAB_ALGORITHM(CopyRaw);

// A test-only generator of random transactions (`items` universe, `records` records of 1..6
// items, item i drawn with weight proportional to 1/(i+1) so that supports differ).
DatasetInfo random_transactions_info() {
  DatasetInfo info;
  info.name = "test.random_transactions";
  info.kind = DatasetKind::Transactions;
  info.doc = "random set-valued records (test)";
  info.generator = true;
  info.params = {ParamSpec::integer("items", 40, "universe size").at_least(1).at_most(1000),
                 ParamSpec::integer("records", 3000, "records").at_least(1).at_most(100000)};
  info.load = [](const DatasetInfo&, const DatasetRequest& req) {
    auto t = std::make_shared<Transactions>();
    t->name = "test.random_transactions";
    t->universe = static_cast<std::uint32_t>(req.params.integer("items"));
    Stream s(req.seed, hash64("test.random_transactions"), 0);
    for (std::int64_t r = 0; r < req.params.integer("records"); ++r) {
      std::set<std::uint32_t> rec;
      const auto len = 1 + s.below(std::min<std::uint64_t>(6, t->universe));
      while (rec.size() < len) {
        // 1/(i+1) weights by inversion of u -> floor(U^u) - 1 (approximately harmonic).
        const double u = s.uniform();
        const auto i = static_cast<std::uint32_t>(std::pow(double(t->universe) + 1, u)) - 1;
        rec.insert(std::min(i, t->universe - 1));
      }
      t->items.insert(t->items.end(), rec.begin(), rec.end());
      t->offsets.push_back(t->items.size());
    }
    return std::shared_ptr<const Dataset>(t);
  };
  return info;
}
DPLAB_DATASET(test_random_transactions, random_transactions_info());

}  // namespace

TEST_SUITE("diffpart_eval") {

TEST_CASE("query length limits: floor(i/n max|t|), at least 1, at most |I|") {
  QuerySetParams p;  // 5 subsets
  CHECK(length_limits(p, 17, 17) == std::vector<std::uint32_t>{3, 6, 10, 13, 17});     // MSNBC
  CHECK(length_limits(p, 1012, 64) == std::vector<std::uint32_t>{12, 25, 38, 51, 64});  // STM
  CHECK(length_limits(p, 10, 2) == std::vector<std::uint32_t>{1, 1, 1, 1, 2});
  CHECK(length_limits(p, 3, 10) == std::vector<std::uint32_t>{2, 3, 3, 3, 3});
  p.max_length = 10;
  CHECK(length_limits(p, 1012, 64) == std::vector<std::uint32_t>{10});
  CHECK(length_limits(p, 7, 64) == std::vector<std::uint32_t>{7});
  // The subset count does not key a fixed-length query set; everything else does.
  QuerySetParams q = p;
  q.subsets = 3;
  CHECK(query_set_key(p, 100, 20) == query_set_key(q, 100, 20));
  CHECK(query_set_key(p, 100, 20) != query_set_key(p, 101, 20));
  CHECK(query_set_key(p, 100, 20) != query_set_key(p, 100, 21));
  q.queries = 7;
  CHECK(query_set_key(p, 100, 20) != query_set_key(q, 100, 20));
}

TEST_CASE("query sets: sizes, lengths within limits, distinct items") {
  QuerySetParams p;
  p.queries = 5003;
  const TrialSeeds seeds{11, 2};
  const QuerySet qs = generate_queries(p, 1012, 64, seeds);
  REQUIRE(qs.size() == 5003);
  REQUIRE(qs.subsets() == 5);
  const std::vector<std::size_t> begins{0, 1001, 2002, 3003, 4003, 5003};  // remainder 3 to the first
  CHECK(qs.subset_begin == begins);
  for (std::size_t s = 0; s < 5; ++s) {
    for (std::size_t q = qs.subset_begin[s]; q < qs.subset_begin[s + 1]; ++q) {
      auto items = qs.query(q);
      REQUIRE(!items.empty());
      REQUIRE(items.size() <= qs.length_limit[s]);
      for (std::size_t k = 0; k < items.size(); ++k) {
        REQUIRE(items[k] < 1012);
        if (k) REQUIRE(items[k - 1] < items[k]);  // sorted, so distinct
      }
    }
  }
}

TEST_CASE("query sets: same key and trial -> same queries; another trial or seed -> others") {
  QuerySetParams p;
  p.queries = 500;
  const auto a = queries_of(generate_queries(p, 17, 17, TrialSeeds{3, 0}));
  CHECK(a == queries_of(generate_queries(p, 17, 17, TrialSeeds{3, 0})));
  CHECK(a != queries_of(generate_queries(p, 17, 17, TrialSeeds{3, 1})));
  CHECK(a != queries_of(generate_queries(p, 17, 17, TrialSeeds{4, 0})));
  // The trial's public stream is the key's: drawing from it by hand gives the same set.
  Stream s = TrialSeeds{3, 0}.public_stream(query_set_key(p, 17, 17));
  CHECK(a == queries_of(generate_queries(p, 17, 17, s)));
}

TEST_CASE("support index on the tiny dataset, both layouts") {
  const Itemsets raw = distinct_itemsets(tiny_raw("tiny.index"));
  for (std::uint32_t dense_universe : {20u, 0u}) {
    const SupportIndex idx(raw, dense_universe);
    CHECK(idx.dense() == (dense_universe == 20));
    CHECK(idx.records() == 4);
    using Q = std::vector<std::uint32_t>;
    CHECK(idx.support(Q{}) == 4);
    CHECK(idx.support(Q{0}) == 3);
    CHECK(idx.support(Q{1}) == 3);
    CHECK(idx.support(Q{2}) == 2);
    CHECK(idx.support(Q{0, 1}) == 2);
    CHECK(idx.support(Q{1, 0}) == 2);  // any order
    CHECK(idx.support(Q{0, 2}) == 1);
    CHECK(idx.support(Q{1, 2}) == 2);
    CHECK(idx.support(Q{0, 1, 2}) == 1);
    CHECK(idx.support(Q{0, 7}) == 0);  // outside the universe
  }
}

TEST_CASE("support index agrees with brute force on random data, both layouts") {
  Stream s(21, 22, 23);
  struct Case {
    std::uint32_t universe, max_len;
    std::size_t sets;
  };
  for (const Case c : {Case{12, 12, 400}, Case{200, 8, 3000}, Case{60, 30, 500}}) {
    const Itemsets data = random_itemsets(s, c.universe, c.sets, c.max_len);
    const SupportIndex sparse(data, 0);
    std::optional<SupportIndex> dense;
    if (c.universe <= 20) dense.emplace(data);
    CHECK(!sparse.dense());
    if (dense) CHECK(dense->dense());
    CHECK(sparse.records() == data.records());
    // Short queries (lengths 1..4, many with a positive support) and the paper's subsets.
    for (std::int64_t max_length : {4, 0}) {
      QuerySetParams p;
      p.queries = 2000;
      p.max_length = max_length;
      const QuerySet qs = generate_queries(p, c.universe, c.max_len, s);
      int nonzero = 0;
      for (const auto& q : queries_of(qs)) {
        const double truth = brute_support(data, q);
        nonzero += truth > 0;
        REQUIRE(sparse.support(q) == truth);
        if (dense) REQUIRE(dense->support(q) == truth);
      }
      // The test exercises real intersections, not only empty answers.
      if (max_length == 4) CHECK(nonzero > 100);
    }
  }
}

TEST_CASE("FP-growth finds exactly the itemsets above a threshold (brute force)") {
  Stream s(31, 32, 33);
  for (std::uint32_t universe : {6u, 10u, 13u}) {
    const Itemsets data = random_itemsets(s, universe, 60, universe);
    const auto all = brute_all_itemsets(data);
    for (double threshold : {1.0, 2.0, 5.0, 12.5, 40.0, 1000.0}) {
      std::vector<FrequentItemset> expected;
      for (const auto& f : all)
        if (f.support >= threshold) expected.push_back(f);
      CHECK_MESSAGE(same(frequent_itemsets(data, threshold), expected),
                    "universe " << universe << ", threshold " << threshold);
    }
  }
}

TEST_CASE("FP-growth top K equals the brute-force ranking, ties included") {
  Stream s(41, 42, 43);
  for (std::uint32_t universe : {5u, 9u, 14u}) {
    // Short and long records: integer counts produce many ties at the K-th support.
    for (std::uint32_t max_len : {3u, universe}) {
      const Itemsets data = random_itemsets(s, universe, 40, max_len);
      const auto all = brute_all_itemsets(data);
      for (std::size_t k : {1u, 2u, 5u, 10u, 17u, 50u, 300u, 100000u}) {
        std::vector<FrequentItemset> expected(all.begin(), all.begin() + std::min(k, all.size()));
        CHECK_MESSAGE(same(top_k_itemsets(data, k), expected),
                      "universe " << universe << ", max length " << max_len << ", K " << k);
      }
    }
  }
  CHECK(top_k_itemsets(tiny_release(), 0).empty());
}

TEST_CASE("FP-growth on the tiny dataset by hand") {
  const auto top = top_k_itemsets(distinct_itemsets(tiny_raw("tiny.fp")), 7);
  // Supports: {0} 3, {1} 3, {2} 2, {0,1} 2, {1,2} 2, {0,2} 1, {0,1,2} 1.
  const std::vector<std::vector<std::uint32_t>> order{{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 2}, {0, 1, 2}};
  const std::vector<double> support{3, 3, 2, 2, 2, 1, 1};
  REQUIRE(top.size() == 7);
  for (std::size_t k = 0; k < 7; ++k) {
    CHECK(top[k].items == order[k]);
    CHECK(top[k].support == support[k]);
  }
}

TEST_CASE("relative error by hand on the tiny dataset") {
  // D = {0,1}, {0}, {1,2}, {0,1,2}; D~ = 2 x {0,1} + 1.5 x {2}; |D| = 4, sanity fraction 0.5,
  // so s = 2. Per query |Q(D~) - Q(D)| / max(Q(D), 2):
  //   {0}: Q(D) = 3, Q(D~) = 2   -> 1/3        {0,1}: 2, 2   -> 0
  //   {1}: 3, 2                  -> 1/3        {0,2}: 1, 0   -> 1/2
  //   {2}: 2, 1.5                -> 1/4        {1,2}: 2, 0   -> 1
  //                                          {0,1,2}: 1, 0   -> 1/2
  const std::map<std::vector<std::uint32_t>, double> error{
      {{0}, 1.0 / 3}, {{1}, 1.0 / 3}, {{2}, 0.25}, {{0, 1}, 0.0}, {{0, 2}, 0.5}, {{1, 2}, 1.0}, {{0, 1, 2}, 0.5}};
  const Transactions raw = tiny_raw("tiny.relative_error");
  Outputs out;
  out.object("sanitized", tiny_release());
  const Metric& metric = find_metric("relative_error");
  const TrialSeeds seeds{9, 4};
  // 3 subsets of max|t| = 3: lengths up to 1, 2 and 3.
  const Params params = metric_params(600, 3, 0, 0.5);
  const auto values = metric.compute(MetricContext{out, &raw, params, seeds});
  QuerySetParams qp;
  qp.queries = 600;
  qp.subsets = 3;
  const QuerySet qs = generate_queries(qp, 3, 3, seeds);
  REQUIRE(values.size() == 3);
  for (std::size_t sub = 0; sub < 3; ++sub) {
    double sum = 0;
    for (std::size_t q = qs.subset_begin[sub]; q < qs.subset_begin[sub + 1]; ++q) {
      const std::vector<std::uint32_t> query(qs.query(q).begin(), qs.query(q).end());
      sum += error.at(query);
    }
    CHECK(values[sub] == doctest::Approx(sum / 200).epsilon(1e-12));
  }
  // Subset 0 holds only singletons: its mean lies between 1/4 and 1/3.
  CHECK(values[0] > 0.25);
  CHECK(values[0] < 1.0 / 3);
  // Query length fixed to 1: one subset.
  const auto single = metric.compute(MetricContext{out, &raw, metric_params(90, 5, 1, 0.5), seeds});
  REQUIRE(single.size() == 1);
  CHECK(single[0] > 0.25);
  CHECK(single[0] < 1.0 / 3);
  // The sanity bound: with s = 0.1% of |D| the {0,2} query's error is |0 - 1| / 1 = 1, but
  // with length 1 only the singletons count, none below s: 1/3, 1/3, 1/4 again.
  const auto small_s = metric.compute(MetricContext{out, &raw, metric_params(90, 5, 1, 0.001), seeds});
  CHECK(small_s[0] == doctest::Approx(single[0]).epsilon(1e-12));
}

TEST_CASE("relative error is 0 and top-K utility 1 for the raw data itself") {
  Stream s(51, 52, 53);
  const Itemsets sets = random_itemsets(s, 30, 2000, 6);
  Transactions raw;
  raw.name = "random.identity";
  raw.universe = sets.universe;
  for (std::size_t k = 0; k < sets.size(); ++k)
    for (double c = 0; c < sets.counts[k]; ++c) {
      raw.items.insert(raw.items.end(), sets.itemset(k).begin(), sets.itemset(k).end());
      raw.offsets.push_back(raw.items.size());
    }
  Outputs out;
  out.object("sanitized", distinct_itemsets(raw));
  const TrialSeeds seeds{1, 0};
  for (auto v : find_metric("relative_error").compute(MetricContext{out, &raw, metric_params(3000, 5, 0, 0.001), seeds}))
    CHECK(v == 0);
  Params tk;
  tk.set("top_k_max", Value(std::int64_t{100}));
  tk.set("top_k_step", Value(std::int64_t{10}));
  const auto u = find_metric("topk_utility").compute(MetricContext{out, &raw, tk, seeds});
  REQUIRE(u.size() == 10);
  for (auto v : u) CHECK(v == 1);
}

TEST_CASE("top-K utility by hand on the tiny dataset") {
  // Relative supports. D (|D| = 4): {0} 3/4, {1} 3/4, {2} 1/2, {0,1} 1/2, ... (ranked as in the
  // FP-growth case). D~ (2 x {0,1} + 1.5 x {2}, |D~| = 3.5): {0} 4/7, {1} 4/7, {0,1} 4/7,
  // {2} 3/7. Terms |sup_D - sup_D~| / sup_D: {0}, {1}: (3/4 - 4/7)/(3/4) = 5/21;
  // {2}: (1/2 - 3/7)/(1/2) = 1/7 when in D~'s top K (K >= 4), else 1; {0,1}: (4/7 - 1/2)/(1/2) = 1/7.
  //   K = 1: 1 - 5/21                        = 16/21
  //   K = 2: 1 - (5/21 + 5/21)/2             = 16/21
  //   K = 3: 1 - (5/21 + 5/21 + 1)/3         = 32/63  ({2} is 4th in D~)
  //   K = 4: 1 - (5/21 + 5/21 + 3/21 + 3/21)/4 = 17/21
  const Transactions raw = tiny_raw("tiny.topk");
  Outputs out;
  out.object("sanitized", tiny_release());
  Params tk;
  tk.set("top_k_max", Value(std::int64_t{4}));
  tk.set("top_k_step", Value(std::int64_t{1}));
  const auto u = find_metric("topk_utility").compute(MetricContext{out, &raw, tk, TrialSeeds{}});
  REQUIRE(u.size() == 4);
  CHECK(u[0] == doctest::Approx(16.0 / 21).epsilon(1e-12));
  CHECK(u[1] == doctest::Approx(16.0 / 21).epsilon(1e-12));
  CHECK(u[2] == doctest::Approx(32.0 / 63).epsilon(1e-12));
  CHECK(u[3] == doctest::Approx(17.0 / 21).epsilon(1e-12));
  // K runs over step, 2 step, ... up to top_k_max.
  tk.set("top_k_max", Value(std::int64_t{5}));
  tk.set("top_k_step", Value(std::int64_t{2}));
  const auto u2 = find_metric("topk_utility").compute(MetricContext{out, &raw, tk, TrialSeeds{}});
  REQUIRE(u2.size() == 2);
  CHECK(u2[0] == doctest::Approx(u[1]).epsilon(1e-12));
  CHECK(u2[1] == doctest::Approx(u[3]).epsilon(1e-12));
}

TEST_CASE("build-once cache: one build per key under concurrent callers, retried after an error") {
  BuildOnceCache<int> cache(2);
  std::atomic<int> builds{0};
  std::vector<std::thread> threads;
  std::vector<int> got(8, 0);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      got[static_cast<std::size_t>(t)] = *cache.get("a", [&] {
        ++builds;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return 42;
      });
    });
  for (auto& th : threads) th.join();
  CHECK(builds == 1);
  for (int v : got) CHECK(v == 42);
  CHECK_THROWS_AS(cache.get("b", []() -> int { throw Error("no"); }), Error);
  CHECK(*cache.get("b", [] { return 7; }) == 7);
  // Capacity 2: "a" was dropped when "c" came in; asking again rebuilds it.
  (void)cache.get("c", [] { return 1; });
  CHECK(*cache.get("a", [&] { ++builds; return 43; }) == 43);
  CHECK(builds == 2);
}

TEST_CASE("metrics end to end through run_trial: a copy of the raw data is exact") {
  for (const char* items : {"40", "12"}) {  // sparse and dense index
    const std::string text = std::string("name: s\npaper: diffpart\n") +
                             "dataset: {name: test.random_transactions, params: {items: " + items +
                             ", records: 3000}}\nalgorithm: test.copy_raw\ntrials: 2\n"
                             "params: {queries: 1000, top_k_max: 30, top_k_step: 10}\n"
                             "metrics: [relative_error, topk_utility]\n";
    const Spec spec = parse_spec(text, "s.yaml");
    const auto points = expand(spec);
    REQUIRE(points.size() == 1);
    const auto data = load_datasets(points, true);
    Scratch scratch;
    for (std::uint64_t trial : {0u, 1u}) {
      const TrialResult r = run_trial(spec, points[0], trial, dataset_of(data, points[0], trial), scratch);
      REQUIRE(r.metrics.size() == 2);
      REQUIRE(r.metrics[0].size() == 5);
      for (double v : r.metrics[0]) CHECK(v == 0);
      REQUIRE(r.metrics[1].size() == 3);
      for (double v : r.metrics[1]) CHECK(v == 1);
    }
  }
}

}  // TEST_SUITE

// Statistical tests: fixed seeds (so each result is stable); the comment above each check gives
// how often a correct implementation would fail it with another seed.
TEST_SUITE("diffpart_eval_statistical") {

TEST_CASE("query sets: lengths uniform on [1, limit] in every subset") {
  // Total: 1.0e-5 (chi-square) + 1.5e-7 (limit reached) = 1.0e-5 per seed (union bound).
  QuerySetParams p;
  p.queries = 5003;
  const TrialSeeds seeds{11, 2};
  const QuerySet qs = generate_queries(p, 1012, 64, seeds);
  REQUIRE(qs.subsets() == 5);
  for (std::size_t s = 0; s < 5; ++s) {
    std::vector<int> by_length(qs.length_limit[s] + 1, 0);
    for (std::size_t q = qs.subset_begin[s]; q < qs.subset_begin[s + 1]; ++q) {
      const std::size_t length = qs.query(q).size();
      REQUIRE(length <= qs.length_limit[s]);
      ++by_length[length];
    }
    // Lengths uniform on [1, limit]: chi-square with limit - 1 degrees of freedom (limits 12,
    // 25, 38, 51, 64) against 2 limit + 20, far beyond its 0.999 quantile (103.4 for 63 dof,
    // bound 148): false failures 7.3e-6, 2.2e-6, 3.9e-7, 5.9e-8, 8.5e-9, together 1.0e-5.
    const double n = double(qs.subset_begin[s + 1] - qs.subset_begin[s]), e = n / qs.length_limit[s];
    double chi2 = 0;
    for (std::uint32_t l = 1; l <= qs.length_limit[s]; ++l) chi2 += (by_length[l] - e) * (by_length[l] - e) / e;
    CHECK(chi2 < 2.0 * qs.length_limit[s] + 20);
    // The limit itself is reached: missed in 1000 draws with probability (1 - 1/64)^1000 = 1.4e-7
    // for the largest limit, 1.5e-7 for all five.
    CHECK(by_length[qs.length_limit[s]] > 0);
  }
}

TEST_CASE("query items: every k-subset equally likely") {
  // Universe 5, one subset with lengths in [1, 2]: 5 singletons and 10 pairs. Each singleton
  // has probability 1/10, each pair 1/20; chi-square over the 15 cells (14 degrees of freedom,
  // 99.9% quantile 36.1): false failure 1.0e-3 per seed (a cell stays empty with probability
  // < 15 x 0.95^20000, ~0).
  QuerySetParams p;
  p.queries = 20000;
  p.max_length = 2;
  Stream s(5, 6, 7);
  const QuerySet qs = generate_queries(p, 5, 5, s);
  std::map<std::vector<std::uint32_t>, int> freq;
  for (const auto& q : queries_of(qs)) ++freq[q];
  REQUIRE(freq.size() == 15);
  double chi2 = 0;
  for (const auto& [q, c] : freq) {
    const double e = q.size() == 1 ? 2000.0 : 1000.0;
    chi2 += (c - e) * (c - e) / e;
  }
  CHECK(chi2 < 36.1);
}

}  // TEST_SUITE
