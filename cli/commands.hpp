// The dplab subcommands. Each takes the arguments after its name and returns an exit code.
#pragma once
#include <string>
#include <vector>

#include "datasets/catalogue.hpp"
#include "core/params.hpp"
#include "framework/home.hpp"

namespace dplab::cli {

int list(const std::vector<std::string>& args);
int run(const std::vector<std::string>& args);
int show(const std::vector<std::string>& args);
int plot(const std::vector<std::string>& args);
int export_result(const std::vector<std::string>& args);
int datasets(const std::vector<std::string>& args);
int audit(const std::vector<std::string>& args);

// Where experiments/, plots/ and results/reference/ are (framework/home.hpp).
inline std::string home() { return dplab_home(); }

// Shared printing of parameters and catalogue entries (list, datasets).
void print_params(const std::vector<ParamSpec>& params);
void print_catalogue_entry(const DatasetInfo& d);

}  // namespace dplab::cli
