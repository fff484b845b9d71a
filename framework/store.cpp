#include "framework/store.hpp"

#include <H5Cpp.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

constexpr int kFormat = 1;

const H5::StrType& vlen_string() {
  static const H5::StrType t(H5::PredType::C_S1, H5T_VARIABLE);
  return t;
}

void put_string(H5::H5Object& obj, const std::string& name, const std::string& value) {
  H5::Attribute a = obj.createAttribute(name, vlen_string(), H5::DataSpace(H5S_SCALAR));
  a.write(vlen_string(), value);
}
template <class T>
void put_number(H5::H5Object& obj, const std::string& name, const H5::PredType& type, T value) {
  H5::Attribute a = obj.createAttribute(name, type, H5::DataSpace(H5S_SCALAR));
  a.write(type, &value);
}
std::string get_string(const H5::H5Object& obj, const std::string& name) {
  if (!obj.attrExists(name)) return "";
  H5::Attribute a = obj.openAttribute(name);
  std::string out;
  a.read(vlen_string(), out);
  return out;
}
template <class T>
T get_number(const H5::H5Object& obj, const std::string& name, const H5::PredType& type) {
  T v{};
  if (obj.attrExists(name)) obj.openAttribute(name).read(type, &v);
  return v;
}

void write_doubles(H5::Group& g, const std::string& name, const std::vector<double>& v,
                   std::vector<hsize_t> dims) {
  H5::DataSet ds = g.createDataSet(name, H5::PredType::NATIVE_DOUBLE,
                                   H5::DataSpace(static_cast<int>(dims.size()), dims.data()));
  if (!v.empty()) ds.write(v.data(), H5::PredType::NATIVE_DOUBLE);
}
void write_strings(H5::Group& g, const std::string& name, const std::vector<std::string>& v) {
  hsize_t n = v.size();
  std::vector<const char*> ptrs;
  for (const auto& s : v) ptrs.push_back(s.c_str());
  H5::DataSet ds = g.createDataSet(name, vlen_string(), H5::DataSpace(1, &n));
  ds.write(ptrs.data(), vlen_string());
}
std::vector<double> read_doubles(const H5::DataSet& ds, std::vector<hsize_t>* dims_out = nullptr) {
  H5::DataSpace sp = ds.getSpace();
  int rank = sp.getSimpleExtentNdims();
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  sp.getSimpleExtentDims(dims.data());
  hsize_t n = 1;
  for (auto d : dims) n *= d;
  std::vector<double> v(n);
  if (n) ds.read(v.data(), H5::PredType::NATIVE_DOUBLE);
  if (dims_out) *dims_out = dims;
  return v;
}
std::vector<std::string> read_strings(const H5::DataSet& ds) {
  H5::DataSpace sp = ds.getSpace();
  hsize_t n = 0;
  sp.getSimpleExtentDims(&n);
  std::vector<char*> ptrs(n, nullptr);
  if (n) ds.read(ptrs.data(), vlen_string());
  std::vector<std::string> out;
  for (char* p : ptrs) out.emplace_back(p ? p : "");
  if (n) H5::DataSet::vlenReclaim(ptrs.data(), vlen_string(), sp);
  return out;
}

}  // namespace

const PointColumn* ResultData::column(const std::string& n) const {
  for (const auto& c : columns)
    if (c.name == n) return &c;
  return nullptr;
}

void ResultData::resize_trials(std::size_t t) {
  if (t <= trials) return;
  auto grow = [&](auto& v, auto fill) {
    using V = std::decay_t<decltype(v)>;
    V out(points * t, fill);
    for (std::size_t p = 0; p < points; ++p)
      for (std::size_t j = 0; j < trials; ++j) out[p * t + j] = std::move(v[p * trials + j]);
    v = std::move(out);
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  grow(done, std::uint8_t{0});
  grow(wall_time, nan);
  grow(spent_eps, nan);
  for (auto& m : metrics) {
    if (m.is_vector) grow(m.vectors, std::vector<double>{});
    else grow(m.scalar, nan);
  }
  trials = t;
}

void write_result(const std::string& path, const ResultData& r) {
  H5::Exception::dontPrint();
  fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) throw Error(path + ": cannot create directory " + target.parent_path().string() + " (" + ec.message() + ")");
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  try {
    H5::H5File f(tmp, H5F_ACC_TRUNC);
    const RunMeta& m = r.meta;
    put_number(f, "dplab_format", H5::PredType::NATIVE_INT, kFormat);
    for (auto& [k, v] : std::vector<std::pair<std::string, std::string>>{
             {"name", m.name}, {"paper", m.paper}, {"id", m.id}, {"description", m.description},
             {"spec_text", m.spec_text}, {"spec_source", m.spec_source}, {"spec_path", m.spec_path},
             {"spec_hash", m.spec_hash}, {"code_version", m.code_version},
             {"code_history", m.code_history}, {"host", m.host},
             {"started", m.started}, {"finished", m.finished}, {"plot_json", m.plot_json},
             {"reference_csv", m.reference_csv}})
      put_string(f, k, v);
    put_number(f, "seed", H5::PredType::NATIVE_UINT64, m.seed);
    put_number(f, "threads", H5::PredType::NATIVE_INT, m.threads);
    put_number(f, "points", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.points));
    put_number(f, "trials", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.trials));

    H5::Group pts = f.createGroup("points");
    std::string axes = "[";
    for (std::size_t i = 0; i < r.axes.size(); ++i) axes += (i ? ",\"" : "\"") + r.axes[i] + "\"";
    put_string(pts, "axes", axes + "]");
    for (const auto& c : r.columns) {
      if (c.text) write_strings(pts, c.name, c.strings);
      else write_doubles(pts, c.name, c.numbers, {r.points});
    }

    const hsize_t P = r.points, T = r.trials;
    H5::Group mg = f.createGroup("metrics");
    for (const auto& md : r.metrics) {
      if (!md.is_vector) {
        write_doubles(mg, md.name, md.scalar, {P, T});
      } else {
        std::size_t L = 0;
        for (const auto& cell : md.vectors) L = std::max(L, cell.size());
        std::vector<double> flat(P * T * L, std::numeric_limits<double>::quiet_NaN());
        for (std::size_t c = 0; c < md.vectors.size(); ++c)
          std::copy(md.vectors[c].begin(), md.vectors[c].end(), flat.begin() + static_cast<long>(c * L));
        write_doubles(mg, md.name, flat, {P, T, static_cast<hsize_t>(L)});
      }
      H5::DataSet ds = mg.openDataSet(md.name);
      put_string(ds, "doc", md.doc);
      put_string(ds, "index", md.index);
    }

    H5::Group tg = f.createGroup("trials");
    hsize_t dims[2] = {P, T};
    H5::DataSet dd = tg.createDataSet("done", H5::PredType::NATIVE_UINT8, H5::DataSpace(2, dims));
    if (!r.done.empty()) dd.write(r.done.data(), H5::PredType::NATIVE_UINT8);
    write_doubles(tg, "wall_time", r.wall_time, {P, T});
    write_doubles(tg, "spent_eps", r.spent_eps, {P, T});
    f.close();
  } catch (const H5::Exception& e) {
    fs::remove(tmp, ec);
    throw Error(path + ": cannot write result file (" + e.getDetailMsg() + ")");
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(path + ": cannot move the finished result into place (" + ec.message() + ")");
  }
}

bool is_result_file(const std::string& path) {
  H5::Exception::dontPrint();
  try {
    if (!H5::H5File::isHdf5(path)) return false;
    H5::H5File f(path, H5F_ACC_RDONLY);
    return f.attrExists("dplab_format");
  } catch (const H5::Exception&) {
    return false;
  }
}

ResultData read_result(const std::string& path) {
  H5::Exception::dontPrint();
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw Error(path + ": no such result file");
  ResultData r;
  try {
    if (!H5::H5File::isHdf5(path)) throw Error(path + ": not an HDF5 file (corrupt or not a dplab result)");
    H5::H5File f(path, H5F_ACC_RDONLY);
    if (!f.attrExists("dplab_format")) throw Error(path + ": HDF5 file without dplab metadata");
    RunMeta& m = r.meta;
    m.name = get_string(f, "name"); m.paper = get_string(f, "paper"); m.id = get_string(f, "id");
    m.description = get_string(f, "description"); m.spec_text = get_string(f, "spec_text");
    m.spec_source = get_string(f, "spec_source"); m.spec_path = get_string(f, "spec_path");
    m.spec_hash = get_string(f, "spec_hash"); m.code_version = get_string(f, "code_version");
    m.code_history = get_string(f, "code_history");
    m.host = get_string(f, "host"); m.started = get_string(f, "started");
    m.finished = get_string(f, "finished"); m.plot_json = get_string(f, "plot_json");
    m.reference_csv = get_string(f, "reference_csv");
    m.seed = get_number<std::uint64_t>(f, "seed", H5::PredType::NATIVE_UINT64);
    m.threads = get_number<int>(f, "threads", H5::PredType::NATIVE_INT);
    r.points = get_number<std::uint64_t>(f, "points", H5::PredType::NATIVE_UINT64);
    r.trials = get_number<std::uint64_t>(f, "trials", H5::PredType::NATIVE_UINT64);

    H5::Group pts = f.openGroup("points");
    std::string axes = get_string(pts, "axes");
    // axes is a JSON list of plain names: ["a","b"]
    for (std::size_t i = 0; i < axes.size(); ++i) {
      if (axes[i] != '"') continue;
      std::size_t j = axes.find('"', i + 1);
      r.axes.push_back(axes.substr(i + 1, j - i - 1));
      i = j;
    }
    for (hsize_t i = 0; i < pts.getNumObjs(); ++i) {
      PointColumn c;
      c.name = pts.getObjnameByIdx(i);
      H5::DataSet ds = pts.openDataSet(c.name);
      c.text = ds.getTypeClass() == H5T_STRING;
      if (c.text) c.strings = read_strings(ds);
      else c.numbers = read_doubles(ds);
      r.columns.push_back(std::move(c));
    }

    H5::Group mg = f.openGroup("metrics");
    for (hsize_t i = 0; i < mg.getNumObjs(); ++i) {
      MetricData md;
      md.name = mg.getObjnameByIdx(i);
      H5::DataSet ds = mg.openDataSet(md.name);
      md.doc = get_string(ds, "doc");
      md.index = get_string(ds, "index");
      std::vector<hsize_t> dims;
      std::vector<double> flat = read_doubles(ds, &dims);
      if (dims.size() == 3) {
        md.is_vector = true;
        const std::size_t L = dims[2];
        md.vectors.resize(r.points * r.trials);
        for (std::size_t c = 0; c < md.vectors.size(); ++c) {
          auto& cell = md.vectors[c];
          cell.assign(flat.begin() + static_cast<long>(c * L), flat.begin() + static_cast<long>((c + 1) * L));
          while (!cell.empty() && std::isnan(cell.back())) cell.pop_back();
        }
      } else {
        md.scalar = std::move(flat);
      }
      r.metrics.push_back(std::move(md));
    }
    H5::Group tg = f.openGroup("trials");
    H5::DataSet dd = tg.openDataSet("done");
    r.done.resize(r.points * r.trials);
    if (!r.done.empty()) dd.read(r.done.data(), H5::PredType::NATIVE_UINT8);
    r.wall_time = read_doubles(tg.openDataSet("wall_time"));
    r.spent_eps = read_doubles(tg.openDataSet("spent_eps"));
  } catch (const H5::Exception& e) {
    throw Error(path + ": corrupt or incomplete result file (" + e.getDetailMsg() + ")");
  }
  if (r.done.size() != r.points * r.trials || r.wall_time.size() != r.points * r.trials)
    throw Error(path + ": corrupt result file (array sizes disagree with points x trials)");
  return r;
}

}  // namespace dplab
