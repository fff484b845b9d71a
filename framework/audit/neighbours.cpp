#include "framework/audit/neighbours.hpp"

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "datasets/generators/hamiltonian_network.hpp"

namespace dplab::audit {

namespace {

std::map<DatasetKind, PairGenerator>& generators() {
  static std::map<DatasetKind, PairGenerator> g;
  return g;
}

std::string vector_text(const std::vector<double>& v) {
  std::ostringstream o;
  o << "(";
  for (std::size_t i = 0; i < v.size(); ++i) o << (i ? ", " : "") << v[i];
  o << ")";
  return o.str();
}

template <class T>
std::shared_ptr<const Dataset> named(T d, const std::string& name) {
  d.name = name;
  return std::make_shared<const T>(std::move(d));
}

// Histograms: one record added to one cell. The first pair is the one that exposed DPBench's
// DAWA partition noise (tests/test_dawa.cpp): an empty cell between two occupied ones moves
// the deviation of every interval containing it at once.
std::vector<NeighbourPair> histogram_pairs(const PairShape& s) {
  const std::size_t n = s.size ? s.size : 3;
  std::vector<NeighbourPair> out;
  auto add = [&](std::vector<double> x, std::size_t cell) {
    Histogram a, b;
    a.counts = x;
    x[cell] += 1;
    b.counts = x;
    out.push_back({"x = " + vector_text(a.counts) + ", x' = " + vector_text(b.counts),
                   named(std::move(a), "audit x"), named(std::move(b), "audit x'")});
  };
  std::vector<double> alternating(n);
  for (std::size_t i = 0; i < n; ++i) alternating[i] = i % 2 == 0 ? 1 : 0;
  add(alternating, n > 1 ? 1 : 0);
  add(std::vector<double>(n, 0.0), 0);
  add(std::vector<double>(n, 5.0), n - 1);
  return out;
}

// Points in the algorithm's box [lo, hi]^d ([-1, 1]^d unless it declares another, e.g. the
// clustering baselines' [0, 1]^d). D: n points drawn once (a fixed public seed) in the box's
// central half; D': the same with one point added at the corner (hi, ..., hi) or
// (lo, ..., lo). A corner is the record an attacker would add: it moves every coordinate sum by
// the most one point can (L1 d (hi - lo) / 2 from the centre), and so every mean and every
// data-dependent region built around a mean (lu_thesis Algorithm 7.1's sampling zones) as far
// as one record can. The third pair is the extreme of that: D is a tight cluster of n points
// around the point a quarter along the box's diagonal, D' adds the far corner, so the mean
// moves by about 3 (hi - lo) / (4 (n + 1)) in every coordinate.
std::vector<NeighbourPair> point_pairs(const PairShape& s) {
  const std::size_t n = s.size ? s.size : 20, d = s.dim;
  const double mid = (s.lo + s.hi) / 2, half = (s.hi - s.lo) / 2;
  PointSet base;
  base.n = n;
  base.d = d;
  Stream st(0xa0d17, hash64("audit points"), n, d);
  // mid + half (u - 1/2): for [-1, 1] exactly the u - 1/2 of the first audits.
  for (std::size_t i = 0; i < n * d; ++i) base.x.push_back(mid + half * (st.uniform() - 0.5));
  auto box = [&](double v) {
    std::ostringstream o;
    o << v;
    return o.str();
  };
  const std::string central = "[" + box(mid - half / 2) + ", " + box(mid + half / 2) + "]^" + std::to_string(d);
  auto add_corner = [](PointSet p, double corner) {
    p.n += 1;
    for (std::size_t j = 0; j < p.d; ++j) p.x.push_back(corner);
    return p;
  };
  std::vector<NeighbourPair> out;
  for (double corner : {s.hi, s.lo}) {
    std::ostringstream desc;
    desc << n << " points in " << central << ", and with a point added at (" << corner << ", ..., " << corner << ")";
    out.push_back({desc.str(), named(base, "audit D"), named(add_corner(base, corner), "audit D'")});
  }
  // Distinct points (k-means starts from k distinct data points), within (hi - lo) / 40 of the
  // quarter point.
  PointSet cluster;
  cluster.n = n;
  cluster.d = d;
  const double quarter = s.lo + (s.hi - s.lo) / 4;
  for (std::size_t i = 0; i < n * d; ++i) cluster.x.push_back(quarter + (s.hi - s.lo) / 20 * (st.uniform() - 0.5));
  std::ostringstream desc;
  desc << n << " points within " << box((s.hi - s.lo) / 40) << " of (" << quarter << ", ..., " << quarter
       << "), and with a point added at (" << s.hi << ", ..., " << s.hi << ")";
  out.push_back({desc.str(), named(cluster, "audit D"), named(add_corner(cluster, s.hi), "audit D'")});
  return out;
}

// Transactions over a universe of 6 items: small fixed records, then one record added that
// holds every item (the most any record moves an itemset count vector) or a single item.
std::vector<NeighbourPair> transaction_pairs(const PairShape& s) {
  const std::size_t n = s.size ? s.size : 8;
  const std::uint32_t universe = 6;
  Transactions base;
  base.universe = universe;
  Stream st(0xa0d17, hash64("audit transactions"), n);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::uint32_t i = 0; i < universe; ++i)
      if (st.uniform() < 0.4) base.items.push_back(i);
    base.offsets.push_back(base.items.size());
  }
  auto with_record = [&](const std::vector<std::uint32_t>& rec) {
    Transactions b = base;
    b.items.insert(b.items.end(), rec.begin(), rec.end());
    b.offsets.push_back(b.items.size());
    return b;
  };
  std::vector<NeighbourPair> out;
  std::vector<std::uint32_t> all;
  for (std::uint32_t i = 0; i < universe; ++i) all.push_back(i);
  out.push_back({std::to_string(n) + " records over 6 items, and with the record {0, ..., 5} added",
                 named(base, "audit D"), named(with_record(all), "audit D'")});
  out.push_back({std::to_string(n) + " records over 6 items, and with the record {0} added", named(base, "audit D"),
                 named(with_record({0}), "audit D'")});
  return out;
}

// Bag of words: documents with a few words each, and one more document.
std::vector<NeighbourPair> bag_pairs(const PairShape& s) {
  const std::uint32_t docs = s.size ? static_cast<std::uint32_t>(s.size) : 5, vocab = 4;
  BagOfWords base;
  base.documents = docs;
  base.vocabulary = vocab;
  for (std::uint32_t d = 0; d < docs; ++d)
    for (std::uint32_t w = 0; w < vocab; ++w)
      if ((d + w) % 2 == 0) {
        base.doc.push_back(d);
        base.word.push_back(w);
        base.count.push_back(1 + (d + w) % 3);
      }
  BagOfWords b = base;
  b.documents = docs + 1;
  for (std::uint32_t w = 0; w < vocab; ++w) {
    b.doc.push_back(docs);
    b.word.push_back(w);
    b.count.push_back(1);
  }
  return {{std::to_string(docs) + " documents over 4 words, and with a document holding every word once",
           named(std::move(base), "audit D"), named(std::move(b), "audit D'")}};
}

// Curator totals: one curator's data changes by one record of the largest value.
std::vector<NeighbourPair> curator_pairs(const PairShape& s) {
  const std::size_t m = s.size ? s.size : 4;
  CuratorTotals base;
  base.value_bound = 1;
  base.records_bound = 5;
  for (std::size_t i = 0; i < m; ++i) {
    base.records.push_back(3);
    base.total.push_back(1.5);
    base.largest.push_back(0.5);
  }
  CuratorTotals b = base;
  b.records[0] += 1;
  b.total[0] += 1;
  b.largest[0] = 1;
  return {{std::to_string(m) + " curators of 3 records (total 1.5 each), and curator 0 with a record of value 1 added",
           named(std::move(base), "audit D"), named(std::move(b), "audit D'")}};
}

// Networks (lu_thesis ch. 6): the edges are private, the path is what is published. A network of
// `size` vertices (default 6) with a Hamiltonian path and two more edges, drawn once with a fixed
// public seed; D' lacks one edge: a non-path edge (the path is still a path of D'), and a path
// edge (the adversary's N' of Eq. 6.5 that lacks a path edge, which the README finds breaks
// Algorithm 6.2 in that direction).
std::vector<NeighbourPair> network_pairs(const PairShape& s) {
  NetworkShape shape;
  shape.vertices = static_cast<std::uint32_t>(s.size ? s.size : 6);
  shape.edges = min_edges(shape) + 2;
  check_network_shape(shape, "audit network pair: ");
  Stream st(0xa0d17, hash64("audit network"), shape.vertices);
  Network base = generate_network(st, shape);
  auto is_path_edge = [&](std::pair<std::uint32_t, std::uint32_t> e) {
    for (std::size_t i = 0; i + 1 < base.path.size(); ++i) {
      const auto a = base.path[i], b = base.path[i + 1];
      if ((e.first == a && e.second == b) || (e.first == b && e.second == a)) return true;
    }
    return false;
  };
  std::vector<NeighbourPair> out;
  for (const bool path_edge : {false, true}) {
    for (std::size_t k = 0; k < base.edges.size(); ++k) {
      if (is_path_edge(base.edges[k]) != path_edge) continue;
      Network b = base;
      b.edges.erase(b.edges.begin() + static_cast<std::ptrdiff_t>(k));
      std::ostringstream desc;
      desc << shape.vertices << " vertices, " << base.edges.size() << " edges with a Hamiltonian path, and without "
           << (path_edge ? "the path edge (" : "the non-path edge (") << base.edges[k].first << ", "
           << base.edges[k].second << ")";
      out.push_back({desc.str(), named(base, "audit N"), named(std::move(b), "audit N'")});
      break;
    }
  }
  return out;
}

[[maybe_unused]] const bool registered = [] {
  register_pair_generator(DatasetKind::Histogram, histogram_pairs);
  register_pair_generator(DatasetKind::Points, point_pairs);
  register_pair_generator(DatasetKind::Transactions, transaction_pairs);
  register_pair_generator(DatasetKind::BagOfWords, bag_pairs);
  register_pair_generator(DatasetKind::CuratorTotals, curator_pairs);
  register_pair_generator(DatasetKind::Network, network_pairs);
  return true;
}();

}  // namespace

PairShape parse_pair_shape(const std::vector<std::string>& items) {
  PairShape s;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq);
    std::size_t value = 0;
    try {
      if (eq == std::string::npos) throw std::invalid_argument("");
      std::size_t used = 0;
      const long long v = std::stoll(item.substr(eq + 1), &used);
      if (used != item.size() - eq - 1 || v < 1 || v > 100000) throw std::invalid_argument("");
      value = static_cast<std::size_t>(v);
    } catch (const std::exception&) {
      throw Error("--pair-param " + quote(item) + ": expected size=N or dim=D with an integer in [1, 100000]");
    }
    if (key == "size") s.size = value;
    else if (key == "dim") s.dim = value;
    else throw Error("--pair-param " + quote(item) + ": unknown key " + quote(key) + " (allowed: size, dim)");
  }
  return s;
}

bool register_pair_generator(DatasetKind kind, PairGenerator g) {
  generators()[kind] = std::move(g);
  return true;
}

const PairGenerator* find_pair_generator(DatasetKind kind) {
  auto it = generators().find(kind);
  return it == generators().end() ? nullptr : &it->second;
}

std::vector<DatasetKind> kinds_with_pairs() {
  std::vector<DatasetKind> out;
  for (const auto& [k, _] : generators()) out.push_back(k);
  return out;
}

}  // namespace dplab::audit
