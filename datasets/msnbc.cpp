// MSNBC.com anonymous web data (UCI, Heckerman; IIS logs of 1999-09-28): one user session per
// line, the sequence of page categories (1..17) the user visited. diffpart (Chen et al.,
// "Publishing Set-Valued Data via Differential Privacy", §5 and Table 2) uses each session as
// the SET of its categories: |D| = 989,818, |I| = 17, max |t| = 17, average |t| = 1.72.
//
// File: msnbc/msnbc990928.sequences.txt.gz, the UCI msnbc990928.seq without its 7 header lines,
// with LF line ends and no trailing spaces (see /work/shared/datasets/msnbc/README.md).
// Records are stored in CSR form (offsets + items) with no allocation per record: a session's
// categories are collected in a 17-bit mask, which gives them distinct and sorted for free.
#include <cstdint>

#include "datasets/catalogue.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

// Line 3 of the original msnbc990928.seq, in id order (id 1 = frontpage).
const std::vector<std::string> kCategories = {
    "frontpage", "news", "tech", "local", "opinion", "on-air", "misc", "weather", "msn-news",
    "health", "living", "business", "msn-sports", "sports", "summary", "bbs", "travel"};

std::shared_ptr<const Dataset> load_msnbc(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const std::string text = read_text_file(path);
  const auto universe = static_cast<std::uint32_t>(kCategories.size());
  static_assert(sizeof(std::uint32_t) * 8 >= 17, "the category mask must hold 17 bits");
  auto tx = std::make_shared<Transactions>();
  tx->name = info.name;
  tx->universe = universe;
  tx->item_names = kCategories;
  tx->offsets.reserve(info.rows + 1);
  tx->items.reserve(info.rows * 2);  // diffpart Table 2: 1.72 distinct categories per session
  TextScanner s(text, path);
  const std::string allowed = "category ids 1.." + std::to_string(universe) + " (" + kCategories.front() +
                              " .. " + kCategories.back() + ")";
  while (s.next_line()) {
    std::uint32_t mask = 0;
    while (s.more()) {
      const auto c = s.integer<std::uint32_t>("category");
      if (c < 1 || c > universe)
        s.fail("category", "id " + std::to_string(c) + " is out of range (allowed: " + allowed + ")");
      mask |= 1u << (c - 1);
    }
    for (std::uint32_t item = 0; mask; ++item, mask >>= 1)
      if (mask & 1u) tx->items.push_back(item);
    tx->offsets.push_back(tx->items.size());
  }
  if (info.rows && tx->records() != info.rows)
    throw Error("dataset '" + info.name + "': " + path + " has " + std::to_string(tx->records()) +
                " sessions, the catalogue expects " + std::to_string(info.rows) +
                " (a different version of the file, or a wrong catalogue entry)");
  return tx;
}

DatasetInfo msnbc_info() {
  DatasetInfo info;
  info.name = "msnbc";
  info.kind = DatasetKind::Transactions;
  info.doc = "MSNBC.com sessions (UCI) as sets of page categories: 989,818 records over 17 categories";
  info.files = {{"msnbc/msnbc990928.sequences.txt.gz",
                 "df88e4e73ecdb4a6a029d2eebf90c56959c8595bfc7b64bddf083dbf57086b30"}};
  info.rows = 989818;
  info.cols = 17;
  info.upstream = "https://archive.ics.uci.edu/dataset/133/msnbc+com+anonymous+web+data (msnbc990928.seq.gz)";
  info.licence = "UCI Machine Learning Repository, CC BY 4.0";
  info.papers = "diffpart §5 (Table 2: |D| = 989,818, |I| = 17, max |t| = 17, avg |t| = 1.72), Figs 3, 5, 7 and 8 "
                "(counting queries, DiffPart vs Basic; frequent itemsets)";
  info.load = load_msnbc;
  return info;
}

}  // namespace

DPLAB_DATASET(msnbc, msnbc_info());

}  // namespace dplab
