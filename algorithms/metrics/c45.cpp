#include "algorithms/metrics/c45.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include "core/error.hpp"

namespace dplab {

namespace {

// Weka's tolerance (Utils.SMALL) in its comparisons gr, sm, eq, grOrEq, smOrEq.
constexpr double kSmall = 1e-6;
bool gr(double a, double b) { return a - b > kSmall; }
bool sm(double a, double b) { return a - b < -kSmall; }
bool eq(double a, double b) { return a - b < kSmall && b - a < kSmall; }
bool sm_or_eq(double a, double b) { return a - b < kSmall; }
bool gr_or_eq(double a, double b) { return b - a < kSmall; }

// n log2 n, 0 for n ~ 0 (Weka's EntropyBasedSplitCrit.logFunc).
double nlog(double n) { return n < 1e-6 ? 0 : n * std::log2(n); }

double total_of(const std::vector<double>& d) { return std::accumulate(d.begin(), d.end(), 0.0); }

// Index of the largest count, first on ties (Distribution.maxClass).
std::size_t max_class(const std::vector<double>& d) {
  std::size_t best = 0;
  for (std::size_t j = 1; j < d.size(); ++j)
    if (gr(d[j], d[best])) best = j;
  return best;
}

// Entropy terms of Weka's InfoGainSplitCrit / GainRatioSplitCrit, in counts times bits.
double old_entropy(const std::vector<double>& d) {
  double s = 0;
  for (double c : d) s += nlog(c);
  return nlog(total_of(d)) - s;
}
double new_entropy(const std::vector<double>& left, const std::vector<double>& right) {
  double s = 0;
  for (const auto* bag : {&left, &right}) {
    for (double c : *bag) s += nlog(c);
    s -= nlog(total_of(*bag));
  }
  return -s;
}

// The best binary split of one numeric attribute (C45Split.handleNumericAttribute).
struct Split {
  bool valid = false;
  double info_gain = 0, gain_ratio = 0, point = 0;
};

}  // namespace

void C45Tree::fit(std::span<const double> x, std::size_t dims, std::span<const std::int32_t> y, int classes,
                  const C45Options& options) {
  if (dims == 0 || x.size() != y.size() * dims)
    throw Error("c4.5: " + std::to_string(x.size()) + " values for " + std::to_string(y.size()) + " instances of " +
                std::to_string(dims) + " attributes");
  if (classes < 1) throw Error("c4.5: needs at least one class");
  for (auto c : y)
    if (c < 0 || c >= classes) throw Error("c4.5: class " + std::to_string(c) + " outside 0.." + std::to_string(classes - 1));
  if (options.min_leaf < 1) throw Error("c4.5: min_leaf must be at least 1");
  x_ = x;
  y_ = y;
  dims_ = dims;
  classes_ = classes;
  options_ = options;
  nodes_.clear();
  std::vector<std::uint32_t> rows(y.size());
  std::iota(rows.begin(), rows.end(), 0u);
  build(rows);
  if (options_.collapse && !nodes_.empty()) collapse(0);
  x_ = {};
  y_ = {};
}

std::uint32_t C45Tree::build(std::vector<std::uint32_t>& rows) {
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  nodes_.emplace_back();
  std::vector<double> dist(static_cast<std::size_t>(classes_), 0.0);
  for (auto r : rows) dist[static_cast<std::size_t>(y_[r])] += 1;
  const double total = static_cast<double>(rows.size());
  nodes_[id].distribution = dist;
  const double min_leaf = options_.min_leaf;
  if (sm(total, 2 * min_leaf) || eq(total, dist[max_class(dist)])) return id;

  // Every attribute's best split.
  std::vector<Split> splits(dims_);
  std::vector<std::uint32_t> sorted = rows;
  const double default_entropy = old_entropy(dist);
  for (std::size_t a = 0; a < dims_; ++a) {
    auto value = [&](std::uint32_t r) { return x_[r * dims_ + a]; };
    std::stable_sort(sorted.begin(), sorted.end(), [&](auto p, auto q) { return value(p) < value(q); });
    double min_split = 0.1 * total / classes_;
    if (sm_or_eq(min_split, min_leaf)) min_split = min_leaf;
    else if (gr(min_split, 25)) min_split = 25;
    if (sm(total, 2 * min_split)) continue;
    std::vector<double> left(dist.size(), 0.0), right = dist;
    double best_gain = 0, left_n = 0;
    long best_index = -1, admissible = 0;
    std::size_t last = 0;
    for (std::size_t next = 1; next < sorted.size(); ++next) {
      if (!(value(sorted[next - 1]) + 1e-5 < value(sorted[next]))) continue;
      for (std::size_t k = last; k < next; ++k) {
        const auto c = static_cast<std::size_t>(y_[sorted[k]]);
        left[c] += 1;
        right[c] -= 1;
      }
      left_n += double(next - last);
      last = next;
      if (!gr_or_eq(left_n, min_split) || !gr_or_eq(total - left_n, min_split)) continue;
      double numerator = default_entropy - new_entropy(left, right);
      const double gain = eq(numerator, 0) ? 0 : numerator / total;
      if (gr(gain, best_gain)) {
        best_gain = gain;
        best_index = static_cast<long>(next) - 1;
      }
      ++admissible;
    }
    if (admissible == 0) continue;
    if (options_.mdl_correction) best_gain -= std::log2(double(admissible)) / total;
    if (sm_or_eq(best_gain, 0)) continue;
    Split& s = splits[a];
    const double lo = value(sorted[static_cast<std::size_t>(best_index)]);
    const double hi = value(sorted[static_cast<std::size_t>(best_index) + 1]);
    s.point = (lo + hi) / 2;
    if (s.point == hi) s.point = lo;
    const double n_left = static_cast<double>(best_index + 1), n_right = total - n_left;
    const double split_info = -nlog(n_left) - nlog(n_right) + nlog(total);
    s.info_gain = best_gain;
    s.gain_ratio = eq(split_info, 0) ? 0 : best_gain / (split_info / total);
    s.valid = true;
  }

  // Attributes with at least the average gain compete on gain ratio (C45ModelSelection).
  double average = 0;
  int valid = 0;
  for (const auto& s : splits)
    if (s.valid) average += s.info_gain, ++valid;
  if (valid == 0) return id;
  average /= valid;
  int best = -1;
  double best_ratio = 0;
  for (std::size_t a = 0; a < dims_; ++a)
    if (splits[a].valid && splits[a].info_gain >= average - 1e-3 && gr(splits[a].gain_ratio, best_ratio)) {
      best = static_cast<int>(a);
      best_ratio = splits[a].gain_ratio;
    }
  if (best < 0 || eq(best_ratio, 0)) return id;

  // J48 moves the split point to the largest training value (of all instances) at or below it.
  double point = -std::numeric_limits<double>::max();
  for (std::size_t r = 0; r < y_.size(); ++r) {
    const double v = x_[r * dims_ + static_cast<std::size_t>(best)];
    if (gr(v, point) && sm_or_eq(v, splits[static_cast<std::size_t>(best)].point)) point = v;
  }
  std::vector<std::uint32_t> left_rows, right_rows;
  for (auto r : rows)
    (sm_or_eq(x_[r * dims_ + static_cast<std::size_t>(best)], point) ? left_rows : right_rows).push_back(r);
  rows.clear();
  rows.shrink_to_fit();
  const std::uint32_t left = build(left_rows);
  const std::uint32_t right = build(right_rows);
  Node& node = nodes_[id];
  node.leaf = false;
  node.attribute = best;
  node.split = point;
  node.left = left;
  node.right = right;
  return id;
}

double C45Tree::subtree_errors(std::uint32_t n) const {
  const Node& node = nodes_[n];
  if (node.leaf) return total_of(node.distribution) - node.distribution[max_class(node.distribution)];
  return subtree_errors(node.left) + subtree_errors(node.right);
}

void C45Tree::collapse(std::uint32_t n) {
  Node& node = nodes_[n];
  if (node.leaf) return;
  const double as_leaf = total_of(node.distribution) - node.distribution[max_class(node.distribution)];
  if (subtree_errors(n) >= as_leaf - 1e-3) {
    node.leaf = true;  // its subtree stays in nodes_, unreachable
    return;
  }
  collapse(node.left);
  collapse(nodes_[n].right);
}

std::int32_t C45Tree::predict(std::span<const double> instance) const {
  if (nodes_.empty()) throw Error("c4.5: predict before fit");
  if (instance.size() != dims_) throw Error("c4.5: an instance needs " + std::to_string(dims_) + " values");
  std::uint32_t n = 0;
  while (!nodes_[n].leaf)
    n = sm_or_eq(instance[static_cast<std::size_t>(nodes_[n].attribute)], nodes_[n].split) ? nodes_[n].left
                                                                                             : nodes_[n].right;
  return static_cast<std::int32_t>(max_class(nodes_[n].distribution));
}

std::size_t C45Tree::leaves() const {
  std::size_t count = 0;
  std::vector<std::uint32_t> stack = {0};
  while (!stack.empty() && !nodes_.empty()) {
    const Node& node = nodes_[stack.back()];
    stack.pop_back();
    if (node.leaf) ++count;
    else stack.insert(stack.end(), {node.left, node.right});
  }
  return count;
}

void C45Tree::describe(std::uint32_t n, int depth, const std::vector<std::string>& names, std::string& out) const {
  auto leaf_text = [&](const Node& l) {
    std::ostringstream s;
    const double total = total_of(l.distribution);
    const double wrong = total - l.distribution[max_class(l.distribution)];
    s << ": " << max_class(l.distribution) << " (" << total;
    if (wrong > 0) s << "/" << wrong;
    s << ")\n";
    return s.str();
  };
  const Node& node = nodes_[n];
  if (node.leaf) {
    out += leaf_text(node);
    return;
  }
  const auto a = static_cast<std::size_t>(node.attribute);
  const std::string name = a < names.size() ? names[a] : "x" + std::to_string(a);
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < depth; ++i) out += "|   ";
    std::ostringstream s;
    s << name << (side == 0 ? " <= " : " > ") << node.split;
    out += s.str();
    const std::uint32_t child = side == 0 ? node.left : node.right;
    if (nodes_[child].leaf) {
      out += leaf_text(nodes_[child]);
    } else {
      out += "\n";
      describe(child, depth + 1, names, out);
    }
  }
}

std::string C45Tree::describe(const std::vector<std::string>& attribute_names) const {
  if (nodes_.empty()) return "";
  std::string out;
  describe(0, 0, attribute_names, out);
  return out;
}

}  // namespace dplab
