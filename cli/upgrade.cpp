// dplab upgrade RESULT...: rewrites format-1 result files (plain HDF5, no checksum) as format 2,
// each read in an isolated process (framework/legacy_result.hpp), so that Python (python/dplab,
// the figures' h5py) opens them only once they are verified. Format-2 files are left as they are.
#include <boost/program_options.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/checked_file.hpp"
#include "framework/result_lock.hpp"
#include "framework/store.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

int upgrade(const std::vector<std::string>& args) {
  po::options_description opts("dplab upgrade RESULT... [options]");
  opts.add_options()("help,h", "show this help");
  const po::variables_map vm = parse_with_files(args, opts);
  if (vm.count("help")) {
    std::cout << opts
              << "\nRewrites each format-1 RESULT (no checksum: written before dplab framed its files) as\n"
                 "format 2, the same trials with a size and CRC-32 header. Each is read in a child\n"
                 "process with time and memory limits, so a damaged one is refused, never a crash.\n";
    return 0;
  }
  if (!vm.count("files")) throw Error("missing RESULT: dplab upgrade results/<paper>/<name>.h5...");
  for (const auto& path : vm["files"].as<std::vector<std::string>>()) {
    if (!looks_unframed_hdf5(path)) {
      read_result(path);  // a format-2 file is verified, never rewritten; anything else is refused
      std::cout << path << ": already format 2\n";
      continue;
    }
    const ResultLock lock(path);  // not while a dplab run writes it
    const ResultData r = read_result(path);
    write_result(path, r);
    std::cout << "upgraded " << path << " to format 2: " << r.points << " points x " << r.trials << " trials\n";
  }
  return 0;
}

}  // namespace dplab::cli
