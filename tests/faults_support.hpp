// Helpers of the fault suites (tests/test_faults*.cpp): timed runs of the binary under a hard
// time limit, byte comparisons, and a writer of format-1 result files as dplab wrote them before
// the checked framing (plain HDF5, variable-length strings, contiguous datasets, no checksum).
#pragma once
#include <H5Cpp.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "framework/store.hpp"
#include "test_support.hpp"

namespace dplab::testing {

// A small real spec of the fault suites: 2 x 2 points of budget_series' Table 2 on KOS, 4 trials.
inline const char* kKosSpec = R"(name: faults
paper: testpaper
dataset: kos
algorithm: budget_series.noise_mse
params: {eps: 1.0}
sweep:
  strategy: [AVG, Geo]
zip:
  N: [20, 50]
  U_s: [30, 95]
trials: 4
seed: 5
metrics: [sum_squared_error, expected_mse]
plot: {kind: table, rows: strategy, columns: N, metric: sum_squared_error}
)";

struct Timed {
  Command c;
  double seconds = 0;
};

// `dplab <args>` killed after `limit` seconds (exit 137 then), so a hang fails the check instead
// of the suite; `env` is prepended (e.g. "DPLAB_LEGACY_SECONDS=2").
inline Timed run_dplab_timed(const std::string& args, const TempDir& dir, int limit, const std::string& env = "") {
  Timed t;
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string cmd = "env " + env + " timeout -s KILL " + std::to_string(limit) + " " + DPLAB_BINARY + " " +
                          args + " > " + out + " 2> " + err;
  const auto t0 = std::chrono::steady_clock::now();
  const int status = std::system(cmd.c_str());
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  t.c.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  t.c.out = read_file(out);
  t.c.err = read_file(err);
  return t;
}

inline int lines_of(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

inline std::vector<char> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
inline void put_bytes(const std::string& path, const std::vector<char>& b) {
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(b.data(), static_cast<std::streamsize>(b.size()));
}

// Files in `dir` whose name contains ".tmp." (temporaries of the write path).
inline int temporaries_in(const std::filesystem::path& dir) {
  int n = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    n += contains(e.path().filename().string(), ".tmp.");
  return n;
}

// `r` as a format-1 file: what dplab wrote before format 2 (framework/store.cpp before commit
// 9e54d81), and what another tool writing plain HDF5 produces.
inline void write_format1(const std::string& path, const ResultData& r) {
  H5::Exception::dontPrint();
  H5::H5File f(path, H5F_ACC_TRUNC);
  const H5::StrType vlen(H5::PredType::C_S1, H5T_VARIABLE);
  auto text = [&](H5::H5Object& o, const std::string& name, const std::string& v) {
    o.createAttribute(name, vlen, H5::DataSpace(H5S_SCALAR)).write(vlen, v);
  };
  auto num = [&](H5::H5Object& o, const std::string& name, const H5::PredType& t, auto v) {
    o.createAttribute(name, t, H5::DataSpace(H5S_SCALAR)).write(t, &v);
  };
  auto doubles = [&](H5::Group& g, const std::string& name, const std::vector<double>& v, const std::vector<hsize_t>& dims) {
    H5::DataSet ds = g.createDataSet(name, H5::PredType::NATIVE_DOUBLE, H5::DataSpace(static_cast<int>(dims.size()), dims.data()));
    if (!v.empty()) ds.write(v.data(), H5::PredType::NATIVE_DOUBLE);
    return ds;
  };
  const RunMeta& m = r.meta;
  num(f, "dplab_format", H5::PredType::NATIVE_INT, 1);
  for (const auto& [k, v] : std::vector<std::pair<std::string, std::string>>{
           {"name", m.name}, {"paper", m.paper}, {"id", m.id}, {"description", m.description},
           {"spec_text", m.spec_text}, {"spec_source", m.spec_source}, {"spec_path", m.spec_path},
           {"spec_hash", m.spec_hash}, {"code_version", m.code_version}, {"code_history", m.code_history},
           {"host", m.host}, {"started", m.started}, {"finished", m.finished}, {"plot_json", m.plot_json},
           {"reference_csv", m.reference_csv}})
    text(f, k, v);
  num(f, "seed", H5::PredType::NATIVE_UINT64, m.seed);
  num(f, "threads", H5::PredType::NATIVE_INT, m.threads);
  num(f, "points", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.points));
  num(f, "trials", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.trials));
  H5::Group pts = f.createGroup("points");
  std::string axes = "[";
  for (std::size_t i = 0; i < r.axes.size(); ++i) axes += (i ? ",\"" : "\"") + r.axes[i] + "\"";
  text(pts, "axes", axes + "]");
  for (const auto& c : r.columns) {
    if (c.text) {
      const hsize_t n = c.strings.size();
      std::vector<const char*> ptrs;
      for (const auto& s : c.strings) ptrs.push_back(s.c_str());
      H5::DataSet ds = pts.createDataSet(c.name, vlen, H5::DataSpace(1, &n));
      ds.write(ptrs.data(), vlen);
    } else {
      doubles(pts, c.name, c.numbers, {r.points});
    }
  }
  const hsize_t P = r.points, T = r.trials;
  H5::Group mg = f.createGroup("metrics");
  for (const auto& md : r.metrics) {
    H5::DataSet ds;
    if (!md.is_vector) {
      ds = doubles(mg, md.name, md.scalar, {P, T});
    } else {
      std::size_t L = 0;
      for (const auto& cell : md.vectors) L = std::max(L, cell.size());
      std::vector<double> flat(P * T * L, std::numeric_limits<double>::quiet_NaN());
      for (std::size_t c = 0; c < md.vectors.size(); ++c)
        std::copy(md.vectors[c].begin(), md.vectors[c].end(), flat.begin() + static_cast<long>(c * L));
      ds = doubles(mg, md.name, flat, {P, T, L});
    }
    text(ds, "doc", md.doc);
    text(ds, "index", md.index);
  }
  H5::Group tg = f.createGroup("trials");
  const hsize_t dims[2] = {P, T};
  tg.createDataSet("done", H5::PredType::NATIVE_UINT8, H5::DataSpace(2, dims)).write(r.done.data(), H5::PredType::NATIVE_UINT8);
  doubles(tg, "wall_time", r.wall_time, {P, T});
  doubles(tg, "spent_eps", r.spent_eps, {P, T});
}

}  // namespace dplab::testing
