#include "datasets/catalogue.hpp"

#include <cstdlib>
#include <filesystem>

#include "framework/error.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {
std::string& override_dir() {
  static std::string dir;
  return dir;
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

std::string dataset_file(const DatasetInfo& info, const std::string& root,
                         const std::string& relative) {
  fs::path p = fs::path(root) / relative;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw Error("dataset '" + info.name + "': file not found at " + p.string() +
                " (data root from --data-dir, $DPLAB_DATA, ../shared/datasets or datasets/cache; "
                "upstream copy: " + info.upstream + ")");
  return p.string();
}

}  // namespace dplab
