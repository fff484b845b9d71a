// Unit tests of framework/store: HDF5 round trip of a result, growth of the trial dimension,
// and errors for unreadable or unwritable paths.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "framework/store.hpp"

using namespace dplab;
namespace fs = std::filesystem;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// A fresh directory under the system temp dir, removed when the object dies.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& tag) {
    path = fs::temp_directory_path() / ("dplab_test_store_" + tag + "_" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

// 2 points x 3 trials, two point columns of each kind, a scalar and a vector metric.
ResultData sample_result() {
  ResultData r;
  r.meta.name = "table9";
  r.meta.paper = "budget_series";
  r.meta.id = "Table 9";
  r.meta.description = "round trip";
  r.meta.spec_text = "name: table9\nparams: {eps: 0.3}  # \"quoted\" and UTF-8: ε\n";
  r.meta.spec_source = "source text";
  r.meta.spec_path = "experiments/budget_series/table9.yaml";
  r.meta.spec_hash = "0123456789abcdef";
  r.meta.code_version = "v1-dirty";
  r.meta.host = "testhost";
  r.meta.started = "2024-01-01T00:00:00Z";
  r.meta.finished = "";
  r.meta.plot_json = "{\"kind\":\"table\"}";
  r.meta.reference_csv = "N,metric,value\n3,upper,22.40\n";
  r.meta.seed = 18446744073709551615ULL;
  r.meta.threads = 4;
  r.points = 2;
  r.trials = 3;
  r.columns = {
      PointColumn{"algorithm", true, {"Geo", "AVG"}, {}, "text"},
      PointColumn{"strategy", true, {"Geo", ""}, {}, "text"},
      PointColumn{"N", false, {}, {3, 14}, "integer"},
      PointColumn{"r", false, {}, {0.25, kNaN}, ""},
  };
  r.axes = {"strategy", "N"};
  MetricData mse;
  mse.name = "mse";
  mse.doc = "squared error";
  mse.scalar = {1.5, 2.5, kNaN, -4.0, 1e300, 0.0};
  MetricData k;
  k.name = "k";
  k.doc = "proportions";
  k.index = "i";
  k.is_vector = true;
  k.vectors = {{0.5, 0.25, 0.25}, {1.0}, {}, {0.1, 0.2, 0.3, 0.4}, {-1.0, 2.0}, {7.0}};
  r.metrics = {mse, k};
  r.done = {1, 1, 0, 1, 1, 1};
  r.wall_time = {0.1, 0.2, kNaN, 0.4, 0.5, 0.6};
  r.spent_eps = {0.3, 0.3, kNaN, 0.3, 0.3, 0.3};
  return r;
}

bool same_number(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

bool same_numbers(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_number(a[i], b[i])) return false;
  return true;
}

const MetricData* metric(const ResultData& r, const std::string& name) {
  for (const auto& m : r.metrics)
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace

TEST_SUITE("store") {

TEST_CASE("write_result / read_result round trip") {
  TempDir dir("roundtrip");
  const std::string path = dir.file("sub/dir/result.h5");  // parent directories are created
  const ResultData w = sample_result();
  write_result(path, w);
  REQUIRE(fs::exists(path));
  CHECK(is_result_file(path));
  // No temporary file is left behind.
  int files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path())) { (void)e; ++files; }
  CHECK(files == 1);

  const ResultData r = read_result(path);
  CHECK(r.meta.name == w.meta.name);
  CHECK(r.meta.paper == w.meta.paper);
  CHECK(r.meta.id == w.meta.id);
  CHECK(r.meta.description == w.meta.description);
  CHECK(r.meta.spec_text == w.meta.spec_text);
  CHECK(r.meta.spec_source == w.meta.spec_source);
  CHECK(r.meta.spec_path == w.meta.spec_path);
  CHECK(r.meta.spec_hash == w.meta.spec_hash);
  CHECK(r.meta.code_version == w.meta.code_version);
  CHECK(r.meta.host == w.meta.host);
  CHECK(r.meta.started == w.meta.started);
  CHECK(r.meta.finished == "");
  CHECK(r.meta.plot_json == w.meta.plot_json);
  CHECK(r.meta.reference_csv == w.meta.reference_csv);
  CHECK(r.meta.seed == w.meta.seed);
  CHECK(r.meta.threads == 4);
  CHECK(r.points == 2);
  CHECK(r.trials == 3);
  CHECK(r.axes == w.axes);

  REQUIRE(r.columns.size() == 4);
  for (const auto& wc : w.columns) {
    CAPTURE(wc.name);
    const PointColumn* c = r.column(wc.name);
    REQUIRE(c != nullptr);
    CHECK(c->text == wc.text);
    CHECK(c->type == wc.type);  // declared types round-trip; "" (unknown) stays unknown
    if (wc.text) CHECK(c->strings == wc.strings);
    else CHECK(same_numbers(c->numbers, wc.numbers));
  }
  CHECK(r.column("nope") == nullptr);

  REQUIRE(r.metrics.size() == 2);
  const MetricData* mse = metric(r, "mse");
  REQUIRE(mse != nullptr);
  CHECK_FALSE(mse->is_vector);
  CHECK(mse->doc == "squared error");
  CHECK(same_numbers(mse->scalar, w.metrics[0].scalar));
  const MetricData* k = metric(r, "k");
  REQUIRE(k != nullptr);
  CHECK(k->is_vector);
  CHECK(k->index == "i");
  CHECK(k->doc == "proportions");
  REQUIRE(k->vectors.size() == 6);
  for (std::size_t c = 0; c < 6; ++c) {
    CAPTURE(c);
    CHECK(k->vectors[c] == w.metrics[1].vectors[c]);  // NaN padding removed, lengths kept
  }

  CHECK(r.done == w.done);
  CHECK(same_numbers(r.wall_time, w.wall_time));
  CHECK(same_numbers(r.spent_eps, w.spent_eps));
  CHECK(r.cell(1, 2) == 5);
}

TEST_CASE("a vector metric with no values yet (first checkpoint) round-trips") {
  TempDir dir("empty_vectors");
  const std::string path = dir.file("e.h5");
  ResultData w = sample_result();
  w.metrics[1].vectors.assign(6, {});
  w.done.assign(6, 0);
  write_result(path, w);
  ResultData r = read_result(path);
  const MetricData* k = metric(r, "k");
  REQUIRE(k != nullptr);
  CHECK(k->is_vector);
  REQUIRE(k->vectors.size() == 6);
  for (const auto& cell : k->vectors) CHECK(cell.empty());
  CHECK(r.done == w.done);
}

TEST_CASE("overwriting a result replaces it") {
  TempDir dir("overwrite");
  const std::string path = dir.file("r.h5");
  ResultData w = sample_result();
  write_result(path, w);
  w.meta.name = "second";
  w.metrics[0].scalar[0] = 42;
  write_result(path, w);
  ResultData r = read_result(path);
  CHECK(r.meta.name == "second");
  CHECK(metric(r, "mse")->scalar[0] == 42);
}

TEST_CASE("resize_trials keeps the computed cells") {
  ResultData r = sample_result();
  r.resize_trials(5);
  CHECK(r.trials == 5);
  REQUIRE(r.done.size() == 10);
  const std::vector<std::uint8_t> done = {1, 1, 0, 0, 0, 1, 1, 1, 0, 0};
  CHECK(r.done == done);
  const auto& mse = r.metrics[0].scalar;
  REQUIRE(mse.size() == 10);
  CHECK(mse[0] == 1.5);
  CHECK(mse[1] == 2.5);
  CHECK(std::isnan(mse[2]));
  CHECK(std::isnan(mse[3]));
  CHECK(std::isnan(mse[4]));
  CHECK(mse[5] == -4.0);
  CHECK(mse[6] == 1e300);
  CHECK(mse[7] == 0.0);
  CHECK(std::isnan(mse[8]));
  const auto& k = r.metrics[1].vectors;
  REQUIRE(k.size() == 10);
  CHECK(k[0] == std::vector<double>{0.5, 0.25, 0.25});
  CHECK(k[1] == std::vector<double>{1.0});
  CHECK(k[3].empty());
  CHECK(k[5] == std::vector<double>{0.1, 0.2, 0.3, 0.4});
  CHECK(k[7] == std::vector<double>{7.0});
  CHECK(r.wall_time[6] == 0.5);
  CHECK(std::isnan(r.wall_time[9]));
  CHECK(r.spent_eps[5] == 0.3);
  CHECK(r.cell(1, 0) == 5);
  // Never shrinks.
  r.resize_trials(2);
  CHECK(r.trials == 5);
  CHECK(r.done.size() == 10);
  // The grown result round-trips.
  TempDir dir("resize");
  write_result(dir.file("g.h5"), r);
  ResultData g = read_result(dir.file("g.h5"));
  CHECK(g.trials == 5);
  CHECK(g.done == done);
  CHECK(metric(g, "k")->vectors[5] == std::vector<double>{0.1, 0.2, 0.3, 0.4});
}

TEST_CASE("reading a file that is not a result throws an Error naming the path") {
  TempDir dir("bad");
  const std::string text = dir.file("not_hdf5.h5");
  {
    std::ofstream out(text);
    out << "this is not an HDF5 file\n";
  }
  CHECK_FALSE(is_result_file(text));
  try {
    read_result(text);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find(text) != std::string::npos);
  }
  const std::string missing = dir.file("missing.h5");
  CHECK_FALSE(is_result_file(missing));
  try {
    read_result(missing);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find(missing) != std::string::npos);
  }
  // A directory is not a result file either.
  CHECK_THROWS_AS(read_result(dir.path.string()), Error);
}

TEST_CASE("writing to an unwritable place throws an Error naming the path") {
  const std::string path = "/proc/nonexistent/x.h5";
  try {
    write_result(path, sample_result());
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find(path) != std::string::npos);
  }
  CHECK_FALSE(fs::exists(path));
}

}  // TEST_SUITE
