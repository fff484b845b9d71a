// KOS blog entries, UCI "Bag of Words" (docword.kos.txt): 3,430 documents, 6,906 words,
// 353,160 (document, word, count) triplets. budget_series §7.1 calls it "Document" and runs
// sum queries over its "wordcount" column.
#include <charconv>

#include "datasets/catalogue.hpp"
#include "datasets/text_file.hpp"
#include "framework/registry.hpp"

namespace dplab {
namespace {

std::shared_ptr<const Dataset> load_kos(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const std::string text = read_text_file(path);
  auto bow = std::make_shared<BagOfWords>();
  bow->name = info.name;
  const char* p = text.data();
  const char* end = p + text.size();
  auto next = [&](std::uint64_t& v, const char* field) {
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc()) throw Error(path + ": expected an integer (" + field + ")");
    p = r.ptr;
  };
  std::uint64_t d, w, nnz;
  next(d, "number of documents");
  next(w, "vocabulary size");
  next(nnz, "number of non-zeros");
  bow->documents = static_cast<std::uint32_t>(d);
  bow->vocabulary = static_cast<std::uint32_t>(w);
  bow->doc.reserve(nnz); bow->word.reserve(nnz); bow->count.reserve(nnz);
  for (std::uint64_t i = 0; i < nnz; ++i) {
    std::uint64_t a, b, c;
    next(a, "docID"); next(b, "wordID"); next(c, "count");
    if (a < 1 || a > d || b < 1 || b > w)
      throw Error(path + ": triplet " + std::to_string(i + 1) + " is outside the declared sizes");
    bow->doc.push_back(static_cast<std::uint32_t>(a - 1));
    bow->word.push_back(static_cast<std::uint32_t>(b - 1));
    bow->count.push_back(static_cast<std::uint32_t>(c));
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
