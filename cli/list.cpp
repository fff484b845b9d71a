// dplab list [algorithms|metrics|datasets|experiments [NAME]|findings [--markdown]] [--long]
#include <boost/program_options.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
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


// Each list is one line per entry ("name: doc") unless `full` (--long, or one entry by name):
// parameters, outputs, files. `only`: that one entry (an error with "did you mean" otherwise).
void require_known(const std::string& what, const std::string& only, const std::vector<std::string>& names) {
  if (!only.empty() && std::find(names.begin(), names.end(), only) == names.end())
    throw Error(unknown_name_message(what, only, names));
}

void list_algorithms(bool full, const std::string& only) {
  const auto names = AlgorithmRegistry::instance().names();
  require_known("algorithm", only, names);
  if (only.empty()) std::cout << "algorithms:\n";
  std::string fixtures;  // audit fixtures (algorithms/canary/): listed apart, never in a spec
  for (const auto& name : names) {
    if (!only.empty() && name != only) continue;
    AlgorithmInfo info = find_algorithm(name).info();
    if (info.role != AlgorithmRole::Algorithm && only.empty()) {
      fixtures += "  " + name + ": " + info.doc + " [" + privacy_name(info.privacy.kind) + "]\n";
      continue;
    }
    // The short line carries the privacy status (its parameter-dependent rules with --long).
    std::cout << "  " << name << ": " << info.doc;
    if (!full)
      std::cout << " [" << privacy_name(info.privacy.kind)
                << (info.privacy_rules.empty() ? "" : "; other statuses for some parameters, see --long") << "]";
    std::cout << "\n";
    if (!full) continue;
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
  if (only.empty()) std::cout << "audit fixtures (only for 'dplab audit', refused by specs):\n" << fixtures;
}

void list_metrics(bool full, const std::string& only) {
  const auto names = MetricRegistry::instance().names();
  require_known("metric", only, names);
  if (only.empty())
    std::cout << "metrics (algorithm outputs can also be used as metrics, see 'dplab list algorithms'):\n";
  for (const auto& name : names) {
    if (!only.empty() && name != only) continue;
    MetricInfo mi = find_metric(name).info();
    std::cout << "  " << name << (mi.is_vector ? " (vector over " + mi.index + ")" : "") << ": "
              << mi.doc << "\n";
    if (full && !mi.needs.empty()) {
      std::cout << "    reads outputs:";
      for (const auto& n : mi.needs) std::cout << " " << n;
      std::cout << "\n";
    }
  }
}

void list_datasets(bool full, const std::string& only) {
  const auto names = DatasetRegistry::instance().names();
  const auto transforms = TransformRegistry::instance().names();
  if (!only.empty() && std::find(names.begin(), names.end(), only) == names.end())
    require_known("dataset or transform", only, [&] {
      auto all = names;
      all.insert(all.end(), transforms.begin(), transforms.end());
      return all;
    }());
  if (only.empty()) std::cout << "datasets (data root: " << data_root() << "; see also 'dplab datasets'):\n";
  for (const auto& name : names) {
    if (!only.empty() && name != only) continue;
    const DatasetInfo& d = find_dataset(name);
    if (full) print_catalogue_entry(d);
    else
      std::cout << "  " << d.name << " [" << kind_name(d.kind) << (d.generator ? ", synthetic" : "")
                << (d.unavailable.empty() ? "" : ", NOT AVAILABLE") << "]: " << d.doc << "\n";
  }
  if (only.empty())
    std::cout << "transforms (in a spec: dataset: {name: ..., transforms: [{name: {parameter: value}}]}):\n";
  for (const auto& name : transforms) {
    if (!only.empty() && name != only) continue;
    TransformInfo ti = find_transform(name).info();
    std::cout << "  " << name << ": " << ti.doc << "\n";
    if (full) print_params(ti.params);
  }
}

void list_experiments(bool full, const std::string& only) {
  fs::path root = fs::path(home()) / "experiments";
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it)
    if (it->path().extension() == ".yaml") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> names;  // "experiments/<paper>/<name>.yaml", as listed
  for (const auto& f : files) names.push_back(fs::relative(f, home()).string());
  require_known("experiment", only, names);
  if (only.empty()) std::cout << "experiments (" << root.string() << "):\n";
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!only.empty() && names[i] != only) continue;
    std::cout << "  " << names[i];
    try {
      Spec s = load_spec(files[i].string());
      std::cout << "  [" << s.paper << " " << s.id << ", " << s.trials << " trials]" << (full ? ": " + s.description : "");
    } catch (const std::exception& e) {
      std::cout << "  (invalid: " << e.what() << ")";
    }
    std::cout << "\n";
  }
}

}  // namespace

int list(const std::vector<std::string>& args) {
  po::options_description opts("dplab list [algorithms|metrics|datasets|experiments [NAME]|findings] [--long]");
  opts.add_options()("help,h", "show this help")("long,l", "every entry in full: parameters, outputs, files")(
      "markdown", "findings: the Markdown page docs/privacy-findings.md");
  po::options_description hidden;
  hidden.add_options()("what", po::value<std::string>()->default_value("all"), "what to list")(
      "name", po::value<std::string>()->default_value(""), "one entry");
  po::options_description all_opts;
  all_opts.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("what", 1).add("name", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all_opts).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nLists every registered name with a one-line doc; --long adds each entry's\n"
                         "parameters (type, default, allowed range), outputs and files. With a NAME\n"
                         "(dplab list algorithms budget_series.allocation), that one entry in full.\n";
    return 0;
  }
  std::string what = vm["what"].as<std::string>();
  std::string name = vm["name"].as<std::string>();
  auto has = [](const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  // dplab list NAME: the category that has it.
  if (name.empty() && what != "all" && what != "algorithms" && what != "metrics" && what != "datasets" &&
      what != "experiments") {
    const std::string category = has(AlgorithmRegistry::instance().names(), what) ? "algorithms"
                                 : has(MetricRegistry::instance().names(), what)  ? "metrics"
                                 : has(DatasetRegistry::instance().names(), what) ||
                                         has(TransformRegistry::instance().names(), what)
                                     ? "datasets"
                                     : "";
    if (!category.empty()) name = what, what = category;
  }
  bool all = what == "all";
  if (!all && what != "algorithms" && what != "metrics" && what != "datasets" && what != "experiments" &&
      what != "findings") {
    std::cerr << "dplab list: unknown category '" << what
              << "' (allowed: algorithms, metrics, datasets, experiments, findings; then optionally one NAME)\n";
    return 2;
  }
  if (vm.count("markdown") && what != "findings") {
    std::cerr << "dplab list: --markdown is for 'dplab list findings'\n";
    return 2;
  }
  if (what == "findings") return list_findings(vm.count("markdown") > 0);
  const bool full = vm.count("long") > 0 || !name.empty();
  if (all || what == "algorithms") list_algorithms(full, name);
  if (all || what == "metrics") list_metrics(full, name);
  if (all || what == "datasets") list_datasets(full, name);
  if (all || what == "experiments") list_experiments(full, name);
  if (all) list_findings(false);
  return 0;
}

}  // namespace dplab::cli
