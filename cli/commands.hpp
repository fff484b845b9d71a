// The dplab subcommands. Each takes the arguments after its name and returns an exit code.
#pragma once
#include <string>
#include <vector>

namespace dplab::cli {

int list(const std::vector<std::string>& args);
int run(const std::vector<std::string>& args);
int show(const std::vector<std::string>& args);
int plot(const std::vector<std::string>& args);

// Source tree root (for experiments/, plots/, results/reference/): $DPLAB_HOME or the
// directory this binary was built from.
std::string home();

}  // namespace dplab::cli
