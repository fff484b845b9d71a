#include <boost/program_options.hpp>

#include "cli/commands.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

po::variables_map parse_with_result(const std::vector<std::string>& args, const po::options_description& opts) {
  po::options_description hidden;
  hidden.add_options()("result", po::value<std::string>(), "result file");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("result", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  return vm;
}

po::variables_map parse_with_files(const std::vector<std::string>& args, const po::options_description& opts) {
  po::options_description hidden;
  hidden.add_options()("files", po::value<std::vector<std::string>>(), "files");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("files", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  return vm;
}

}  // namespace dplab::cli
