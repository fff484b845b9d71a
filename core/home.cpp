#include "core/home.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "dplab_source_dir.hpp"

namespace fs = std::filesystem;

namespace dplab {

std::string dplab_home() {
  if (const char* h = std::getenv("DPLAB_HOME"); h && *h) return h;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "dplab";
    if (fs::is_directory(installed / "plots", ec)) return installed.string();
  }
  return DPLAB_SOURCE_DIR;
}

}  // namespace dplab
