#include "datasets/catalogue.hpp"

#include <cstdlib>
#include <filesystem>

#include "datasets/checksum.hpp"
#include "core/error.hpp"
#include "dplab_source_dir.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {
std::string& override_dir() {
  static std::string dir;
  return dir;
}

std::string how_to_fetch(const DatasetInfo& info) {
  return "get it with scripts/fetch-datasets.sh " + info.name + " (into datasets/cache/), or from " +
         info.upstream + "; point --data-dir or $DPLAB_DATA at the folder that holds it";
}
}  // namespace

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
  const fs::path p = fs::path(req.root) / f.path;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw Error("dataset '" + info.name + "': file not found at " + p.string() + " (expected sha256 " +
                f.sha256 + "); " + how_to_fetch(info));
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
