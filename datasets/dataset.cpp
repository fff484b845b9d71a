#include "datasets/dataset.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

namespace dplab {

namespace {
std::string num(double x, int precision = 6) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", precision, x);
  return buf;
}
std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}
// Mean and population standard deviation of a count vector.
std::pair<double, double> mean_sd(const std::vector<double>& v) {
  if (v.empty()) return {NAN, NAN};
  double s = 0;
  for (double x : v) s += x;
  const double m = s / double(v.size());
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  return {m, std::sqrt(ss / double(v.size()))};
}
Statistics count_statistics(const std::vector<double>& v) {
  double sum = 0, zeros = 0;
  for (double x : v) { sum += x; zeros += x == 0; }
  auto [m, sd] = mean_sd(v);
  auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return {{"scale (sum of counts)", num(sum, 15)},
          {"% zero counts", fixed(v.empty() ? NAN : 100.0 * zeros / double(v.size()), 5)},
          {"mean", fixed(m, 5)},
          {"standard deviation (population)", fixed(sd, 5)},
          {"min", v.empty() ? "-" : num(*lo, 15)},
          {"max", v.empty() ? "-" : num(*hi, 15)}};
}
}  // namespace

const char* kind_name(DatasetKind k) {
  switch (k) {
    case DatasetKind::Points: return "points";
    case DatasetKind::Histogram: return "histogram";
    case DatasetKind::Histogram2D: return "histogram2d";
    case DatasetKind::BagOfWords: return "bag-of-words";
    case DatasetKind::Transactions: return "transactions";
    case DatasetKind::Ratings: return "ratings";
    case DatasetKind::Network: return "network";
    case DatasetKind::CuratorTotals: return "curator totals";
  }
  return "?";
}

std::size_t PointSet::label_count() const {
  return std::set<std::int32_t>(labels.begin(), labels.end()).size();
}

std::string PointSet::summary() const {
  return std::to_string(n) + " points x " + std::to_string(d) + " dims" +
         (labelled() ? ", " + std::to_string(label_count()) + " labelled clusters" : ", unlabelled");
}

Statistics PointSet::statistics() const {
  Statistics s = {{"points", std::to_string(n)}, {"dimensions", std::to_string(d)},
                  {"labels", labelled() ? std::to_string(label_count()) + " clusters" : "none"}};
  for (std::size_t j = 0; j < d; ++j) {
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double v = x[i * d + j];
      lo = std::min(lo, v); hi = std::max(hi, v); sum += v;
    }
    s.emplace_back("dim " + std::to_string(j) + " min / mean / max",
                   num(lo) + " / " + num(n ? sum / double(n) : NAN) + " / " + num(hi));
  }
  if (labelled()) {
    std::vector<std::size_t> sizes;
    for (auto l : labels) {
      if (l < 0) continue;
      if (sizes.size() <= std::size_t(l)) sizes.resize(std::size_t(l) + 1, 0);
      ++sizes[std::size_t(l)];
    }
    std::string t;
    for (auto z : sizes) t += (t.empty() ? "" : " ") + std::to_string(z);
    s.emplace_back("cluster sizes", t);
  }
  return s;
}

std::string Histogram::summary() const { return std::to_string(counts.size()) + " bins"; }
Statistics Histogram::statistics() const {
  Statistics s = {{"bins", std::to_string(counts.size())}};
  for (auto& kv : count_statistics(counts)) s.push_back(kv);
  return s;
}

std::string Histogram2D::summary() const {
  return std::to_string(rows) + " x " + std::to_string(cols) + " cells";
}
Statistics Histogram2D::statistics() const {
  Statistics s = {{"cells", std::to_string(rows) + " x " + std::to_string(cols)}};
  for (auto& kv : count_statistics(counts)) s.push_back(kv);
  return s;
}

std::string BagOfWords::summary() const {
  return std::to_string(documents) + " documents, " + std::to_string(vocabulary) + " words, " +
         std::to_string(count.size()) + " non-zeros";
}
Statistics BagOfWords::statistics() const {
  double tokens = 0, maxc = 0;
  for (auto c : count) { tokens += c; maxc = std::max(maxc, double(c)); }
  return {{"documents", std::to_string(documents)}, {"vocabulary", std::to_string(vocabulary)},
          {"non-zeros", std::to_string(count.size())}, {"tokens", num(tokens, 15)},
          {"max count", num(maxc, 15)}};
}

std::string Transactions::summary() const {
  return std::to_string(records()) + " records over " + std::to_string(universe) + " items";
}
Statistics Transactions::statistics() const {
  std::size_t max_len = 0;
  for (std::size_t r = 0; r < records(); ++r)
    max_len = std::max<std::size_t>(max_len, offsets[r + 1] - offsets[r]);
  return {{"records |D|", std::to_string(records())}, {"universe |I|", std::to_string(universe)},
          {"max |t|", std::to_string(max_len)},
          {"avg |t|", fixed(records() ? double(items.size()) / double(records()) : NAN, 3)},
          {"item occurrences", std::to_string(items.size())}};
}

std::string Ratings::summary() const {
  return std::to_string(rating.size()) + " ratings by " + std::to_string(users) + " users of " +
         std::to_string(items) + " items";
}
Statistics Ratings::statistics() const {
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  for (float r : rating) { sum += r; lo = std::min(lo, double(r)); hi = std::max(hi, double(r)); }
  return {{"ratings", std::to_string(rating.size())}, {"users", std::to_string(users)},
          {"items", std::to_string(items)},
          {"rating min / mean / max", num(lo) + " / " + num(rating.empty() ? NAN : sum / double(rating.size())) + " / " + num(hi)}};
}

std::string Network::summary() const {
  return std::to_string(vertices) + " vertices, " + std::to_string(edges.size()) + " edges, " +
         (cyclic ? "cyclic path of " + std::to_string(path.size()) + " visits" : std::string("acyclic Hamiltonian path"));
}
Statistics Network::statistics() const {
  return {{"vertices |V|", std::to_string(vertices)}, {"edges |E|", std::to_string(edges.size())},
          {"path", (cyclic ? "cyclic, " : "acyclic, ") + std::to_string(path.size()) + " visits"}};
}

std::string CuratorTotals::summary() const {
  double records_sum = 0;
  for (auto m : records) records_sum += double(m);
  return std::to_string(curators()) + " curators holding " + num(records_sum, 12) + " records";
}
Statistics CuratorTotals::statistics() const {
  double records_sum = 0, grand = 0, sum_largest = 0, max_total = 0, max_records = 0;
  for (std::size_t i = 0; i < curators(); ++i) {
    records_sum += double(records[i]);
    grand += total[i];
    sum_largest += largest[i];
    max_total = std::max(max_total, total[i]);
    max_records = std::max(max_records, double(records[i]));
  }
  return {{"curators |U|", std::to_string(curators())},
          {"records", num(records_sum, 15)},
          {"sum of all records f(X)", num(grand, 15)},
          {"sum of the largest records (sum_i Df_L(x_i), summation)", num(sum_largest, 15)},
          {"largest curator total (Df_L(X), summation)", num(max_total, 15)},
          {"largest record count (Df_L(X), counting)", num(max_records, 15)},
          {"sum_i Df_L(x_i) < Df_L(X) (summation)", sum_largest < max_total ? "yes" : "no"},
          {"value bound / records bound", num(value_bound, 15) + " / " + num(records_bound, 15)}};
}

}  // namespace dplab
