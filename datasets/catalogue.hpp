// The dataset catalogue: every dataset by name, with where its files live relative to the data
// root, where to get them, and how to load them. Entries register themselves
// (DPLAB_DATASET in their own .cpp), like algorithms.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "datasets/dataset.hpp"

namespace dplab {

struct DatasetInfo {
  std::string name;
  DatasetKind kind;
  std::string doc;                 // one line
  std::vector<std::string> files;  // relative to the data root
  std::string upstream;            // where users elsewhere get the files
  std::string papers;              // which papers use it
  // Loads from the resolved data root (files[i] resolved against it).
  std::function<std::shared_ptr<const Dataset>(const std::string& root)> load;
};

// Resolution order of the data root: explicit (--data-dir), $DPLAB_DATA, ../shared/datasets
// next to the source tree or the working directory, then datasets/cache.
std::string data_root(const std::string& explicit_dir = "");
void set_data_root_override(const std::string& dir);

// Opens `relative` under the data root; throws an error naming the dataset, the path looked at
// and how to fetch it when the file is missing.
std::string dataset_file(const DatasetInfo& info, const std::string& root, const std::string& relative);

}  // namespace dplab
