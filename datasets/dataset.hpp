// Datasets as the algorithms see them: loaded once per run, shared read-only by all trials,
// stored compactly (one contiguous array per field, no per-record allocation).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace dplab {

enum class DatasetKind { Points, Histogram, Histogram2D, BagOfWords, Transactions, Ratings, Network, CuratorTotals };
const char* kind_name(DatasetKind k);

// Name/value lines for `dplab datasets show` (sizes and statistics).
using Statistics = std::vector<std::pair<std::string, std::string>>;

struct Dataset {
  std::string name;
  virtual ~Dataset() = default;
  virtual DatasetKind kind() const = 0;
  // One line of size information for listings and progress messages.
  virtual std::string summary() const = 0;
  virtual Statistics statistics() const = 0;
};

// n points in d dimensions, row-major in one array, with optional ground-truth labels
// (0-based cluster ids, one per point) for the labelled sets.
struct PointSet : Dataset {
  std::size_t n = 0, d = 0;
  std::vector<double> x;              // n * d values, point i at x[i*d .. i*d+d)
  std::vector<std::int32_t> labels;   // empty, or n labels
  const double* row(std::size_t i) const { return x.data() + i * d; }
  bool labelled() const { return !labels.empty(); }
  std::size_t label_count() const;    // number of distinct labels
  DatasetKind kind() const override { return DatasetKind::Points; }
  std::string summary() const override;
  Statistics statistics() const override;
};

// A 1-D histogram (count vector), e.g. the DPBench files of length 4096.
struct Histogram : Dataset {
  std::vector<double> counts;
  DatasetKind kind() const override { return DatasetKind::Histogram; }
  std::string summary() const override;
  // scale (sum), % zero counts, mean, population standard deviation (workload_division
  // Table 1 prints this as "variance"), min, max.
  Statistics statistics() const override;
};

// A 2-D histogram, rows x cols, row-major.
struct Histogram2D : Dataset {
  std::size_t rows = 0, cols = 0;
  std::vector<double> counts;
  DatasetKind kind() const override { return DatasetKind::Histogram2D; }
  std::string summary() const override;
  Statistics statistics() const override;
};

// Bag-of-words counts as sparse triplets (UCI "docword" format): document doc[j] contains word
// word[j] count[j] times (0-based ids).
struct BagOfWords : Dataset {
  std::uint32_t documents = 0, vocabulary = 0;
  std::vector<std::uint32_t> doc, word, count;
  DatasetKind kind() const override { return DatasetKind::BagOfWords; }
  std::string summary() const override;
  Statistics statistics() const override;
};

// Set-valued records in CSR form: record r holds the items items[offsets[r] .. offsets[r+1]),
// sorted and distinct, ids in [0, universe).
struct Transactions : Dataset {
  std::uint32_t universe = 0;
  std::vector<std::uint64_t> offsets{0};  // records() + 1 entries
  std::vector<std::uint32_t> items;
  std::vector<std::string> item_names;    // optional, universe entries
  std::size_t records() const { return offsets.size() - 1; }
  std::span<const std::uint32_t> record(std::size_t r) const {
    return {items.data() + offsets[r], static_cast<std::size_t>(offsets[r + 1] - offsets[r])};
  }
  DatasetKind kind() const override { return DatasetKind::Transactions; }
  std::string summary() const override;
  // |D|, |I|, max |t|, average |t| (diffpart Table 2).
  Statistics statistics() const override;
};

// Ratings as triplets (MovieLens u.data): user[j] rated item[j] with rating[j] (0-based ids).
struct Ratings : Dataset {
  std::uint32_t users = 0, items = 0;
  std::vector<std::uint32_t> user, item;
  std::vector<float> rating;
  std::vector<std::uint32_t> timestamp;  // optional, same length when present
  DatasetKind kind() const override { return DatasetKind::Ratings; }
  std::string summary() const override;
  Statistics statistics() const override;
};

// A network with a known path over all its vertices (lu_thesis ch. 6): undirected edges
// between vertices 0..vertices-1; `path` visits every vertex, once each unless `cyclic`, when it
// returns to vertices it visited before (rings; consecutive visits are always distinct).
struct Network : Dataset {
  std::uint32_t vertices = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::vector<std::uint32_t> path;
  bool cyclic = false;
  DatasetKind kind() const override { return DatasetKind::Network; }
  std::string summary() const override;
  Statistics statistics() const override;
};

// Records held by distributed data curators, summarised per curator (lu_thesis ch. 5): how many
// records each holds, their total and their largest value, with the bounds of the record domain
// that set the global sensitivity of a sum or a count. Distributed sums and counts need nothing
// more, and the raw records can be too many to hold: ElectricityLoadDiagrams20112014 is 370
// meters x 140,256 readings (52 million values) for 370 x 3 numbers.
struct CuratorTotals : Dataset {
  std::vector<std::uint64_t> records;  // m_i, records of curator i
  std::vector<double> total;           // the sum of its records
  std::vector<double> largest;         // its largest record
  double value_bound = 0;              // the largest value a record may take
  double records_bound = 0;            // the most records a curator may hold
  std::size_t curators() const { return total.size(); }
  DatasetKind kind() const override { return DatasetKind::CuratorTotals; }
  std::string summary() const override;
  // Curators, records, the sum's local sensitivities (sum of the largest records against the
  // largest total: the condition of McSherry's parallel composition, lu_thesis §5.1), bounds.
  Statistics statistics() const override;
};

}  // namespace dplab
