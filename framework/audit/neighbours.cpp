#include "framework/audit/neighbours.hpp"

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "datasets/generators/hamiltonian_network.hpp"

namespace dplab::audit {

std::string vector_text(const std::vector<double>& v) {
  std::ostringstream o;
  o << "(";
  for (std::size_t i = 0; i < v.size(); ++i) o << (i ? ", " : "") << v[i];
  o << ")";
  return o.str();
}

namespace {

std::map<DatasetKind, PairGenerator>& generators() {
  static std::map<DatasetKind, PairGenerator> g;
  return g;
}

// Histograms: each cell +1 (one record added) on three bases. The alternating base holds the
// pair that exposed DPBench's DAWA partition noise (tests/test_dawa.cpp): an empty cell between
// two occupied ones moves the deviation of every interval containing it at once.
std::vector<NeighbourPair> histogram_pairs(const PairShape& s) {
  const std::size_t n = s.size ? s.size : 4;
  std::vector<NeighbourPair> out;
  std::vector<double> alternating(n);
  for (std::size_t i = 0; i < n; ++i) alternating[i] = i % 2 == 0 ? 1 : 0;
  for (const auto& base : {alternating, std::vector<double>(n, 0.0), std::vector<double>(n, 5.0)})
    for (std::size_t cell = 0; cell < n; ++cell) {
      Histogram a, b;
      a.counts = base;
      b.counts = base;
      b.counts[cell] += 1;
      out.push_back({"x = " + vector_text(a.counts) + ", x' = " + vector_text(b.counts) + " (cell " +
                         std::to_string(cell) + " +1)",
                     named(std::move(a), "audit x"), named(std::move(b), "audit x'")});
    }
  return out;
}

// 2-D histograms (side x side, row-major): each cell +1 on three bases, the 2-D twins of the
// 1-D ones: a checkerboard (empty cells between occupied ones along both axes), all zero, all
// five. The grid and tree algorithms cut the domain where the counts say; a record added in a
// corner, an edge or the middle moves every cut that contains it.
std::vector<NeighbourPair> histogram2d_pairs(const PairShape& s) {
  const std::size_t side = s.size ? s.size : 4;
  std::vector<double> checker(side * side);
  for (std::size_t r = 0; r < side; ++r)
    for (std::size_t c = 0; c < side; ++c) checker[r * side + c] = (r + c) % 2 == 0 ? 1 : 0;
  const std::vector<std::pair<std::string, std::vector<double>>> bases = {
      {"checkerboard", checker}, {"zero", std::vector<double>(side * side, 0.0)},
      {"all five", std::vector<double>(side * side, 5.0)}};
  std::vector<NeighbourPair> out;
  for (const auto& [name, base] : bases)
    for (std::size_t cell = 0; cell < side * side; ++cell) {
      Histogram2D a, b;
      a.rows = b.rows = a.cols = b.cols = side;
      a.counts = base;
      b.counts = base;
      b.counts[cell] += 1;
      out.push_back({std::to_string(side) + " x " + std::to_string(side) + " " + name + " x, x' with cell (" +
                         std::to_string(cell / side) + ", " + std::to_string(cell % side) + ") +1",
                     named(std::move(a), "audit x"), named(std::move(b), "audit x'")});
    }
  return out;
}

// Transactions over a universe of 6 items: small fixed records; records added that hold every
// item (the most any record moves an itemset count vector), a single item or two, and each base
// record removed.
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
  auto record_text = [](std::span<const std::uint32_t> rec) {
    std::string t = "{";
    for (std::size_t i = 0; i < rec.size(); ++i) t += (i ? ", " : "") + std::to_string(rec[i]);
    return t + "}";
  };
  const std::string head = std::to_string(n) + " records over 6 items";
  std::vector<NeighbourPair> out;
  for (const std::vector<std::uint32_t>& rec : {std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5}, {0}, {2, 3}}) {
    Transactions b = base;
    b.items.insert(b.items.end(), rec.begin(), rec.end());
    b.offsets.push_back(b.items.size());
    out.push_back({head + ", and with the record " + record_text(rec) + " added", named(base, "audit D"),
                   named(std::move(b), "audit D'")});
  }
  for (std::size_t r = 0; r < n; ++r) {
    Transactions a;
    a.universe = universe;
    for (std::size_t q = 0; q < n; ++q) {
      if (q == r) continue;
      const auto rec = base.record(q);
      a.items.insert(a.items.end(), rec.begin(), rec.end());
      a.offsets.push_back(a.items.size());
    }
    out.push_back({head + " without record " + std::to_string(r) + " " + record_text(base.record(r)) + ", and with it",
                   named(std::move(a), "audit D"), named(base, "audit D'")});
  }
  return out;
}

// Bag of words: documents with a few words each; a document added (every word once; one word
// three times), and each document removed.
std::vector<NeighbourPair> bag_pairs(const PairShape& s) {
  const std::uint32_t docs = s.size ? static_cast<std::uint32_t>(s.size) : 5, vocab = 4;
  auto corpus = [&](std::uint32_t skip) {
    BagOfWords c;
    c.vocabulary = vocab;
    for (std::uint32_t d = 0; d < docs; ++d) {
      if (d == skip) continue;
      for (std::uint32_t w = 0; w < vocab; ++w)
        if ((d + w) % 2 == 0) {
          c.doc.push_back(c.documents);
          c.word.push_back(w);
          c.count.push_back(1 + (d + w) % 3);
        }
      ++c.documents;
    }
    return c;
  };
  const BagOfWords base = corpus(docs);
  const std::string head = std::to_string(docs) + " documents over 4 words";
  std::vector<NeighbourPair> out;
  for (const bool every_word : {true, false}) {
    BagOfWords b = base;
    for (std::uint32_t w = 0; w < (every_word ? vocab : 1); ++w) {
      b.doc.push_back(docs);
      b.word.push_back(w);
      b.count.push_back(every_word ? 1 : 3);
    }
    b.documents = docs + 1;
    out.push_back({head + ", and with a document " + (every_word ? "holding every word once" : "holding word 0 three times"),
                   named(base, "audit D"), named(std::move(b), "audit D'")});
  }
  for (std::uint32_t d = 0; d < docs; ++d)
    out.push_back({head + " without document " + std::to_string(d) + ", and with it", named(corpus(d), "audit D"),
                   named(base, "audit D'")});
  return out;
}

// Curator totals: m curators of 3 records (total 1.5, largest 0.5); a record of the largest
// value 1 added to each curator, one of value 0.25 added to curator 0, one of 0.5 removed from
// it (its local sensitivity stays).
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
  const std::string head = std::to_string(m) + " curators of 3 records (total 1.5, largest 0.5 each)";
  std::vector<NeighbourPair> out;
  for (std::size_t c = 0; c < m; ++c) {
    CuratorTotals b = base;
    b.records[c] += 1;
    b.total[c] += 1;
    b.largest[c] = 1;
    out.push_back({head + ", and curator " + std::to_string(c) + " with a record of value 1 added",
                   named(base, "audit D"), named(std::move(b), "audit D'")});
  }
  CuratorTotals small = base, fewer = base;
  small.records[0] += 1;
  small.total[0] += 0.25;
  out.push_back({head + ", and curator 0 with a record of value 0.25 added", named(base, "audit D"),
                 named(std::move(small), "audit D'")});
  fewer.records[0] -= 1;
  fewer.total[0] -= 0.5;
  out.push_back({head + ", and curator 0 without one of its records of value 0.5", named(base, "audit D"),
                 named(std::move(fewer), "audit D'")});
  return out;
}

// Networks (lu_thesis ch. 6): the edges are private, the path is what is published. A network of
// `size` vertices (default 6) with a Hamiltonian path and two more edges, drawn once with a fixed
// public seed; D' lacks one edge, each edge in turn: a non-path edge (the path is still a path of
// D') or a path edge (the adversary's N' of Eq. 6.5 that lacks a path edge, which docs/papers/lu_thesis.md
// finds breaks Algorithm 6.2 in that direction).
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
  for (std::size_t k = 0; k < base.edges.size(); ++k) {
    Network b = base;
    b.edges.erase(b.edges.begin() + static_cast<std::ptrdiff_t>(k));
    std::ostringstream desc;
    desc << shape.vertices << " vertices, " << base.edges.size() << " edges with a Hamiltonian path, and without "
         << (is_path_edge(base.edges[k]) ? "the path edge (" : "the non-path edge (") << base.edges[k].first << ", "
         << base.edges[k].second << ")";
    out.push_back({desc.str(), named(base, "audit N"), named(std::move(b), "audit N'")});
  }
  return out;
}

[[maybe_unused]] const bool registered = [] {
  register_pair_generator(DatasetKind::Histogram, histogram_pairs);
  register_pair_generator(DatasetKind::Histogram2D, histogram2d_pairs);
  register_pair_generator(DatasetKind::Points, point_pairs);  // neighbours_points.cpp
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
