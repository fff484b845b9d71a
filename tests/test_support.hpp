// Helpers shared by the runner and end-to-end tests: temporary directories, spec files and
// running the dplab binary.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"
#include "dplab_test_paths.hpp"
#include "framework/spec.hpp"

namespace dplab::testing {

// Skips: counted by tests/main.cpp, which then exits with ctest's skip code.
int& skip_count();
#define DPLAB_SKIP(reason)                                         \
  do {                                                             \
    MESSAGE("SKIPPED: " << reason);                                \
    ++::dplab::testing::skip_count();                              \
    return;                                                        \
  } while (0)

inline bool contains(const std::string& s, const std::string& sub) { return s.find(sub) != std::string::npos; }

// Why a test cannot run for want of real data: "" when every named catalogue entry has its files
// in the data root (data_root(), as the binary resolves it: $DPLAB_DATA, ../shared/datasets,
// datasets/cache) or ships with dplab; else a message naming the first missing dataset and how to
// get it. A fresh clone has only the embedded data (datasets/embedded/).
inline std::string missing_data(const std::vector<std::string>& names) {
  const std::string root = dplab::data_root();
  for (const auto& name : names) {
    const dplab::DatasetInfo& info = dplab::find_dataset(name);
    if (!dplab::dataset_files_present(info, root))
      return "dataset '" + name + "' is not in the data root " + root + ": " + dplab::how_to_fetch(info);
  }
  return "";
}

// The same for every dataset a spec names (generators and user files have nothing to fetch).
inline std::string missing_data_of_spec(const dplab::Spec& spec) {
  std::vector<std::string> names;
  for (const auto& d : spec.datasets)
    if (!dplab::find_dataset(d.name).files.empty() && d.name.rfind("file:", 0) != 0) names.push_back(d.name);
  return missing_data(names);
}

// Skips the rest of a test case (DPLAB_SKIP: the suite then exits 77, shown as skipped) when a
// named dataset is missing, e.g. DPLAB_REQUIRE_DATA("kos", "unbalance").
#define DPLAB_REQUIRE_DATA(...)                                                         \
  do {                                                                                \
    const std::string dplab_missing_ = ::dplab::testing::missing_data({__VA_ARGS__}); \
    if (!dplab_missing_.empty()) DPLAB_SKIP(dplab_missing_);                          \
  } while (0)

// The message of the dplab::Error that f throws; fails the check when it throws none.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const dplab::Error& e) {
    return e.what();
  }
  FAIL_CHECK("no dplab::Error was thrown");
  return "";
}

// A fresh directory under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "dplab-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Command {
  int code = -1;
  std::string out, err;
};

// Runs `dplab <args>` through the shell, capturing stdout and stderr.
inline Command run_dplab(const std::string& args, const TempDir& dir) {
  Command c;
  std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  std::string cmd = std::string(DPLAB_BINARY) + " " + args + " > " + out + " 2> " + err;
  int status = std::system(cmd.c_str());
  c.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.out = read_file(out);
  c.err = read_file(err);
  return c;
}

// Runs a shell command with `dir` as its working directory, capturing stdout and stderr
// (scripts, python, make: what is not the dplab binary).
inline Command run_shell(const TempDir& dir, const std::string& cmd) {
  const std::string out = dir / "sh.out", err = dir / "sh.err";
  const int status = std::system(("cd " + dir.path().string() + " && " + cmd + " > " + out + " 2> " + err).c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out), read_file(err)};
}

}  // namespace dplab::testing

#define CHECK_CONTAINS(s, sub) \
  CHECK_MESSAGE(dplab::testing::contains((s), (sub)), "'" << (s) << "' lacks '" << (sub) << "'")
