#include "framework/plugin_loader.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iterator>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/checksum.hpp"
#include "datasets/transform.hpp"
#include "dplab_git_version.hpp"
#include "framework/registry.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

std::vector<LoadedPlugin>& plugins() {
  static std::vector<LoadedPlugin> p;
  return p;
}

// Every name of every registry, to tell what a plugin added.
std::vector<std::string> all_names() {
  std::vector<std::string> out;
  for (const auto& n : AlgorithmRegistry::instance().names()) out.push_back("algorithm " + n);
  for (const auto& n : MetricRegistry::instance().names()) out.push_back("metric " + n);
  for (const auto& n : DatasetRegistry::instance().names()) out.push_back("dataset " + n);
  for (const auto& n : TransformRegistry::instance().names()) out.push_back("transform " + n);
  std::sort(out.begin(), out.end());
  return out;
}

void load_one(const fs::path& file, const std::string& from) {
  std::error_code ec;
  const fs::path path = fs::weakly_canonical(fs::absolute(file), ec);
  for (const auto& p : plugins())
    if (p.path == path.string()) return;  // named twice (--plugins and DPLAB_PLUGIN_PATH): once
  const std::vector<std::string> before = all_names();
  std::vector<std::string> errors;
  registration_errors() = &errors;
  // RTLD_NOW: a symbol the binary does not have (a plugin built against another dplab version)
  // fails here, with its name, rather than in the middle of a run.
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  registration_errors() = nullptr;
  if (!handle) {
    const char* why = ::dlerror();
    throw Error("cannot load plugin " + path.string() + " (from " + from + "): " + (why ? why : "unknown dlopen error") +
                "; was it built with dplab_add_plugin against this dplab (" + std::string(DPLAB_GIT_DESCRIBE) + ")?");
  }
  if (!errors.empty()) {
    std::string all;
    for (const auto& e : errors) all += (all.empty() ? "" : "; ") + e;
    throw Error("plugin " + path.string() + " (from " + from + "): " + all +
                "; rename it (names are \"<paper>.<algorithm>\"; a plugin's own prefix avoids clashes)");
  }
  LoadedPlugin lp;
  lp.path = path.string();
  lp.sha256 = sha256_file(lp.path);
  const std::vector<std::string> after = all_names();
  std::set_difference(after.begin(), after.end(), before.begin(), before.end(), std::back_inserter(lp.registered));
  plugins().push_back(std::move(lp));
}

void load_source(const std::string& source, const std::string& from) {
  std::error_code ec;
  if (fs::is_regular_file(source, ec)) {
    load_one(source, from);
    return;
  }
  if (!fs::is_directory(source, ec))
    throw Error("plugin folder " + quote(source) + " (from " + from + ") does not exist; give a folder of plugin .so files or one .so file");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(source, ec))
    if (e.is_regular_file() && e.path().extension() == ".so") files.push_back(e.path());
  if (files.empty())
    throw Error("plugin folder " + quote(source) + " (from " + from +
                ") holds no .so file; build your plugin there (dplab_add_plugin) or name the .so itself");
  std::sort(files.begin(), files.end());
  for (const auto& f : files) load_one(f, from);
}

}  // namespace

void load_plugins(const std::vector<std::string>& sources) {
  for (const auto& s : sources) load_source(s, "--plugins");
  if (const char* env = std::getenv("DPLAB_PLUGIN_PATH"); env && *env) {
    const std::string list = env;
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t end = std::min(list.find(':', start), list.size());
      if (end > start) load_source(list.substr(start, end - start), "DPLAB_PLUGIN_PATH");
      start = end + 1;
    }
  }
}

const std::vector<LoadedPlugin>& loaded_plugins() { return plugins(); }

std::string code_version() {
  std::string v = DPLAB_GIT_DESCRIBE;
  if (plugins().empty()) return v;
  const std::string dirty = "-dirty";
  if (v.size() < dirty.size() || v.compare(v.size() - dirty.size(), dirty.size(), dirty) != 0) v += dirty;
  // Each plugin with its sha256's first 12 digits: a plugin rebuilt with other code (same file
  // name) is another code version, announced when a result would mix the two.
  v += "+plugins(";
  for (std::size_t i = 0; i < plugins().size(); ++i)
    v += (i ? " " : "") + fs::path(plugins()[i].path).filename().string() + "@" + plugins()[i].sha256.substr(0, 12);
  return v + ")";
}

std::string plugins_record() {
  std::string out;
  for (const auto& p : plugins()) out += p.sha256 + "  " + p.path + "\n";
  return out;
}

}  // namespace dplab
