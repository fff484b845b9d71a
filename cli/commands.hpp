// The dplab subcommands. Each takes the arguments after its name and returns an exit code.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <ostream>

#include "datasets/catalogue.hpp"
#include "core/params.hpp"
#include "core/home.hpp"
#include "framework/claims.hpp"
#include "framework/registry.hpp"

namespace dplab::cli {

int list(const std::vector<std::string>& args);
int run(const std::vector<std::string>& args);
int show(const std::vector<std::string>& args);
int plot(const std::vector<std::string>& args);
int export_result(const std::vector<std::string>& args);
int datasets(const std::vector<std::string>& args);
int audit(const std::vector<std::string>& args);
int merge(const std::vector<std::string>& args);
int report(const std::vector<std::string>& args);
int claims(const std::vector<std::string>& args);

// A results folder claims are evaluated in: the own seed's (RESULTS) or a rerun at seed + k
// (SCRATCH/seed+k, from `dplab claims --seeds`; "-trialsN" appended for a rerun at --trials N).
struct SeedFolder {
  std::string label, dir;
  int offset = 0;
};
// The own folder, then seeds +1..+seeds under scratch (seeds 0: the seed+k folders found there).
std::vector<SeedFolder> seed_folders(const std::string& results, const std::string& scratch, int seeds,
                                     std::optional<std::int64_t> trials = std::nullopt);
struct PaperVerdicts {
  const ClaimsFile* file = nullptr;
  std::vector<std::vector<ClaimOutcome>> by_folder;  // [folder][claim]
};
std::vector<PaperVerdicts> claim_verdicts(const std::vector<ClaimsFile>& files, const std::vector<SeedFolder>& folders);
int upgrade(const std::vector<std::string>& args);

// Where experiments/, plots/ and results/reference/ are (core/home.hpp).
inline std::string home() { return dplab_home(); }

// Parses the options of a command that takes one RESULT file (show, plot, export): `opts` plus
// the positional "result".
boost::program_options::variables_map parse_with_result(const std::vector<std::string>& args,
                                                        const boost::program_options::options_description& opts);

// The same for a command that takes any number of files (merge, upgrade): the positional "files".
boost::program_options::variables_map parse_with_files(const std::vector<std::string>& args,
                                                       const boost::program_options::options_description& opts);

// A CSV cell, quoted when it holds a comma, a quote or a newline (show --csv, export).
inline std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Shared printing of parameters and catalogue entries (list, datasets).
void print_params(const std::vector<ParamSpec>& params);
void print_catalogue_entry(const DatasetInfo& d);

// Privacy (cli/findings.cpp): an algorithm's status lines for `dplab list`, `dplab list findings
// [--markdown]`, and a paper's findings as an HTML table for the report (returns how many).
void print_privacy(const AlgorithmInfo& info);
int list_findings(bool markdown);
int findings_html(std::ostream& o, const std::string& paper);

}  // namespace dplab::cli
