#include "datasets/catalogue.hpp"

#include <cstdlib>
#include <filesystem>

#include "datasets/checksum.hpp"
#include "core/error.hpp"
#include "core/home.hpp"
#include "dplab_source_dir.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {
std::string& override_dir() {
  static std::string dir;
  return dir;
}

}  // namespace

std::string how_to_fetch(const DatasetInfo& info) {
  return "get it with `make data` (every public dataset) or scripts/fetch-datasets.sh " + info.name +
         " (into datasets/cache/), or from " + info.upstream + "; or point --data-dir or $DPLAB_DATA at the folder "
         "that holds it";
}

std::string embedded_data_dir() { return (fs::path(dplab_home()) / "datasets" / "embedded").string(); }

std::string dataset_file_path(const DatasetInfo& info, const std::string& root, std::size_t index) {
  const fs::path p = fs::path(root) / info.files.at(index).path;
  std::error_code ec;
  if (info.embedded && !fs::is_regular_file(p, ec)) return (fs::path(embedded_data_dir()) / info.files[index].path).string();
  return p.string();
}

bool dataset_files_present(const DatasetInfo& info, const std::string& root) {
  std::error_code ec;
  for (std::size_t i = 0; i < info.files.size(); ++i)
    if (!fs::is_regular_file(dataset_file_path(info, root, i), ec)) return false;
  return info.unavailable.empty();
}

void set_data_root_override(const std::string& dir) { override_dir() = dir; }

std::string data_root(const std::string& explicit_dir) {
  if (!explicit_dir.empty()) return explicit_dir;
  if (!override_dir().empty()) return override_dir();
  if (const char* env = std::getenv("DPLAB_DATA"); env && *env) return env;
  for (const fs::path& candidate : {fs::path(DPLAB_SOURCE_DIR) / ".." / "shared" / "datasets",
                                    fs::current_path() / ".." / "shared" / "datasets"}) {
    std::error_code ec;
    if (fs::is_directory(candidate, ec)) return fs::weakly_canonical(candidate).string();
  }
  return (fs::path(DPLAB_SOURCE_DIR) / "datasets" / "cache").string();
}

std::string dataset_file(const DatasetInfo& info, const DatasetRequest& req, std::size_t index) {
  const DataFile& f = info.files.at(index);
  const fs::path p = dataset_file_path(info, req.root, index);
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw Error("dataset '" + info.name + "': file not found at " + (fs::path(req.root) / f.path).string() +
                (info.embedded ? " nor at " + p.string() + " (the copy shipped with dplab)" : "") +
                " (expected sha256 " + f.sha256 + "); " + how_to_fetch(info));
  if (!f.sha256.empty() && !verify_sha256(p.string(), f.sha256))
    throw Error("dataset '" + info.name + "': " + p.string() + " is corrupt or a different version: its sha256 is " +
                sha256_file(p.string()) + ", expected " + f.sha256 + "; " + how_to_fetch(info));
  return p.string();
}

std::shared_ptr<const Dataset> load_dataset(const DatasetInfo& info, const DatasetRequest& req) {
  if (!info.unavailable.empty())
    throw Error("dataset '" + info.name + "' is not publicly available: " + info.unavailable);
  if (!info.load) throw Error("dataset '" + info.name + "' has no loader");
  DatasetRequest full = req;
  full.params = with_defaults(info.params, req.params);
  return info.load(info, full);
}

bool register_dataset(DatasetInfo info) {
  auto name = info.name;
  return DatasetRegistry::instance().add(name, std::make_shared<const DatasetInfo>(std::move(info)));
}

const DatasetInfo& find_dataset(const std::string& name) {
  auto& r = DatasetRegistry::instance();
  if (auto* d = r.find(name)) return *d;
  throw Error(unknown_name_message("dataset", name, r.names()));
}

}  // namespace dplab
