// The dataset catalogue: every dataset by name with its kind, files (relative to a data root,
// each with its sha256), published size, upstream URL, licence and the papers that use it;
// synthetic generators with their parameters; and entries for data the papers used that is not
// publicly available, naming the substitute a spec should use. Entries register themselves
// with DPLAB_DATASET in their own .cpp, like algorithms.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/macros.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "datasets/dataset.hpp"

namespace dplab {

struct DataFile {
  std::string path;    // relative to the data root, e.g. "unbalance/unbalance.data.txt"
  std::string sha256;  // of the file as stored (compressed files: of the .gz)
};

// Everything a loader or generator gets: where the data root is, the entry's parameters
// (validated, defaults filled in) and a seed for generators.
struct DatasetRequest {
  std::string root;
  Params params;
  std::uint64_t seed = 1;
};

struct DatasetInfo {
  std::string name;
  DatasetKind kind = DatasetKind::Points;
  std::string doc;                  // one line
  std::vector<DataFile> files;      // empty for generators
  std::size_t rows = 0, cols = 0;   // as published; 0 when they depend on parameters
  std::string upstream;             // where users elsewhere get the files (or the generator's source)
  std::string licence;
  std::string papers;               // which papers use it, and as what
  bool generator = false;           // synthetic: built from params and seed, no files
  std::vector<ParamSpec> params;    // generators' parameters
  // Not publicly available: loading fails with this note, which names the substitute.
  std::string unavailable;
  // Its files ship in the repository, datasets/embedded/<path> under dplab_home() (small public
  // data whose licence allows it, datasets/embedded/README.md): read from there when the data
  // root lacks them, so a fresh clone runs `make demo` with no download.
  bool embedded = false;
  std::function<std::shared_ptr<const Dataset>(const DatasetInfo&, const DatasetRequest&)> load;
};

// Resolution order of the data root: explicit (--data-dir), $DPLAB_DATA, ../shared/datasets
// next to the source tree or the working directory, then datasets/cache.
std::string data_root(const std::string& explicit_dir = "");
void set_data_root_override(const std::string& dir);

// The path of info.files[index] under the request's root (or, for an embedded entry whose file
// the root lacks, under datasets/embedded/), after checking that it exists and that its sha256
// matches (computed once per file and remembered, see checksum.hpp). Throws one error naming
// the dataset, the path looked at, the expected checksum and how to fetch it.
std::string dataset_file(const DatasetInfo& info, const DatasetRequest& req, std::size_t index);

// Where info.files[index] would be read from under `root` (the embedded copy when the root lacks
// it), and whether it is there; no checksum is computed.
std::string dataset_file_path(const DatasetInfo& info, const std::string& root, std::size_t index);
bool dataset_files_present(const DatasetInfo& info, const std::string& root);

// "get it with `make data` ...": how to obtain an entry's files, for error and skip messages.
std::string how_to_fetch(const DatasetInfo& info);

// The folder of the data shipped in the repository: datasets/embedded under dplab_home().
std::string embedded_data_dir();

// Loads a catalogue entry: refuses unavailable entries with their note, fills in defaults.
std::shared_ptr<const Dataset> load_dataset(const DatasetInfo& info, const DatasetRequest& req);

using DatasetRegistry = Registry<DatasetInfo>;
bool register_dataset(DatasetInfo info);
// The entry named `name`, or an error with "did you mean".
const DatasetInfo& find_dataset(const std::string& name);

}  // namespace dplab

#define DPLAB_DATASET(id, ...)                                                 \
  [[maybe_unused]] static const bool DPLAB_CONCAT(dplab_registered_dataset_, id) = \
      ::dplab::register_dataset(__VA_ARGS__)
