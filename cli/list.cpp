// dplab list [algorithms|metrics|datasets|experiments|findings [--markdown]]
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "framework/registry.hpp"
#include "framework/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

void print_params(const std::vector<ParamSpec>& params) {
  for (const auto& p : params)
    std::cout << "      " << p.name << " (" << p.allowed() << ", default " << to_string(p.default_value)
              << "): " << p.doc << "\n";
}

namespace {


void list_algorithms() {
  std::cout << "algorithms:\n";
  std::string fixtures;  // audit fixtures (algorithms/canary/): listed apart, never in a spec
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    AlgorithmInfo info = find_algorithm(name).info();
    if (info.role != AlgorithmRole::Algorithm) {
      fixtures += "  " + name + ": " + info.doc + " [" + privacy_name(info.privacy.kind) + "]\n";
      continue;
    }
    std::cout << "  " << name << ": " << info.doc << "\n";
    print_privacy(info);
    if (!info.budget_param.empty())
      std::cout << "    privacy budget: parameter '" << info.budget_param << "'\n";
    if (!info.accepts.empty()) {
      std::cout << "    datasets of kind:";
      for (auto k : info.accepts) std::cout << " " << kind_name(k);
      std::cout << (info.dataset_optional ? " (optional)" : "") << "\n";
    }
    std::cout << "    parameters:\n";
    print_params(info.params);
    std::cout << "    outputs:\n";
    for (const auto& o : info.outputs)
      std::cout << "      " << o.name << (o.is_vector ? " (vector over " + o.index + ")" : "") << ": "
                << o.doc << "\n";
  }
  std::cout << "audit fixtures (only for 'dplab audit', refused by specs):\n" << fixtures;
}

void list_metrics() {
  std::cout << "metrics (algorithm outputs can also be used as metrics, see 'dplab list algorithms'):\n";
  for (const auto& name : MetricRegistry::instance().names()) {
    MetricInfo mi = find_metric(name).info();
    std::cout << "  " << name << (mi.is_vector ? " (vector over " + mi.index + ")" : "") << ": "
              << mi.doc << "\n";
    if (!mi.needs.empty()) {
      std::cout << "    reads outputs:";
      for (const auto& n : mi.needs) std::cout << " " << n;
      std::cout << "\n";
    }
  }
}

void list_datasets() {
  std::cout << "datasets (data root: " << data_root() << "; see also 'dplab datasets'):\n";
  for (const auto& name : DatasetRegistry::instance().names()) print_catalogue_entry(find_dataset(name));
  std::cout << "transforms (in a spec: dataset: {name: ..., transforms: [{name: {parameter: value}}]}):\n";
  for (const auto& name : TransformRegistry::instance().names()) {
    TransformInfo ti = find_transform(name).info();
    std::cout << "  " << name << ": " << ti.doc << "\n";
    print_params(ti.params);
  }
}

void list_experiments() {
  fs::path root = fs::path(home()) / "experiments";
  std::cout << "experiments (" << root.string() << "):\n";
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it)
    if (it->path().extension() == ".yaml") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::cout << "  " << fs::relative(f, home()).string();
    try {
      Spec s = load_spec(f.string());
      std::cout << "  [" << s.paper << " " << s.id << ", " << s.trials << " trials]: " << s.description;
    } catch (const std::exception& e) {
      std::cout << "  (invalid: " << e.what() << ")";
    }
    std::cout << "\n";
  }
}

}  // namespace

int list(const std::vector<std::string>& args) {
  po::options_description opts("dplab list [algorithms|metrics|datasets|experiments|findings]");
  opts.add_options()("help,h", "show this help")(
      "what", po::value<std::string>()->default_value("all"), "what to list")(
      "markdown", "findings: the Markdown page docs/privacy-findings.md");
  po::positional_options_description pos;
  pos.add("what", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nLists every registered name with its parameters (type, default, allowed\n"
                         "range) and one-line doc.\n";
    return 0;
  }
  std::string what = vm["what"].as<std::string>();
  bool all = what == "all";
  if (!all && what != "algorithms" && what != "metrics" && what != "datasets" && what != "experiments" &&
      what != "findings") {
    std::cerr << "dplab list: unknown category '" << what
              << "' (allowed: algorithms, metrics, datasets, experiments, findings)\n";
    return 2;
  }
  if (vm.count("markdown") && what != "findings") {
    std::cerr << "dplab list: --markdown is for 'dplab list findings'\n";
    return 2;
  }
  if (what == "findings") return list_findings(vm.count("markdown") > 0);
  if (all || what == "algorithms") list_algorithms();
  if (all || what == "metrics") list_metrics();
  if (all || what == "datasets") list_datasets();
  if (all || what == "experiments") list_experiments();
  if (all) list_findings(false);
  return 0;
}

}  // namespace dplab::cli
