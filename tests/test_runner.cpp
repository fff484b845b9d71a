// The runner: determinism across thread counts, resume after a crash, refusal of a result of
// another spec, failures that keep what was computed.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "core/error.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "core/samplers.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"
#include "test_support.hpp"

namespace {

using dplab::testing::TempDir;
using dplab::testing::write_file;

// Test-only algorithms (registered in the test binary only).
class NoisyConstant : public dplab::Algorithm {
 public:
  dplab::AlgorithmInfo info() const override {
    dplab::AlgorithmInfo i;
    i.name = "test.noisy_constant";
    i.doc = "Laplace noise on the constant 100, in `queries` equal shares of eps";
    i.params = {dplab::ParamSpec::real("eps", 1.0, "budget").above(0),
                dplab::ParamSpec::integer("queries", 3, "number of noisy answers").at_least(1),
                dplab::ParamSpec::real("overspend", 1.0, "factor on the spent budget (test)").above(0)};
    i.outputs = {{"error", "sum of absolute errors", false, ""}, {"answers", "noisy answers", true, "q"}};
    i.budget_param = "eps";
    i.privacy = dplab::PrivacyStatus::dp("Laplace noise on a constant (test)");
    return i;
  }
  void run(dplab::TrialContext& ctx) const override {
    const auto q = ctx.params.integer("queries");
    const double share = ctx.params.real("eps") / static_cast<double>(q) * ctx.params.real("overspend");
    std::vector<double> answers;
    double err = 0;
    for (std::int64_t i = 0; i < q; ++i) {
      answers.push_back(ctx.noise.laplace(100.0, 1.0, share, "constant"));
      err += std::fabs(answers.back() - 100.0);
    }
    ctx.out.scalar("error", err);
    ctx.out.vector("answers", answers);
  }
};
DPLAB_ALGORITHM(NoisyConstant);

// Records, per (seed, trial), that prepare() ran; run() reports whether it had for its trial.
class Prepared : public dplab::Algorithm {
 public:
  dplab::AlgorithmInfo info() const override {
    dplab::AlgorithmInfo i;
    i.name = "test.prepared";
    i.doc = "reports whether prepare() ran before run() for its trial";
    i.params = {dplab::ParamSpec::real("eps", 1.0, "budget").above(0)};
    i.outputs = {{"prepared", "1 if prepare() ran for this trial before run()", false, ""}};
    i.budget_param = "eps";
    i.privacy = dplab::PrivacyStatus::dp("releases whether prepare() ran, which reads no private data (test)");
    return i;
  }
  void prepare(const dplab::Params&, const dplab::Dataset*, const dplab::TrialSeeds& seeds) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    prepared_.insert({seeds.seed, seeds.trial});
  }
  void run(dplab::TrialContext& ctx) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    ctx.out.scalar("prepared", prepared_.count({ctx.seeds.seed, ctx.seeds.trial}) ? 1.0 : 0.0);
  }

 private:
  static inline std::mutex mutex_;
  static inline std::set<std::pair<std::uint64_t, std::uint64_t>> prepared_;
};
DPLAB_ALGORITHM(Prepared);

const char* kSpec = R"(name: noisy
paper: testpaper
algorithm: test.noisy_constant
sweep:
  eps: [0.5, 1.0, 2.0]
  queries: [1, 4]
trials: 40
seed: 7
metrics: [error, answers]
)";

std::vector<double> metric_values(const dplab::ResultData& r, const std::string& name) {
  for (const auto& m : r.metrics) {
    if (m.name != name) continue;
    if (!m.is_vector) return m.scalar;
    std::vector<double> flat;
    for (const auto& c : m.vectors) flat.insert(flat.end(), c.begin(), c.end());
    return flat;
  }
  FAIL("no metric " << name);
  return {};
}

dplab::RunOptions options(const std::string& spec, const std::string& out, int threads) {
  dplab::RunOptions o;
  o.spec_path = spec;
  o.out = out;
  o.threads = threads;
  o.quiet = true;
  return o;
}

}  // namespace

TEST_SUITE("runner") {

TEST_CASE("item_order: trial-major, each trial's first point of every dataset one trial early") {
  auto on = [](const std::string& key) {
    dplab::Point p;
    auto ref = std::make_shared<dplab::ResolvedDataset>();
    ref->key = key;
    p.data = ref;
    return p;
  };
  using Items = std::vector<std::pair<std::size_t, std::size_t>>;
  // Datasets A A B B: point_order 0 2 1 3, leads {0, 2}.
  const std::vector<dplab::Point> two = {on("A"), on("A"), on("B"), on("B")};
  CHECK(dplab::item_order(two, 3) == Items{{0, 0}, {2, 0},                  // trial 0's leads
                                           {0, 1}, {2, 1}, {1, 0}, {3, 0},  // trial 1's leads, trial 0's rest
                                           {0, 2}, {2, 2}, {1, 1}, {3, 1},  //
                                           {1, 2}, {3, 2}});                // trial 2's rest
  // One dataset: its first point leads.
  CHECK(dplab::item_order({on("A"), on("A")}, 2) == Items{{0, 0}, {0, 1}, {1, 0}, {1, 1}});
  CHECK(dplab::item_order({}, 3).empty());
  CHECK(dplab::item_order(two, 0).empty());
  // Every item once; a trial's leads before its other points of the same dataset.
  std::vector<dplab::Point> many;
  for (int i = 0; i < 60; ++i) many.push_back(on(std::string(1, static_cast<char>('a' + (i * 7) % 5))));
  const Items items = dplab::item_order(many, 7);
  Items sorted = items;
  std::sort(sorted.begin(), sorted.end());
  REQUIRE(sorted.size() == 60 * 7);
  for (std::size_t i = 0; i < sorted.size(); ++i) REQUIRE(sorted[i] == std::make_pair(i / 7, i % 7));
  std::map<std::pair<std::string, std::size_t>, std::size_t> first;  // (dataset, trial) -> first position
  for (std::size_t i = 0; i < items.size(); ++i) first.emplace(std::make_pair(many[items[i].first].data->key, items[i].second), i);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::size_t at = first.at({many[items[i].first].data->key, items[i].second});
    if (at != i) CHECK(i - at >= 5);  // a whole round of the other datasets in between, at least
  }
}

TEST_CASE("point_order: round-robin over the datasets, sweep order within each, a permutation") {
  auto on = [](const std::string& key) {
    dplab::Point p;
    if (!key.empty()) {
      auto ref = std::make_shared<dplab::ResolvedDataset>();
      ref->key = key;
      p.data = ref;
    }
    return p;
  };
  // Datasets A A B B C A: rounds {A0, B2, C4}, {A1, B3}, {A5}.
  const std::vector<dplab::Point> mixed = {on("A"), on("A"), on("B"), on("B"), on("C"), on("A")};
  CHECK(dplab::point_order(mixed) == std::vector<std::size_t>{0, 2, 4, 1, 3, 5});
  // One dataset, or none: sweep order.
  CHECK(dplab::point_order({on("A"), on("A"), on("A")}) == std::vector<std::size_t>{0, 1, 2});
  CHECK(dplab::point_order({on(""), on(""), on("")}) == std::vector<std::size_t>{0, 1, 2});
  CHECK(dplab::point_order({}).empty());
  // A larger mix is a permutation.
  std::vector<dplab::Point> many;
  for (int i = 0; i < 200; ++i) many.push_back(on(std::string(1, static_cast<char>('a' + (i * 7) % 13))));
  std::vector<std::size_t> order = dplab::point_order(many);
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size(); ++i) REQUIRE(order[i] == i);
  CHECK(order.size() == many.size());
}
  TEST_CASE("an entry's metrics: its points measured by those only, the others stored as not measured") {
    TempDir dir;
    // test.prepared has no output 'error' or 'answers': without its entry's metrics the spec is refused.
    const std::string spec = R"(name: some_metrics
paper: testpaper
algorithms:
  - {name: test.noisy_constant, metrics: [error, answers]}
  - {name: test.prepared, metrics: [prepared]}
params: {eps: 1.0}
trials: 5
seed: 3
metrics: [error, answers, prepared]
)";
    write_file(dir / "s.yaml", spec);
    dplab::run(options(dir / "s.yaml", dir / "r.h5", 2));
    const auto r = dplab::read_result(dir / "r.h5");  // the masks survive the file
    REQUIRE(r.points == 2);
    REQUIRE(r.metrics.size() == 3);
    auto metric = [&](const std::string& name) -> const dplab::MetricData& {
      for (const auto& m : r.metrics)
        if (m.name == name) return m;
      throw dplab::Error("no metric " + name);
    };
    CHECK(metric("error").measured == std::vector<std::uint8_t>{1, 0});
    CHECK(metric("answers").measured == std::vector<std::uint8_t>{1, 0});
    CHECK(metric("prepared").measured == std::vector<std::uint8_t>{0, 1});
    REQUIRE(r.trials == 5);
    for (std::size_t t = 0; t < r.trials; ++t) {
      CHECK(std::isnan(metric("error").scalar[r.cell(1, t)]));
      CHECK(std::isfinite(metric("error").scalar[r.cell(0, t)]));
      CHECK(metric("answers").vectors[r.cell(1, t)].empty());
      CHECK(metric("prepared").scalar[r.cell(1, t)] == 1.0);
      CHECK(std::isnan(metric("prepared").scalar[r.cell(0, t)]));
    }
    // The summary has each point's own metrics only.
    std::set<std::pair<std::size_t, std::string>> rows;
    for (const auto& row : dplab::summarize_result(r, dplab::Reference{}, dplab::SummaryOptions{}))
      rows.insert({row.point, row.metric});
    CHECK(rows.count({0, "error"}) == 1);
    CHECK(rows.count({0, "prepared"}) == 0);
    CHECK(rows.count({1, "prepared"}) == 1);
    CHECK(rows.count({1, "error"}) == 0);
    CHECK(rows.count({1, "answers"}) == 0);
    // A name that is not one of the spec's metrics is refused, naming the entry's field.
    std::string bad = spec;
    bad.replace(bad.find("metrics: [prepared]"), 19, "metrics: [prepard]");
    write_file(dir / "bad.yaml", bad);
    try {
      dplab::run(options(dir / "bad.yaml", dir / "bad.h5", 1));
      FAIL("an unknown entry metric was accepted");
    } catch (const dplab::Error& e) {
      const std::string what = e.what();
      CHECK(what.find("algorithms[1].metrics") != std::string::npos);
      CHECK(what.find("'prepard' is not one of the spec's metrics") != std::string::npos);
    }
  }

  TEST_CASE("results are bit-identical with 1 and 2 threads") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    dplab::run(options(dir / "s.yaml", dir / "one.h5", 1));
    dplab::run(options(dir / "s.yaml", dir / "two.h5", 2));
    auto a = dplab::read_result(dir / "one.h5"), b = dplab::read_result(dir / "two.h5");
    REQUIRE(a.points == 6);
    REQUIRE(a.trials == 40);
    for (const char* m : {"error", "answers"}) {
      auto x = metric_values(a, m), y = metric_values(b, m);
      REQUIRE(x.size() == y.size());
      CHECK(std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0);
    }
    CHECK(a.spent_eps == b.spent_eps);
    CHECK(a.meta.threads == 1);
    CHECK(b.meta.threads == 2);
  }

  TEST_CASE("every trial records its spent epsilon and completion") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    dplab::run(options(dir / "s.yaml", dir / "r.h5", 2));
    auto r = dplab::read_result(dir / "r.h5");
    const auto* eps = r.column("eps");
    REQUIRE(eps);
    for (std::size_t p = 0; p < r.points; ++p)
      for (std::size_t t = 0; t < r.trials; ++t) {
        CHECK(r.done[r.cell(p, t)] == 1);
        CHECK(r.spent_eps[r.cell(p, t)] == doctest::Approx(eps->numbers[p]).epsilon(1e-12));
        CHECK(r.wall_time[r.cell(p, t)] >= 0);
      }
    CHECK(r.axes == std::vector<std::string>{"eps", "queries"});
    CHECK_FALSE(r.meta.finished.empty());
  }

  TEST_CASE("more trials extend a result; fewer keep it") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    auto o = options(dir / "s.yaml", dir / "r.h5", 2);
    o.trials = 10;
    auto s1 = dplab::run(o);
    CHECK(s1.computed == 60);
    auto small = dplab::read_result(dir / "r.h5");
    o.trials = 40;
    auto s2 = dplab::run(o);
    CHECK(s2.already_done == 60);
    CHECK(s2.computed == 180);
    auto big = dplab::read_result(dir / "r.h5");
    dplab::run(options(dir / "s.yaml", dir / "full.h5", 1));
    auto full = dplab::read_result(dir / "full.h5");
    CHECK(metric_values(big, "error") == metric_values(full, "error"));
    // The first 10 trials of each point did not change when the run was extended.
    auto e_small = metric_values(small, "error"), e_big = metric_values(big, "error");
    for (std::size_t p = 0; p < 6; ++p)
      for (std::size_t t = 0; t < 10; ++t) CHECK(e_small[p * 10 + t] == e_big[p * 40 + t]);
    o.trials = 5;
    auto s3 = dplab::run(o);
    CHECK(s3.computed == 0);
    CHECK(dplab::read_result(dir / "r.h5").trials == 40);
  }

  TEST_CASE("a result of another spec is refused and left untouched; --force starts over") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    dplab::run(options(dir / "s.yaml", dir / "r.h5", 2));
    const std::string before = dplab::testing::read_file(dir / "r.h5");
    auto o = options(dir / "s.yaml", dir / "r.h5", 2);
    o.overrides = {"seed=8"};
    CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("different spec"), dplab::Error);
    CHECK(dplab::testing::read_file(dir / "r.h5") == before);
    o.force = true;
    dplab::run(o);
    CHECK(dplab::read_result(dir / "r.h5").meta.seed == 8);
  }

  TEST_CASE("a result of another results version is refused for resume and left untouched") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    auto o = options(dir / "s.yaml", dir / "r.h5", 2);
    o.trials = 5;
    dplab::run(o);
    CHECK(dplab::read_result(dir / "r.h5").meta.results_version == dplab::kResultsVersion);
    // The same file as a dplab of another generator would have left it.
    auto old = dplab::read_result(dir / "r.h5");
    old.meta.results_version = dplab::kResultsVersion + 1;
    dplab::write_result(dir / "r.h5", old);
    CHECK(dplab::read_result(dir / "r.h5").meta.results_version == dplab::kResultsVersion + 1);
    const std::string before = dplab::testing::read_file(dir / "r.h5");
    o.trials = 10;
    const std::string other = "results version " + std::to_string(dplab::kResultsVersion + 1);
    CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains(other.c_str()), dplab::Error);
    CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("--force"), dplab::Error);
    CHECK(dplab::testing::read_file(dir / "r.h5") == before);
    o.force = true;
    dplab::run(o);
    const auto fresh = dplab::read_result(dir / "r.h5");
    CHECK(fresh.meta.results_version == dplab::kResultsVersion);
    CHECK(fresh.trials == 10);
  }

  TEST_CASE("a version-3 file resumes under fast noise (version 4 changed only secure noise) and is refused under secure noise") {
    TempDir dir;
    for (const bool secure : {false, true}) {
      CAPTURE(secure);
      const std::string spec = std::string(kSpec) + (secure ? "noise: secure\n" : "");
      write_file(dir / "s.yaml", spec);
      auto o = options(dir / "s.yaml", dir / "r.h5", 2);
      o.trials = 5;
      o.force = true;
      dplab::run(o);
      o.force = false;
      auto old = dplab::read_result(dir / "r.h5");
      old.meta.results_version = 3;
      dplab::write_result(dir / "r.h5", old);
      o.trials = 10;
      if (secure) {
        CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("results version 3"), dplab::Error);
        CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("noise: secure"), dplab::Error);
        CHECK(dplab::read_result(dir / "r.h5").trials == 5);
      } else {
        dplab::run(o);
        const auto resumed = dplab::read_result(dir / "r.h5");
        CHECK(resumed.trials == 10);
        CHECK(resumed.meta.results_version == dplab::kResultsVersion);
      }
    }
    CHECK(dplab::resumable_version(3, "fast"));
    CHECK_FALSE(dplab::resumable_version(3, "secure"));
    CHECK_FALSE(dplab::resumable_version(2, "fast"));
    CHECK(dplab::resumable_version(dplab::kResultsVersion, "secure"));
  }

  TEST_CASE("Algorithm::prepare runs before every trial's run, outside it") {
    TempDir dir;
    write_file(dir / "p.yaml", "name: p\npaper: testpaper\nalgorithm: test.prepared\nsweep: {eps: [0.5, 1]}\n"
                               "trials: 30\nseed: 123\nmetrics: [prepared]\n");
    dplab::run(options(dir / "p.yaml", dir / "p.h5", 2));
    const auto prepared = metric_values(dplab::read_result(dir / "p.h5"), "prepared");
    CHECK(prepared.size() == 60);
    CHECK(std::count(prepared.begin(), prepared.end(), 1.0) == 60);
  }

  TEST_CASE("a trial that overspends fails the run with a clear error; with no trial finished, no file") {
    TempDir dir;
    write_file(dir / "s.yaml", std::string(kSpec) + "params: {overspend: 1.5}\n");
    auto o = options(dir / "s.yaml", dir / "r.h5", 1);
    CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("privacy budget exceeded"), dplab::Error);
    // queries = 1 with factor 1.5 fails at the first charge; queries = 4 too (4 x 1.5/4 > 1): no
    // trial finished, so there is nothing to keep and no empty result is written.
    CHECK_THROWS_WITH_AS(dplab::run(o), doctest::Contains("no result file written"), dplab::Error);
    CHECK_FALSE(std::filesystem::exists(dir / "r.h5"));
  }

  TEST_CASE("replaying one trial gives the stored values") {
    TempDir dir;
    write_file(dir / "s.yaml", kSpec);
    dplab::run(options(dir / "s.yaml", dir / "r.h5", 2));
    auto r = dplab::read_result(dir / "r.h5");
    auto spec = dplab::load_spec(dir / "s.yaml");
    auto points = dplab::expand(spec);
    dplab::Scratch scratch;
    for (std::size_t p : {0u, 3u, 5u})
      for (std::uint64_t t : {0u, 17u, 39u}) {
        auto tr = dplab::run_trial(spec, points[p], t, nullptr, scratch);
        CHECK(tr.metrics[0][0] == metric_values(r, "error")[p * 40 + t]);
      }
  }
}
