// Datasets as specs name them: generator parameters, seeds and transforms are validated with
// the rest of the spec, identical references load once, transformed data is reproducible.
#include <doctest/doctest.h>

#include <atomic>

#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"
#include "test_support.hpp"

using dplab::testing::contains;
using dplab::testing::error_of;

namespace {

std::atomic<int> g_generated{0};

// A test-only generator: a histogram of `bins` counts drawn from the request's seed.
dplab::DatasetInfo counting_generator() {
  dplab::DatasetInfo info;
  info.name = "test.counts";
  info.kind = dplab::DatasetKind::Histogram;
  info.doc = "random counts (test)";
  info.generator = true;
  info.params = {dplab::ParamSpec::integer("bins", 8, "number of bins").at_least(1).at_most(1000)};
  info.load = [](const dplab::DatasetInfo&, const dplab::DatasetRequest& req) {
    ++g_generated;
    auto h = std::make_shared<dplab::Histogram>();
    h->name = "test.counts";
    dplab::Stream s(req.seed, dplab::hash64("test.counts"), 0);
    for (std::int64_t i = 0; i < req.params.integer("bins"); ++i) h->counts.push_back(double(s.below(100)));
    return std::shared_ptr<const dplab::Dataset>(h);
  };
  return info;
}
DPLAB_DATASET(test_counts, counting_generator());

// A test-only transform: adds uniform noise in [0, amount) to every count, from its stream.
class Jitter : public dplab::Transform {
 public:
  dplab::TransformInfo info() const override {
    return {"test.jitter", "adds uniform [0, amount) to each count (test)",
            {dplab::ParamSpec::real("amount", 1.0, "size of the jitter").above(0)},
            {dplab::DatasetKind::Histogram}};
  }
  std::shared_ptr<const dplab::Dataset> apply(std::shared_ptr<const dplab::Dataset> in, const dplab::Params& p,
                                              dplab::Stream& s) const override {
    auto h = std::make_shared<dplab::Histogram>(dynamic_cast<const dplab::Histogram&>(*in));
    for (double& c : h->counts) c += s.uniform() * p.real("amount");
    return h;
  }
};
DPLAB_TRANSFORM(Jitter);

// A test-only algorithm reporting the histogram it sees.
class Echo : public dplab::Algorithm {
 public:
  dplab::AlgorithmInfo info() const override {
    dplab::AlgorithmInfo i;
    i.name = "test.echo_counts";
    i.doc = "returns the dataset's counts (test)";
    i.outputs = {{"counts", "the counts", true, "bin"}};
    i.accepts = {dplab::DatasetKind::Histogram};
    i.privacy = dplab::PrivacyStatus::none("releases the counts as they are (test)");
    return i;
  }
  void run(dplab::TrialContext& ctx) const override {
    ctx.out.vector("counts", ctx.dataset<dplab::Histogram>().counts);
  }
};
DPLAB_ALGORITHM(Echo);

std::string spec_with(const std::string& datasets) {
  return "name: s\npaper: p\n" + datasets + "algorithm: test.echo_counts\ntrials: 2\nmetrics: [counts]\n";
}

std::vector<double> counts_of(const std::string& datasets, std::size_t point = 0) {
  auto spec = dplab::parse_spec(spec_with(datasets), "s.yaml");
  auto points = dplab::expand(spec);
  auto data = dplab::load_datasets(points, true);
  dplab::Scratch scratch;
  return dplab::run_trial(spec, points.at(point), 0, dplab::dataset_of(data, points[point], 0), scratch).metrics[0];
}

}  // namespace

TEST_SUITE("dataset_refs") {
  TEST_CASE("a dataset mapping: params, seed, label and transforms reach the data") {
    auto plain = counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 3}\n");
    CHECK(plain.size() == 5);
    CHECK(counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 3}\n") == plain);
    CHECK(counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 4}\n") != plain);
    auto jittered = counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 3, "
                              "transforms: [{test.jitter: {amount: 0.5}}]}\n");
    REQUIRE(jittered.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
      CHECK(jittered[i] >= plain[i]);
      CHECK(jittered[i] < plain[i] + 0.5);
    }
    // Reproducible, and a transform given by name alone takes its defaults.
    CHECK(counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 3, transforms: [{test.jitter: {amount: 0.5}}]}\n") == jittered);
    auto by_name = counts_of("dataset: {name: test.counts, params: {bins: 5}, seed: 3, transforms: [test.jitter]}\n");
    CHECK(by_name != jittered);
  }

  TEST_CASE("a datasets axis: labels are the coordinates; identical references load once") {
    auto spec = dplab::parse_spec(spec_with("datasets:\n  - {name: test.counts, label: small, params: {bins: 3}}\n"
                                            "  - {name: test.counts, label: big, params: {bins: 30}}\n"
                                            "  - {name: test.counts, label: small_again, params: {bins: 3}}\n"),
                                  "s.yaml");
    auto points = dplab::expand(spec);
    REQUIRE(points.size() == 3);
    CHECK(points[0].dataset == "small");
    CHECK(points[1].dataset == "big");
    CHECK(points[0].coords.at(0).first == "dataset");
    CHECK(points[0].data->key == points[2].data->key);
    CHECK(points[0].key != points[2].key);  // different labels are different points...
    const int before = g_generated.load();
    auto data = dplab::load_datasets(points, true);
    CHECK(g_generated.load() - before == 2);  // ...but the same data, generated once
    CHECK(data.size() == 2);
  }

  TEST_CASE("dataset errors name the file, line and field") {
    auto err = [](const std::string& ds) {
      return error_of([&] { dplab::expand(dplab::parse_spec(spec_with(ds), "s.yaml")); });
    };
    std::string e = err("dataset: {name: test.counts, params: {bins: 0}}\n");
    CHECK_CONTAINS(e, "s.yaml:3:");
    CHECK_CONTAINS(e, "dataset.params.bins");
    CHECK_CONTAINS(e, "[1, 1000]");
    e = err("dataset: {name: test.counts, params: {bns: 4}}\n");
    CHECK_CONTAINS(e, "has no parameter 'bns'");
    CHECK_CONTAINS(e, "bins");
    e = err("dataset: {name: test.counts, transforms: [{test.jiter: {amount: 1}}]}\n");
    CHECK_CONTAINS(e, "unknown transform 'test.jiter'");
    CHECK_CONTAINS(e, "did you mean 'test.jitter'");
    e = err("dataset: {name: test.counts, transforms: [{test.jitter: {amount: -1}}]}\n");
    CHECK_CONTAINS(e, "transforms[0].test.jitter.amount");
    e = err("dataset: {name: test.counts, colour: red}\n");
    CHECK_CONTAINS(e, "unknown field 'colour'");
    e = err("dataset: {name: test.counts, seed: -2}\n");
    CHECK_CONTAINS(e, "dataset.seed");
    e = err("datasets: [{name: test.counts, label: a}, {name: test.counts, label: a}]\n");
    CHECK_CONTAINS(e, "two datasets have the label 'a'");
    e = err("dataset: kos\n");
    CHECK_CONTAINS(e, "dataset 'kos' is of kind bag-of-words");
    CHECK_CONTAINS(e, "it takes: histogram");
    // A transform for another kind is refused before anything loads.
    e = error_of([] {
      dplab::expand(dplab::parse_spec("name: s\npaper: p\ndataset: {name: kos, transforms: [test.jitter]}\n"
                                      "algorithm: budget_series.noise_mse\nmetrics: [expected_mse]\n", "s.yaml"));
    });
    CHECK_CONTAINS(e, "transform 'test.jitter' does not apply to dataset 'kos' of kind bag-of-words");
    e = err("dataset: {name: test.counts, samples: 0}\n");
    CHECK_CONTAINS(e, "dataset.samples");
    CHECK_CONTAINS(e, "from 1 to 10000");
    e = err("dataset: {name: test.counts, samples: two}\n");
    CHECK_CONTAINS(e, "got 'two'");
  }

  TEST_CASE("samples: trial t runs on draw t mod samples; draw 0 is the data of a spec of one draw") {
    const std::string one = "dataset: {name: test.counts, params: {bins: 6}, seed: 3, transforms: [test.jitter]}\n";
    const std::string five = "dataset: {name: test.counts, params: {bins: 6}, seed: 3, samples: 5, transforms: [test.jitter]}\n";
    auto spec = dplab::parse_spec(spec_with(five), "s.yaml");
    auto points = dplab::expand(spec);
    REQUIRE(points.size() == 1);
    REQUIRE(points[0].data->samples == 5);
    const int before = g_generated.load();
    auto data = dplab::load_datasets(points, true);
    CHECK(g_generated.load() - before == 5);  // each draw generated once
    CHECK(data.size() == 5);
    auto counts = [&](std::uint64_t trial) {
      return dynamic_cast<const dplab::Histogram&>(*dplab::dataset_of(data, points[0], trial)).counts;
    };
    // Draw 0: the very data the same reference without samples loads (a spec of one draw keeps
    // its numbers), both in the generator's seed and the transform's stream.
    CHECK(counts(0) == counts_of(one));
    // Five different draws (generator and transform both redrawn), cycled by the trial index.
    for (std::uint64_t a = 0; a < 5; ++a)
      for (std::uint64_t b = a + 1; b < 5; ++b) CHECK(counts(a) != counts(b));
    CHECK(counts(7) == counts(2));
    CHECK(counts(10) == counts(0));
    // Reproducible: a second load gives the same draws.
    auto again = dplab::load_datasets(points, true);
    CHECK(dynamic_cast<const dplab::Histogram&>(*dplab::dataset_of(again, points[0], 3)).counts == counts(3));
    // A result of one draw never resumes into five: the spec's hash covers `samples`.
    CHECK(dplab::parse_spec(spec_with(one), "s.yaml").hash != spec.hash);
  }
}
