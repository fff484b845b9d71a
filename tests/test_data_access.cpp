// Getting the data, as a new user meets it: `dplab datasets verify` on a data root that holds
// only some of the catalogue (missing and unavailable datasets are reported as such, exit 0; a
// corrupt file fails), `make data` (scripts/fetch-datasets.sh) with the network replaced by a
// fake curl (one error line per dataset that cannot be downloaded, unavailable ones listed,
// an interrupted download resumed), and what a user's comma-separated file that fails to parse
// is told.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/checksum.hpp"
#include "datasets/parse.hpp"
#include "dplab_source_dir.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::Command;
using dplab::testing::read_file;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;
using dplab::testing::write_file;

namespace {

struct Shell {
  int code = -1;
  std::string out;  // stdout and stderr
};

Shell sh(const TempDir& dir, const std::string& cmd) {
  const std::string log = dir / "sh.log";
  const int status = std::system((cmd + " > " + log + " 2>&1").c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(log)};
}

// A curl that never reaches the network: it logs its arguments, serves $FAKE_SOURCE for a URL
// ending in unbalance.txt (the first $FAKE_PARTIAL bytes and exit 18 when set; with -C -, from
// the size of the file already there) and fails like an unknown host for any other URL.
void write_fake_curl(const TempDir& dir) {
  fs::create_directories(dir / "bin");
  write_file(dir / "bin/curl", R"(#!/usr/bin/env bash
echo "$*" >> "$FAKE_CURL_LOG"
out= url= resume=0
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    -C) resume=1; shift 2 ;;
    --retry|--connect-timeout) shift 2 ;;
    -*) shift ;;
    *) url=$1; shift ;;
  esac
done
case $url in
  *unbalance.txt) ;;
  *) echo "curl: (6) Could not resolve host: ${url#*//}" >&2; exit 6 ;;
esac
have=0
[ $resume = 1 ] && [ -f "$out" ] && have=$(wc -c < "$out")
[ $resume = 1 ] || : > "$out"
if [ -n "${FAKE_PARTIAL:-}" ]; then
  head -c "$FAKE_PARTIAL" "$FAKE_SOURCE" | tail -c +$((have + 1)) >> "$out"
  echo "curl: (18) transfer closed with outstanding read data remaining" >&2
  exit 18
fi
tail -c +$((have + 1)) "$FAKE_SOURCE" >> "$out"
)");
  fs::permissions(dir / "bin/curl", fs::perms::owner_all);
}

std::string fetch(const TempDir& dir, const std::string& names, const std::string& env = "") {
  return "cd " + dir.path().string() + " && env PATH=" + (dir / "bin") + ":$PATH FAKE_CURL_LOG=" + (dir / "curl.log") +
         " DPLAB_CACHE_DIR=" + (dir / "cache") + " " + env + " bash " + DPLAB_SOURCE_DIR + "/scripts/fetch-datasets.sh " + names;
}

}  // namespace

TEST_SUITE("cli_e2e_data") {
  TEST_CASE("datasets verify: missing and unavailable datasets are not failures; a corrupt file is") {
    TempDir dir;
    const std::string root = dir / "data";
    fs::create_directories(root);
    Command v = run_dplab("datasets verify --data-dir " + root, dir);
    INFO(v.out << v.err);
    CHECK(v.code == 0);
    CHECK(v.out.find("FAILED") == std::string::npos);
    CHECK_CONTAINS(v.out, "  missing      kos/docword.kos.txt.gz (dataset kos; get it with `make data`");
    CHECK_CONTAINS(v.out, "  unavailable  nw: not publicly available; ");
    CHECK_CONTAINS(v.out, "  ok           iris/iris.data.txt (the copy shipped with dplab)");
    std::size_t files = 0;  // of the entries that are publicly available
    for (const auto& name : dplab::DatasetRegistry::instance().names())
      if (dplab::find_dataset(name).unavailable.empty()) files += dplab::find_dataset(name).files.size();
    CHECK_CONTAINS(v.out, "2 of " + std::to_string(files) + " files verified");  // Iris's two
    // A file that is there but is another version fails, and so does a missing dataset named.
    fs::create_directories(root + "/unbalance");
    write_file(root + "/unbalance/unbalance.data.txt", "1 2\n");
    Command bad = run_dplab("datasets verify --data-dir " + root, dir);
    CHECK(bad.code == 1);
    CHECK_CONTAINS(bad.out, "  FAILED       dataset 'unbalance': " + root + "/unbalance/unbalance.data.txt is corrupt or a different version");
    Command named = run_dplab("datasets verify kos --data-dir " + root, dir);
    CHECK(named.code == 1);
    CHECK_CONTAINS(named.out, "0 of 1 files verified, 1 missing");
    Command iris = run_dplab("datasets verify iris --data-dir " + root, dir);
    CHECK(iris.code == 0);
  }

  TEST_CASE("make data without a network: one line per dataset that failed, unavailable ones listed, exit 1") {
    TempDir dir;
    write_fake_curl(dir);
    const Shell s = sh(dir, fetch(dir, "iris kos nw"));
    INFO(s.out);
    CHECK(s.code == 1);
    CHECK_CONTAINS(s.out, "iris: ships with dplab (datasets/embedded/iris/), nothing to fetch");
    CHECK_CONTAINS(s.out, "not publicly available (no source to fetch; the specs use the substitute named):\n  nw (use dpbench_bids_all)");
    CHECK_CONTAINS(s.out, "FAILED (1 dataset(s); run the script again to retry, downloads resume):\n"
                          "  kos: cannot download https://archive.ics.uci.edu/ml/machine-learning-databases/bag-of-words/"
                          "docword.kos.txt.gz (curl exit code 6: no network?)");
    CHECK_FALSE(fs::exists(dir / "cache/kos/docword.kos.txt.gz"));
  }

  TEST_CASE("make data: files verified against the catalogue, an interrupted download resumed") {
    DPLAB_REQUIRE_DATA("unbalance");  // the upstream file is rebuilt from the catalogue's copy
    TempDir dir;
    write_fake_curl(dir);
    // The upstream layout of unbalance.txt ("x y label" per line), from the verified files.
    const dplab::DatasetInfo& info = dplab::find_dataset("unbalance");
    const std::string data = dplab::dataset_file_path(info, dplab::data_root(), 0);
    const std::string labels = dplab::dataset_file_path(info, dplab::data_root(), 1);
    REQUIRE(sh(dir, "(paste -d ' ' " + data + " " + labels + " > " + (dir / "unbalance.txt") + ")").code == 0);
    REQUIRE(fs::file_size(dir / "unbalance.txt") > 4000);
    const std::string env = "FAKE_SOURCE=" + (dir / "unbalance.txt");
    // Interrupted after 4,000 bytes: nothing is verified, the partial download is kept.
    Shell first = sh(dir, fetch(dir, "unbalance", env + " FAKE_PARTIAL=4000"));
    INFO(first.out);
    CHECK(first.code == 1);
    CHECK_CONTAINS(first.out, "unbalance: cannot download ");
    CHECK_CONTAINS(first.out, "(curl exit code 18)");
    CHECK_FALSE(fs::exists(dir / "cache/unbalance/unbalance.data.txt"));
    // Run again: the download continues from byte 4,000 (curl -C -), both files verify.
    Shell second = sh(dir, fetch(dir, "unbalance", env));
    INFO(second.out);
    CHECK(second.code == 0);
    CHECK_CONTAINS(second.out, "resuming https://");
    CHECK_CONTAINS(second.out, "(4000 bytes already here)");
    CHECK_CONTAINS(read_file(dir / "curl.log"), "-C - -o");
    CHECK(dplab::sha256_file(dir / "cache/unbalance/unbalance.data.txt") == info.files[0].sha256);
    CHECK(dplab::sha256_file(dir / "cache/unbalance/unbalance.labels.txt") == info.files[1].sha256);
    CHECK_FALSE(fs::exists(dir / "cache/.downloads"));  // removed once everything verified
    // A third run finds both files in place and downloads nothing.
    fs::remove(dir / "curl.log");
    Shell third = sh(dir, fetch(dir, "unbalance", env));
    CHECK(third.code == 0);
    CHECK_CONTAINS(third.out, "ok       unbalance/unbalance.data.txt (already there)");
    CHECK_FALSE(fs::exists(dir / "curl.log"));
  }
}

TEST_SUITE("data_messages") {
  TEST_CASE("a user's file that fails to parse says what was found and which separators are accepted") {
    TempDir dir;
    auto load_error = [&](const std::string& content) {
      write_file(dir / "pts.csv", content);
      return dplab::testing::error_of([&] {
        const dplab::Spec s = dplab::parse_spec(
            "name: mine\npaper: my_paper\ndataset: {file: pts.csv, kind: points}\nalgorithm: my.thing\nmetrics: [x]\n",
            dir / "mine.yaml");
        const dplab::ResolvedDataset r = dplab::resolve_dataset(s.datasets.at(0), s.file, "dataset");
        dplab::load_dataset(dplab::find_dataset(r.name), dplab::DatasetRequest{dplab::data_root(), r.params, r.seed});
      });
    };
    // Semicolons: the character found, and the separators a user's file takes (commas included).
    const std::string semi = load_error("1;2\n3;4\n");
    CHECK_CONTAINS(semi, "pts.csv:1: field 'column 1': '1;2' is not a decimal number");
    CHECK_CONTAINS(semi, "found ';' between values, but values are separated by spaces, tabs or commas");
    // A word in a comma-separated file: never "spaces or tabs" alone.
    const std::string word = load_error("1,2\n3,x4\n");
    CHECK_CONTAINS(word, "pts.csv:2: field 'column 2': 'x4' is not a decimal number");
    CHECK_CONTAINS(word, "(values are separated by spaces, tabs or commas)");
    // The catalogue's own files take blanks only, and say so.
    const std::string catalogue = dplab::testing::error_of([] { dplab::parse_real_table("1,2\n", "f.txt"); });
    CHECK_CONTAINS(catalogue, "found ',' between values, but values are separated by spaces or tabs");
  }
}
