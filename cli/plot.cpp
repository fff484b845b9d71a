// dplab plot RESULT [--format png,pdf]: renders the figure or table with plots/plot.py
// (Python 3, matplotlib, h5py), from the result file alone.
#include <sys/wait.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/store.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

int plot(const std::vector<std::string>& args) {
  po::options_description opts("dplab plot RESULT [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("format", po::value<std::string>()->default_value("png,pdf"), "comma-separated: png, pdf, svg")
      ("out-dir", po::value<std::string>()->default_value(""), "where to write (default: next to RESULT)");
  po::options_description hidden;
  hidden.add_options()("result", po::value<std::string>(), "result file");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("result", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nWrites RESULT's figure (line or bar plot with 95% bands, or a table) with the\n"
                         "paper's published numbers beside ours, as <name>.<format> next to RESULT.\n";
    return 0;
  }
  if (!vm.count("result")) throw Error("missing RESULT: dplab plot results/<paper>/<name>.h5");
  const std::string result = vm["result"].as<std::string>();
  if (!is_result_file(result)) throw Error(result + ": not a dplab result file");
  const std::string script = (fs::path(home()) / "plots" / "plot.py").string();
  if (!fs::exists(script)) throw Error("plotting script not found at " + script + " (set DPLAB_HOME)");
  // Debian's python3 has matplotlib and h5py (scripts/install-deps.sh); a python3 earlier on
  // PATH (pyenv, venv) may not. $DPLAB_PYTHON overrides.
  std::string python = "python3";
  if (const char* env = std::getenv("DPLAB_PYTHON"); env && *env) python = env;
  else if (fs::exists("/usr/bin/python3")) python = "/usr/bin/python3";
  std::vector<std::string> argv_s = {python, script, result, "--format", vm["format"].as<std::string>()};
  if (!vm["out-dir"].as<std::string>().empty()) {
    argv_s.push_back("--out-dir");
    argv_s.push_back(vm["out-dir"].as<std::string>());
  }
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::cout.flush();
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv.data());
    std::perror(("dplab plot: cannot run " + python).c_str());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error("plotting failed for " + result + " (see the message above)");
  return 0;
}

}  // namespace dplab::cli
