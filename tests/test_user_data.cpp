// A user's own data file in a spec (datasets/user_file.hpp): dataset: {file: ..., kind: ...}.
// Good files of each kind load; damaged ones fail with the file, line and field; the file's
// sha256 is written into the spec (and so into the result and its hash).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/checksum.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"
#include "test_support.hpp"

using namespace dplab;
using dplab::testing::error_of;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

std::string spec_text(const std::string& dataset) {
  return "name: mine\npaper: my_paper\ndataset: " + dataset +
         "\nalgorithm: my.thing\nparams: {eps: 1}\nmetrics: [x]\n";
}

// The spec's dataset, loaded as the runner loads it (validated parameters, checked sha256).
std::shared_ptr<const Dataset> load(const Spec& s) {
  const ResolvedDataset r = resolve_dataset(s.datasets.at(0), s.file, "dataset");
  return load_dataset(find_dataset(r.name), DatasetRequest{data_root(), r.params, r.seed});
}

Spec spec_in(const TempDir& dir, const std::string& dataset) {
  return parse_spec(spec_text(dataset), dir / "mine.yaml");
}

}  // namespace

TEST_SUITE("user_data") {
  TEST_CASE("a points CSV with a header and a label column loads, and its sha256 is in the spec") {
    TempDir dir;
    write_file(dir / "pts.csv", "x,y,class\n1.5,2,7\n# a comment line\n3,4.25,9\n\n5,6,7\n");
    const Spec s = spec_in(dir, "{file: pts.csv, kind: points, header: true, label_column: 3}");
    CHECK(s.datasets.at(0).label == "pts");
    const std::string sha = sha256_file(dir / "pts.csv");
    CHECK_CONTAINS(s.effective_yaml, "sha256: " + sha);
    const auto ps = std::dynamic_pointer_cast<const PointSet>(load(s));
    REQUIRE(ps);
    CHECK(ps->n == 3);
    CHECK(ps->d == 2);
    CHECK(ps->x == std::vector<double>{1.5, 2, 3, 4.25, 5, 6});
    CHECK(ps->labels == std::vector<std::int32_t>{0, 1, 0});
  }

  TEST_CASE("a changed file is a different spec, and a file changed after reading fails its checksum") {
    TempDir dir;
    write_file(dir / "h.txt", "1\n2\n3\n");
    const Spec a = spec_in(dir, "{file: h.txt, kind: histogram}");
    const auto h = std::dynamic_pointer_cast<const Histogram>(load(a));
    REQUIRE(h);
    CHECK(h->counts == std::vector<double>{1, 2, 3});
    write_file(dir / "h.txt", "1\n2\n4\n");
    const Spec b = spec_in(dir, "{file: h.txt, kind: histogram}");
    CHECK(a.hash != b.hash);
    const std::string e = error_of([&] { load(a); });  // a's entry expects the old sha256
    CHECK_CONTAINS(e, "is corrupt or a different version");
    CHECK_CONTAINS(e, dir / "h.txt");
  }

  TEST_CASE("transactions: items as ids per line, repeats merged, items bounds the ids") {
    TempDir dir;
    write_file(dir / "t.txt", "3 1 1\n0\n2, 3\n");
    const auto tx = std::dynamic_pointer_cast<const Transactions>(load(spec_in(dir, "{file: t.txt, kind: transactions}")));
    REQUIRE(tx);
    CHECK(tx->records() == 3);
    CHECK(tx->universe == 4);
    CHECK(tx->items == std::vector<std::uint32_t>{1, 3, 0, 2, 3});
    const std::string e = error_of([&] { load(spec_in(dir, "{file: t.txt, kind: transactions, items: 3}")); });
    CHECK_CONTAINS(e, dir / "t.txt" + ":1: field 'item': id 3 is out of range (allowed: 0..2, since items: 3)");
  }

  TEST_CASE("histogram2d: one row of counts a line, a ragged row or a negative count refused") {
    TempDir dir;
    write_file(dir / "g.txt", "# rows of a 3 x 2 grid\n1 2\n0,5\n\n7 0\n");
    const auto h = std::dynamic_pointer_cast<const Histogram2D>(load(spec_in(dir, "{file: g.txt, kind: histogram2d}")));
    REQUIRE(h);
    CHECK(h->rows == 3);
    CHECK(h->cols == 2);
    CHECK(h->counts == std::vector<double>{1, 2, 0, 5, 7, 0});
    write_file(dir / "ragged.txt", "1 2\n3\n");
    std::string e = error_of([&] { load(spec_in(dir, "{file: ragged.txt, kind: histogram2d}")); });
    CHECK_CONTAINS(e, dir / "ragged.txt" + ":2: the line has 1 value, expected 2");
    write_file(dir / "neg.txt", "1 2\n3 -4\n");
    e = error_of([&] { load(spec_in(dir, "{file: neg.txt, kind: histogram2d}")); });
    CHECK_CONTAINS(e, dir / "neg.txt" + ": row 2, column 2: negative count");
    CHECK_CONTAINS(e, "allowed: counts >= 0");
  }

  TEST_CASE("damaged files: the error names the file, the line and the field") {
    TempDir dir;
    write_file(dir / "bad.csv", "1,2\n3,x4\n");
    std::string e = error_of([&] { load(spec_in(dir, "{file: bad.csv, kind: points}")); });
    CHECK_CONTAINS(e, dir / "bad.csv" + ":2: field 'column 2': 'x4' is not a decimal number");
    write_file(dir / "ragged.csv", "1,2\n3\n");
    e = error_of([&] { load(spec_in(dir, "{file: ragged.csv, kind: points}")); });
    CHECK_CONTAINS(e, dir / "ragged.csv" + ":2: the line has 1 value, expected 2");
    write_file(dir / "head.csv", "a,b\n1,2\n");
    e = error_of([&] { load(spec_in(dir, "{file: head.csv, kind: points}")); });
    CHECK_CONTAINS(e, dir / "head.csv" + ":1: field 'column 1': 'a' is not a decimal number");
    CHECK_CONTAINS(e, "add header: true");
    write_file(dir / "neg.txt", "4\n-1\n");
    e = error_of([&] { load(spec_in(dir, "{file: neg.txt, kind: histogram}")); });
    CHECK_CONTAINS(e, dir / "neg.txt" + ":2: field 'count': negative count");
    CHECK_CONTAINS(e, "allowed: counts >= 0");
    write_file(dir / "two.txt", "4 5\n");
    e = error_of([&] { load(spec_in(dir, "{file: two.txt, kind: histogram}")); });
    CHECK_CONTAINS(e, ":1: unexpected extra value '5' (expected one count per line)");
    write_file(dir / "neg_item.txt", "1 -2\n");
    e = error_of([&] { load(spec_in(dir, "{file: neg_item.txt, kind: transactions}")); });
    CHECK_CONTAINS(e, dir / "neg_item.txt" + ":1: field 'item': '-2' is not a non-negative integer");
    CHECK(!dplab::testing::contains(e, "header"));  // a number, not a column name: no header hint
    write_file(dir / "lab.csv", "1,2\n");
    e = error_of([&] { load(spec_in(dir, "{file: lab.csv, kind: points, label_column: 3}")); });
    CHECK_CONTAINS(e, "label_column 3 is past its 2 columns (allowed: 0 for no labels, or 1..2)");
  }

  TEST_CASE("spec errors: missing file, kind, typo, wrong type, wrong sha256") {
    TempDir dir;
    write_file(dir / "ok.csv", "1,2\n");
    std::string e = error_of([&] { spec_in(dir, "{file: nope.csv, kind: points}"); });
    CHECK_CONTAINS(e, dir / "mine.yaml" + ":3: field 'dataset.file': data file " + (dir / "nope.csv") + " not found");
    CHECK_CONTAINS(e, "relative to the spec's folder");
    e = error_of([&] { spec_in(dir, "{file: ok.csv}"); });
    CHECK_CONTAINS(e, "field 'dataset.kind': a data file needs its kind (allowed: points, histogram, histogram2d, transactions)");
    e = error_of([&] { spec_in(dir, "{file: ok.csv, kind: pionts}"); });
    CHECK_CONTAINS(e, "field 'dataset.kind': unknown kind 'pionts' (allowed: points, histogram, histogram2d, transactions)");
    e = error_of([&] { spec_in(dir, "{file: ok.csv, kind: points, headr: true}"); });
    CHECK_CONTAINS(e, "headr");
    CHECK_CONTAINS(e, "header");
    e = error_of([&] { load(spec_in(dir, "{file: ok.csv, kind: points, header: maybe}")); });
    CHECK_CONTAINS(e, "header");
    CHECK_CONTAINS(e, "maybe");
    e = error_of([&] { spec_in(dir, "{file: ok.csv, kind: points, sha256: 0123}"); });
    CHECK_CONTAINS(e, "the spec says 0123 (the file changed");
    e = error_of([&] { spec_in(dir, "{file: ok.csv, name: kos, kind: points}"); });
    CHECK_CONTAINS(e, "give either 'name' (a catalogue entry) or 'file' (your data file), not both");
  }
}
