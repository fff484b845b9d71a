// dplab: reproduce differential-privacy experiments from specs.
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <limits>
#include <malloc.h>
#include <exception>
#include <new>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options/errors.hpp>

#include "cli/commands.hpp"
#include "dplab_git_version.hpp"
#include "core/error.hpp"
#include "core/home.hpp"
#include "framework/plugin_loader.hpp"

namespace {

const char* kUsage =
    "usage: dplab <command> [options]\n"
    "\n"
    "commands:\n"
    "  list [algorithms|metrics|datasets|experiments|findings]\n"
    "                                                   what is registered, with parameters and privacy status\n"
    "  run SPEC [--trials N] [--threads T] [--out FILE] [--set key=value]... [--point I --trial J]\n"
    "                                                   run a spec (resumes an interrupted run)\n"
    "  show RESULT [--csv]                              mean, 95% CI and the paper's value per point\n"
    "  plot RESULT [--format png,pdf]                   render the figure or table of a result\n"
    "  export RESULT --per-trial | --points [--out FILE]  every computed trial (or point) as tidy CSV\n"
    "  datasets list | show NAME [--param k=v]... | verify [NAME...]\n"
    "                                                   the dataset catalogue, statistics, checksums\n"
    "  merge OUT SHARD...                               join the files of run --shard I/N into one result\n"
    "  audit NAME [--param k=v]... [--samples N]        test an algorithm's eps-DP claim statistically\n"
    "  report [--results DIR] [--out DIR] [--claims]    HTML reproduction report: claims, figures, paper's numbers\n"
    "  claims [--paper P]... [--seeds K]                the papers' claims: verdicts with their intervals, at K seeds\n"
    "  upgrade RESULT...                                rewrite format-1 result files (no checksum) as format 2\n"
    "  python-path                                      the folder to put on PYTHONPATH for `import dplab`\n"
    "\n"
    "  dplab -C DIR <command>   run the command as if started in DIR\n"
    "  dplab --plugins DIR ...  load every plugin .so in DIR (or one .so) first; repeatable, and\n"
    "                           $DPLAB_PLUGIN_PATH (colon-separated) too (docs/plugins.md)\n"
    "  dplab <command> --help   options of one command\n"
    "  dplab --version          version and commit\n";

}  // namespace

int main(int argc, char** argv) {
  // Keep freed work arrays in the heap. A trial allocates and frees arrays of tens of MiB (2-D
  // DAWA's hierarchy pass: its pieces, per depth); with glibc's defaults each comes from a fresh
  // mmap or a heap that was trimmed back, and zeroing the new pages cost about a fifth of a 2-D
  // DAWA trial (docs/benchmarks.md). Blocks up to 32 MiB now stay in the heap, which is never
  // trimmed: the peak memory stays taken until the run ends.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  // dplab -C DIR <command>: run as if started in DIR (like make -C and git -C).
  int first = 1;
  while (first + 1 < argc && (std::strcmp(argv[first], "-C") == 0 || std::strcmp(argv[first], "--chdir") == 0)) {
    if (::chdir(argv[first + 1]) != 0) {
      std::cerr << "dplab: cannot change to directory " << dplab::quote(argv[first + 1]) << ": " << std::strerror(errno) << "\n";
      return 2;
    }
    first += 2;
  }
  if (first >= argc) {
    std::cerr << kUsage;
    return 2;
  }
  // --plugins DIR (repeatable) anywhere on the line: loaded before the command runs.
  std::vector<std::string> plugin_dirs, rest;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--plugins") {
      if (i + 1 >= argc) {
        std::cerr << "dplab: --plugins needs a folder of plugin .so files (or one .so file)\n";
        return 2;
      }
      plugin_dirs.push_back(argv[++i]);
    } else if (a.rfind("--plugins=", 0) == 0) {
      plugin_dirs.push_back(a.substr(10));
    } else {
      rest.push_back(a);
    }
  }
  if (rest.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string cmd = rest.front();
  const std::vector<std::string> args(rest.begin() + 1, rest.end());
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (cmd == "python-path") {
    // PYTHONPATH=$(dplab python-path) python3 -c 'import dplab': the package beside this binary's
    // experiments (share/dplab/python when installed, python/ of the source tree otherwise).
    std::cout << dplab::dplab_home() << "/python\n";
    return 0;
  }
  if (cmd == "--version" || cmd == "version") {
    std::cout << "dplab " << DPLAB_VERSION << " (" << DPLAB_GIT_DESCRIBE << ")\n";
    return 0;
  }
  // Past a file-size limit (ulimit -f) a write fails with EFBIG, which the store reports as an
  // error, instead of the signal killing dplab half-way through a result file.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    dplab::load_plugins(plugin_dirs);
    if (cmd == "list") return dplab::cli::list(args);
    if (cmd == "run") return dplab::cli::run(args);
    if (cmd == "show") return dplab::cli::show(args);
    if (cmd == "plot") return dplab::cli::plot(args);
    if (cmd == "export") return dplab::cli::export_result(args);
    if (cmd == "datasets") return dplab::cli::datasets(args);
    if (cmd == "audit") return dplab::cli::audit(args);
    if (cmd == "merge") return dplab::cli::merge(args);
    if (cmd == "report") return dplab::cli::report(args);
    if (cmd == "claims") return dplab::cli::claims(args);
    if (cmd == "upgrade") return dplab::cli::upgrade(args);
    std::cerr << "dplab: unknown command " << dplab::quote(cmd) << " (allowed: list, run, show, plot, export, datasets, merge, audit, report, claims, upgrade, python-path)\n";
    return 2;
  } catch (const boost::program_options::error& e) {
    std::cerr << "dplab " << cmd << ": " << e.what() << " (see dplab " << cmd << " --help)\n";
    return 2;
  } catch (const dplab::Error& e) {
    std::cerr << "dplab " << cmd << ": error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "dplab " << cmd << ": error: out of memory (is the run larger than this machine? see --max-cells)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "dplab " << cmd << ": internal error: " << e.what() << "\n";
    return 3;
  }
}
