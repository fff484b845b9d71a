// Claim verdicts from the data's uncertainty (framework/claims.hpp, claim_intervals.hpp), on
// synthetic result files whose per-trial values are written here (no randomness: every case
// is fixed, so the suite never fails by chance). Each case names what the old fixed-factor
// logic (comparing point estimates) would have said, where the new logic differs:
//   - a difference within the noise is inconclusive (old: holds);
//   - a trend within the noise is not monotone (old: holds on strictly increasing means);
//   - the printed precision of a paper value or a bound is honoured (old: does not hold);
//   - the intervals of a claim are simultaneous over its cells (old: no correction);
//   - a share that was 1 in every trial is not exactly 1;
//   - runs are paired by trial (common random numbers);
//   - minimum, ordering and standard-deviation checks;
//   - `dplab claims` flags a claim whose verdicts flip between two results folders.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "framework/claim_intervals.hpp"
#include "framework/claims.hpp"
#include "framework/result_privacy.hpp"
#include "framework/store.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::ClaimStatus;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Deviations with mean 0 and sample sd 1 over 10 trials (fixed, symmetric).
const std::vector<double> kDev10 = {-1.5, -1.1, -0.7, -0.4, -0.1, 0.1, 0.4, 0.7, 1.1, 1.5};
double dev(std::size_t t) {
  static const double sd = [] {
    double ss = 0;
    for (double d : kDev10) ss += d * d;
    return std::sqrt(ss / 9);
  }();
  return kDev10[t % 10] / sd;
}

struct Point {
  std::string algorithm;
  double x;
  std::vector<double> y;  // per trial (NaN: not computed)
};

// results/synth/<name>.h5 under `results`: columns algorithm and x, one scalar metric y.
// `samples` > 1: every point's trials cycle through that many draws of its data (the column
// "data_samples" a run writes for DatasetRef::samples).
void write_synth(const std::string& results, const std::string& name, const std::vector<Point>& pts,
                 const std::string& reference_csv = "", std::size_t samples = 1) {
  dplab::ResultData r;
  r.meta.name = name;
  r.meta.paper = "synth";
  r.meta.reference_csv = reference_csv;
  r.points = pts.size();
  for (const auto& p : pts) r.trials = std::max(r.trials, p.y.size());
  dplab::PointColumn alg{"algorithm", true, {}, {}, "text"}, x{"x", false, {}, {}, "real"};
  // A synthetic result has no registered algorithm: it states its privacy columns as a run
  // writes them (framework/result_privacy.hpp), so that show and report can read it.
  dplab::PointColumn privacy{dplab::kPrivacyColumn, true, {}, {}, "text"},
      finding{dplab::kPrivacyFindingColumn, true, {}, {}, "text"};
  for (const auto& p : pts) {
    alg.strings.push_back(p.algorithm);
    x.numbers.push_back(p.x);
    privacy.strings.push_back("none");
    finding.strings.push_back("");
  }
  r.columns = {alg, x, privacy, finding};
  if (samples > 1) r.columns.push_back({"data_samples", false, {}, std::vector<double>(pts.size(), double(samples)), "integer"});
  r.axes = {"algorithm", "x"};
  dplab::MetricData y;
  y.name = "y";
  for (const auto& p : pts)
    for (std::size_t t = 0; t < r.trials; ++t) {
      const double v = t < p.y.size() ? p.y[t] : kNaN;
      y.scalar.push_back(v);
      r.done.push_back(!std::isnan(v));
      r.wall_time.push_back(0.001);
      r.spent_eps.push_back(0);
    }
  r.metrics = {y};
  fs::create_directories(fs::path(results) / "synth");
  dplab::write_result((fs::path(results) / "synth" / (name + ".h5")).string(), r);
}

std::vector<double> series(std::size_t n, double mean, double sd, std::size_t shift = 0) {
  std::vector<double> v;
  for (std::size_t t = 0; t < n; ++t) v.push_back(mean + sd * dev(t + shift));
  return v;
}

// The claims (YAML list items) evaluated against `results`: one outcome per claim.
std::vector<dplab::ClaimOutcome> verdicts(const TempDir& dir, const std::string& results, const std::string& body,
                                          dplab::ClaimsFile& keep) {
  fs::create_directories(fs::path(dir / "home/results/reference/synth"));
  const std::string path = dir / "home/results/reference/synth/claims.yaml";
  write_file(path, "title: synthetic\nclaims:\n" + body);
  keep = dplab::load_claims(path);
  return dplab::evaluate_claims(keep, results, dir / "home");
}

ClaimStatus one(const TempDir& dir, const std::string& results, const std::string& body, std::string* numbers = nullptr) {
  dplab::ClaimsFile keep;
  const auto out = verdicts(dir, results, body, keep);
  REQUIRE(out.size() == 1);
  if (numbers) *numbers = out[0].numbers + " | " + out[0].interval + " | " + out[0].confidence + " | " + out[0].precision;
  MESSAGE(out[0].numbers);
  return out[0].status;
}

std::string compare(const std::string& rel, const std::string& extra = "") {
  return "  - id: c\n    says: s\n    result: r\n    check: compare\n"
         "    a: {metric: y, where: {algorithm: A}}\n    b: {metric: y, where: {algorithm: B}}\n    relation: \"" +
         rel + "\"\n" + extra;
}

}  // namespace

TEST_SUITE("claim_verdicts") {
  TEST_CASE("a difference within the noise is inconclusive, a clear one decides") {
    TempDir dir;
    const std::string res = dir / "results";
    // A's mean is above B's by 0.02 with per-trial sd 0.1 over 10 trials (independent shifts):
    // the old logic compared the means and said "holds".
    write_synth(res, "r", {{"A", 1, series(10, 1.02, 0.1)}, {"B", 1, series(10, 1.0, 0.1, 3)}});
    CHECK(one(dir, res, compare(">")) == ClaimStatus::inconclusive);
    CHECK(one(dir, res, compare("<")) == ClaimStatus::inconclusive);
    // 1.0 apart: decided both ways.
    write_synth(res, "r", {{"A", 1, series(10, 2.0, 0.1)}, {"B", 1, series(10, 1.0, 0.1, 3)}});
    std::string numbers;
    CHECK(one(dir, res, compare(">"), &numbers) == ClaimStatus::holds);
    CHECK_CONTAINS(numbers, "a - b = 1 in [");
    CHECK_CONTAINS(numbers, "95% simultaneous over 1 interval; 10 trials, paired by trial");
    CHECK(one(dir, res, compare("<")) == ClaimStatus::fails);
    // A factor: A > 1.5 B holds, A > 2.5 B fails, A > 2 B is within the noise.
    CHECK(one(dir, res, compare(">", "    factor: 1.5\n")) == ClaimStatus::holds);
    CHECK(one(dir, res, compare(">", "    factor: 2.5\n")) == ClaimStatus::fails);
    CHECK(one(dir, res, compare(">", "    factor: 2\n")) == ClaimStatus::inconclusive);
  }

  TEST_CASE("runs are paired by trial: a small difference on a large common noise decides") {
    TempDir dir;
    const std::string res = dir / "results";
    // A = B + 0.1 + small noise, both riding a common per-trial noise of sd 5 (common random numbers).
    std::vector<double> a, b;
    for (std::size_t t = 0; t < 10; ++t) {
      b.push_back(10 + 5 * dev(t));
      a.push_back(b.back() + 0.1 + 0.01 * dev(t + 4));
    }
    write_synth(res, "r", {{"A", 1, a}, {"B", 1, b}});
    CHECK(one(dir, res, compare(">")) == ClaimStatus::holds);
    // The same values computed in different trials cannot be paired: within the noise.
    std::vector<double> a2(a.begin(), a.begin() + 5), b2(5, kNaN);
    a2.resize(10, kNaN);
    b2.insert(b2.end(), b.begin() + 5, b.end());
    write_synth(res, "r", {{"A", 1, a2}, {"B", 1, b2}});
    std::string numbers;
    CHECK(one(dir, res, compare(">"), &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "unpaired");
  }

  TEST_CASE("trials on several draws of the data: the draws are the units of the interval") {
    TempDir dir;
    const std::string res = dir / "results";
    // A = B + 0.5 + a per-draw effect (4 draws, trial t on draw t mod 4), on a common noise.
    // As 40 independent trials the difference is clear; as 4 draws it is within the noise.
    const double effect[4] = {0.6, -0.6, 0.3, -0.3};
    auto make = [&](double gap) {
      std::vector<double> a, b;
      for (std::size_t t = 0; t < 40; ++t) {
        b.push_back(10 + 3 * dev(t));
        a.push_back(b.back() + gap + effect[t % 4] + 0.01 * dev(t + 3));
      }
      return std::vector<Point>{{"A", 1, a}, {"B", 1, b}};
    };
    write_synth(res, "r", make(0.5));
    CHECK(one(dir, res, compare(">")) == ClaimStatus::holds);
    write_synth(res, "r", make(0.5), "", 4);
    std::string numbers;
    CHECK(one(dir, res, compare(">"), &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "4 draws of the data (each the mean of its trials), paired by trial");
    // A gap far beyond the draws' spread decides, clustered or not.
    write_synth(res, "r", make(5), "", 4);
    CHECK(one(dir, res, compare(">")) == ClaimStatus::holds);
    CHECK(one(dir, res, compare("<")) == ClaimStatus::fails);
  }

  TEST_CASE("a trend within the noise is not monotone; a clear one is") {
    TempDir dir;
    const std::string res = dir / "results";
    const std::string trend = "  - id: t\n    says: s\n    result: r\n    check: trend\n    a: {metric: y}\n"
                              "    along: x\n    direction: increasing\n";
    // Means 1.00, 1.01, ..., 1.04: strictly increasing (the old logic: holds), sd 0.2 per trial.
    std::vector<Point> flat, rising;
    for (int k = 0; k < 5; ++k) {
      flat.push_back({"A", double(k + 1), series(10, 1 + 0.01 * k, 0.2, 3 * k)});
      rising.push_back({"A", double(k + 1), series(10, 1 + 0.5 * k, 0.2, 3 * k)});
    }
    write_synth(res, "r", flat);
    std::string numbers;
    CHECK(one(dir, res, trend, &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "slope per step of x 0.01 in [");
    write_synth(res, "r", rising);
    CHECK(one(dir, res, trend) == ClaimStatus::holds);
    std::string falling = trend;
    falling.replace(falling.find("increasing"), 10, "decreasing");
    CHECK(one(dir, res, falling) == ClaimStatus::fails);
  }

  TEST_CASE("intervals are simultaneous over a claim's cells (Bonferroni)") {
    TempDir dir;
    const std::string res = dir / "results";
    // 20 cells, each A - B = 0.1 with paired sd 0.1 over 10 trials: t = 3.16, beyond 2.26
    // (95% alone) but short of 3.69 (95% over 20 intervals).
    std::vector<Point> pts;
    for (int x = 1; x <= 20; ++x) {
      std::vector<double> b = series(10, 5, 1, x), a;
      for (std::size_t t = 0; t < 10; ++t) a.push_back(b[t] + 0.1 + 0.1 * dev(t + x));
      pts.push_back({"A", double(x), a});
      pts.push_back({"B", double(x), b});
    }
    write_synth(res, "r", pts);
    std::string numbers;
    CHECK(one(dir, res, compare(">", "    for_each: x\n"), &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "over 20 intervals (Bonferroni; each 99.75%)");
    // One of those cells alone holds.
    const std::string single = "  - id: c\n    says: s\n    result: r\n    check: compare\n"
                               "    a: {metric: y, where: {algorithm: A, x: 1}}\n    b: {metric: y, where: {algorithm: B, x: 1}}\n"
                               "    relation: \">\"\n";
    CHECK(one(dir, res, single) == ClaimStatus::holds);
  }

  TEST_CASE("a printed number stands for the interval its digits allow") {
    TempDir dir;
    const std::string res = dir / "results";
    // Ours is 9.45 in every trial (no spread: exact). The paper prints "9": [8.5, 9.5].
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 9.45)}}, "algorithm,metric,value\nA,y,9\n");
    const std::string paper = "  - id: p\n    says: s\n    result: r\n    check: paper\n    a: {metric: y}\n";
    std::string numbers;
    // ours / paper: 1.05 against the printed 9 (the old logic: does not hold), but 9.45 / 9.45 = 1
    // is allowed by the digits, and 9.45 / 8.5 = 1.11 too: inconclusive.
    CHECK(one(dir, res, paper + "    factor: 1.04\n", &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "9 stands for [8.5, 9.5]");
    CHECK(one(dir, res, paper + "    factor: 1.12\n") == ClaimStatus::holds);
    // Printed "9.0": [8.95, 9.05], and 9.45 is more than 4% above all of it.
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 9.45)}}, "algorithm,metric,value\nA,y,9.0\n");
    CHECK(one(dir, res, paper + "    factor: 1.04\n") == ClaimStatus::fails);
    // A tolerance of one printed unit: ours rounds to the printed value.
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 14.153)}}, "algorithm,metric,value\nA,y,14.15\n");
    CHECK(one(dir, res, paper + "    tolerance: 0.01\n") == ClaimStatus::holds);
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 14.162)}}, "algorithm,metric,value\nA,y,14.15\n");
    CHECK(one(dir, res, paper + "    tolerance: 0.01\n") == ClaimStatus::inconclusive);
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 14.2)}}, "algorithm,metric,value\nA,y,14.15\n");
    CHECK(one(dir, res, paper + "    tolerance: 0.01\n") == ClaimStatus::fails);
    // A printed bound: "under 4.7%" with ours exactly 4.72% (old: does not hold).
    write_synth(res, "r", {{"A", 1, std::vector<double>(5, 0.0472)}});
    const std::string thr = "  - id: t\n    says: s\n    result: r\n    check: threshold\n    a: {metric: y}\n"
                            "    relation: \"<\"\n    bound: 0.047\n";
    CHECK(one(dir, res, thr + "    precision: auto\n", &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "bound 0.047 as printed: [0.0465, 0.0475]");
    CHECK(one(dir, res, thr) == ClaimStatus::fails);  // an exact bound
    CHECK(dplab::printed_half_unit("1.53E+04") == doctest::Approx(50));
    CHECK(dplab::printed_half_unit("141.0") == doctest::Approx(0.05));
    CHECK(dplab::printed_half_unit("35.914E+08") == doctest::Approx(5e4));
  }

  TEST_CASE("the paper's own Monte-Carlo noise widens the comparison") {
    TempDir dir;
    const std::string res = dir / "results";
    // Ours 101 +- sd 5 over 100 trials (CI half-width ~1); the paper prints 100.0 from 10 runs.
    write_synth(res, "r", {{"A", 1, series(100, 101, 5)}}, "algorithm,metric,value\nA,y,100.0\n");
    const std::string paper = "  - id: p\n    says: s\n    result: r\n    check: paper\n    a: {metric: y}\n"
                              "    factor: 1.025\n";
    CHECK(one(dir, res, paper) == ClaimStatus::holds);
    // With the paper's 10 runs (sd 5 / sqrt(10) = 1.6 on its mean): within 2.5% no longer sure.
    CHECK(one(dir, res, paper + "    paper_trials: 10\n") == ClaimStatus::inconclusive);
  }

  TEST_CASE("a share that was 1 in every trial is not exactly 1") {
    TempDir dir;
    const std::string res = dir / "results";
    const std::string thr = "  - id: t\n    says: s\n    result: r\n    check: threshold\n    a: {metric: y}\n"
                            "    relation: \">=\"\n    bound: 0.99\n";
    write_synth(res, "r", {{"A", 1, std::vector<double>(10, 1.0)}});
    CHECK(one(dir, res, thr) == ClaimStatus::inconclusive);  // 10 of 10: p >= 0.69 only
    write_synth(res, "r", {{"A", 1, std::vector<double>(1000, 1.0)}});
    CHECK(one(dir, res, thr) == ClaimStatus::holds);  // 1000 of 1000: p >= 0.996
  }

  TEST_CASE("minimum, ordering and standard deviations") {
    TempDir dir;
    const std::string res = dir / "results";
    std::vector<Point> pts;
    const double means[] = {5, 3, 1, 1.02, 5};
    for (int k = 0; k < 5; ++k) pts.push_back({"A", double(k + 1), series(10, means[k], 0.1, k)});
    for (int k = 0; k < 5; ++k) pts.push_back({"B", double(k + 1), series(10, means[k] + 1, 0.1, k + 2)});
    for (int k = 0; k < 5; ++k) pts.push_back({"C", double(k + 1), series(10, means[k] + 1.05, 3, k + 5)});
    write_synth(res, "r", pts);
    auto minimum = [](const std::string& at, const std::string& extra = "") {
      return "  - id: m\n    says: s\n    result: r\n    check: minimum\n    a: {metric: y, where: {algorithm: A}}\n"
             "    along: x\n    at: " + at + "\n" + extra;
    };
    // The least mean is at x = 3, but x = 4 is within its noise.
    CHECK(one(dir, res, minimum("3")) == ClaimStatus::inconclusive);
    CHECK(one(dir, res, minimum("[3, 4]")) == ClaimStatus::holds);
    CHECK(one(dir, res, minimum("{min: 3, max: 4}")) == ClaimStatus::holds);
    CHECK(one(dir, res, minimum("2")) == ClaimStatus::fails);
    CHECK(one(dir, res, minimum("5")) == ClaimStatus::fails);
    // A local minimum: x = 2 against its neighbours only (1 and 3): 3 is lower, so not.
    CHECK(one(dir, res, minimum("2", "    neighbours: 1\n")) == ClaimStatus::fails);
    auto ordering = [](const std::string& order, const std::string& rel) {
      return "  - id: o\n    says: s\n    result: r\n    check: ordering\n    a: {metric: y}\n    by: algorithm\n"
             "    order: " + order + "\n    relation: \"" + rel + "\"\n    for_each: x\n";
    };
    CHECK(one(dir, res, ordering("[A, B]", "<")) == ClaimStatus::holds);
    CHECK(one(dir, res, ordering("[B, A]", "<")) == ClaimStatus::fails);
    CHECK(one(dir, res, ordering("[A, B, C]", "<")) == ClaimStatus::inconclusive);  // C: sd 3
    CHECK(one(dir, res, ordering("[C, A]", "<")) == ClaimStatus::inconclusive);
    // Standard deviations, compared as variances: C's is 30 times B's. With 10 trials a
    // variance is known only within a factor of about 2, so one cell decides and five do not.
    const std::string sd = "  - id: s\n    says: s\n    result: r\n    check: compare\n"
                           "    a: {metric: y, where: {algorithm: B, x: 1}, stat: sd}\n"
                           "    b: {metric: y, where: {algorithm: C, x: 1}, stat: sd}\n    relation: \"<\"\n";
    CHECK(one(dir, res, sd) == ClaimStatus::holds);
    // min / max reductions: the larger of A and B at x = 3 is below C's at x = 5 by far.
    const std::string red = "  - id: r\n    says: s\n    result: r\n    check: compare\n"
                            "    a: {metric: y, where: {algorithm: [A, B], x: 3}, reduce: max}\n"
                            "    b: {metric: y, where: {algorithm: A, x: [1, 5]}, reduce: min}\n    relation: \"<\"\n";
    CHECK(one(dir, res, red) == ClaimStatus::holds);
  }

  TEST_CASE("scale: log compares geometric means; quantifier: some asks for one cell") {
    TempDir dir;
    const std::string res = dir / "results";
    // 5 trials of an error spanning orders of magnitude, against one near 1: A above 10 B in
    // every trial, but the arithmetic interval of A - 10 B (sd 17,000) reaches below 0.
    write_synth(res, "r", {{"A", 1, {50, 200, 1000, 5000, 40000}}, {"B", 1, {0.9, 1.1, 1.0, 0.95, 1.05}}});
    CHECK(one(dir, res, compare(">", "    factor: 10\n")) == ClaimStatus::inconclusive);
    std::string numbers;
    CHECK(one(dir, res, compare(">", "    factor: 10\n    scale: log\n"), &numbers) == ClaimStatus::holds);
    CHECK_CONTAINS(numbers, "geometric means a / (10 x b) = ");
    CHECK(one(dir, res, compare("<", "    factor: 10\n    scale: log\n")) == ClaimStatus::fails);
    // Three cells: A far above B at x = 1 only.
    write_synth(res, "r", {{"A", 1, series(10, 5, 0.1)}, {"B", 1, series(10, 1, 0.1, 3)},
                           {"A", 2, series(10, 1, 0.1)}, {"B", 2, series(10, 5, 0.1, 3)},
                           {"A", 3, series(10, 1, 0.1)}, {"B", 3, series(10, 5, 0.1, 3)}});
    CHECK(one(dir, res, compare(">", "    for_each: x\n")) == ClaimStatus::fails);
    CHECK(one(dir, res, compare(">", "    for_each: x\n    quantifier: some\n"), &numbers) == ClaimStatus::holds);
    CHECK_CONTAINS(numbers, "holds at 1 of 3 values of x (claimed at some)");
    CHECK(one(dir, res, compare("<", "    for_each: x\n    quantifier: some\n")) == ClaimStatus::holds);
    CHECK(one(dir, res, compare(">", "    factor: 10\n    for_each: x\n    quantifier: some\n")) == ClaimStatus::fails);
  }

  TEST_CASE("relation: within tests the ratio a / b against [1/factor, factor]") {
    TempDir dir;
    const std::string res = dir / "results";
    // Ratio 1.05 with a tight interval: inside a band of 1.25, outside one of 1.02.
    write_synth(res, "r", {{"A", 1, series(10, 1.05, 0.01)}, {"B", 1, series(10, 1.0, 0.01, 3)}});
    std::string numbers;
    CHECK(one(dir, res, compare("within", "    factor: 1.25\n    scale: log\n"), &numbers) == ClaimStatus::holds);
    CHECK_CONTAINS(numbers, "within 1.25x of");
    CHECK_CONTAINS(numbers, "geometric means a / b = ");
    CHECK(one(dir, res, compare("within", "    factor: 1.02\n    scale: log\n")) == ClaimStatus::fails);
    // A ratio of 2 is outside the band of 1.25 whichever side is a.
    write_synth(res, "r", {{"A", 1, series(10, 1.0, 0.01)}, {"B", 1, series(10, 2.0, 0.01, 3)}});
    CHECK(one(dir, res, compare("within", "    factor: 1.25\n    scale: log\n")) == ClaimStatus::fails);
    // A ratio of 1.2 known only to +-30%: straddles the band's edge, inconclusive.
    write_synth(res, "r", {{"A", 1, series(10, 1.2, 0.3)}, {"B", 1, series(10, 1.0, 0.01, 3)}});
    CHECK(one(dir, res, compare("within", "    factor: 1.25\n    scale: log\n")) == ClaimStatus::inconclusive);
    // within needs the log scale and a factor above 1.
    dplab::ClaimsFile keep;
    CHECK_THROWS_WITH_AS(verdicts(dir, res, compare("within", "    factor: 1.25\n"), keep),
                         doctest::Contains("within compares ratios: give scale: log"), std::exception);
    CHECK_THROWS_WITH_AS(verdicts(dir, res, compare("within", "    factor: 0.5\n    scale: log\n"), keep),
                         doctest::Contains("needs factor > 1"), std::exception);
  }

  TEST_CASE("one trial of a random quantity has no interval: inconclusive, never decided") {
    TempDir dir;
    const std::string res = dir / "results";
    write_synth(res, "r", {{"A", 1, {2.0}}, {"B", 1, {1.0}}});
    std::string numbers;
    CHECK(one(dir, res, compare(">"), &numbers) == ClaimStatus::inconclusive);
    CHECK_CONTAINS(numbers, "no interval");
  }

  TEST_CASE("verdicts_flip: holds at one seed and does not hold at another") {
    CHECK(dplab::verdicts_flip({ClaimStatus::holds, ClaimStatus::fails}));
    CHECK(dplab::verdicts_flip({ClaimStatus::fails, ClaimStatus::inconclusive, ClaimStatus::holds}));
    CHECK_FALSE(dplab::verdicts_flip({ClaimStatus::holds, ClaimStatus::inconclusive, ClaimStatus::holds}));
    CHECK_FALSE(dplab::verdicts_flip({ClaimStatus::fails, ClaimStatus::not_run, ClaimStatus::fails}));
  }

  TEST_CASE("dplab claims flags a claim whose verdict flips between two seeds' results") {
    TempDir dir;
    const std::string own = dir / "home/results", other = dir / "home/results/seeds/seed+1";
    // The own seed: A clearly above B; the rerun at seed + 1: clearly below.
    write_synth(own, "r", {{"A", 1, series(10, 2, 0.1)}, {"B", 1, series(10, 1, 0.1, 3)}});
    write_synth(other, "r", {{"A", 1, series(10, 1, 0.1)}, {"B", 1, series(10, 2, 0.1, 3)}});
    dplab::ClaimsFile keep;
    verdicts(dir, own, compare(">", "    expect: holds\n"), keep);  // writes the claims file
    const std::string env = "DPLAB_HOME=" + (dir / "home") + " ";
    // Through the shell, with DPLAB_HOME pointing at the synthetic home.
    const std::string cmd = env + DPLAB_BINARY + " -C " + (dir / "home") + " claims --paper synth > " + (dir / "out.txt") +
                            " 2> " + (dir / "err.txt");
    const int status = std::system(cmd.c_str());
    const std::string out = dplab::testing::read_file(dir / "out.txt"), err = dplab::testing::read_file(dir / "err.txt");
    CHECK(WEXITSTATUS(status) == 1);
    CHECK_CONTAINS(out, "verdicts at: own seed, +1");
    CHECK_CONTAINS(out, "c  holds  [holds FAILS]  FLIPS ACROSS SEEDS");
    CHECK_CONTAINS(out, "at +1: does not hold");
    CHECK_CONTAINS(err, "1 claim(s) flip across seeds");
    // The same at both seeds: no flip, exit 0.
    write_synth(other, "r", {{"A", 1, series(10, 2, 0.1)}, {"B", 1, series(10, 1, 0.1, 3)}});
    CHECK(std::system(cmd.c_str()) == 0);
    CHECK_CONTAINS(dplab::testing::read_file(dir / "out.txt"), "c  holds  [holds holds]");
    // The summary a docs table is generated from names its run first (scripts/docs_tables.py).
    const auto show = dplab::testing::run_dplab("show " + own + "/synth/r.h5 --csv --provenance", dir);
    INFO(show.err);
    CHECK(show.code == 0);
    CHECK(show.out.rfind("# synth/r: code ", 0) == 0);
    CHECK_CONTAINS(show.out, "2 points x 10 trials, 20 done\nalgorithm,x,metric,mean,");
  }
}
