// MovieLens 100K (GroupLens; Harper & Konstan, ACM TiiS 2015), u.data: 100,000 ratings
// "user item rating timestamp" (tab-separated, ids from 1) by 943 users of 1,682 movies,
// ratings 1..5 stars. lu_thesis ch. 5 (Tables 5.3-5.4, Figs 5.2-5.4) sums and counts its
// ratings across distributed data holders. Ids become 0-based; users and items are the largest
// ids seen (ml-100k numbers both densely from 1).
#include <algorithm>

#include "datasets/catalogue.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

std::shared_ptr<const Dataset> load_movielens(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const std::string text = read_text_file(path);
  auto r = std::make_shared<Ratings>();
  r->name = info.name;
  r->user.reserve(info.rows);
  r->item.reserve(info.rows);
  r->rating.reserve(info.rows);
  r->timestamp.reserve(info.rows);
  TextScanner s(text, path);
  while (s.next_line()) {
    const auto u = s.integer<std::uint32_t>("user id");
    if (u < 1) s.fail("user id", "0 is not a user id (allowed: ids from 1)");
    const auto i = s.integer<std::uint32_t>("item id");
    if (i < 1) s.fail("item id", "0 is not an item id (allowed: ids from 1)");
    const auto stars = s.integer<std::int32_t>("rating");
    if (stars < 1 || stars > 5)
      s.fail("rating", std::to_string(stars) + " is not a rating (allowed: 1..5 stars)");
    const auto t = s.integer<std::uint32_t>("timestamp");
    s.end_line("4 values per line: user id, item id, rating, timestamp");
    r->user.push_back(u - 1);
    r->item.push_back(i - 1);
    r->rating.push_back(static_cast<float>(stars));
    r->timestamp.push_back(t);
    r->users = std::max(r->users, u);
    r->items = std::max(r->items, i);
  }
  if (info.rows && r->rating.size() != info.rows)
    throw Error("dataset '" + info.name + "': " + path + " has " + std::to_string(r->rating.size()) +
                " ratings, the catalogue expects " + std::to_string(info.rows) +
                " (a different version of the file, or a wrong catalogue entry)");
  return r;
}

DatasetInfo movielens_info() {
  DatasetInfo info;
  info.name = "movielens_100k";
  info.kind = DatasetKind::Ratings;
  info.doc = "MovieLens 100K (u.data): 100,000 ratings (1-5 stars) by 943 users of 1,682 movies, with timestamps";
  info.files = {{"movielens_100k/u.data", "06416e597f82b7342361e41163890c81036900f418ad91315590814211dca490"}};
  info.rows = 100000;
  info.cols = 4;
  info.upstream = "https://grouplens.org/datasets/movielens/100k/ (ml-100k.zip)";
  info.licence =
      "GroupLens usage licence: research use, cite Harper & Konstan 2015, NO redistribution without "
      "permission (never commit or publish the files; each user downloads them from GroupLens)";
  info.papers = "lu_thesis ch. 5, Tables 5.3-5.4 and Figs 5.2-5.4 (distributed summation and counting of ratings)";
  info.load = load_movielens;
  return info;
}

}  // namespace

DPLAB_DATASET(movielens_100k, movielens_info());

}  // namespace dplab
