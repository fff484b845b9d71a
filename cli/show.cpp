// dplab show RESULT [--csv | --latex]: one row per (point, metric[, index]) with mean, sd, 95% CI,
// trials done and the paper's value where results/reference/ has one. --latex prints the same rows
// as a booktabs tabular: ours as mean \pm the 95% CI's half-width, beside the paper's value.
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/result_privacy.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

namespace {

std::string num(double x, bool csv) {
  if (std::isnan(x)) return csv ? "" : "-";
  if (csv) return to_string(Value(x));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.5g", x);
  return buf;
}


// LaTeX text: the ten special characters escaped.
std::string latex_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '&': case '%': case '$': case '#': case '_': case '{': case '}':
        out += '\\';
        out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

// A number for math mode: 4 significant digits, 1.5e+04 as 1.5 \times 10^{4}.
std::string latex_num(double x) {
  if (std::isnan(x)) return "";
  if (std::isinf(x)) return x > 0 ? "\\infty" : "-\\infty";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  std::string s = buf;
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  const int exponent = std::stoi(s.substr(e + 1));
  return s.substr(0, e) + " \\times 10^{" + std::to_string(exponent) + "}";
}

// Not-dp rows carry a dagger after their value and the table a note naming the findings.
void print_latex(const ResultData& r, const std::vector<std::string>& header, const std::vector<SummaryRow>& summary,
                 bool any_vector, const std::vector<PointPrivacy>& privacy) {
  const std::size_t label_cols = header.size() - 6;  // axes, metric[, index]
  std::cout << "% " << latex_text(r.meta.paper + " " + r.meta.id + " (" + r.meta.name + ")")
            << ": ours = mean $\\pm$ half-width of the 95\\% CI over the trials done; paper = published value\n"
            << "% needs \\usepackage{booktabs}\n"
            << "\\begin{tabular}{" << std::string(label_cols, 'l') << "rr}\n\\toprule\n";
  for (std::size_t i = 0; i < label_cols; ++i) std::cout << latex_text(header[i]) << " & ";
  std::cout << "ours & paper \\\\\n\\midrule\n";
  for (const SummaryRow& s : summary) {
    for (const auto& a : r.axes) std::cout << latex_text(cell_text(*r.column(a), s.point)) << " & ";
    std::cout << latex_text(s.metric) << " & ";
    if (any_vector) std::cout << (s.index < 0 ? "" : std::to_string(s.index)) << " & ";
    std::string ours = latex_num(s.stats.mean);
    const double half = (s.stats.ci_high - s.stats.ci_low) / 2;
    if (!ours.empty() && std::isfinite(half) && half > 0) ours += " \\pm " + latex_num(half);
    const bool not_dp = privacy[s.point].status == privacy_name(Privacy::not_dp);
    std::cout << (ours.empty() ? "--" : "$" + ours + "$") << (not_dp ? "$^\\dagger$" : "") << " & "
              << (s.paper ? "$" + latex_num(*s.paper) + "$" : "--") << " \\\\\n";
  }
  std::cout << "\\bottomrule\n\\end{tabular}\n";
  std::set<std::string> findings;
  for (const SummaryRow& s : summary)
    if (!privacy[s.point].finding.empty()) findings.insert(privacy[s.point].finding);
  if (findings.empty()) return;
  std::cout << "% $^\\dagger$ not $\\varepsilon$-DP as published: see";
  for (const auto& f : findings) std::cout << " " << latex_text(f);
  std::cout << " (dplab list findings)\n";
}

}  // namespace

int show(const std::vector<std::string>& args) {
  po::options_description opts("dplab show RESULT [options]");
  opts.add_options()("help,h", "show this help")("csv", "print CSV with a header row (machine-readable)")(
      "provenance", "with --csv: first, '#' lines naming the result, code version, seed, trials and overrides")(
      "wall-time", "also the algorithm's wall time per trial (metric wall_time, seconds)")(
      "latex", "print a LaTeX tabular (booktabs): ours as mean \\pm 95% CI half-width, beside the paper's value");
  const po::variables_map vm = parse_with_result(args, opts);
  if (vm.count("help")) {
    std::cout << opts << "\nColumns: the point's varying parameters, metric, index (vector metrics), mean,\n"
                         "sd, ci95_low, ci95_high, trials (done), paper (published value, if any), privacy\n"
                         "(dp, not-dp or none: whether the point's algorithm is eps-DP as run) and\n"
                         "privacy_finding (the finding of a not-dp point: dplab list findings).\n";
    return 0;
  }
  if (!vm.count("result")) throw Error("missing RESULT: dplab show results/<paper>/<name>.h5");
  const bool csv = vm.count("csv") > 0;
  if (csv && vm.count("latex")) throw Error("--csv and --latex exclude each other");
  if (vm.count("provenance") && !csv) throw Error("--provenance goes with --csv");
  ResultData r = read_result(vm["result"].as<std::string>());
  ensure_privacy_columns(r, vm["result"].as<std::string>());
  const std::vector<PointPrivacy> privacy = privacy_of_points(r);
  SummaryOptions so;
  so.wall_time = vm.count("wall-time") > 0;
  const auto summary = summarize_result(r, load_reference(r, home()), so);

  bool any_vector = false;
  for (const auto& m : r.metrics) any_vector |= m.is_vector && !m.raw;
  std::vector<std::string> header = r.axes;
  header.push_back("metric");
  if (any_vector) header.push_back("index");
  for (const char* h : {"mean", "sd", "ci95_low", "ci95_high", "trials", "paper"}) header.push_back(h);

  if (vm.count("latex")) {
    print_latex(r, header, summary, any_vector, privacy);
    return 0;
  }
  header.push_back(kPrivacyColumn);
  header.push_back(kPrivacyFindingColumn);
  std::vector<std::vector<std::string>> rows;
  for (const SummaryRow& s : summary) {
    std::vector<std::string> row;
    for (const auto& a : r.axes) row.push_back(cell_text(*r.column(a), s.point));
    row.push_back(s.metric);
    // A vector metric's declared index value (K = 10, 20, ...), else its 1-based position.
    if (any_vector) row.push_back(s.index < 0 ? "" : std::isnan(s.index_value) ? std::to_string(s.index) : num(s.index_value, csv));
    for (double x : {s.stats.mean, s.stats.sd, s.stats.ci_low, s.stats.ci_high}) row.push_back(num(x, csv));
    row.push_back(std::to_string(s.stats.n));
    row.push_back(s.paper ? num(*s.paper, csv) : (csv ? "" : "-"));
    row.push_back(privacy[s.point].status);
    row.push_back(privacy[s.point].finding.empty() && !csv ? "-" : privacy[s.point].finding);
    rows.push_back(std::move(row));
  }

  if (csv) {
    if (vm.count("provenance")) {
      // What results/summary/<paper>/<name>.csv records of its run (scripts/docs_tables.py).
      std::size_t done = 0;
      for (auto d : r.done) done += d;
      std::cout << "# " << r.meta.paper << "/" << r.meta.name << (r.meta.id.empty() ? "" : " (" + r.meta.id + ")")
                << ": code " << r.meta.code_version << ", seed " << r.meta.seed << ", " << r.points << " points x "
                << r.trials << " trials, " << done << " done\n";
      if (!r.meta.overrides.empty()) std::cout << "# overridden: " << r.meta.overrides << "\n";
    }
    for (std::size_t i = 0; i < header.size(); ++i) std::cout << (i ? "," : "") << csv_cell(header[i]);
    std::cout << "\n";
    for (const auto& row : rows) {
      for (std::size_t i = 0; i < row.size(); ++i) std::cout << (i ? "," : "") << csv_cell(row[i]);
      std::cout << "\n";
    }
    return 0;
  }
  std::cout << r.meta.paper << " " << r.meta.id << " (" << r.meta.name << "): " << r.meta.description << "\n"
            << "code " << r.meta.code_version << " (results version " << r.meta.results_version << "), seed "
            << r.meta.seed << ", " << r.meta.threads
            << " threads on " << r.meta.host << ", " << r.meta.started << " .. "
            << (r.meta.finished.empty() ? "(incomplete)" : r.meta.finished) << "\n";
  if (!r.meta.overrides.empty()) std::cout << "overridden: " << r.meta.overrides << "\n";
  if (!r.meta.plugins.empty()) std::cout << "plugins (sha256, path):\n" << r.meta.plugins;
  if (r.meta.code_history.find(',') != std::string::npos)
    std::cout << "note: trials were computed by several code versions: " << r.meta.code_history << "\n";
  std::cout << "\n";
  std::vector<std::size_t> width(header.size());
  for (std::size_t i = 0; i < header.size(); ++i) width[i] = header[i].size();
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  auto print_row = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      std::string cell = row[i];
      cell.resize(width[i], ' ');
      std::cout << cell << (i + 1 < row.size() ? "  " : "\n");
    }
  };
  print_row(header);
  for (const auto& row : rows) print_row(row);
  return 0;
}

}  // namespace dplab::cli
