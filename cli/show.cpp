// dplab show RESULT [--csv]: one row per (point, metric[, index]) with mean, sd, 95% CI, trials
// done and the paper's value where results/reference/ has one.
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/reference.hpp"
#include "framework/registry.hpp"
#include "framework/stats.hpp"
#include "framework/store.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

namespace {

std::string cell_text(const PointColumn& c, std::size_t p) {
  if (c.text) return c.strings[p];
  return std::isnan(c.numbers[p]) ? "" : to_string(Value(c.numbers[p]));
}

std::string num(double x, bool csv) {
  if (std::isnan(x)) return csv ? "" : "-";
  if (csv) return to_string(Value(x));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.5g", x);
  return buf;
}

std::string csv_escape(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Prefer the reference CSV in the source tree (it may have been corrected since the run),
// else the copy embedded in the result file.
Reference load_reference(const ResultData& r) {
  fs::path p = fs::path(home()) / "results" / "reference" / r.meta.paper / (r.meta.name + ".csv");
  std::ifstream in(p);
  if (in) {
    std::stringstream ss;
    ss << in.rdbuf();
    return Reference::parse(ss.str(), p.string());
  }
  return Reference::parse(r.meta.reference_csv, "reference embedded in the result");
}

bool deterministic(const ResultData& r, std::size_t p) {
  const PointColumn* c = r.column("algorithm_name");
  if (!c) return false;
  const Algorithm* a = AlgorithmRegistry::instance().find(c->strings[p]);
  return a && a->info().deterministic;
}

}  // namespace

int show(const std::vector<std::string>& args) {
  po::options_description opts("dplab show RESULT [options]");
  opts.add_options()("help,h", "show this help")("csv", "print CSV with a header row (machine-readable)");
  po::options_description hidden;
  hidden.add_options()("result", po::value<std::string>(), "result file");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("result", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nColumns: the point's varying parameters, metric, index (vector metrics), mean,\n"
                         "sd, ci95_low, ci95_high, trials (done), paper (published value, if any).\n";
    return 0;
  }
  if (!vm.count("result")) throw Error("missing RESULT: dplab show results/<paper>/<name>.h5");
  const bool csv = vm.count("csv") > 0;
  ResultData r = read_result(vm["result"].as<std::string>());
  Reference ref = load_reference(r);

  bool any_vector = false;
  for (const auto& m : r.metrics) any_vector |= m.is_vector;
  std::vector<std::string> header = r.axes;
  header.push_back("metric");
  if (any_vector) header.push_back("index");
  for (const char* h : {"mean", "sd", "ci95_low", "ci95_high", "trials", "paper"}) header.push_back(h);

  std::vector<std::vector<std::string>> rows;
  for (std::size_t p = 0; p < r.points; ++p) {
    std::map<std::string, std::string> values;
    for (const auto& c : r.columns) values[c.name] = cell_text(c, p);
    std::vector<std::string> coords;
    for (const auto& a : r.axes) coords.push_back(values[a]);
    const bool det = deterministic(r, p);
    for (const auto& m : r.metrics) {
      std::size_t length = 1;
      if (m.is_vector) {
        length = 0;
        for (std::size_t t = 0; t < r.trials; ++t)
          if (r.done[r.cell(p, t)]) length = std::max(length, m.vectors[r.cell(p, t)].size());
      }
      for (std::size_t i = 0; i < length; ++i) {
        std::vector<double> v;
        for (std::size_t t = 0; t < r.trials; ++t) {
          if (!r.done[r.cell(p, t)]) continue;
          if (!m.is_vector) v.push_back(m.scalar[r.cell(p, t)]);
          else {
            const auto& cell = m.vectors[r.cell(p, t)];
            v.push_back(i < cell.size() ? cell[i] : NAN);
          }
        }
        Summary s = summarize(v, det);
        auto paper = ref.find(values, m.name, m.is_vector ? static_cast<long>(i + 1) : -1);
        std::vector<std::string> row = coords;
        row.push_back(m.name);
        if (any_vector) row.push_back(m.is_vector ? std::to_string(i + 1) : "");
        for (double x : {s.mean, s.sd, s.ci_low, s.ci_high}) row.push_back(num(x, csv));
        row.push_back(std::to_string(s.n));
        row.push_back(paper ? num(*paper, csv) : (csv ? "" : "-"));
        rows.push_back(std::move(row));
      }
    }
  }

  if (csv) {
    for (std::size_t i = 0; i < header.size(); ++i) std::cout << (i ? "," : "") << csv_escape(header[i]);
    std::cout << "\n";
    for (const auto& row : rows) {
      for (std::size_t i = 0; i < row.size(); ++i) std::cout << (i ? "," : "") << csv_escape(row[i]);
      std::cout << "\n";
    }
    return 0;
  }
  std::cout << r.meta.paper << " " << r.meta.id << " (" << r.meta.name << "): " << r.meta.description << "\n"
            << "code " << r.meta.code_version << ", seed " << r.meta.seed << ", " << r.meta.threads
            << " threads on " << r.meta.host << ", " << r.meta.started << " .. "
            << (r.meta.finished.empty() ? "(incomplete)" : r.meta.finished) << "\n";
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
