// Plugins outside the source tree: shared objects built against an installed dplab
// (find_package(dplab), dplab_add_plugin; see docs/plugins.md) and loaded with
// `dplab --plugins DIR` or $DPLAB_PLUGIN_PATH before the command runs.
//
// A plugin registers its algorithms, metrics, datasets and transforms with the same one-line
// macros as the project's own (DPLAB_ALGORITHM, ...), at static-initialisation time, that is
// inside dlopen. The dplab binary is linked with -rdynamic (CMake ENABLE_EXPORTS), so the
// plugin's undefined symbols, the registries' function-local statics among them, resolve to the
// binary's own definitions: the plugin fills the very registries the engine reads. Results
// computed with plugins record it: the code version gains "-dirty+plugins(...)" and the result
// file lists every plugin's path and sha256 (RunMeta::plugins).
#pragma once
#include <string>
#include <vector>

namespace dplab {

struct LoadedPlugin {
  std::string path;    // absolute
  std::string sha256;  // of the .so as loaded
  std::vector<std::string> registered;  // what it added ("algorithm my.thing", ...)
};

// Loads every plugin named by `sources` (each a directory, whose *.so files load in name
// order, or one .so file) and then by $DPLAB_PLUGIN_PATH (a colon-separated list of the same).
// Throws an Error naming the file and dlerror()'s message when one cannot be loaded, or when it
// registers a name that is taken.
void load_plugins(const std::vector<std::string>& sources);

const std::vector<LoadedPlugin>& loaded_plugins();

// The code version to record: the build's `git describe`, and when plugins are loaded
// "-dirty+plugins(<file names>)", since their code is not in the commit.
std::string code_version();

// One line per loaded plugin: "<sha256>  <path>" (the format of sha256sum); empty without plugins.
std::string plugins_record();

}  // namespace dplab
