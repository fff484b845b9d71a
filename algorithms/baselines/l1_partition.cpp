#include "algorithms/baselines/l1_partition.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/error.hpp"

namespace dplab::baselines {

IntervalFamily interval_family(const std::string& name) {
  if (name == "exact") return IntervalFamily::All;
  if (name == "dyadic") return IntervalFamily::Dyadic;
  throw Error("partition must be 'exact' or 'dyadic', got '" + name + "'");
}

namespace {

// floor(log2 n): the largest level of the dyadic family.
unsigned top_level(std::uint32_t n) { return static_cast<unsigned>(std::bit_width(n)) - 1; }

// The multiset of counts of the current interval, with sum |x - mean| kept up to date as counts
// come and go. The distinct values of x are sorted once, between sentinels below and above every
// value; `split` is the first index whose value exceeds the mean, and below_count/below_sum the
// multiplicity and sum of the interval's counts before it. A new mean moves the split by the
// few distinct values it passes. T is double, or int64 when every count is an integer small
// enough for all sums to be exact (the DPBench vectors): the same numbers, with one-cycle
// additions on the loop's critical path.
template <class T>
class DeviationTracker {
 public:
  explicit DeviationTracker(std::span<const double> x) : x_(x.size()), rank_(x.size()) {
    for (std::size_t i = 0; i < x.size(); ++i) x_[i] = static_cast<T>(x[i]);
    std::vector<T> v(x_.begin(), x_.end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    // Sentinels: value * size never overflows and no sum ever reaches them.
    T top;
    if constexpr (std::is_floating_point_v<T>) top = std::numeric_limits<T>::infinity();
    else top = (std::int64_t{1} << 62) / static_cast<std::int64_t>(x.size() + 1);
    value_.reserve(v.size() + 2);
    value_.push_back(-top);
    value_.insert(value_.end(), v.begin(), v.end());
    value_.push_back(top);
    for (std::size_t i = 0; i < x.size(); ++i)
      rank_[i] = static_cast<std::uint32_t>(std::lower_bound(value_.begin() + 1, value_.end() - 1, x_[i]) - value_.begin());
    multiplicity_.assign(value_.size(), 0);
    two_over_.resize(x.size() + 1);
    for (std::size_t k = 1; k <= x.size(); ++k) two_over_[k] = 2.0 / static_cast<double>(k);
  }

  // Whether the int64 form is exact for x: integer counts with n^2 max|x| below 2^62.
  static bool exact_for(std::span<const double> x) {
    double top = 0;
    for (double v : x) {
      if (v != std::floor(v)) return false;
      top = std::max(top, std::fabs(v));
    }
    const double n = static_cast<double>(x.size()) + 1;
    return n * n * top < 0x1p62;
  }

  // Deviations of [start, start + 1), [start, start + 2), ..., [start, end), written to out.
  void grow(std::uint32_t start, std::uint32_t end, double* out) {
    State s;
    for (std::uint32_t j = start; j < end; ++j) {
      add(s, j);
      *out++ = deviation(s);
    }
    for (std::uint32_t j = start; j < end; ++j) multiplicity_[rank_[j]] = 0;
  }

  // Deviations of the windows [i, i + len) for i = 0, 1, ..., n - len, written to out.
  void slide(std::uint32_t len, double* out) {
    State s;
    const auto n = static_cast<std::uint32_t>(x_.size());
    for (std::uint32_t j = 0; j < len; ++j) add(s, j);
    *out++ = deviation(s);
    for (std::uint32_t i = 1; i + len <= n; ++i) {
      add(s, i + len - 1);
      remove(s, i - 1);
      *out++ = deviation(s);
    }
    for (std::uint32_t j = n - len; j < n; ++j) multiplicity_[rank_[j]] = 0;
  }

 private:
  struct State {
    std::size_t size = 0, split = 1;
    T sum = 0, below_count = 0, below_sum = 0;
  };

  void add(State& s, std::uint32_t cell) {
    const std::uint32_t r = rank_[cell];
    const T v = x_[cell];
    multiplicity_[r] += 1;
    ++s.size;
    s.sum += v;
    const bool below = r < s.split;
    s.below_count += below ? T{1} : T{0};
    s.below_sum += below ? v : T{0};
    move_split(s);
  }

  void remove(State& s, std::uint32_t cell) {
    const std::uint32_t r = rank_[cell];
    const T v = x_[cell];
    multiplicity_[r] -= 1;
    --s.size;
    s.sum -= v;
    const bool below = r < s.split;
    s.below_count -= below ? T{1} : T{0};
    s.below_sum -= below ? v : T{0};
    move_split(s);
  }

  // Restores: value[split - 1] <= mean < value[split], comparing v size <= sum (exact for
  // integer counts). The sentinels end both loops.
  void move_split(State& s) const {
    const T n = static_cast<T>(s.size);
    while (value_[s.split] * n <= s.sum) {
      s.below_count += multiplicity_[s.split];
      s.below_sum += multiplicity_[s.split] * value_[s.split];
      ++s.split;
    }
    while (value_[s.split - 1] * n > s.sum) {
      --s.split;
      s.below_count -= multiplicity_[s.split];
      s.below_sum -= multiplicity_[s.split] * value_[s.split];
    }
  }

  // sum |x - mean| = 2 sum_{x <= mean} (mean - x) = 2 (below_count sum - size below_sum) / size.
  double deviation(const State& s) const {
    return static_cast<double>(s.below_count * s.sum - static_cast<T>(s.size) * s.below_sum) * two_over_[s.size];
  }

  std::vector<T> x_;
  std::vector<T> value_;              // sentinel, distinct values of x ascending, sentinel
  std::vector<std::uint32_t> rank_;   // cell -> index of its value in value_
  std::vector<T> multiplicity_;       // how often each distinct value is in the interval
  std::vector<double> two_over_;      // 2 / size
};

// Runs f with the tracker type that is exact for x (int64 for small integer counts).
template <class F>
auto with_tracker(std::span<const double> x, F&& f) {
  if (DeviationTracker<std::int64_t>::exact_for(x)) {
    DeviationTracker<std::int64_t> t(x);
    return f(t);
  }
  DeviationTracker<double> t(x);
  return f(t);
}

}  // namespace

std::size_t IntervalValues::count(IntervalFamily family, std::uint32_t n) {
  if (n == 0) return 0;
  if (family == IntervalFamily::All) return static_cast<std::size_t>(n) * (n + 1) / 2;
  std::size_t c = 0;
  for (unsigned k = 0; k <= top_level(n); ++k) c += n - (std::size_t{1} << k) + 1;
  return c;
}

std::size_t IntervalValues::level_offset(unsigned k) const {
  std::size_t off = 0;
  for (unsigned j = 0; j < k; ++j) off += n - (std::size_t{1} << j) + 1;
  return off;
}

std::size_t IntervalValues::index(std::uint32_t start, std::uint32_t length) const {
  if (family == IntervalFamily::All) {
    const std::size_t i = start;
    return i * n - i * (i - 1) / 2 + (length - 1);
  }
  return level_offset(static_cast<unsigned>(std::countr_zero(length))) + start;
}

double deviation(std::span<const double> x, std::uint32_t lo, std::uint32_t hi) {
  if (hi <= lo) return 0;
  double sum = 0;
  for (std::uint32_t i = lo; i < hi; ++i) sum += x[i];
  const double mean = sum / (hi - lo);
  double dev = 0;
  for (std::uint32_t i = lo; i < hi; ++i) dev += std::fabs(x[i] - mean);
  return dev;
}

void interval_deviations(std::span<const double> x, IntervalFamily family, IntervalValues& out) {
  const auto n = static_cast<std::uint32_t>(x.size());
  out.family = family;
  out.n = n;
  out.value.resize(IntervalValues::count(family, n));
  if (n == 0) return;
  with_tracker(x, [&](auto& t) {
    double* v = out.value.data();
    if (family == IntervalFamily::All) {
      for (std::uint32_t i = 0; i < n; ++i) {
        t.grow(i, n, v);
        v += n - i;
      }
      return;
    }
    for (unsigned k = 0; k <= top_level(n); ++k) {
      const std::uint32_t len = 1u << k;
      t.slide(len, v);
      v += n - len + 1;
    }
  });
}

IntervalValues interval_deviations(std::span<const double> x, IntervalFamily family) {
  IntervalValues out;
  interval_deviations(x, family, out);
  return out;
}

Buckets least_cost_partition(const IntervalValues& cost, TieRule rule) {
  const std::uint32_t n = cost.n;
  // best[e]: least cost of a partition of [0, e).
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  best[0] = 0;
  Buckets b;
  if (n == 0) return b;
  std::vector<std::uint32_t> rev;
  if (cost.family == IntervalFamily::All) {
    // best[i] is final once the starts before i have been pushed forward, so each start's row
    // of candidates is one vectorisable pass.
    const double* row = cost.value.data();
    for (std::uint32_t i = 0; i < n; ++i) {
      const double base = best[i];
      double* target = best.data() + i + 1;
      const std::uint32_t len = n - i;
      for (std::uint32_t l = 0; l < len; ++l) target[l] = std::min(target[l], base + row[l]);
      row += len;
    }
    // Back from the end: the last bucket of an optimal partition of [0, e) is a candidate that
    // reproduces best[e] (the same floating-point sum as above). LatestStart takes the latest such
    // start, so the walk reads n values in all; DPBench takes the singleton if it reproduces
    // best[e], else the earliest start that does.
    auto reaches = [&](std::uint32_t s, std::uint32_t e) { return best[s] + cost.value[cost.index(s, e - s)] == best[e]; };
    for (std::uint32_t e = n; e > 0;) {
      std::uint32_t s = e - 1;
      if (rule == TieRule::DPBench && !reaches(s, e)) {
        s = 0;
        while (!reaches(s, e)) ++s;
      } else {
        while (s > 0 && !reaches(s, e)) --s;
      }
      rev.push_back(e);
      e = s;
    }
  } else {
    std::vector<std::size_t> offset(top_level(n) + 1);
    for (unsigned k = 0; k < offset.size(); ++k) offset[k] = cost.level_offset(k);
    std::vector<std::uint32_t> from(n + 1, 0);
    for (std::uint32_t e = 1; e <= n; ++e) {
      // Shortest bucket first: a strict "<" keeps the latest start among equals (LatestStart),
      // "<=" the longest bucket (DPBench's L1partition_approx).
      for (unsigned k = 0; k <= top_level(e); ++k) {
        const std::uint32_t s = e - (1u << k);
        const double c = best[s] + cost.value[offset[k] + s];
        if (c < best[e] || (rule == TieRule::DPBench && c == best[e])) {
          best[e] = c;
          from[e] = s;
        }
      }
    }
    for (std::uint32_t e = n; e > 0; e = from[e]) rev.push_back(e);
  }
  b.bounds.assign(rev.rbegin(), rev.rend());
  b.bounds.insert(b.bounds.begin(), 0);
  return b;
}

Buckets l1_partition(std::span<const double> x, IntervalFamily family, double penalty) {
  IntervalValues c = interval_deviations(x, family);
  for (double& v : c.value) v += penalty;
  return least_cost_partition(c);
}

double partition_cost(std::span<const double> x, const Buckets& b, double penalty) {
  double c = 0;
  for (std::size_t k = 0; k < b.size(); ++k) c += deviation(x, b.lo(k), b.hi(k)) + penalty;
  return c;
}

PartitionNoise partition_noise(const std::string& name) {
  if (name == "reference") return PartitionNoise::Reference;
  if (name == "provable") return PartitionNoise::Provable;
  throw Error("partition_noise must be 'reference' or 'provable', got '" + name + "'");
}

double partition_noise_scale(PartitionNoise kind, std::uint32_t length, std::uint32_t n, double eps1) {
  if (kind == PartitionNoise::Reference) return length > 1 ? (2.0 - 1.0 / length - 1.0 / n) / eps1 : 0.0;
  const double delta_b = 2.0 * (1.0 - 1.0 / length);
  const double delta_n = 2.0 * (1.0 - 1.0 / n);
  return (delta_b + delta_n) / eps1;
}

namespace {

// The exact family, streamed: for each start i the n - i candidates [i, i + 1), ..., [i, n) are
// computed, noised and pushed into the least-cost recursion at once, so nothing of size n^2 is
// stored (the 8.4 million candidates of n = 4096 would be 67 MB). The draws are made in the
// order of IntervalValues' layout, so the result is the one the stored form gives; best[i] is
// final when row i is pushed. Ties as least_cost_partition's: with "<=" a later start replaces an
// equal one (LatestStart); DPBench's rule keeps the earliest ("<") except against the singleton,
// which row e - 1 pushes last ("<=").
template <class Tracker>
Buckets exact_private_partition(Tracker& tracker, std::uint32_t n, bool floor, TieRule rule,
                                const std::vector<double>& unit, const std::vector<double>& inv_unit, double penalty,
                                Mechanisms::LaplaceBlocks& noise) {
  std::vector<double> row(n), best(static_cast<std::size_t>(n) + 1, std::numeric_limits<double>::infinity());
  // 64-bit starts, so that the compare-and-select below runs in the doubles' vector lanes.
  std::vector<std::uint64_t> from(static_cast<std::size_t>(n) + 1, 0);
  best[0] = 0;
  const double* inv = inv_unit.data() + 1;  // by length: inv[l] for a candidate of l + 1 cells
  const double* scale = unit.data() + 1;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t len = n - i;
    double* v = row.data();
    tracker.grow(i, n, v);
    // Deviations in units of their own noise: dev / (scale_b eps1) + Lap(1 / eps1) is
    // (dev + Lap(scale_b)) / (scale_b eps1). A zero scale (Reference singletons) keeps dev = 0.
    for (std::uint32_t l = 0; l < len; ++l) v[l] *= inv[l];
    noise.add(std::span<double>(v, len));
    // Reference: singletons (unit 0) keep their exact cost, every cost is floored at the penalty.
    if (floor) {
      for (std::uint32_t l = 0; l < len; ++l) v[l] = std::max(v[l] * scale[l] + penalty, penalty);
    } else {
      for (std::uint32_t l = 0; l < len; ++l) v[l] = v[l] * scale[l] + penalty;
    }
    const double base = best[i];
    double* __restrict target = best.data() + i + 1;
    std::uint64_t* __restrict arg = from.data() + i + 1;
    const double* __restrict cost = v;
    const std::uint64_t start = i;
    auto push = [&](std::uint32_t l0, auto wins) {
      for (std::uint32_t l = l0; l < len; ++l) {
        const double c = base + cost[l], t = target[l];
        const bool w = wins(c, t);
        const std::uint64_t take = -static_cast<std::uint64_t>(w);  // all ones when c wins
        target[l] = w ? c : t;
        arg[l] = (arg[l] & ~take) | (start & take);
      }
    };
    if (rule == TieRule::DPBench) {
      push(1, [](double c, double t) { return c < t; });
      if (base + cost[0] <= target[0]) {  // the singleton [i, i + 1)
        target[0] = base + cost[0];
        arg[0] = start;
      }
    } else {
      push(0, [](double c, double t) { return c <= t; });
    }
  }
  std::vector<std::uint32_t> rev;
  for (std::uint32_t e = n; e > 0; e = static_cast<std::uint32_t>(from[e])) rev.push_back(e);
  Buckets b;
  b.bounds.assign(rev.rbegin(), rev.rend());
  b.bounds.insert(b.bounds.begin(), 0);
  return b;
}

}  // namespace

Buckets private_l1_partition(std::span<const double> x, IntervalFamily family, PartitionNoise kind,
                             double eps1, double eps2, Mechanisms& noise, IntervalValues* work) {
  const auto n = static_cast<std::uint32_t>(x.size());
  if (n == 0) throw Error("DAWA partition: the histogram is empty");
  if (!(eps1 > 0) || !(eps2 > 0) || !std::isfinite(eps1) || !std::isfinite(eps2))
    throw Error("DAWA partition: eps1 and eps2 must be finite and > 0");
  for (double v : x)
    if (!std::isfinite(v)) throw Error("DAWA partition: the histogram has a count that is not a finite number");
  const double penalty = 1.0 / eps2;
  // A single cell has a single partition: nothing to choose, nothing to spend.
  if (n == 1) return Buckets{{0, 1}};
  std::vector<double> unit(n + 1, 0.0), inv_unit(n + 1, 0.0);
  for (std::uint32_t len = 1; len <= n; ++len) {
    unit[len] = partition_noise_scale(kind, len, n, eps1) * eps1;
    inv_unit[len] = unit[len] > 0 ? 1 / unit[len] : 0.0;
  }
  const bool floor = kind == PartitionNoise::Reference;
  const TieRule rule = floor ? TieRule::DPBench : TieRule::LatestStart;
  // One charge of eps1 for the noise on every candidate (the privacy argument is in the header).
  Mechanisms::LaplaceBlocks blocks = noise.laplace_blocks(1.0, eps1, "dawa: noisy bucket costs of the L1 partition");
  if (family == IntervalFamily::All)
    return with_tracker(x, [&](auto& t) { return exact_private_partition(t, n, floor, rule, unit, inv_unit, penalty, blocks); });

  // Dyadic: n log n candidates, stored (level by level), then the least-cost partition.
  IntervalValues local;
  IntervalValues& c = work ? *work : local;
  interval_deviations(x, family, c);
  double* v = c.value.data();
  for (unsigned k = 0; k <= top_level(n); ++k) {
    const std::uint32_t len = 1u << k, count = n - len + 1;
    for (std::uint32_t l = 0; l < count; ++l) v[l] *= inv_unit[len];
    blocks.add(std::span<double>(v, count));
    for (std::uint32_t l = 0; l < count; ++l) {
      const double cost = v[l] * unit[len] + penalty;
      v[l] = floor ? std::max(cost, penalty) : cost;
    }
    v += count;
  }
  return least_cost_partition(c, rule);
}

}  // namespace dplab::baselines
