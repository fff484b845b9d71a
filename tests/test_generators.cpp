// Unit tests of the synthetic dataset generators (datasets/generators/): registration,
// reproducibility from the seed, and the properties each one promises (cluster sizes and means
// of gaussian_mixture; record sizes, distinct sorted items and skewed popularity of stm_like;
// moments, positivity and rounding of aggregation_values; Hamiltonian paths, edge counts and
// connectivity of hamiltonian_network).
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "datasets/catalogue.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"

using namespace dplab;
using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

using ParamList = std::vector<std::pair<std::string, Value>>;

std::shared_ptr<const Dataset> generate(const std::string& name, const ParamList& given, std::uint64_t seed = 1) {
  Params p;
  for (const auto& [k, v] : given) p.set(k, v);
  return load_dataset(find_dataset(name), DatasetRequest{"", p, seed});
}

// A copy of the dataset as its concrete type (the shared pointer may be a temporary).
template <class T>
T as(const std::shared_ptr<const Dataset>& ds) {
  const T* t = dynamic_cast<const T*>(ds.get());
  REQUIRE(t != nullptr);
  return *t;
}

// Every field that makes up the data, for equality of whole datasets.
bool same(const Dataset& a, const Dataset& b) {
  if (a.kind() != b.kind()) return false;
  if (auto* p = dynamic_cast<const PointSet*>(&a)) {
    auto& q = dynamic_cast<const PointSet&>(b);
    return p->n == q.n && p->d == q.d && p->x == q.x && p->labels == q.labels;
  }
  if (auto* t = dynamic_cast<const Transactions*>(&a)) {
    auto& u = dynamic_cast<const Transactions&>(b);
    return t->universe == u.universe && t->offsets == u.offsets && t->items == u.items;
  }
  if (auto* n = dynamic_cast<const Network*>(&a)) {
    auto& m = dynamic_cast<const Network&>(b);
    return n->vertices == m.vertices && n->edges == m.edges && n->path == m.path && n->cyclic == m.cyclic;
  }
  FAIL("unexpected dataset kind");
  return false;
}

double mean_record_size(const Transactions& t) { return double(t.items.size()) / double(t.records()); }

std::size_t max_record_size(const Transactions& t) {
  std::size_t m = 0;
  for (std::size_t r = 0; r < t.records(); ++r) m = std::max(m, t.record(r).size());
  return m;
}

// Every record non-empty, within max_size, sorted, distinct and inside the universe.
void check_records(const Transactions& t, std::size_t max_size) {
  std::size_t bad = t.records();
  for (std::size_t r = 0; r < t.records() && bad == t.records(); ++r) {
    auto rec = t.record(r);
    const bool ok = !rec.empty() && rec.size() <= max_size && rec.back() < t.universe &&
                    std::adjacent_find(rec.begin(), rec.end(), [](auto a, auto b) { return a >= b; }) == rec.end();
    if (!ok) bad = r;
  }
  CHECK_MESSAGE(bad == t.records(), "record " << bad << " is empty, too long, unsorted, repeated or outside the universe");
}

std::vector<std::size_t> item_frequencies(const Transactions& t) {
  std::vector<std::size_t> f(t.universe, 0);
  for (auto i : t.items) ++f[i];
  return f;
}

bool connected(const Network& g) {
  std::vector<std::vector<std::uint32_t>> adj(g.vertices);
  for (auto [a, b] : g.edges) { adj[a].push_back(b); adj[b].push_back(a); }
  std::vector<char> seen(g.vertices, 0);
  std::vector<std::uint32_t> stack = {0};
  seen[0] = 1;
  std::size_t count = 1;
  while (!stack.empty()) {
    auto v = stack.back();
    stack.pop_back();
    for (auto w : adj[v])
      if (!seen[w]) { seen[w] = 1; ++count; stack.push_back(w); }
  }
  return count == g.vertices;
}

}  // namespace

TEST_SUITE("generators") {

TEST_CASE("the four generators are registered as documented synthetic entries") {
  for (const std::string name : {"gaussian_mixture", "stm_like", "aggregation_values", "hamiltonian_network"}) {
    CAPTURE(name);
    const DatasetInfo& info = find_dataset(name);
    CHECK(info.generator);
    CHECK(info.files.empty());
    CHECK_FALSE(info.doc.empty());
    CHECK_FALSE(info.upstream.empty());
    CHECK_FALSE(info.papers.empty());
    CHECK_FALSE(info.params.empty());
    for (const auto& p : info.params) {
      CAPTURE(p.name);
      CHECK_FALSE(p.doc.empty());
      CHECK_FALSE(p.validate(p.default_value).has_value());  // defaults are allowed values
    }
  }
  CHECK(find_dataset("gaussian_mixture").kind == DatasetKind::Points);
  CHECK(find_dataset("stm_like").kind == DatasetKind::Transactions);
  CHECK(find_dataset("aggregation_values").kind == DatasetKind::Points);
  CHECK(find_dataset("hamiltonian_network").kind == DatasetKind::Network);
}

TEST_CASE("same seed gives identical data, another seed different data") {
  const std::vector<std::pair<std::string, ParamList>> cases = {
      {"gaussian_mixture", {{"n", std::int64_t(500)}, {"k", std::int64_t(3)}, {"skew", 1.0}}},
      {"stm_like", {{"records", std::int64_t(2000)}, {"items", std::int64_t(100)}, {"max_size", std::int64_t(20)}}},
      {"aggregation_values", {{"curators", std::int64_t(100)}}},
      {"hamiltonian_network", {{"vertices", std::int64_t(10)}, {"edges", std::int64_t(20)}}},
  };
  for (const auto& [name, params] : cases) {
    CAPTURE(name);
    auto a = generate(name, params, 7), b = generate(name, params, 7), c = generate(name, params, 8);
    CHECK(same(*a, *b));
    CHECK_FALSE(same(*a, *c));
    CHECK(a->name == name);
  }
}

TEST_CASE("gaussian_mixture: the cluster mean is the centre (sd 0 puts every point on it)") {
  const auto& ps = as<PointSet>(generate("gaussian_mixture", {{"n", std::int64_t(50)}, {"k", std::int64_t(5)},
                                                              {"sd", 0.0}, {"box", 10.0}}));
  std::vector<std::vector<double>> centre(5);
  for (std::size_t i = 0; i < ps.n; ++i) {
    auto& c = centre[std::size_t(ps.labels[i])];
    if (c.empty()) c.assign(ps.row(i), ps.row(i) + 2);
    CHECK(c == std::vector<double>(ps.row(i), ps.row(i) + 2));
    for (double v : c) { CHECK(v >= 0); CHECK(v < 10); }
  }
}

TEST_CASE("gaussian_mixture: skewed weights give unequal, non-empty clusters summing to n") {
  const std::size_t n = 10000, k = 8;
  const auto& ps = as<PointSet>(generate("gaussian_mixture", {{"n", std::int64_t(n)}, {"k", std::int64_t(k)}, {"skew", 2.0}}, 5));
  std::vector<std::size_t> size(k, 0);
  for (auto l : ps.labels) ++size[std::size_t(l)];
  CHECK(std::accumulate(size.begin(), size.end(), std::size_t{0}) == n);
  CHECK(*std::min_element(size.begin(), size.end()) >= 1);
  CHECK(*std::max_element(size.begin(), size.end()) > 3 * (n / k) / 2);
  // k = n: one point per cluster.
  const auto& one = as<PointSet>(generate("gaussian_mixture", {{"n", std::int64_t(6)}, {"k", std::int64_t(6)}, {"skew", 3.0}}));
  CHECK(std::set<std::int32_t>(one.labels.begin(), one.labels.end()).size() == 6);
  const std::string err = error_of([] { generate("gaussian_mixture", {{"n", std::int64_t(3)}, {"k", std::int64_t(4)}}); });
  CHECK_CONTAINS(err, "'k'");
  CHECK_CONTAINS(err, "'n'");
}

TEST_CASE("stm_like: the paper's settings at |D| = 200,000 hit avg|t| = 4.82 within 2% and max|t| = 64") {
  const auto& t = as<Transactions>(generate("stm_like", {{"records", std::int64_t(200000)}}, 11));
  REQUIRE(t.records() == 200000);
  CHECK(t.universe == 1012);
  CHECK(std::fabs(mean_record_size(t) / 4.82 - 1) < 0.02);
  CHECK(max_record_size(t) == 64);  // plant_max: Table 2's max|t| is attained, never exceeded
  check_records(t, 64);
  // Zipf popularity (skew 1): the top item is far more frequent than the median item.
  std::vector<std::size_t> f = item_frequencies(t);
  std::sort(f.begin(), f.end());
  CHECK(f.back() > 20 * f[f.size() / 2]);
  // Popularity is spread over the ids: the ten most frequent items are not ids 0..9.
  const std::vector<std::size_t> g = item_frequencies(t);
  std::vector<std::size_t> ids(g.size());
  std::iota(ids.begin(), ids.end(), std::size_t{0});
  std::stable_sort(ids.begin(), ids.end(), [&](auto a, auto b) { return g[a] > g[b]; });
  CHECK(*std::max_element(ids.begin(), ids.begin() + 10) > 9);
}

TEST_CASE("stm_like: other settings hit their mean within 2% and respect max_size") {
  struct Case { std::int64_t records, items, max_size; double mean, skew; bool plant; };
  for (const Case& c : {Case{50000, 200, 20, 8.0, 0.5, false}, Case{100000, 5000, 10, 2.5, 1.3, true},
                        Case{30000, 64, 64, 30.0, 0.0, false}}) {
    CAPTURE(c.records);
    CAPTURE(c.mean);
    const auto& t = as<Transactions>(generate("stm_like", {{"records", c.records}, {"items", c.items},
                                                          {"max_size", c.max_size}, {"mean_size", c.mean},
                                                          {"skew", c.skew}, {"plant_max", c.plant}}, 4));
    CHECK(t.records() == std::size_t(c.records));
    CHECK(t.universe == std::uint32_t(c.items));
    CHECK(std::fabs(mean_record_size(t) / c.mean - 1) < 0.02);
    CHECK(max_record_size(t) <= std::size_t(c.max_size));
    if (c.plant) CHECK(max_record_size(t) == std::size_t(c.max_size));
    check_records(t, std::size_t(c.max_size));
  }
}

TEST_CASE("stm_like: extreme sizes and very skewed popularity") {
  // mean_size 1: every record has one item; mean_size = max_size: every record is full.
  const auto& ones = as<Transactions>(generate("stm_like", {{"records", std::int64_t(1000)}, {"mean_size", 1.0}, {"plant_max", false}}));
  CHECK(ones.items.size() == 1000);
  const auto& full = as<Transactions>(generate("stm_like", {{"records", std::int64_t(100)}, {"items", std::int64_t(30)},
                                                            {"max_size", std::int64_t(30)}, {"mean_size", 30.0}}));
  CHECK(full.items.size() == 3000);
  check_records(full, 30);
  // Long records from a very skewed law: the exact draw among the remaining items takes over.
  const auto& skewed = as<Transactions>(generate("stm_like", {{"records", std::int64_t(1000)}, {"items", std::int64_t(100)},
                                                              {"max_size", std::int64_t(90)}, {"mean_size", 60.0},
                                                              {"skew", 4.0}}));
  check_records(skewed, 90);
  CHECK(max_record_size(skewed) == 90);
  CHECK(std::fabs(mean_record_size(skewed) / 60.0 - 1) < 0.05);
}

TEST_CASE("stm_like: inconsistent parameters are rejected naming the parameter") {
  CHECK_CONTAINS(error_of([] { generate("stm_like", {{"items", std::int64_t(10)}, {"max_size", std::int64_t(20)}}); }), "'max_size'");
  CHECK_CONTAINS(error_of([] { generate("stm_like", {{"max_size", std::int64_t(5)}, {"mean_size", 6.0}}); }), "'mean_size'");
  CHECK_CONTAINS(error_of([] { generate("stm_like", {{"records", std::int64_t(5)}}); }), "'plant_max'");
  CHECK_CONTAINS(error_of([] { generate("stm_like", {{"skew", -1.0}}); }), "'skew'");
}

TEST_CASE("aggregation_values: other settings, non-positive values redrawn") {
  const auto& ps = as<PointSet>(generate("aggregation_values", {{"curators", std::int64_t(2000)}, {"values", std::int64_t(3)},
                                                                {"mean", 0.5}, {"variance", 1.0}, {"decimals", std::int64_t(1)}}));
  CHECK(ps.n == 2000);
  CHECK(ps.d == 3);
  for (double v : ps.x) {
    CHECK(v >= 0.1);  // rounded to 0.0 or below: redrawn
    CHECK(std::fabs(v * 10 - std::round(v * 10)) < 1e-9);
  }
  const auto& ints = as<PointSet>(generate("aggregation_values", {{"curators", std::int64_t(100)}, {"decimals", std::int64_t(0)}}));
  for (double v : ints.x) CHECK(v == std::round(v));
  CHECK_CONTAINS(error_of([] { generate("aggregation_values", {{"mean", 1e-9}, {"variance", 1e-30}}); }), "'mean'");
}

TEST_CASE("hamiltonian_network: every feasible size of lu_thesis ch. 6, acyclic and cyclic") {
  std::size_t networks = 0;
  for (std::int64_t v = 2; v <= 10; ++v)
    for (bool cyclic : {false, true}) {
      if (cyclic && v < 4) continue;
      for (std::int64_t e = v - 1 + 2 * cyclic; e <= v * (v - 1) / 2; ++e) {
        CAPTURE(v);
        CAPTURE(e);
        CAPTURE(cyclic);
        const auto& g = as<Network>(generate("hamiltonian_network", {{"vertices", v}, {"edges", e}, {"cyclic", cyclic}},
                                             std::uint64_t(v * 100 + e)));
        ++networks;
        REQUIRE(g.vertices == std::uint32_t(v));
        CHECK(g.cyclic == cyclic);
        // Exactly |E| distinct edges (u < v, inside the vertex range).
        REQUIRE(g.edges.size() == std::size_t(e));
        std::set<std::pair<std::uint32_t, std::uint32_t>> set(g.edges.begin(), g.edges.end());
        CHECK(set.size() == g.edges.size());
        for (auto [a, b] : g.edges) { CHECK(a < b); CHECK(b < g.vertices); }
        // The path visits every vertex (once, or with one return when cyclic) and its edges exist.
        std::vector<std::uint32_t> sorted = g.path;
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        std::vector<std::uint32_t> all(static_cast<std::size_t>(v));
        std::iota(all.begin(), all.end(), 0u);
        CHECK(sorted == all);
        CHECK(g.path.size() == std::size_t(v + cyclic));
        auto has = [&](std::uint32_t a, std::uint32_t b) { return set.count({std::min(a, b), std::max(a, b)}) > 0; };
        for (std::size_t i = 0; i + 1 < g.path.size(); ++i) {
          CHECK(g.path[i] != g.path[i + 1]);
          CHECK(has(g.path[i], g.path[i + 1]));
        }
        // The return closes a ring of at least three vertices.
        for (std::size_t i = 0; i < g.path.size(); ++i)
          for (std::size_t j = i + 1; j < g.path.size(); ++j)
            if (g.path[i] == g.path[j]) CHECK(j - i >= 3);
        CHECK(connected(g));
      }
    }
  CHECK(networks == 129 + 112);  // acyclic |V| = 2..10, cyclic |V| = 4..10
}

TEST_CASE("hamiltonian_network: cyclic paths revisit as drawn, each return closing a new ring") {
  // Several revisits: |V| + k visits; every vertex that repeats is at least 3 visits from its
  // previous visit; across seeds the returns land at many positions.
  std::set<std::size_t> first_return;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const auto& g = as<Network>(generate("hamiltonian_network",
                                         {{"vertices", std::int64_t(9)}, {"edges", std::int64_t(20)},
                                          {"cyclic", true}, {"revisits", std::int64_t(3)}}, seed));
    REQUIRE(g.path.size() == 12);
    std::map<std::uint32_t, std::size_t> last;
    for (std::size_t i = 0; i < g.path.size(); ++i) {
      auto it = last.find(g.path[i]);
      if (it != last.end()) {
        CHECK(i - it->second >= 3);
        if (first_return.size() < 100) first_return.insert(i);
      }
      last[g.path[i]] = i;
    }
    CHECK(g.edges.size() == 20);
  }
  CHECK(first_return.size() >= 8);
}

TEST_CASE("hamiltonian_network: edges = 0 is the path alone; extra edges and paths vary with the seed") {
  const auto& g = as<Network>(generate("hamiltonian_network", {{"vertices", std::int64_t(8)}}));
  CHECK(g.edges.size() == 7);
  const auto& c = as<Network>(generate("hamiltonian_network", {{"vertices", std::int64_t(8)}, {"cyclic", true}}));
  CHECK(c.edges.size() == 9);  // the smallest |E| for one return: |V| - 1 + 2
  CHECK(c.path.size() == 9);
  std::set<std::vector<std::uint32_t>> paths;
  std::set<std::vector<std::pair<std::uint32_t, std::uint32_t>>> edge_sets;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto& h = as<Network>(generate("hamiltonian_network", {{"vertices", std::int64_t(10)}, {"edges", std::int64_t(25)}}, seed));
    paths.insert(h.path);
    edge_sets.insert(h.edges);
  }
  CHECK(paths.size() == 20);
  CHECK(edge_sets.size() == 20);
  // A larger sparse network is still connected with exactly |E| edges.
  const auto& big = as<Network>(generate("hamiltonian_network", {{"vertices", std::int64_t(500)}, {"edges", std::int64_t(1000)}, {"cyclic", true}}));
  CHECK(big.edges.size() == 1000);
  CHECK(connected(big));
}

TEST_CASE("hamiltonian_network: infeasible |E| is rejected with the allowed range") {
  std::string err = error_of([] { generate("hamiltonian_network", {{"vertices", std::int64_t(5)}, {"edges", std::int64_t(11)}}); });
  CHECK_CONTAINS(err, "'edges'");
  CHECK_CONTAINS(err, "4 to 10");
  err = error_of([] { generate("hamiltonian_network", {{"vertices", std::int64_t(5)}, {"edges", std::int64_t(3)}}); });
  CHECK_CONTAINS(err, "'edges'");
  err = error_of([] { generate("hamiltonian_network", {{"vertices", std::int64_t(5)}, {"edges", std::int64_t(5)}, {"cyclic", true}}); });
  CHECK_CONTAINS(err, "6 to 10");
  err = error_of([] { generate("hamiltonian_network", {{"vertices", std::int64_t(3)}, {"cyclic", true}}); });
  CHECK_CONTAINS(err, "'cyclic'");
  err = error_of([] { generate("hamiltonian_network", {{"vertices", std::int64_t(1)}}); });
  CHECK_CONTAINS(err, "'vertices'");
}

}  // TEST_SUITE

// Checks of laws at fixed seeds; each states its false-failure rate (ctest -L statistical).
TEST_SUITE("generators_statistical") {

TEST_CASE("gaussian_mixture: equal weights give equal cluster sizes around k centres in the box") {
  // 24 two-sided 5-sigma checks (normal approximation): false failure < 24 x 5.7e-7 < 1.4e-5
  const std::size_t n = 6000, d = 3, k = 4;
  const double sd = 1.5, box = 100;
  const auto& ps = as<PointSet>(generate("gaussian_mixture", {{"n", std::int64_t(n)}, {"d", std::int64_t(d)},
                                                              {"k", std::int64_t(k)}, {"sd", sd}, {"box", box}}, 3));
  REQUIRE(ps.n == n);
  REQUIRE(ps.d == d);
  REQUIRE(ps.labels.size() == n);
  std::vector<std::size_t> size(k, 0);
  std::vector<double> mean(k * d, 0.0), sq(k * d, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    REQUIRE(ps.labels[i] >= 0);
    REQUIRE(std::size_t(ps.labels[i]) < k);
    const auto j = std::size_t(ps.labels[i]);
    ++size[j];
    for (std::size_t t = 0; t < d; ++t) mean[j * d + t] += ps.row(i)[t];
  }
  for (std::size_t j = 0; j < k; ++j) CHECK(size[j] == n / k);
  for (std::size_t j = 0; j < k * d; ++j) mean[j] /= double(n / k);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t t = 0; t < d; ++t) {
      const double e = ps.row(i)[t] - mean[std::size_t(ps.labels[i]) * d + t];
      sq[std::size_t(ps.labels[i]) * d + t] += e * e;
    }
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t t = 0; t < d; ++t) {
      CAPTURE(j);
      CAPTURE(t);
      // Cluster means: centres drawn in the box (a centre within 5 standard errors of the box).
      CHECK(mean[j * d + t] > -5 * sd / std::sqrt(double(n / k)));
      CHECK(mean[j * d + t] < box + 5 * sd / std::sqrt(double(n / k)));
      // Isotropic spread sd in every dimension (standard error of a sample sd: sd / sqrt(2m)).
      const double s = std::sqrt(sq[j * d + t] / double(n / k - 1));
      CHECK(std::fabs(s - sd) < 5 * sd / std::sqrt(2.0 * double(n / k)));
    }
  // The labels are shuffled: the first k points are not all from one component.
  std::set<std::int32_t> first(ps.labels.begin(), ps.labels.begin() + 20);
  CHECK(first.size() > 1);
}

TEST_CASE("stm_like: items are drawn by successive sampling without replacement, exactly") {
  // 3 two-sided 5-sigma binomial checks: false failure < 2e-6
  // Three items of weights 1, 2^-3, 3^-3, two per record: Pr[{a, b}] = w_a/W w_b/(W - w_a) +
  // w_b/W w_a/(W - w_b). The top item comes back often, so both the rejection path and the
  // sum-tree path are used.
  const std::size_t n = 200000;
  const auto& t = as<Transactions>(generate("stm_like", {{"records", std::int64_t(n)}, {"items", std::int64_t(3)},
                                                        {"max_size", std::int64_t(2)}, {"mean_size", 2.0},
                                                        {"skew", 3.0}}, 6));
  REQUIRE(t.items.size() == 2 * n);
  check_records(t, 2);
  // Ids by popularity: the permutation of ranks to ids is the dataset's own.
  const std::vector<std::size_t> f = item_frequencies(t);
  std::vector<std::uint32_t> id(3);
  std::iota(id.begin(), id.end(), 0u);
  std::sort(id.begin(), id.end(), [&](auto a, auto b) { return f[a] > f[b]; });
  const double w[3] = {1.0, 1.0 / 8, 1.0 / 27}, total = w[0] + w[1] + w[2];
  for (int a = 0; a < 3; ++a)
    for (int b = a + 1; b < 3; ++b) {
      CAPTURE(a);
      CAPTURE(b);
      const double expect = w[a] / total * w[b] / (total - w[a]) + w[b] / total * w[a] / (total - w[b]);
      std::size_t count = 0;
      const std::uint32_t lo = std::min(id[a], id[b]), hi = std::max(id[a], id[b]);
      for (std::size_t r = 0; r < n; ++r) count += t.record(r)[0] == lo && t.record(r)[1] == hi;
      CHECK(std::fabs(double(count) / double(n) - expect) < 5 * std::sqrt(expect * (1 - expect) / double(n)));
    }
}

TEST_CASE("aggregation_values: lu_thesis ch. 4 data, N(500, 1), positive, 4 decimals") {
  // 2 two-sided 5-sigma checks of mean and variance: false failure < 1.2e-6
  const auto& ps = as<PointSet>(generate("aggregation_values", {}, 2));
  REQUIRE(ps.n == 10000);
  REQUIRE(ps.d == 5);
  CHECK_FALSE(ps.labelled());
  double sum = 0, sq = 0;
  bool positive = true, rounded = true;
  for (double v : ps.x) {
    sum += v;
    positive = positive && v > 0;
    rounded = rounded && std::fabs(v * 1e4 - std::round(v * 1e4)) < 1e-6;
  }
  const double m = sum / double(ps.x.size());
  for (double v : ps.x) sq += (v - m) * (v - m);
  const double var = sq / double(ps.x.size() - 1);
  CHECK(positive);
  CHECK(rounded);
  CHECK(std::fabs(m - 500) < 5 * std::sqrt(1.0 / 50000));
  CHECK(std::fabs(var - 1) < 5 * std::sqrt(2.0 / 50000));
  CHECK(std::set<double>(ps.x.begin(), ps.x.end()).size() > 1000);  // four decimals, not integers
}

}  // TEST_SUITE
