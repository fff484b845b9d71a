// dplab export RESULT --per-trial [--out FILE]: every computed trial as tidy CSV, one row per
// point x trial x metric element, for pandas, R or a spreadsheet:
//   <every column of the points table>, trial, metric, index, value
// Trials not computed yet (an interrupted run) are left out, never written as NaN rows; a
// vector metric's NaN padding past a trial's length is left out too. wall_time and spent_eps
// are exported as metrics. `index` is a vector metric's declared index value (K = 10, 20, ...;
// /index/<metric>) or, when it declares none, the 1-based position (empty for scalars). The same
// table in Python: python/dplab (dplab.load). Parquet: see --parquet. The points table's columns
// include privacy and privacy_finding (framework/result_privacy.hpp), computed from the registry
// for a file written before they were stored.
//
// dplab export RESULT --points: the points table alone, one row per point (what dplab.load asks
// this binary for when a file predates the privacy columns).
#include <boost/program_options.hpp>
#include <cmath>
#include <iostream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/value.hpp"
#include "framework/replace_file.hpp"
#include "framework/result_privacy.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

namespace {

std::string number(double x) { return std::isnan(x) ? "" : to_string(Value(x)); }

void write_table(const ResultData& r, std::ostream& out) {
  for (const auto& c : r.columns) out << csv_cell(c.name) << ',';
  out << "trial,metric,index,value\n";
  std::vector<std::string> prefix(r.points);  // the point's columns, once
  for (std::size_t p = 0; p < r.points; ++p)
    for (const auto& c : r.columns) prefix[p] += csv_cell(c.text ? c.strings[p] : number(c.numbers[p])) + ',';
  auto row = [&](std::size_t p, std::size_t t, const std::string& metric, const std::string& index, double v) {
    out << prefix[p] << t << ',' << csv_cell(metric) << ',' << index << ',' << number(v) << '\n';
  };
  for (std::size_t p = 0; p < r.points; ++p)
    for (std::size_t t = 0; t < r.trials; ++t) {
      const std::size_t cell = r.cell(p, t);
      if (!r.done[cell]) continue;
      for (const auto& m : r.metrics) {
        if (!m.measured_at(p)) continue;  // an algorithm entry's metrics leave it out here
        if (!m.is_vector) {
          row(p, t, m.name, "", m.scalar[cell]);
          continue;
        }
        const auto& v = m.vectors[cell];
        std::size_t len = v.size();
        while (len > 0 && std::isnan(v[len - 1])) --len;  // the padding, not values
        for (std::size_t i = 0; i < len; ++i) {
          const double iv = index_value_at(m, p, i);
          row(p, t, m.name, std::isnan(iv) ? std::to_string(i + 1) : number(iv), v[i]);
        }
      }
      row(p, t, "wall_time", "", r.wall_time[cell]);
      row(p, t, "spent_eps", "", r.spent_eps[cell]);
      if (r.has_delta) row(p, t, "spent_delta", "", r.spent_delta[cell]);
    }
}

void write_points(const ResultData& r, std::ostream& out) {
  for (std::size_t i = 0; i < r.columns.size(); ++i) out << (i ? "," : "") << csv_cell(r.columns[i].name);
  out << '\n';
  for (std::size_t p = 0; p < r.points; ++p) {
    for (std::size_t i = 0; i < r.columns.size(); ++i) {
      const auto& c = r.columns[i];
      out << (i ? "," : "") << csv_cell(c.text ? c.strings[p] : number(c.numbers[p]));
    }
    out << '\n';
  }
}

}  // namespace

int export_result(const std::vector<std::string>& args) {
  po::options_description opts("dplab export RESULT --per-trial [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("per-trial", "one row per point x trial x metric element (`show --csv` has the summary)")
      ("points", "the points table alone: one row per point, every column (parameters, privacy, privacy_finding)")
      ("csv", "CSV (the default)")
      ("parquet", "Parquet: refused with the reason (needs Apache Arrow, which Debian 12 does not package)")
      ("out,o", po::value<std::string>()->default_value(""), "write to FILE instead of standard output");
  const po::variables_map vm = parse_with_result(args, opts);
  if (vm.count("help")) {
    std::cout << opts << "\nColumns: every column of the points table (algorithm, dataset, every parameter),\n"
                         "trial (0-based), metric, index (a vector metric's index value, e.g. K = 10, 20, ...,\n"
                         "or its 1-based position when it declares none; empty for scalars), value. Only\n"
                         "computed trials; wall_time, spent_eps (and spent_delta) included. The points table\n"
                         "has privacy (dp, not-dp, none) and privacy_finding (dplab list findings).\n";
    return 0;
  }
  if (!vm.count("result")) throw Error("missing RESULT: dplab export results/<paper>/<name>.h5 --per-trial");
  if (vm.count("parquet"))
    throw Error("--parquet is not available: Parquet needs Apache Arrow (pyarrow or libarrow), which Debian 12 "
                "(bookworm) does not package (apt-cache policy python3-pyarrow: no candidate). Use --csv, or in "
                "Python with pyarrow from pip: dplab.load(RESULT).to_parquet(\"out.parquet\")");
  if (!vm.count("per-trial") && !vm.count("points"))
    throw Error("say --per-trial (one row per point x trial x metric element) or --points (one row per point); "
                "the per-point summary is `dplab show RESULT --csv`");
  if (vm.count("per-trial") && vm.count("points")) throw Error("--per-trial and --points exclude each other");
  ResultData r = read_result(vm["result"].as<std::string>());
  ensure_privacy_columns(r, vm["result"].as<std::string>());
  const auto write = vm.count("points") ? write_points : write_table;
  const std::string path = vm["out"].as<std::string>();
  if (path.empty()) {
    write(r, std::cout);
    std::cout.flush();
    if (!std::cout) throw Error("cannot write to standard output");
    return 0;
  }
  // Whole or not at all: a full disk leaves an existing FILE as it was (framework/replace_file.hpp).
  replace_file_text(path, [&](std::ostream& out) { write(r, out); });
  return 0;
}

}  // namespace dplab::cli
