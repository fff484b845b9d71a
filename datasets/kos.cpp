// KOS blog entries, UCI "Bag of Words" (docword.kos.txt): 3,430 documents, 6,906 words,
// 353,160 (document, word, count) triplets. budget_series §7.1 calls it "Document" and runs
// sum queries over its "wordcount" column.

#include "datasets/catalogue.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

std::shared_ptr<const Dataset> load_kos(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const std::string text = read_text_file(path);
  TextScanner in(text, path);
  auto header = [&](const char* what) {
    if (!in.next_line()) in.fail(what, "missing header line (the file ends early)");
    auto v = in.integer<std::uint64_t>(what);
    in.end_line(what);
    return v;
  };
  auto bow = std::make_shared<BagOfWords>();
  bow->name = info.name;
  const auto d = header("number of documents"), w = header("vocabulary size"), nnz = header("number of non-zeros");
  bow->documents = static_cast<std::uint32_t>(d);
  bow->vocabulary = static_cast<std::uint32_t>(w);
  bow->doc.reserve(nnz); bow->word.reserve(nnz); bow->count.reserve(nnz);
  for (std::uint64_t i = 0; i < nnz; ++i) {
    if (!in.next_line()) in.fail("triplet", "expected " + std::to_string(nnz) + " triplets, found " + std::to_string(i));
    const auto a = in.integer<std::uint64_t>("docID"), b = in.integer<std::uint64_t>("wordID");
    const auto c = in.integer<std::uint32_t>("count");
    in.end_line("docID wordID count");
    if (a < 1 || a > d) in.fail("docID", "outside 1.." + std::to_string(d));
    if (b < 1 || b > w) in.fail("wordID", "outside 1.." + std::to_string(w));
    bow->doc.push_back(static_cast<std::uint32_t>(a - 1));
    bow->word.push_back(static_cast<std::uint32_t>(b - 1));
    bow->count.push_back(c);
  }
  return bow;
}

DatasetInfo kos_info() {
  DatasetInfo info;
  info.name = "kos";
  info.kind = DatasetKind::BagOfWords;
  info.doc = "KOS blog entries, UCI Bag of Words: 3,430 docs x 6,906 words, 353,160 counts";
  info.files = {{"kos/docword.kos.txt.gz", "6439c39f2fccb4876563e4b4c9628974d8ccbeada43d661292a5024911389e30"}};
  info.rows = 353160;
  info.cols = 3;
  info.upstream = "https://archive.ics.uci.edu/ml/machine-learning-databases/bag-of-words/docword.kos.txt.gz";
  info.licence = "UCI Machine Learning Repository, CC BY 4.0";
  info.papers = "budget_series (Table 2, 'Document': sum queries over the wordcount column)";
  info.load = load_kos;
  return info;
}

}  // namespace

DPLAB_DATASET(kos, kos_info());

}  // namespace dplab
