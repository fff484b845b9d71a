// Datasets as the algorithms see them: loaded once per run, shared read-only by all trials.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace dplab {

enum class DatasetKind { Points, Histogram, Histogram2D, BagOfWords, Transactions, Ratings };
const char* kind_name(DatasetKind k);

struct Dataset {
  std::string name;
  virtual ~Dataset() = default;
  virtual DatasetKind kind() const = 0;
  // One line of size information for `dplab list datasets` and progress messages.
  virtual std::string summary() const = 0;
};

// Bag-of-words counts as sparse triplets (UCI "docword" format): document d contains word w
// `count` times. Used by budget_series Table 2 (KOS, column "wordcount").
struct BagOfWords : Dataset {
  std::uint32_t documents = 0, vocabulary = 0;
  std::vector<std::uint32_t> doc, word, count;  // one entry per non-zero, same length
  DatasetKind kind() const override { return DatasetKind::BagOfWords; }
  std::string summary() const override;
};

}  // namespace dplab
