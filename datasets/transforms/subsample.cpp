// subsample: keeps n records chosen uniformly at random without replacement, in their original
// order.
//
// diffpart Fig. 4a measures runtime on "smaller test sets" formed by "randomly extract[ing]
// records" from MSNBC and STM, and wavecluster §7.1 samples 1M of Gowalla's 6.4M check-ins. A
// record is a point (labels follow), a transaction (the universe and item names are kept) or one
// rating triplet (users and items keep their ids and counts). Selection sampling (Knuth, TAOCP
// vol. 2, §3.4.2, Algorithm S) picks every n-subset with the same probability in one pass and
// keeps the order.
#include "datasets/transform.hpp"
#include "core/error.hpp"

namespace dplab {
namespace {

// Indices of n of the first `total` records, uniformly chosen, increasing.
std::vector<std::size_t> choose(Stream& s, std::size_t total, std::size_t n) {
  std::vector<std::size_t> keep;
  keep.reserve(n);
  for (std::size_t t = 0; t < total && keep.size() < n; ++t)
    if (s.below(total - t) < n - keep.size()) keep.push_back(t);
  return keep;
}

class Subsample : public Transform {
 public:
  TransformInfo info() const override {
    return {"subsample",
            "keep n records (points, transactions or rating triplets) chosen uniformly without replacement, in original order",
            {ParamSpec::integer("n", 1000, "number of records to keep; at most the dataset's size").at_least(1)},
            {DatasetKind::Points, DatasetKind::Transactions, DatasetKind::Ratings}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream& s) const override {
    const Params p = with_defaults(info().params, given);
    const std::int64_t requested = p.integer("n");
    auto check = [&](std::size_t size, const char* what) {
      if (requested < 1 || std::size_t(requested) > size)
        throw Error("transform 'subsample': parameter 'n' (" + std::to_string(requested) + ") must be from 1 to the " +
                    what + " of dataset '" + in->name + "' (" + std::to_string(size) + ")");
      return std::size_t(requested);
    };
    if (const auto* src = dynamic_cast<const PointSet*>(in.get())) {
      const std::size_t n = check(src->n, "number of points");
      auto out = std::make_shared<PointSet>();
      out->name = src->name;
      out->n = n;
      out->d = src->d;
      out->x.reserve(n * src->d);
      if (src->labelled()) out->labels.reserve(n);
      for (std::size_t i : choose(s, src->n, n)) {
        out->x.insert(out->x.end(), src->row(i), src->row(i) + src->d);
        if (src->labelled()) out->labels.push_back(src->labels[i]);
      }
      return out;
    }
    if (const auto* src = dynamic_cast<const Transactions*>(in.get())) {
      const std::size_t n = check(src->records(), "number of records");
      auto out = std::make_shared<Transactions>();
      out->name = src->name;
      out->universe = src->universe;
      out->item_names = src->item_names;
      out->offsets.reserve(n + 1);
      for (std::size_t r : choose(s, src->records(), n)) {
        auto rec = src->record(r);
        out->items.insert(out->items.end(), rec.begin(), rec.end());
        out->offsets.push_back(out->items.size());
      }
      return out;
    }
    if (const auto* src = dynamic_cast<const Ratings*>(in.get())) {
      const std::size_t n = check(src->rating.size(), "number of ratings");
      auto out = std::make_shared<Ratings>();
      out->name = src->name;
      out->users = src->users;
      out->items = src->items;
      const bool stamped = !src->timestamp.empty();
      for (std::size_t j : choose(s, src->rating.size(), n)) {
        out->user.push_back(src->user[j]);
        out->item.push_back(src->item[j]);
        out->rating.push_back(src->rating[j]);
        if (stamped) out->timestamp.push_back(src->timestamp[j]);
      }
      return out;
    }
    throw Error("transform 'subsample' applies to points, transactions and ratings, not to " +
                std::string(kind_name(in->kind())));
  }
};

}  // namespace

DPLAB_TRANSFORM(Subsample);

}  // namespace dplab
