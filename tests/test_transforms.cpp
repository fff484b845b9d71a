// Unit tests of the dataset transforms (datasets/transforms/) on small inputs built here: exact
// ranges of scale, size/order/uniformity of subsample, renumbering and frequencies of top_items,
// size/labels/jitter of upsample, sizes/labels/fitted draws of birch2_subset; reproducibility
// from the stream, and inputs left untouched.
#include <doctest/doctest.h>

#include "test_support.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "datasets/transform.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"
#include "core/samplers.hpp"

using namespace dplab;
using dplab::testing::error_of;

namespace {

using ParamList = std::vector<std::pair<std::string, Value>>;

std::shared_ptr<const Dataset> apply(const std::string& name, std::shared_ptr<const Dataset> in,
                                     const ParamList& given, std::uint64_t stream_id = 1) {
  Params p;
  for (const auto& [k, v] : given) p.set(k, v);
  Stream s(5, stream_id, 0);
  return find_transform(name).apply(std::move(in), p, s);
}

// A copy of the dataset as its concrete type (the shared pointer may be a temporary).
template <class T>
T as(const std::shared_ptr<const Dataset>& ds) {
  const T* t = dynamic_cast<const T*>(ds.get());
  REQUIRE(t != nullptr);
  return *t;
}

bool same_points(const PointSet& a, const PointSet& b) {
  return a.n == b.n && a.d == b.d && a.x == b.x && a.labels == b.labels;
}
bool same_transactions(const Transactions& a, const Transactions& b) {
  return a.universe == b.universe && a.offsets == b.offsets && a.items == b.items && a.item_names == b.item_names;
}

// n points in d dims with random coordinates and labels i % 3.
std::shared_ptr<PointSet> random_points(std::size_t n, std::size_t d, std::uint64_t key = 9) {
  auto ps = std::make_shared<PointSet>();
  ps->name = "pts";
  ps->n = n;
  ps->d = d;
  Stream s(1, key, 0);
  for (std::size_t i = 0; i < n * d; ++i) ps->x.push_back(10 * sample_normal(s) + double(i % d) * 100);
  for (std::size_t i = 0; i < n; ++i) ps->labels.push_back(std::int32_t(i % 3));
  return ps;
}

std::shared_ptr<Transactions> transactions(const std::vector<std::vector<std::uint32_t>>& records, std::uint32_t universe) {
  auto t = std::make_shared<Transactions>();
  t->name = "tx";
  t->universe = universe;
  for (const auto& r : records) {
    t->items.insert(t->items.end(), r.begin(), r.end());
    t->offsets.push_back(t->items.size());
  }
  return t;
}

std::vector<std::uint32_t> as_vector(std::span<const std::uint32_t> s) { return {s.begin(), s.end()}; }

// A Birch2-like set: `clusters` Gaussian clusters of `per` points whose centres are evenly
// spaced in x (10 apart, x spread within +-2) on a sine curve, plus two anchors fixing the x
// range to [0, 10 clusters] so that the x bins are exactly the clusters.
std::shared_ptr<PointSet> birch_like(std::size_t clusters, std::size_t per) {
  auto ps = std::make_shared<PointSet>();
  ps->name = "birch_like";
  ps->d = 2;
  Stream s(2, 2, 0);
  for (std::size_t c = 0; c < clusters; ++c)
    for (std::size_t i = 0; i < per; ++i) {
      const double cx = 10.0 * double(c) + 5;
      ps->x.push_back(cx + std::clamp(sample_normal(s), -4.0, 4.0) * 0.5);
      ps->x.push_back(50 * std::sin(cx / 20) + 2 * sample_normal(s));
    }
  ps->x.insert(ps->x.end(), {0.0, 50 * std::sin(5.0 / 20), 10.0 * double(clusters), 50 * std::sin((10.0 * double(clusters) - 5) / 20)});
  ps->n = clusters * per + 2;
  return ps;
}

}  // namespace

TEST_SUITE("transforms") {

TEST_CASE("the five transforms are registered with documented parameters and the kinds they accept") {
  const std::vector<std::pair<std::string, std::vector<DatasetKind>>> expected = {
      {"scale", {DatasetKind::Points}},
      {"subsample", {DatasetKind::Points, DatasetKind::Transactions, DatasetKind::Ratings}},
      {"top_items", {DatasetKind::Transactions}},
      {"upsample", {DatasetKind::Points}},
      {"birch2_subset", {DatasetKind::Points}},
  };
  for (const auto& [name, kinds] : expected) {
    CAPTURE(name);
    TransformInfo info = find_transform(name).info();
    CHECK(info.name == name);
    CHECK_FALSE(info.doc.empty());
    CHECK(info.accepts == kinds);
    for (const auto& p : info.params) {
      CAPTURE(p.name);
      CHECK_FALSE(p.doc.empty());
      CHECK_FALSE(p.validate(p.default_value).has_value());
    }
  }
  // A kind a transform does not take is refused.
  CHECK_CONTAINS(error_of([] { apply("top_items", random_points(5, 2), {}); }), "transactions");
  CHECK_CONTAINS(error_of([] { apply("scale", transactions({{0}}, 1), {}); }), "points");
}

TEST_CASE("scale: every dimension exactly onto [low, high], linearly; constant dimensions to the midpoint") {
  auto ps = random_points(500, 3);
  for (std::size_t i = 0; i < ps->n; ++i) ps->x[i * 3 + 2] = 7.25;  // a constant dimension
  const PointSet before = *ps;
  for (const auto& bounds : std::vector<std::pair<double, double>>{{-1.0, 1.0}, {0.0, 1.0}, {-3.7, 12.1}}) {
    const double low = bounds.first, high = bounds.second;
    CAPTURE(low);
    CAPTURE(high);
    ParamList params;
    if (low != -1.0) params = {{"low", low}, {"high", high}};
    const auto& out = as<PointSet>(apply("scale", ps, params));
    REQUIRE(out.n == ps->n);
    REQUIRE(out.d == 3);
    CHECK(out.labels == ps->labels);
    for (std::size_t j = 0; j < 2; ++j) {
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t i = 0; i < out.n; ++i) { lo = std::min(lo, out.x[i * 3 + j]); hi = std::max(hi, out.x[i * 3 + j]); }
      CHECK(lo == low);   // exactly
      CHECK(hi == high);  // exactly
      // Linear: the image of every point is low + (x - min) (high - low) / (max - min).
      double smin = INFINITY, smax = -INFINITY;
      for (std::size_t i = 0; i < ps->n; ++i) { smin = std::min(smin, ps->x[i * 3 + j]); smax = std::max(smax, ps->x[i * 3 + j]); }
      for (std::size_t i = 0; i < out.n; ++i) {
        const double expect = low + (ps->x[i * 3 + j] - smin) * (high - low) / (smax - smin);
        CHECK(out.x[i * 3 + j] == doctest::Approx(expect).epsilon(1e-12).scale(high - low));
      }
    }
    for (std::size_t i = 0; i < out.n; ++i) CHECK(out.x[i * 3 + 2] == 0.5 * (low + high));
  }
  CHECK(same_points(*ps, before));
  CHECK_CONTAINS(error_of([&] { apply("scale", ps, {{"low", 1.0}, {"high", 1.0}}); }), "'low'");
}

TEST_CASE("subsample: n points chosen uniformly without replacement, in original order") {
  auto ps = std::make_shared<PointSet>();
  ps->name = "line";
  ps->n = 1000;
  ps->d = 2;
  for (std::size_t i = 0; i < ps->n; ++i) {
    ps->x.insert(ps->x.end(), {double(i), -double(i)});
    ps->labels.push_back(std::int32_t(i % 7));
  }
  const PointSet before = *ps;
  const auto& out = as<PointSet>(apply("subsample", ps, {{"n", std::int64_t(100)}}));
  REQUIRE(out.n == 100);
  REQUIRE(out.x.size() == 200);
  REQUIRE(out.labels.size() == 100);
  for (std::size_t i = 0; i < out.n; ++i) {
    const double src = out.x[2 * i];
    CHECK(out.x[2 * i + 1] == -src);                        // rows intact
    CHECK(out.labels[i] == std::int32_t(std::size_t(src) % 7));  // labels follow
    if (i) CHECK(src > out.x[2 * (i - 1)]);               // original order, no repeats
  }
  CHECK(same_points(*ps, before));
  // Reproducible from the stream, different for another stream; n = size keeps everything.
  CHECK(same_points(out, as<PointSet>(apply("subsample", ps, {{"n", std::int64_t(100)}}))));
  CHECK_FALSE(same_points(out, as<PointSet>(apply("subsample", ps, {{"n", std::int64_t(100)}}, 2))));
  CHECK(same_points(*ps, as<PointSet>(apply("subsample", ps, {{"n", std::int64_t(1000)}}))));
  CHECK_CONTAINS(error_of([&] { apply("subsample", ps, {{"n", std::int64_t(1001)}}); }), "'n'");
}

TEST_CASE("subsample: transactions and ratings") {
  auto t = transactions({{0, 3}, {1}, {2, 4, 5}, {0}, {3, 5}, {1, 2}}, 6);
  t->item_names = {"a", "b", "c", "d", "e", "f"};
  const Transactions before = *t;
  const auto& out = as<Transactions>(apply("subsample", t, {{"n", std::int64_t(4)}}));
  REQUIRE(out.records() == 4);
  CHECK(out.universe == 6);
  CHECK(out.item_names == t->item_names);
  // The kept records are whole records of the input, in input order.
  std::size_t next = 0;
  for (std::size_t r = 0; r < out.records(); ++r) {
    while (next < t->records() && as_vector(t->record(next)) != as_vector(out.record(r))) ++next;
    CHECK(next < t->records());
    ++next;
  }
  CHECK(same_transactions(*t, before));

  auto ratings = std::make_shared<Ratings>();
  ratings->users = 3;
  ratings->items = 4;
  for (std::uint32_t j = 0; j < 50; ++j) {
    ratings->user.push_back(j % 3);
    ratings->item.push_back(j % 4);
    ratings->rating.push_back(float(j));
    ratings->timestamp.push_back(1000 + j);
  }
  const auto& rs = as<Ratings>(apply("subsample", ratings, {{"n", std::int64_t(20)}}));
  REQUIRE(rs.rating.size() == 20);
  CHECK(rs.users == 3);
  CHECK(rs.items == 4);
  for (std::size_t j = 0; j < 20; ++j) {
    const auto src = std::uint32_t(rs.rating[j]);
    CHECK(rs.user[j] == src % 3);
    CHECK(rs.item[j] == src % 4);
    CHECK(rs.timestamp[j] == 1000 + src);
    if (j) CHECK(rs.rating[j] > rs.rating[j - 1]);
  }
  CHECK(ratings->rating.size() == 50);
}

TEST_CASE("top_items: the m most frequent items, renumbered by frequency rank; emptied records dropped") {
  // Frequencies: item 3: 5, item 1: 4, item 5: 4, item 0: 2, item 2: 1, item 4: 0.
  auto t = transactions({{0, 1, 3}, {1, 3, 5}, {2}, {3, 5}, {0, 1, 3, 5}, {1, 3, 5}, {0, 2}}, 6);
  t->item_names = {"i0", "i1", "i2", "i3", "i4", "i5"};
  const Transactions before = *t;
  const auto& out = as<Transactions>(apply("top_items", t, {{"m", std::int64_t(3)}}));
  // Kept: 3 -> 0, 1 -> 1 (tie with 5 goes to the lower id), 5 -> 2. Records {2} and {0, 2} empty.
  CHECK(out.universe == 3);
  CHECK(out.item_names == std::vector<std::string>{"i3", "i1", "i5"});
  REQUIRE(out.records() == 5);
  CHECK(as_vector(out.record(0)) == std::vector<std::uint32_t>{0, 1});
  CHECK(as_vector(out.record(1)) == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(as_vector(out.record(2)) == std::vector<std::uint32_t>{0, 2});
  CHECK(as_vector(out.record(3)) == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(as_vector(out.record(4)) == std::vector<std::uint32_t>{0, 1, 2});
  std::vector<std::size_t> freq(3, 0);
  for (auto i : out.items) ++freq[i];
  CHECK(freq == std::vector<std::size_t>{5, 4, 4});
  CHECK(same_transactions(*t, before));

  const auto& kept = as<Transactions>(apply("top_items", t, {{"m", std::int64_t(3)}, {"keep_empty", true}}));
  REQUIRE(kept.records() == 7);
  CHECK(kept.record(2).empty());
  CHECK(as_vector(kept.record(6)).empty());
  // m = universe: a renumbering only; the never-seen item 4 comes last.
  const auto& all = as<Transactions>(apply("top_items", t, {{"m", std::int64_t(6)}}));
  CHECK(all.records() == 7);
  CHECK(all.items.size() == t->items.size());
  CHECK(all.item_names == std::vector<std::string>{"i3", "i1", "i5", "i0", "i2", "i4"});
  CHECK(as_vector(all.record(6)) == std::vector<std::uint32_t>{3, 4});
  CHECK_CONTAINS(error_of([&] { apply("top_items", t, {{"m", std::int64_t(7)}}); }), "'m'");
}

TEST_CASE("birch2_subset: evenly spaced clusters completed to points/clusters by their fitted Gaussians") {
  const std::size_t source = 20, per = 60;
  auto b = birch_like(source, per);
  const PointSet before = *b;
  // 4 of 20 clusters: source clusters 2, 7, 12, 17, each completed from 60 to 100 points.
  const auto& out = as<PointSet>(apply("birch2_subset", b, {{"clusters", std::int64_t(4)}, {"points", std::int64_t(400)},
                                                            {"source_clusters", std::int64_t(source)}}));
  REQUIRE(out.n == 400);
  REQUIRE(out.d == 2);
  REQUIRE(out.labels.size() == 400);
  const std::size_t picked[] = {2, 7, 12, 17};
  for (std::size_t j = 0; j < 4; ++j) {
    CAPTURE(j);
    for (std::size_t t = 0; t < 100; ++t) CHECK(out.labels[j * 100 + t] == std::int32_t(j));
    // The first 60 are the cluster's own points, in input order.
    const std::size_t c = picked[j];
    CHECK(std::equal(b->x.begin() + std::ptrdiff_t(c * per * 2), b->x.begin() + std::ptrdiff_t((c + 1) * per * 2),
                     out.x.begin() + std::ptrdiff_t(j * 100 * 2)));
    // The 40 drawn ones lie around the cluster (its x bin is [10c, 10c + 10)).
    for (std::size_t t = per; t < 100; ++t) {
      const double x = out.x[(j * 100 + t) * 2];
      CHECK(x > 10.0 * double(c) - 2);
      CHECK(x < 10.0 * double(c) + 12);
    }
  }
  CHECK(same_points(*b, before));
  CHECK(same_points(out, as<PointSet>(apply("birch2_subset", b, {{"clusters", std::int64_t(4)}, {"points", std::int64_t(400)},
                                                                  {"source_clusters", std::int64_t(source)}}))));
}

TEST_CASE("birch2_subset: fewer points than the clusters hold, uneven splits and errors") {
  auto b = birch_like(20, 60);
  // 30 of each picked cluster's 60 points: a subset of its own points, in order.
  const auto& sub = as<PointSet>(apply("birch2_subset", b, {{"clusters", std::int64_t(4)}, {"points", std::int64_t(120)},
                                                            {"source_clusters", std::int64_t(20)}}));
  REQUIRE(sub.n == 120);
  const std::size_t picked[] = {2, 7, 12, 17};
  for (std::size_t i = 0; i < sub.n; ++i) {
    const std::size_t j = std::size_t(sub.labels[i]);
    CHECK(j == i / 30);
    const double x = sub.x[i * 2];
    CHECK(x >= 10.0 * double(picked[j]));
    CHECK(x < 10.0 * double(picked[j]) + 10);
    if (i % 30) CHECK(std::find(b->x.begin(), b->x.end(), x) > std::find(b->x.begin(), b->x.end(), sub.x[(i - 1) * 2]));
  }
  // 402 points: 101, 101, 100, 100.
  const auto& uneven = as<PointSet>(apply("birch2_subset", b, {{"clusters", std::int64_t(4)}, {"points", std::int64_t(402)},
                                                               {"source_clusters", std::int64_t(20)}}));
  std::vector<std::size_t> size(4, 0);
  for (auto l : uneven.labels) ++size[std::size_t(l)];
  CHECK(size == std::vector<std::size_t>{101, 101, 100, 100});
  // Defaults: 5 clusters of 2,400 from 100 source clusters.
  const auto& dflt = as<PointSet>(apply("birch2_subset", birch_like(100, 30), {}));
  CHECK(dflt.n == 12000);
  CHECK(dflt.label_count() == 5);
  CHECK_CONTAINS(error_of([&] { apply("birch2_subset", b, {{"clusters", std::int64_t(21)}, {"source_clusters", std::int64_t(20)}}); }),
                 "'clusters'");
  CHECK_CONTAINS(error_of([&] { apply("birch2_subset", b, {{"clusters", std::int64_t(4)}, {"points", std::int64_t(3)},
                                                             {"source_clusters", std::int64_t(20)}}); }),
                 "'points'");
}

}  // TEST_SUITE

// Checks of laws at fixed seeds; each states its false-failure rate (ctest -L statistical).
TEST_SUITE("transforms_statistical") {

TEST_CASE("subsample: every record is kept with probability n / N") {
  // 10 two-sided 5-sigma binomial checks: false failure < 6e-6
  auto ps = std::make_shared<PointSet>();
  ps->n = 10;
  ps->d = 1;
  for (std::size_t i = 0; i < 10; ++i) ps->x.push_back(double(i));
  std::vector<double> kept(10, 0);
  const std::size_t runs = 20000;
  for (std::size_t r = 0; r < runs; ++r)
    for (double v : as<PointSet>(apply("subsample", ps, {{"n", std::int64_t(3)}}, r)).x) kept[std::size_t(v)] += 1;
  const double se = std::sqrt(0.3 * 0.7 / double(runs));
  for (double k : kept) CHECK(std::fabs(k / double(runs) - 0.3) < 5 * se);
}

TEST_CASE("upsample: factor jittered copies, labels copied, jitter sd = sigma x range") {
  // 4 two-sided 5-sigma checks of the jitter's mean and sd: false failure < 2.3e-6
  auto ps = random_points(1000, 2);
  const PointSet before = *ps;
  std::vector<double> range(2);
  for (std::size_t j = 0; j < 2; ++j) {
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t i = 0; i < ps->n; ++i) { lo = std::min(lo, ps->x[i * 2 + j]); hi = std::max(hi, ps->x[i * 2 + j]); }
    range[j] = hi - lo;
  }
  const std::size_t factor = 10;
  const double sigma = 0.01;
  const auto& out = as<PointSet>(apply("upsample", ps, {{"factor", std::int64_t(factor)}, {"sigma", sigma}}));
  REQUIRE(out.n == ps->n * factor);
  REQUIRE(out.x.size() == out.n * 2);
  REQUIRE(out.labels.size() == out.n);
  for (std::size_t j = 0; j < 2; ++j) {
    double sum = 0, sq = 0;
    for (std::size_t c = 0; c < factor; ++c)
      for (std::size_t i = 0; i < ps->n; ++i) {
        const double e = out.x[(c * ps->n + i) * 2 + j] - ps->x[i * 2 + j];
        sum += e;
        sq += e * e;
      }
    const double m = double(out.n), sd = sigma * range[j];
    CAPTURE(j);
    CHECK(std::fabs(sum / m) < 5 * sd / std::sqrt(m));
    CHECK(std::fabs(std::sqrt(sq / m) / sd - 1) < 5 / std::sqrt(2 * m));
  }
  for (std::size_t c = 0; c < factor; ++c)
    CHECK(std::equal(ps->labels.begin(), ps->labels.end(), out.labels.begin() + std::ptrdiff_t(c * ps->n)));
  CHECK(same_points(*ps, before));
  CHECK(same_points(out, as<PointSet>(apply("upsample", ps, {{"factor", std::int64_t(factor)}, {"sigma", sigma}}))));
  CHECK_FALSE(same_points(out, as<PointSet>(apply("upsample", ps, {{"factor", std::int64_t(factor)}, {"sigma", sigma}}, 2))));

  // sigma 0: exact copies; a constant dimension gets no jitter; defaults apply.
  const auto& exact = as<PointSet>(apply("upsample", ps, {{"factor", std::int64_t(3)}, {"sigma", 0.0}}));
  CHECK(std::equal(ps->x.begin(), ps->x.end(), exact.x.begin() + std::ptrdiff_t(2 * ps->x.size())));
  auto flat = random_points(50, 2);
  for (std::size_t i = 0; i < flat->n; ++i) flat->x[i * 2] = 4.0;
  const auto& jittered = as<PointSet>(apply("upsample", flat, {}));
  CHECK(jittered.n == 500);  // default factor 10
  for (std::size_t i = 0; i < jittered.n; ++i) CHECK(jittered.x[i * 2] == 4.0);
  // Unlabelled input stays unlabelled.
  flat->labels.clear();
  CHECK_FALSE(as<PointSet>(apply("upsample", flat, {{"factor", std::int64_t(2)}})).labelled());
}

TEST_CASE("birch2_subset: the draws follow each cluster's mean and covariance") {
  // 10 two-sided 5-sigma checks of means, variances, covariance: false failure < 6e-6
  auto b = birch_like(10, 200);
  // 2 of 10 clusters (source 2 and 7) of 5,000 points: 4,800 draws each.
  const auto& out = as<PointSet>(apply("birch2_subset", b, {{"clusters", std::int64_t(2)}, {"points", std::int64_t(10000)},
                                                            {"source_clusters", std::int64_t(10)}}));
  REQUIRE(out.n == 10000);
  const std::size_t picked[] = {2, 7};
  for (std::size_t j = 0; j < 2; ++j) {
    CAPTURE(j);
    double m_src[2] = {0, 0}, m_out[2] = {0, 0}, v_src[2] = {0, 0}, v_out[2] = {0, 0}, c_src = 0, c_out = 0;
    const double* src = b->x.data() + picked[j] * 200 * 2;
    const double* drawn = out.x.data() + (j * 5000 + 200) * 2;
    const std::size_t nd = 4800;
    for (std::size_t i = 0; i < 200; ++i) for (int a = 0; a < 2; ++a) m_src[a] += src[i * 2 + a] / 200;
    for (std::size_t i = 0; i < nd; ++i) for (int a = 0; a < 2; ++a) m_out[a] += drawn[i * 2 + a] / double(nd);
    for (std::size_t i = 0; i < 200; ++i) {
      for (int a = 0; a < 2; ++a) v_src[a] += std::pow(src[i * 2 + a] - m_src[a], 2) / 199;
      c_src += (src[i * 2] - m_src[0]) * (src[i * 2 + 1] - m_src[1]) / 199;
    }
    for (std::size_t i = 0; i < nd; ++i) {
      for (int a = 0; a < 2; ++a) v_out[a] += std::pow(drawn[i * 2 + a] - m_out[a], 2) / double(nd - 1);
      c_out += (drawn[i * 2] - m_out[0]) * (drawn[i * 2 + 1] - m_out[1]) / double(nd - 1);
    }
    for (int a = 0; a < 2; ++a) {
      CHECK(std::fabs(m_out[a] - m_src[a]) < 5 * std::sqrt(v_src[a] / double(nd)));
      CHECK(std::fabs(v_out[a] / v_src[a] - 1) < 5 * std::sqrt(2.0 / double(nd)));
    }
    CHECK(std::fabs(c_out - c_src) < 5 * std::sqrt(v_src[0] * v_src[1] / double(nd)));
    for (std::size_t t = 0; t < 5000; ++t) CHECK(out.labels[j * 5000 + t] == std::int32_t(j));
  }
}

}  // TEST_SUITE
