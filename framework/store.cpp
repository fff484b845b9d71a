#include "framework/store.hpp"

#include <H5Cpp.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/error.hpp"
#include "framework/checked_file.hpp"
#include "framework/json.hpp"
#include "framework/legacy_result.hpp"

namespace dplab {

bool resumable_version(int file, const std::string& noise) {
  return file == kResultsVersion || (file == 3 && noise != "secure");
}

namespace {

// Format 2: checked framing (framework/checked_file.hpp), HDF5's latest file format (checksums
// on all metadata), Fletcher32 on every non-empty dataset, fixed-length strings (variable-length
// strings live in HDF5's global heap, which no checksum covers). Format 1 files are still read.
constexpr int kFormat = 2;

// HDF5 reports the cause of a failure (the system's "File too large", "No space left on device")
// deep in its error stack; the C++ exception carries only the outermost call ("H5Fclose
// failed"). This handler, installed instead of HDF5's printing one, keeps the cause.
thread_local std::string t_hdf5_cause;

herr_t collect_cause(unsigned, const H5E_error2_t* e, void* data) {
  auto* cause = static_cast<std::string*>(data);
  if (!cause->empty() || !e->desc) return 0;
  const std::string desc = e->desc;
  const auto at = desc.find("error message = '");
  if (at != std::string::npos) {  // a system call failed: keep its errno text
    const auto from = at + 17;
    *cause = desc.substr(from, desc.find('\'', from) - from);
  }
  return 0;
}

herr_t on_hdf5_error(hid_t stack, void*) {
  t_hdf5_cause.clear();
  H5Ewalk2(stack, H5E_WALK_UPWARD, collect_cause, &t_hdf5_cause);
  return 0;
}

void capture_hdf5_errors() {
  H5Eset_auto2(H5E_DEFAULT, on_hdf5_error, nullptr);
  t_hdf5_cause.clear();
}

// "H5Fclose failed: File too large": the failing call and, when a system call failed, why.
std::string hdf5_failure(const H5::Exception& e) {
  return e.getDetailMsg() + (t_hdf5_cause.empty() ? "" : ": " + t_hdf5_cause);
}

// Chunks of at most ~1 MiB, split along the first dimension (Fletcher32 needs chunked storage).
H5::DSetCreatPropList checked_layout(const std::vector<hsize_t>& dims, std::size_t element_size) {
  H5::DSetCreatPropList plist;
  hsize_t total = 1;
  for (auto d : dims) total *= d;
  if (total == 0) return plist;  // nothing to checksum: contiguous
  std::vector<hsize_t> chunk = dims;
  hsize_t row = element_size;
  for (std::size_t i = 1; i < dims.size(); ++i) row *= dims[i];
  chunk[0] = std::max<hsize_t>(1, std::min<hsize_t>(dims[0], (1u << 20) / std::max<hsize_t>(1, row)));
  plist.setChunk(static_cast<int>(chunk.size()), chunk.data());
  plist.setFletcher32();
  return plist;
}

H5::StrType fixed_string(std::size_t size) {
  H5::StrType t(H5::PredType::C_S1, std::max<std::size_t>(1, size));
  t.setStrpad(H5T_STR_NULLPAD);
  return t;
}

void put_string(H5::H5Object& obj, const std::string& name, const std::string& value) {
  const H5::StrType t = fixed_string(value.size());
  H5::Attribute a = obj.createAttribute(name, t, H5::DataSpace(H5S_SCALAR));
  std::string padded = value;
  padded.resize(std::max<std::size_t>(1, value.size()), '\0');
  a.write(t, padded.data());
  a.close();
}
template <class T>
void put_number(H5::H5Object& obj, const std::string& name, const H5::PredType& type, T value) {
  H5::Attribute a = obj.createAttribute(name, type, H5::DataSpace(H5S_SCALAR));
  a.write(type, &value);
  a.close();
}

void write_doubles(H5::Group& g, const std::string& name, const std::vector<double>& v, const std::vector<hsize_t>& dims,
                   const std::string& doc = "", const std::string& index = "", bool annotate = false, bool raw = false) {
  H5::DataSet ds = g.createDataSet(name, H5::PredType::NATIVE_DOUBLE,
                                   H5::DataSpace(static_cast<int>(dims.size()), dims.data()),
                                   checked_layout(dims, sizeof(double)));
  if (!v.empty()) ds.write(v.data(), H5::PredType::NATIVE_DOUBLE);
  if (annotate) {
    put_string(ds, "doc", doc);
    put_string(ds, "index", index);
    if (raw) put_number(ds, "raw", H5::PredType::NATIVE_INT, 1);
  }
  ds.close();
}
void write_strings(H5::Group& g, const std::string& name, const std::vector<std::string>& v) {
  std::size_t width = 1;
  for (const auto& s : v) width = std::max(width, s.size());
  std::string flat(v.size() * width, '\0');
  for (std::size_t i = 0; i < v.size(); ++i) std::copy(v[i].begin(), v[i].end(), flat.begin() + static_cast<long>(i * width));
  const hsize_t n = v.size();
  const H5::StrType t = fixed_string(width);
  H5::DataSet ds = g.createDataSet(name, t, H5::DataSpace(1, &n), checked_layout({n}, width));
  if (n) ds.write(flat.data(), t);
  ds.close();
}

// ---- reading: everything validated before it is used ----

struct Reader {
  const std::string& path;
  std::size_t file_size;

  [[noreturn]] void bad(const std::string& what) const { throw Error(path + ": corrupt result file (" + what + ")"); }

  std::string get_string(const H5::H5Object& obj, const std::string& name) const {
    if (!obj.attrExists(name)) return "";
    H5::Attribute a = obj.openAttribute(name);
    if (a.getTypeClass() != H5T_STRING) bad("attribute '" + name + "' is not text");
    if (a.getSpace().getSimpleExtentNpoints() != 1) bad("attribute '" + name + "' is not a single value");
    const H5::StrType t = a.getStrType();
    if (t.isVariableStr()) {  // format 1
      std::string out;
      a.read(t, out);
      return out;
    }
    const std::size_t size = t.getSize();
    if (size > file_size) bad("attribute '" + name + "' is larger than the file");
    std::string out(size, '\0');
    a.read(t, out.data());
    out.resize(strnlen(out.data(), size));
    return out;
  }
  template <class T>
  T get_number(const H5::H5Object& obj, const std::string& name, const H5::PredType& type, bool required) const {
    T v{};
    if (!obj.attrExists(name)) {
      if (required) bad("attribute '" + name + "' is missing");
      return v;
    }
    H5::Attribute a = obj.openAttribute(name);
    if (a.getSpace().getSimpleExtentNpoints() != 1) bad("attribute '" + name + "' is not a single value");
    if (a.getTypeClass() != H5T_INTEGER && a.getTypeClass() != H5T_FLOAT) bad("attribute '" + name + "' is not a number");
    a.read(type, &v);
    return v;
  }

  std::vector<hsize_t> dims_of(const H5::DataSet& ds, const std::string& name) const {
    H5::DataSpace sp = ds.getSpace();
    const int rank = sp.getSimpleExtentNdims();
    if (rank < 1 || rank > 3) bad("dataset '" + name + "' has rank " + std::to_string(rank));
    std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
    sp.getSimpleExtentDims(dims.data());
    return dims;
  }
  void expect_dims(const std::vector<hsize_t>& dims, const std::vector<hsize_t>& want, const std::string& name) const {
    if (dims != want) {
      std::string d, w;
      for (auto x : dims) d += (d.empty() ? "" : " x ") + std::to_string(x);
      for (auto x : want) w += (w.empty() ? "" : " x ") + std::to_string(x);
      bad("dataset '" + name + "' has shape " + d + ", expected " + w);
    }
  }
  // Bounds an element count by what the file can hold (datasets are stored uncompressed).
  void expect_fits(hsize_t elements, std::size_t element_size, const std::string& name) const {
    if (element_size && elements > file_size / element_size) bad("dataset '" + name + "' claims more data than the file holds");
  }

  std::vector<double> read_doubles(const H5::DataSet& ds, const std::vector<hsize_t>& dims, const std::string& name) const {
    if (ds.getTypeClass() != H5T_FLOAT && ds.getTypeClass() != H5T_INTEGER) bad("dataset '" + name + "' is not numeric");
    hsize_t n = 1;
    for (auto d : dims) n *= d;
    expect_fits(n, 1, name);
    std::vector<double> v(n);
    if (n) ds.read(v.data(), H5::PredType::NATIVE_DOUBLE);
    return v;
  }
  std::vector<std::string> read_strings(const H5::DataSet& ds, hsize_t n, const std::string& name) const {
    expect_dims(dims_of(ds, name), {n}, name);
    const H5::StrType t = ds.getStrType();
    std::vector<std::string> out;
    if (t.isVariableStr()) {  // format 1
      std::vector<char*> ptrs(n, nullptr);
      if (n) ds.read(ptrs.data(), t);
      for (char* p : ptrs) out.emplace_back(p ? p : "");
      if (n) H5::DataSet::vlenReclaim(ptrs.data(), t, ds.getSpace());
      return out;
    }
    const std::size_t width = t.getSize();
    expect_fits(n, width, name);
    std::string flat(n * width, '\0');
    if (n) ds.read(flat.data(), t);
    for (hsize_t i = 0; i < n; ++i) {
      const char* s = flat.data() + i * width;
      out.emplace_back(s, strnlen(s, width));
    }
    return out;
  }
};

// axes is a JSON list of column names, e.g. ["strategy","N"].
std::vector<std::string> parse_axes(const std::string& text, const Reader& rd) {
  YAML::Node n;
  try {
    n = YAML::Load(text);
  } catch (const YAML::Exception&) {
    rd.bad("the points' 'axes' attribute is not a JSON list");
  }
  if (!n.IsSequence()) rd.bad("the points' 'axes' attribute is not a JSON list");
  std::vector<std::string> out;
  for (const auto& a : n) {
    if (!a.IsScalar()) rd.bad("the points' 'axes' attribute lists something that is not a name");
    out.push_back(a.Scalar());
  }
  return out;
}

ResultData read_image(const std::string& path, const CheckedImage& img) {
  const Reader rd{path, img.bytes.size()};
  ResultData r;
  H5::FileAccPropList fapl;
  H5Pset_fapl_core(fapl.getId(), 1 << 20, 0);
  // HDF5 copies the image; the core driver never touches the disk.
  if (H5Pset_file_image(fapl.getId(), const_cast<char*>(img.bytes.data()), img.bytes.size()) < 0)
    rd.bad("HDF5 refused the image");
  // The core driver opens the image only under a name that does not exist on disk.
  H5::H5File f("/nonexistent/dplab-in-memory-image.h5", H5F_ACC_RDONLY, H5::FileCreatPropList::DEFAULT, fapl);
  if (!f.attrExists("dplab_format")) throw Error(path + ": HDF5 file without dplab metadata (not a dplab result)");
  const int format = rd.get_number<int>(f, "dplab_format", H5::PredType::NATIVE_INT, true);
  if (format < 1 || format > kFormat)
    throw Error(path + ": result file of format " + std::to_string(format) + ", which this dplab cannot read");
  RunMeta& m = r.meta;
  m.name = rd.get_string(f, "name"); m.paper = rd.get_string(f, "paper"); m.id = rd.get_string(f, "id");
  m.description = rd.get_string(f, "description"); m.spec_text = rd.get_string(f, "spec_text");
  m.spec_source = rd.get_string(f, "spec_source"); m.spec_path = rd.get_string(f, "spec_path");
  m.spec_hash = rd.get_string(f, "spec_hash"); m.overrides = rd.get_string(f, "overrides");
  m.code_version = rd.get_string(f, "code_version");
  m.code_history = rd.get_string(f, "code_history");
  m.host = rd.get_string(f, "host"); m.started = rd.get_string(f, "started");
  m.finished = rd.get_string(f, "finished"); m.plot_json = rd.get_string(f, "plot_json");
  m.reference_csv = rd.get_string(f, "reference_csv");
  m.plugins = rd.get_string(f, "plugins");
  m.shard = rd.get_string(f, "shard");
  m.seed = rd.get_number<std::uint64_t>(f, "seed", H5::PredType::NATIVE_UINT64, false);
  m.threads = rd.get_number<int>(f, "threads", H5::PredType::NATIVE_INT, false);
  m.results_version = f.attrExists("results_version")
                          ? rd.get_number<int>(f, "results_version", H5::PredType::NATIVE_INT, true)
                          : 1;  // files from before the attribute
  const auto P = rd.get_number<std::uint64_t>(f, "points", H5::PredType::NATIVE_UINT64, true);
  const auto T = rd.get_number<std::uint64_t>(f, "trials", H5::PredType::NATIVE_UINT64, true);
  if (T > 0 && P > rd.file_size / T) rd.bad("points x trials is larger than the file could hold");
  r.points = P;
  r.trials = T;

  H5::Group pts = f.openGroup("points");
  for (hsize_t i = 0; i < pts.getNumObjs(); ++i) {
    PointColumn c;
    c.name = pts.getObjnameByIdx(i);
    H5::DataSet ds = pts.openDataSet(c.name);
    c.text = ds.getTypeClass() == H5T_STRING;
    c.type = rd.get_string(ds, "type");  // absent in files written before it existed
    if (c.type.size() > 16) rd.bad("points/" + c.name + " has a malformed 'type' attribute");
    if (c.text) {
      c.strings = rd.read_strings(ds, P, "points/" + c.name);
    } else {
      const auto dims = rd.dims_of(ds, "points/" + c.name);
      rd.expect_dims(dims, {P}, "points/" + c.name);
      c.numbers = rd.read_doubles(ds, dims, "points/" + c.name);
    }
    r.columns.push_back(std::move(c));
  }
  r.axes = parse_axes(rd.get_string(pts, "axes"), rd);
  for (const auto& a : r.axes)
    if (!r.column(a)) rd.bad("the points' 'axes' attribute names " + quote(a) + ", which is not a column");

  H5::Group mg = f.openGroup("metrics");
  for (hsize_t i = 0; i < mg.getNumObjs(); ++i) {
    MetricData md;
    md.name = mg.getObjnameByIdx(i);
    const std::string name = "metrics/" + md.name;
    H5::DataSet ds = mg.openDataSet(md.name);
    md.doc = rd.get_string(ds, "doc");
    md.index = rd.get_string(ds, "index");
    md.raw = rd.get_number<int>(ds, "raw", H5::PredType::NATIVE_INT, false) == 1;
    const auto dims = rd.dims_of(ds, name);
    if (dims.size() == 3) {
      rd.expect_dims({dims[0], dims[1]}, {P, T}, name);
      const hsize_t L = dims[2];
      rd.expect_fits(P * T * L, sizeof(double), name);
      const std::vector<double> flat = rd.read_doubles(ds, dims, name);
      md.is_vector = true;
      md.vectors.resize(P * T);
      for (std::size_t c = 0; c < md.vectors.size(); ++c) {
        auto& cell = md.vectors[c];
        cell.assign(flat.begin() + static_cast<long>(c * L), flat.begin() + static_cast<long>((c + 1) * L));
        while (!cell.empty() && std::isnan(cell.back())) cell.pop_back();
      }
    } else {
      rd.expect_dims(dims, {P, T}, name);
      rd.expect_fits(P * T, sizeof(double), name);
      md.scalar = rd.read_doubles(ds, dims, name);
    }
    if (f.nameExists("index") && f.openGroup("index").nameExists(md.name)) {
      const std::string iname = "index/" + md.name;
      H5::DataSet is = f.openGroup("index").openDataSet(md.name);
      const auto idims = rd.dims_of(is, iname);
      if (idims.size() != 2 || idims[0] != P) rd.bad(iname + " is not [points x length]");
      rd.expect_fits(P * idims[1], sizeof(double), iname);
      const std::vector<double> flat = rd.read_doubles(is, idims, iname);
      md.index_values.resize(P);
      for (std::size_t p = 0; p < P; ++p) {
        auto& v = md.index_values[p];
        v.assign(flat.begin() + static_cast<long>(p * idims[1]), flat.begin() + static_cast<long>((p + 1) * idims[1]));
        while (!v.empty() && std::isnan(v.back())) v.pop_back();
      }
    }
    if (f.nameExists("measured") && f.openGroup("measured").nameExists(md.name)) {
      const std::string mname = "measured/" + md.name;
      H5::DataSet ms = f.openGroup("measured").openDataSet(md.name);
      rd.expect_dims(rd.dims_of(ms, mname), {P}, mname);
      if (ms.getTypeClass() != H5T_INTEGER) rd.bad(mname + " is not an integer mask");
      md.measured.resize(P);
      if (P > 0) ms.read(md.measured.data(), H5::PredType::NATIVE_UINT8);
    }
    r.metrics.push_back(std::move(md));
  }
  H5::Group tg = f.openGroup("trials");
  {
    H5::DataSet dd = tg.openDataSet("done");
    rd.expect_dims(rd.dims_of(dd, "trials/done"), {P, T}, "trials/done");
    if (dd.getTypeClass() != H5T_INTEGER) rd.bad("trials/done is not an integer mask");
    r.done.resize(P * T);
    if (!r.done.empty()) dd.read(r.done.data(), H5::PredType::NATIVE_UINT8);
    for (auto& d : r.done)
      if (d > 1) rd.bad("trials/done holds values other than 0 and 1");
  }
  for (const char* name : {"wall_time", "spent_eps"}) {
    H5::DataSet ds = tg.openDataSet(name);
    const auto dims = rd.dims_of(ds, std::string("trials/") + name);
    rd.expect_dims(dims, {P, T}, std::string("trials/") + name);
    (std::string(name) == "wall_time" ? r.wall_time : r.spent_eps) = rd.read_doubles(ds, dims, std::string("trials/") + name);
  }
  if (tg.nameExists("spent_delta")) {
    H5::DataSet ds = tg.openDataSet("spent_delta");
    const auto dims = rd.dims_of(ds, "trials/spent_delta");
    rd.expect_dims(dims, {P, T}, "trials/spent_delta");
    r.spent_delta = rd.read_doubles(ds, dims, "trials/spent_delta");
    r.has_delta = true;
  }
  return r;
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
  if (has_delta) grow(spent_delta, nan);
  for (auto& m : metrics) {
    if (m.is_vector) grow(m.vectors, std::vector<double>{});
    else grow(m.scalar, nan);
  }
  trials = t;
}

void write_result(const std::string& path, const ResultData& r) {
  capture_hdf5_errors();
  write_checked(path, [&](const std::string& tmp) {
    try {
      // Built in memory by HDF5's core driver and written in one go at close, so a failing
      // disk surfaces as an error of close() below, never in a destructor.
      H5::FileAccPropList fapl;
      H5Pset_fapl_core(fapl.getId(), 1 << 20, 1);
      fapl.setLibverBounds(H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
      fapl.setFcloseDegree(H5F_CLOSE_STRONG);
      H5::FileCreatPropList fcpl;
      fcpl.setUserblock(kCheckedHeaderSize);
      H5::H5File f(tmp, H5F_ACC_TRUNC, fcpl, fapl);
      {
        const RunMeta& m = r.meta;
        put_number(f, "dplab_format", H5::PredType::NATIVE_INT, kFormat);
        for (auto& [k, v] : std::vector<std::pair<std::string, std::string>>{
                 {"name", m.name}, {"paper", m.paper}, {"id", m.id}, {"description", m.description},
                 {"spec_text", m.spec_text}, {"spec_source", m.spec_source}, {"spec_path", m.spec_path},
                 {"spec_hash", m.spec_hash}, {"overrides", m.overrides}, {"code_version", m.code_version},
                 {"code_history", m.code_history}, {"host", m.host},
                 {"started", m.started}, {"finished", m.finished}, {"plot_json", m.plot_json},
                 {"reference_csv", m.reference_csv}, {"plugins", m.plugins}})
          put_string(f, k, v);
        if (!m.shard.empty()) put_string(f, "shard", m.shard);  // absent from whole results
        put_number(f, "seed", H5::PredType::NATIVE_UINT64, m.seed);
        put_number(f, "threads", H5::PredType::NATIVE_INT, m.threads);
        put_number(f, "results_version", H5::PredType::NATIVE_INT, m.results_version);
        put_number(f, "points", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.points));
        put_number(f, "trials", H5::PredType::NATIVE_UINT64, static_cast<std::uint64_t>(r.trials));

        H5::Group pts = f.createGroup("points");
        std::string axes = "[";
        for (std::size_t i = 0; i < r.axes.size(); ++i) axes += (i ? "," : "") + json_quote(r.axes[i]);
        put_string(pts, "axes", axes + "]");
        for (const auto& c : r.columns) {
          if (c.text) write_strings(pts, c.name, c.strings);
          else write_doubles(pts, c.name, c.numbers, {r.points});
          if (!c.type.empty()) {
            H5::DataSet ds = pts.openDataSet(c.name);
            put_string(ds, "type", c.type);
          }
        }
        pts.close();

        const hsize_t P = r.points, T = r.trials;
        H5::Group mg = f.createGroup("metrics");
        for (const auto& md : r.metrics) {
          if (!md.is_vector) {
            write_doubles(mg, md.name, md.scalar, {P, T}, md.doc, md.index, true, md.raw);
          } else {
            std::size_t L = 0;
            for (const auto& cell : md.vectors) L = std::max(L, cell.size());
            std::vector<double> flat(P * T * L, std::numeric_limits<double>::quiet_NaN());
            for (std::size_t c = 0; c < md.vectors.size(); ++c)
              std::copy(md.vectors[c].begin(), md.vectors[c].end(), flat.begin() + static_cast<long>(c * L));
            write_doubles(mg, md.name, flat, {P, T, static_cast<hsize_t>(L)}, md.doc, md.index, true, md.raw);
          }
        }
        mg.close();
        bool any_index = false;
        for (const auto& md : r.metrics) any_index |= !md.index_values.empty();
        if (any_index) {
          H5::Group ig = f.createGroup("index");
          for (const auto& md : r.metrics) {
            if (md.index_values.empty()) continue;
            std::size_t L = 0;
            for (const auto& v : md.index_values) L = std::max(L, v.size());
            std::vector<double> flat(P * L, std::numeric_limits<double>::quiet_NaN());
            for (std::size_t p = 0; p < md.index_values.size() && p < P; ++p)
              std::copy(md.index_values[p].begin(), md.index_values[p].end(), flat.begin() + static_cast<long>(p * L));
            write_doubles(ig, md.name, flat, {P, static_cast<hsize_t>(L)});
          }
          ig.close();
        }

        bool any_measured = false;
        for (const auto& md : r.metrics) any_measured |= !md.measured.empty();
        if (any_measured) {
          H5::Group sg = f.createGroup("measured");
          for (const auto& md : r.metrics) {
            if (md.measured.empty()) continue;
            const std::vector<hsize_t> pdims = {P};
            H5::DataSet ms = sg.createDataSet(md.name, H5::PredType::NATIVE_UINT8, H5::DataSpace(1, pdims.data()),
                                              checked_layout(pdims, 1));
            if (P > 0) ms.write(md.measured.data(), H5::PredType::NATIVE_UINT8);
            ms.close();
          }
          sg.close();
        }

        H5::Group tg = f.createGroup("trials");
        const std::vector<hsize_t> dims = {P, T};
        H5::DataSet dd = tg.createDataSet("done", H5::PredType::NATIVE_UINT8, H5::DataSpace(2, dims.data()),
                                          checked_layout(dims, 1));
        if (!r.done.empty()) dd.write(r.done.data(), H5::PredType::NATIVE_UINT8);
        dd.close();
        write_doubles(tg, "wall_time", r.wall_time, dims);
        write_doubles(tg, "spent_eps", r.spent_eps, dims);
        if (r.has_delta) write_doubles(tg, "spent_delta", r.spent_delta, dims);
        tg.close();
      }
      f.close();
    } catch (const H5::Exception& e) {
      throw Error(path + ": cannot write result file (" + hdf5_failure(e) + ")");
    }
  });
}

bool is_result_file(const std::string& path) {
  if (!looks_checked_or_hdf5(path)) return false;
  try {
    read_result(path);
    return true;
  } catch (const Error&) {
    return false;
  }
}

ResultData parse_result_image(const std::string& path, const CheckedImage& img) {
  capture_hdf5_errors();
  try {
    return read_image(path, img);
  } catch (const H5::Exception& e) {
    throw Error(path + ": corrupt or incomplete result file (" + hdf5_failure(e) + ")");
  }
}

ResultData read_result(const std::string& path) {
  const CheckedImage img = read_checked(path, "result file");
  // An unverified file never reaches HDF5's parser in this process (framework/legacy_result.hpp).
  if (img.legacy) return read_legacy_result(path, img);
  return parse_result_image(path, img);
}

}  // namespace dplab
