// dplab plot RESULT [--format png,pdf]: renders the figure or table with plots/plot.py
// (Python 3, matplotlib, h5py), from the result file alone.
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/plot_check.hpp"
#include "framework/registry.hpp"
#include "framework/result_privacy.hpp"
#include "framework/checked_file.hpp"
#include "framework/replace_file.hpp"
#include "framework/spec.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"
#include "framework/sweep.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

namespace {

// The baselines the plot section asks for (`baseline: {column: value}` in any of its plots).
std::vector<std::map<std::string, std::string>> plot_baselines(const std::string& plot_json, const std::string& path) {
  std::vector<std::map<std::string, std::string>> out;
  YAML::Node root;
  try {
    root = YAML::Load(plot_json);  // JSON is YAML
  } catch (const YAML::Exception& e) {
    throw Error(path + ": its plot section is not valid JSON (" + e.msg + ")");
  }
  std::vector<YAML::Node> plots;
  if (root.IsSequence()) for (const auto& p : root) plots.push_back(p);
  else plots.push_back(root);
  for (const auto& p : plots) {
    if (!p.IsMap() || !p["baseline"]) continue;
    const YAML::Node b = p["baseline"];
    if (!b.IsMap()) throw Error(path + ": plot.baseline must be a mapping of column: value");
    std::map<std::string, std::string> base;
    for (const auto& kv : b) {
      if (!kv.first.IsScalar() || !kv.second.IsScalar())
        throw Error(path + ": plot.baseline must map column names to single values");
      base[kv.first.Scalar()] = kv.second.Scalar();
    }
    out.push_back(std::move(base));
  }
  return out;
}

// Removes a file when it goes out of scope.
struct RemoveOnExit {
  std::string path;
  ~RemoveOnExit() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

// A private folder for the script's figures in `out_dir` (".dplab-plot.tmp.<pid>"), removed on
// scope exit; one left by a killed dplab plot is removed by the next (framework/replace_file.hpp).
struct Staging {
  std::string dir;
  explicit Staging(const fs::path& out_dir) {
    const std::string base = (out_dir / ".dplab-plot").string();
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    remove_stale_temporaries(base);
    dir = base + ".tmp." + std::to_string(::getpid());
    fs::remove_all(dir, ec);
    if (!fs::create_directory(dir, ec))
      throw Error(out_dir.string() + ": cannot create a folder for the figures there (" +
                  (ec ? ec.message() : "it exists") + ")");
  }
  ~Staging() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
};

// The figure's caption of what it holds fixed: the dataset when the spec names one, and the
// spec's fixed parameters (after the run's --set, already in the stored spec text), e.g.
// "Birch3, eps = 1, k = 20".
std::string fixed_caption(const Spec& sp) {
  // One item per line (plot.py's fixed_caption joins them): a dataset label may itself hold ", ".
  // A parameter of the spec's metrics that no algorithm of the spec declares (e.g. cost_gap's
  // gap_reference) is followed by a tab and those metrics: it is said only on their figures, not
  // on a figure of another metric of the same run.
  std::string out = sp.datasets.size() == 1 ? sp.datasets.front().label : "";
  for (const auto& [name, value] : sp.params) {
    std::string item = name + " = " + value.text, metrics;
    for (const auto& m : sp.metrics)
      if (const Metric* metric = MetricRegistry::instance().find(m); metric && find_param(metric->info().params, name))
        metrics += (metrics.empty() ? "" : ",") + m;
    bool algorithm_param = false;
    for (const auto& e : sp.algorithms)
      if (const Algorithm* a = AlgorithmRegistry::instance().find(e.name); a && find_param(a->info().params, name))
        algorithm_param = true;
    if (!metrics.empty() && !algorithm_param) item += "\t" + metrics;
    out += (out.empty() ? "" : "\n") + item;
  }
  return out;
}

// The spec stored in the result (its text after the run's --set), with `plot_sets` (plot.<option>
// overrides of this command) applied and the plot checked against the result's points: a figure
// that would mix or drop values is refused with the --set that fixes it. A spec this build can no
// longer read or expand (another version, a plugin not loaded) is drawn as stored, with nothing
// to check against, unless plot options are overridden.
std::optional<Spec> stored_spec(const ResultData& r, const std::string& path, const std::vector<std::string>& plot_sets) {
  for (const auto& o : plot_sets)
    if (o.rfind("plot.", 0) != 0 && o.rfind("plot=", 0) != 0)
      throw Error("--set " + o + ": dplab plot changes plot options only (--set plot.<option>=value); to change what is "
                  "computed, run the spec with it: dplab run SPEC --set " + o);
  Spec sp;
  try {
    // Named after the result: line numbers are those of the stored text, not of the spec file.
    sp = parse_spec(r.meta.spec_text, path + " (its spec as run)", plot_sets);
  } catch (const Error& e) {
    if (plot_sets.empty()) return std::nullopt;
    throw Error(path + ": cannot apply --set to the spec stored in the result (" + e.what() + ")");
  }
  std::vector<Point> points;
  try {
    points = expand(sp);
  } catch (const Error& e) {
    // E.g. a plugin's algorithm, not loaded now: drawn as stored, as before this check.
    if (plot_sets.empty()) return sp;
    throw Error(path + ": cannot check the plot options against the spec stored in the result (" + e.what() +
                "; were its plugins loaded, --plugins DIR?)");
  }
  check_plot(sp, points);
  return sp;
}

}  // namespace

int plot(const std::vector<std::string>& args) {
  po::options_description opts("dplab plot RESULT [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("format", po::value<std::string>()->default_value("png,pdf"), "comma-separated: png, pdf, svg")
      ("out-dir", po::value<std::string>()->default_value(""), "where to write (default: next to RESULT)")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "draw with another plot option, e.g. --set plot.columns=eps (the result file is not changed)");
  const po::variables_map vm = parse_with_result(args, opts);
  if (vm.count("help")) {
    std::cout << opts << "\nWrites RESULT's figure (line or bar plot with 95% bands, or a table) with the\n"
                         "paper's published numbers beside ours, as <name>.<format> next to RESULT.\n"
                         "--set plot.<option>=value redraws it with other plot options, nothing recomputed\n"
                         "(`dplab run SPEC --set plot.<option>=value` stores them in the result instead).\n";
    return 0;
  }
  if (!vm.count("result")) throw Error("missing RESULT: dplab plot results/<paper>/<name>.h5");
  const std::string result = vm["result"].as<std::string>();
  ResultData r = read_result(result);
  ensure_privacy_columns(r, result);
  if (r.meta.plot_json.empty() || r.meta.plot_json == "{}")
    throw Error(result + ": its spec has no plot section, so there is nothing to draw (dplab show " + result +
                " prints the numbers). Add one to " + (r.meta.spec_path.empty() ? std::string("the spec") : r.meta.spec_path) +
                ", e.g. plot: {kind: line, x: <parameter>, y: <metric>, series: algorithm}, and run the spec again:"
                " nothing is recomputed (the plot is not part of the spec's hash), the result gets the plot section");
  const std::string script = (fs::path(home()) / "plots" / "plot.py").string();
  if (!fs::exists(script)) throw Error("plotting script not found at " + script + " (set DPLAB_HOME)");
  const std::vector<std::string> plot_sets = vm.count("set") ? vm["set"].as<std::vector<std::string>>() : std::vector<std::string>{};
  const std::optional<Spec> spec = stored_spec(r, result, plot_sets);
  const std::string plot_json = plot_sets.empty() ? r.meta.plot_json : spec->plot_json;

  // The statistics come from the engine, once (framework/summary.hpp): the script only draws.
  SummaryOptions so;
  so.wall_time = true;
  so.baselines = plot_baselines(plot_json, result);
  const std::string summary_text = summary_json(summarize_result(r, load_reference(r, home()), so), privacy_json(r));
  char tmpl[] = "/tmp/dplab-summary-XXXXXX";
  const int fd = ::mkstemp(tmpl);
  if (fd < 0) throw Error("cannot create a temporary file for the plot's statistics in /tmp");
  ::close(fd);
  RemoveOnExit cleanup{tmpl};
  {
    std::ofstream out(tmpl);
    out << summary_text;
    if (!out.flush()) throw Error(std::string(tmpl) + ": cannot write the plot's statistics");
  }

  // Debian's python3 has matplotlib and h5py (scripts/install-deps.sh); a python3 earlier on
  // PATH (pyenv, venv) may not. $DPLAB_PYTHON overrides.
  std::string python = "python3";
  if (const char* env = std::getenv("DPLAB_PYTHON"); env && *env) python = env;
  else if (fs::exists("/usr/bin/python3")) python = "/usr/bin/python3";
  // The script draws into a private folder beside the figures; each figure then replaces its file
  // whole (framework/replace_file.hpp), so a full disk leaves the previous figures as they were.
  const fs::path out_dir = !vm["out-dir"].as<std::string>().empty() ? fs::path(vm["out-dir"].as<std::string>())
                           : fs::path(result).has_parent_path() ? fs::path(result).parent_path()
                                                                : fs::path(".");
  const Staging staging(out_dir);
  std::vector<std::string> argv_s = {python, script, result, "--summary", tmpl, "--format", vm["format"].as<std::string>(),
                                     "--fixed", spec ? fixed_caption(*spec) : "", "--out-dir", staging.dir, "--staged"};
  // Plot options of this command: their JSON beside the statistics, named in the footer.
  char plot_tmpl[] = "/tmp/dplab-plot-XXXXXX";
  RemoveOnExit plot_cleanup{""};
  if (!plot_sets.empty()) {
    const int pfd = ::mkstemp(plot_tmpl);
    if (pfd < 0) throw Error("cannot create a temporary file for the plot options in /tmp");
    ::close(pfd);
    plot_cleanup.path = plot_tmpl;
    std::ofstream out(plot_tmpl);
    out << plot_json;
    if (!out.flush()) throw Error(std::string(plot_tmpl) + ": cannot write the plot options");
    std::string note;
    for (const auto& o : plot_sets) note += (note.empty() ? "" : "; ") + ("dplab plot --set " + o);
    argv_s.insert(argv_s.end(), {"--plot", plot_tmpl, "--plot-note", note});
  }
  if (looks_unframed_hdf5(result)) {  // Python reads a checked copy, never the unverified file
    const std::string copy = staging.dir + "/.result.h5";
    write_result(copy, r);
    argv_s.insert(argv_s.end(), {"--data", copy});
  }
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t parent = ::getpid();
  pid_t pid = fork();
  if (pid == 0) {
    // The plotting process dies with dplab (killed or not), never outliving it.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) _exit(1);
    execvp(argv[0], argv.data());
    std::perror(("dplab plot: cannot run " + python).c_str());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error("plotting failed for " + result + " (see the message above)");
  std::vector<fs::path> figures;
  for (const auto& e : fs::directory_iterator(staging.dir))
    if (e.path().filename().string()[0] != '.') figures.push_back(e.path());
  std::sort(figures.begin(), figures.end());
  for (const auto& f : figures) {
    const std::string target = (out_dir / f.filename()).string();
    replace_file(target, [&](const std::string& tmp) { fs::rename(f, tmp); });
    std::cout << "wrote " << target << "\n";
  }
  return 0;
}

}  // namespace dplab::cli
