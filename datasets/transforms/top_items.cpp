// top_items: restricts set-valued records to the m most frequent items.
//
// diffpart Figs 4b and 6 run on STM with smaller universes ("we generate the test sets by
// limiting STM's universe size. After reducing the universe size, the sizes of the test sets
// also decrease", §5.2), then fix |D| = 800,000 (follow with subsample). The paper does not say
// which items it kept; we keep the m most frequent (number of records containing the item; ties
// go to the lower id), which loses the fewest item occurrences. Kept items are renumbered
// 0..m-1 by frequency rank (0 is the most frequent), other items are removed from every record,
// and records left empty are dropped, as in the paper, whose test sets shrink with the universe;
// keep_empty=true keeps them as empty records instead. Item names follow their items.
#include <algorithm>
#include <numeric>

#include "datasets/transform.hpp"
#include "core/error.hpp"

namespace dplab {
namespace {

class TopItems : public Transform {
 public:
  TransformInfo info() const override {
    return {"top_items",
            "keep only the m most frequent items, renumbered 0..m-1 by frequency (diffpart Figs 4b, 6); drops emptied records",
            {ParamSpec::integer("m", 100, "number of items to keep (the new universe size); at most the universe size").at_least(1),
             ParamSpec::boolean("keep_empty", false, "keep records that lose all their items (as empty records) instead of dropping them")},
            {DatasetKind::Transactions}};
  }

  std::shared_ptr<const Dataset> apply(std::shared_ptr<const Dataset> in, const Params& given,
                                       Stream&) const override {
    const auto* src = dynamic_cast<const Transactions*>(in.get());
    if (!src) throw Error("transform 'top_items' applies to transactions, not to " + std::string(kind_name(in->kind())));
    const Params p = with_defaults(info().params, given);
    const std::int64_t m = p.integer("m");
    const bool keep_empty = p.boolean("keep_empty");
    const std::size_t universe = src->universe;
    if (m < 1 || std::size_t(m) > universe)
      throw Error("transform 'top_items': parameter 'm' (" + std::to_string(m) + ") must be from 1 to the universe size of dataset '" +
                  src->name + "' (" + std::to_string(universe) + ")");

    std::vector<std::uint64_t> freq(universe, 0);
    for (std::uint32_t item : src->items) ++freq[item];
    std::vector<std::uint32_t> by_rank(universe);
    std::iota(by_rank.begin(), by_rank.end(), 0u);
    std::stable_sort(by_rank.begin(), by_rank.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return freq[a] > freq[b]; });
    constexpr std::uint32_t kDropped = UINT32_MAX;
    std::vector<std::uint32_t> new_id(universe, kDropped);
    for (std::size_t r = 0; r < std::size_t(m); ++r) new_id[by_rank[r]] = std::uint32_t(r);

    auto out = std::make_shared<Transactions>();
    out->name = src->name;
    out->universe = std::uint32_t(m);
    if (!src->item_names.empty())
      for (std::size_t r = 0; r < std::size_t(m); ++r) out->item_names.push_back(src->item_names.at(by_rank[r]));
    out->offsets.reserve(src->offsets.size());
    for (std::size_t r = 0; r < src->records(); ++r) {
      const std::size_t start = out->items.size();
      for (std::uint32_t item : src->record(r))
        if (new_id[item] != kDropped) out->items.push_back(new_id[item]);
      if (out->items.size() == start && !keep_empty) continue;
      // Renumbering changes the order of the ids: records are kept sorted.
      std::sort(out->items.begin() + std::ptrdiff_t(start), out->items.end());
      out->offsets.push_back(out->items.size());
    }
    return out;
  }
};

}  // namespace

DPLAB_TRANSFORM(TopItems);

}  // namespace dplab
