#include "datasets/dataset.hpp"

#include <string>

namespace dplab {

const char* kind_name(DatasetKind k) {
  switch (k) {
    case DatasetKind::Points: return "points";
    case DatasetKind::Histogram: return "histogram";
    case DatasetKind::Histogram2D: return "histogram2d";
    case DatasetKind::BagOfWords: return "bag-of-words";
    case DatasetKind::Transactions: return "transactions";
    case DatasetKind::Ratings: return "ratings";
  }
  return "?";
}

std::string BagOfWords::summary() const {
  return std::to_string(documents) + " documents, " + std::to_string(vocabulary) + " words, " +
         std::to_string(count.size()) + " non-zeros";
}

}  // namespace dplab
