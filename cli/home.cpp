#include <cstdlib>
#include <string>

#include "cli/commands.hpp"
#include "dplab_source_dir.hpp"

namespace dplab::cli {

std::string home() {
  if (const char* h = std::getenv("DPLAB_HOME"); h && *h) return h;
  return DPLAB_SOURCE_DIR;
}

}  // namespace dplab::cli
