// dplab merge OUT SHARD... : the files of `dplab run SPEC --shard I/N` (I = 0..N-1) joined into
// the result one run of SPEC writes (framework/merge.hpp).
#include <boost/program_options.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/merge.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

int merge(const std::vector<std::string>& args) {
  po::options_description opts("dplab merge OUT SHARD... [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("force", "overwrite OUT even when it holds something else than a result of the same spec, or more trials");
  const po::variables_map vm = parse_with_files(args, opts);
  if (vm.count("help")) {
    std::cout << opts
              << "\nJoins the files of `dplab run SPEC --shard I/N` for I = 0..N-1 (e.g. the tasks of a Slurm\n"
                 "array) into OUT, the result one run of SPEC writes. Refused, naming the file: shards of\n"
                 "another spec, seed, trial count or code version, a missing or repeated shard, an\n"
                 "unfinished shard (run its command again: it resumes), an OUT holding computed trials\n"
                 "the shards lack.\n";
    return 0;
  }
  const auto files = vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.size() < 2) throw Error("usage: dplab merge OUT SHARD... (e.g. dplab merge results/p/fig.h5 results/p/fig.shard-*.h5)");
  const std::vector<std::string> shards(files.begin() + 1, files.end());
  const MergeSummary s = merge_to_file(files[0], shards, vm.count("force") > 0);
  std::cout << "wrote " << files[0] << ": " << s.points << " points x " << s.trials << " trials from " << s.shards
            << " shards\n";
  return 0;
}

}  // namespace dplab::cli
