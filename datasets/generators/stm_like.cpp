// stm_like: a synthetic substitute for the STM transit data of diffpart (Table 2: |D| =
// 1,210,096 records, |I| = 1,012 items, max|t| = 64, avg|t| = 4.82). STM (the sets of subway and
// bus stations visited by passengers in Montreal within a week, diffpart §5) belongs to the
// Societe de transport de Montreal and is not public, so the experiments that use it (Figs 3,
// 4, 6) run on records with the same four statistics instead.
//
// The model, chosen to reproduce those statistics with as few assumptions as possible:
//
// Record sizes. A truncated geometric law on [1, max_size]: Pr[|t| = s] proportional to
// q^(s-1), s = 1..max_size. Its mean increases strictly with q (towards 1 as q -> 0, (max+1)/2 at
// q = 1, towards max as q -> inf), so every mean_size in [1, max_size] is reached by exactly
// one q, found by bisection on log q. A one-parameter law is all the paper's statistics can pin
// down, and the geometric tail fits them: at mean 4.82 the largest of 1.2 million draws is about
// 60 (57 to 64 over our seeds), close to the published max|t| = 64. To make max|t| exactly the published value
// (plant_max, default on), one record chosen uniformly at random gets exactly max_size items and
// the law of the other |D| - 1 records is solved for the mean (|D| mean_size - max_size) /
// (|D| - 1), so the expected average size over all records is still mean_size.
//
// Items. Item popularity follows a Zipf-like law: the item of popularity rank r (0-based) has
// weight (r + 1)^-skew (skew = 0: uniform). Ranks are assigned to item ids by a random
// permutation, so that popularity is not tied to the id order (a context-free taxonomy tree,
// diffpart §3.1 and Fig. 1, groups consecutive item ids). A record's items are drawn without
// replacement proportionally to these weights (successive sampling): by rejection of repeats
// through an alias table (O(1) a draw), switching for the rest of the record to a sum tree with
// the record's items taken out (O(log |I|) a draw) when repeats become frequent (very skewed
// weights with long records). Both give the next item with probability proportional to its
// weight among the items not yet in the record, so the switch does not change the law. Records
// are stored sorted and distinct, in CSR form.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "datasets/catalogue.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/samplers.hpp"

namespace dplab {
namespace {

// Truncated geometric law on 1..m with ratio exp(t): its probabilities and mean.
std::vector<double> truncated_geometric(std::size_t m, double t) {
  std::vector<double> p(m);
  const double top = t > 0 ? t * double(m - 1) : 0.0;  // largest exponent, for stability
  double total = 0;
  for (std::size_t s = 0; s < m; ++s) total += p[s] = std::exp(t * double(s) - top);
  for (double& x : p) x /= total;
  return p;
}
double mean_of(const std::vector<double>& p) {
  double m = 0;
  for (std::size_t s = 0; s < p.size(); ++s) m += double(s + 1) * p[s];
  return m;
}

// The size law on [1, m] whose mean is `target`, as a cumulative distribution.
std::vector<double> size_cdf(std::size_t m, double target) {
  double lo = -60, hi = 60;  // mean(lo) = 1 and mean(hi) = m to double precision
  for (int it = 0; it < 200 && hi - lo > 1e-13; ++it) {
    const double mid = 0.5 * (lo + hi);
    (mean_of(truncated_geometric(m, mid)) < target ? lo : hi) = mid;
  }
  std::vector<double> cdf = truncated_geometric(m, 0.5 * (lo + hi));
  std::partial_sum(cdf.begin(), cdf.end(), cdf.begin());
  cdf.back() = 1.0;
  return cdf;
}

// Walker/Vose alias table: O(1) draws from a fixed discrete law.
struct AliasTable {
  std::vector<double> prob;
  std::vector<std::uint32_t> alias;
  explicit AliasTable(const std::vector<double>& w) : prob(w.size()), alias(w.size()) {
    const std::size_t n = w.size();
    const double total = std::accumulate(w.begin(), w.end(), 0.0);
    std::vector<double> scaled(n);
    std::vector<std::uint32_t> small, large;
    for (std::size_t i = 0; i < n; ++i) {
      scaled[i] = w[i] * double(n) / total;
      (scaled[i] < 1 ? small : large).push_back(std::uint32_t(i));
    }
    while (!small.empty() && !large.empty()) {
      const std::uint32_t a = small.back(), b = large.back();
      small.pop_back();
      prob[a] = scaled[a];
      alias[a] = b;
      scaled[b] -= 1 - scaled[a];
      if (scaled[b] < 1) { large.pop_back(); small.push_back(b); }
    }
    for (auto i : large) { prob[i] = 1; alias[i] = i; }
    for (auto i : small) { prob[i] = 1; alias[i] = i; }  // rounding leftovers
  }
  std::uint32_t draw(Stream& s) const {
    const auto i = static_cast<std::uint32_t>(s.below(prob.size()));
    return s.uniform() < prob[i] ? i : alias[i];
  }
};

// Sums of weights over a complete binary tree: a draw proportional to the weights, and setting
// one weight, both in O(log n). Inner nodes are recomputed as left + right, never incremented,
// so taking weights out and putting them back leaves every sum bit-identical.
class SumTree {
 public:
  explicit SumTree(const std::vector<double>& w) {
    while (leaves_ < w.size()) leaves_ *= 2;
    sum_.assign(2 * leaves_, 0.0);
    std::copy(w.begin(), w.end(), sum_.begin() + std::ptrdiff_t(leaves_));
    for (std::size_t i = leaves_ - 1; i >= 1; --i) sum_[i] = sum_[2 * i] + sum_[2 * i + 1];
  }
  void set(std::size_t i, double w) {
    std::size_t pos = leaves_ + i;
    sum_[pos] = w;
    for (pos /= 2; pos >= 1; pos /= 2) sum_[pos] = sum_[2 * pos] + sum_[2 * pos + 1];
  }
  // The leaf i with probability w_i / total, for u uniform on [0, 1); never a zero weight.
  std::uint32_t draw(double u) const {
    double target = u * sum_[1];
    std::size_t pos = 1;
    while (pos < leaves_) {
      const double left = sum_[2 * pos];
      if (target < left || !(sum_[2 * pos + 1] > 0)) {
        pos = 2 * pos;
      } else {
        target -= left;
        pos = 2 * pos + 1;
      }
    }
    return std::uint32_t(pos - leaves_);
  }

 private:
  std::size_t leaves_ = 1;
  std::vector<double> sum_;
};

std::string fmt(double x) { return to_string(Value(x)); }

std::shared_ptr<const Dataset> generate(const DatasetInfo& info, const DatasetRequest& req) {
  const Params& p = req.params;
  for (const auto& spec : info.params)
    if (auto err = spec.validate(p.get(spec.name)))
      throw Error("dataset '" + info.name + "': parameter '" + spec.name + "': " + *err);
  const auto n = static_cast<std::size_t>(p.integer("records"));
  const auto universe = static_cast<std::size_t>(p.integer("items"));
  const auto max_size = static_cast<std::size_t>(p.integer("max_size"));
  const double mean_size = p.real("mean_size"), skew = p.real("skew");
  const bool plant = p.boolean("plant_max");
  const std::string where = "dataset '" + info.name + "': ";
  if (max_size > universe)
    throw Error(where + "parameter 'max_size' (" + std::to_string(max_size) + ") must be at most 'items' (" +
                std::to_string(universe) + "): a record holds distinct items");
  if (mean_size > double(max_size))
    throw Error(where + "parameter 'mean_size' (" + fmt(mean_size) + ") must be at most 'max_size' (" +
                std::to_string(max_size) + ")");
  // With a planted record of max_size, the others must average at least 1.
  double other_mean = mean_size;
  if (plant) {
    if (double(n) * mean_size < double(max_size + n - 1))
      throw Error(where + "parameter 'plant_max': records x mean_size (" + fmt(double(n) * mean_size) +
                  ") must be at least max_size + records - 1 (" + std::to_string(max_size + n - 1) +
                  ") to plant one record of max_size items; set plant_max=false or ask for more records");
    if (n > 1) other_mean = std::clamp((double(n) * mean_size - double(max_size)) / double(n - 1), 1.0, double(max_size));
  }

  Stream s(req.seed, hash64(info.name), 0);

  // Sizes first (into the offsets), then the items of each record.
  auto tx = std::make_shared<Transactions>();
  tx->name = info.name;
  tx->universe = static_cast<std::uint32_t>(universe);
  tx->offsets.assign(n + 1, 0);
  const std::vector<double> cdf = size_cdf(max_size, other_mean);
  const std::size_t planted = plant && n > 0 ? s.below(n) : n;
  for (std::size_t r = 0; r < n; ++r) {
    const std::size_t size =
        r == planted ? max_size
                     : std::size_t(std::upper_bound(cdf.begin(), cdf.end(), s.uniform()) - cdf.begin()) + 1;
    tx->offsets[r + 1] = tx->offsets[r] + size;
  }

  std::vector<double> weight(universe);
  for (std::size_t r = 0; r < universe; ++r) weight[r] = std::pow(double(r + 1), -skew);
  const AliasTable table(weight);
  const std::vector<std::size_t> perm = sample_permutation(s, universe);
  std::vector<std::uint32_t> item_of_rank(perm.begin(), perm.end());

  tx->items.resize(tx->offsets[n]);
  SumTree tree(weight);
  std::vector<std::uint32_t> ranks;  // the ranks drawn for the current record
  // stamp[rank] == r + 1 when rank is already in record r: repeats found in O(1), no clearing.
  std::vector<std::uint64_t> stamp(universe, 0);
  for (std::size_t r = 0; r < n; ++r) {
    std::uint32_t* out = tx->items.data() + tx->offsets[r];
    const auto size = static_cast<std::size_t>(tx->offsets[r + 1] - tx->offsets[r]);
    const std::uint64_t mark = r + 1;
    ranks.clear();
    std::size_t repeats = 0;
    bool from_tree = false;
    while (ranks.size() < size) {
      std::uint32_t rank;
      if (!from_tree) {
        rank = table.draw(s);
        if (stamp[rank] == mark) {
          // Many repeats: the record's items carry most of the weight; draw the rest from the
          // tree with the drawn items taken out (restored below).
          if (++repeats > 8 + size) {
            from_tree = true;
            for (auto q : ranks) tree.set(q, 0);
          }
          continue;
        }
      } else {
        rank = tree.draw(s.uniform());
        tree.set(rank, 0);
      }
      stamp[rank] = mark;
      ranks.push_back(rank);
    }
    if (from_tree)
      for (auto q : ranks) tree.set(q, weight[q]);
    for (std::size_t i = 0; i < size; ++i) out[i] = item_of_rank[ranks[i]];
    std::sort(out, out + size);
  }
  return tx;
}

DatasetInfo stm_like_info() {
  DatasetInfo info;
  info.name = "stm_like";
  info.kind = DatasetKind::Transactions;
  info.generator = true;
  info.doc = "synthetic set-valued records with STM's statistics (diffpart Table 2): truncated-geometric sizes, Zipf item popularity";
  info.upstream = "diffpart §5 and Table 2 (STM: |D| = 1,210,096, |I| = 1,012, max|t| = 64, avg|t| = 4.82; the real data is proprietary to the STM, www.stm.info)";
  info.licence = "synthetic (generated by dplab)";
  info.papers = "diffpart (substitute for STM in Figs 3, 4 and 6)";
  info.params = {
      ParamSpec::integer("records", 1210096, "number of records |D| (diffpart Table 2: 1,210,096)").at_least(1).at_most(1e9),
      ParamSpec::integer("items", 1012, "universe size |I| (Table 2: 1,012)").at_least(1).at_most(1e7),
      ParamSpec::integer("max_size", 64, "largest record size max|t|, never exceeded (Table 2: 64); at most items")
          .at_least(1)
          .at_most(100000),
      ParamSpec::real("mean_size", 4.82, "expected average record size avg|t| (Table 2: 4.82); at most max_size").at_least(1),
      ParamSpec::real("skew", 1.0, "Zipf exponent of item popularity: rank r has weight (r+1)^-skew; 0 is uniform")
          .at_least(0)
          .at_most(10),
      ParamSpec::boolean("plant_max", true,
                         "one random record has exactly max_size items, so max|t| equals max_size (the others keep the mean)"),
  };
  info.load = generate;
  return info;
}

}  // namespace

DPLAB_DATASET(stm_like, stm_like_info());

}  // namespace dplab
