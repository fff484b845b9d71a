// dplab datasets list | show NAME [--param k=v]... [--seed S] [--transform ...] | verify [NAME...]
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "datasets/checksum.hpp"
#include "core/error.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

void print_catalogue_entry(const DatasetInfo& d) {
  std::cout << "  " << d.name << " [" << kind_name(d.kind) << (d.generator ? ", synthetic" : "") << "]: " << d.doc << "\n";
  if (!d.unavailable.empty()) std::cout << "    NOT AVAILABLE: " << d.unavailable << "\n";
  if (d.rows) std::cout << "    size: " << d.rows << " x " << d.cols << "\n";
  for (const auto& f : d.files) std::cout << "    file: " << f.path << "  sha256 " << f.sha256 << "\n";
  if (d.embedded) std::cout << "    shipped with dplab: " << embedded_data_dir() << " (used when the data root lacks it)\n";
  if (!d.params.empty()) {
    std::cout << "    parameters:\n";
    print_params(d.params);
  }
  if (!d.upstream.empty()) std::cout << "    upstream: " << d.upstream << "\n";
  if (!d.licence.empty()) std::cout << "    licence: " << d.licence << "\n";
  if (!d.papers.empty()) std::cout << "    used by: " << d.papers << "\n";
}

namespace {

int show(const std::string& name, const std::vector<std::string>& params, std::uint64_t seed,
         const std::vector<std::string>& transforms) {
  DatasetRef ref;
  ref.name = name;
  ref.seed = seed;
  for (const auto& kv : params) {
    auto eq = kv.find('=');
    if (eq == std::string::npos) throw Error("--param '" + kv + "': expected name=value");
    ref.params[kv.substr(0, eq)] = RawValue{kv.substr(eq + 1), kFromCommandLine};
  }
  for (const auto& t : transforms) {
    // --transform name or name:k=v,k=v
    TransformRef tr;
    auto colon = t.find(':');
    tr.name = t.substr(0, colon);
    tr.line = kFromCommandLine;
    if (colon != std::string::npos) {
      std::string rest = t.substr(colon + 1);
      for (std::size_t start = 0; start < rest.size();) {
        std::size_t comma = rest.find(',', start);
        std::string item = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        auto eq = item.find('=');
        if (eq == std::string::npos) throw Error("--transform '" + t + "': expected name:k=v,k=v");
        tr.params[item.substr(0, eq)] = RawValue{item.substr(eq + 1), kFromCommandLine};
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    ref.transforms.push_back(std::move(tr));
  }
  ResolvedDataset r = resolve_dataset(ref, "command line", "dataset");
  const DatasetInfo& info = find_dataset(name);
  auto ds = load_resolved(r);
  std::cout << name << " [" << kind_name(ds->kind()) << "]: " << info.doc << "\n";
  if (!info.papers.empty()) std::cout << "used by: " << info.papers << "\n";
  std::size_t width = 0;
  Statistics stats = ds->statistics();
  for (const auto& [k, _] : stats) width = std::max(width, k.size());
  for (const auto& [k, v] : stats) {
    std::string key = k;
    key.resize(width, ' ');
    std::cout << "  " << key << "  " << v << "\n";
  }
  return 0;
}

// Checks every file of the named entries (all of them when none is named). A file that is not
// in the data root is "missing", not a failure, when the whole catalogue is checked: most
// datasets are fetched on demand (`make data`) and some cannot be (unavailable entries, listed
// as such). A file that is there but has another sha256 always fails, and so does a missing file
// of an entry named on the command line.
int verify(std::vector<std::string> names, bool quiet) {
  const bool named = !names.empty();
  if (!named) names = DatasetRegistry::instance().names();
  const std::string root = data_root();
  std::cout << "data root: " << root << "\n";
  int bad = 0, checked = 0, missing = 0, unavailable = 0;
  for (const auto& name : names) {
    const DatasetInfo& info = find_dataset(name);
    if (!info.unavailable.empty()) {
      ++unavailable;
      if (!quiet || named) std::cout << "  unavailable  " << name << ": not publicly available; " << info.unavailable << "\n";
      continue;
    }
    for (std::size_t i = 0; i < info.files.size(); ++i) {
      ++checked;
      const std::string path = dataset_file_path(info, root, i);
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        ++missing;
        if (!quiet || named)
          std::cout << "  missing      " << info.files[i].path << " (dataset " << name << "; " << how_to_fetch(info) << ")\n";
        continue;
      }
      try {
        dataset_file(info, DatasetRequest{root, {}, 1}, i);
        if (!quiet)
          std::cout << "  ok           " << info.files[i].path
                    << (path.rfind(embedded_data_dir(), 0) == 0 ? " (the copy shipped with dplab)" : "") << "\n";
      } catch (const Error& e) {
        ++bad;
        std::cout << "  FAILED       " << e.what() << "\n";
      }
    }
  }
  std::cout << checked - bad - missing << " of " << checked << " files verified";
  if (bad) std::cout << ", " << bad << " FAILED";
  if (missing) std::cout << ", " << missing << " missing (`make data` fetches the public ones)";
  if (unavailable)
    std::cout << "; " << unavailable << " dataset(s) not publicly available (each with its substitute "
              << (quiet && !named ? "without -q)" : "above)");
  std::cout << " (checksums remembered in " << verified_cache_path() << ")\n";
  return bad || (named && missing) ? 1 : 0;
}

}  // namespace

int datasets(const std::vector<std::string>& args) {
  po::options_description opts("dplab datasets list | show NAME | verify [NAME...]");
  opts.add_options()
      ("help,h", "show this help")
      ("param", po::value<std::vector<std::string>>()->composing(), "show: a generator parameter, name=value")
      ("seed", po::value<std::uint64_t>()->default_value(1), "show: seed of a generator or random transform")
      ("transform", po::value<std::vector<std::string>>()->composing(), "show: apply a transform, name or name:k=v,k=v")
      ("data-dir", po::value<std::string>()->default_value(""), "data root (default $DPLAB_DATA, ../shared/datasets, datasets/cache)")
      ("quiet,q", "verify: print failures only")
      ("full", "verify: re-hash every file, trusting no remembered checksum");
  po::options_description hidden;
  hidden.add_options()("words", po::value<std::vector<std::string>>(), "action and names");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("words", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  std::vector<std::string> words = vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (vm.count("help") || words.empty()) {
    std::cout << opts << "\n  list             every dataset, generator and transform with files, checksums, sources\n"
                         "  show NAME        load it (generators: --param, --seed) and print size and statistics\n"
                         "  verify [NAME..]  check that the files present match their sha256 (--full: re-hash all);\n"
                         "                   exit 1 when one does not, or when a NAME given is missing\n";
    return words.empty() && !vm.count("help") ? 2 : 0;
  }
  set_data_root_override(vm["data-dir"].as<std::string>());
  const std::string action = words[0];
  std::vector<std::string> rest(words.begin() + 1, words.end());
  if (action == "list") {
    std::cout << "datasets (data root: " << data_root() << "):\n";
    for (const auto& name : DatasetRegistry::instance().names()) print_catalogue_entry(find_dataset(name));
    return 0;
  }
  if (action == "show") {
    if (rest.size() != 1) throw Error("datasets show takes one dataset name");
    return show(rest[0], vm.count("param") ? vm["param"].as<std::vector<std::string>>() : std::vector<std::string>{},
                vm["seed"].as<std::uint64_t>(),
                vm.count("transform") ? vm["transform"].as<std::vector<std::string>>() : std::vector<std::string>{});
  }
  if (action == "verify") {
    set_full_verification(vm.count("full") > 0);
    return verify(rest, vm.count("quiet") > 0);
  }
  throw Error("unknown datasets action " + quote(action) + " (allowed: list, show, verify)");
}

}  // namespace dplab::cli
