#include "datasets/user_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/checksum.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

// What separates values in a user's file, as errors say it.
constexpr const char* kUserSeparators = "spaces, tabs or commas";

// The file as TextScanner reads it: commas become separators and the header line and '#'
// comment lines become blank lines, so every line keeps its number for error messages.
std::string prepared_text(const std::string& path, bool header) {
  std::string text = read_text_file(path);
  bool line_start = true, blank_line = header;
  for (char& c : text) {
    if (line_start && c == '#') blank_line = true;
    line_start = c == '\n';
    if (c == '\n') {
      blank_line = false;
      continue;
    }
    if (blank_line || c == ',') c = ' ';
  }
  return text;
}

// Runs a parse; an error on line 1 of a file read without `header` gets the likely fix.
template <class F>
auto parsed(const std::string& path, bool header, F&& parse) {
  try {
    return parse();
  } catch (const Error& e) {
    const std::string msg = e.what();
    // A word where a number belongs on line 1 ("x,y,class"): most likely a header line.
    const std::size_t token = msg.find("': '");
    const bool word = token != std::string::npos && token + 4 < msg.size() &&
                      std::isalpha(static_cast<unsigned char>(msg[token + 4]));
    if (!header && word && msg.rfind(path + ":1:", 0) == 0)
      throw Error(msg + "; if line 1 holds column names, add header: true to the dataset in the spec");
    throw;
  }
}

std::string where(const DatasetInfo& info) { return "data file " + info.files.front().path; }

std::shared_ptr<const Dataset> load_points(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const bool header = req.params.boolean("header");
  const std::string text = prepared_text(path, header);
  RealTable t = parsed(path, header, [&] { return parse_real_table(text, path, 0, 0, kUserSeparators); });
  const auto label_column = static_cast<std::size_t>(req.params.integer("label_column"));
  if (label_column > t.cols)
    throw Error(where(info) + ": label_column " + std::to_string(label_column) + " is past its " +
                std::to_string(t.cols) + " columns (allowed: 0 for no labels, or 1.." + std::to_string(t.cols) + ")");
  auto ps = std::make_shared<PointSet>();
  ps->name = fs::path(path).filename().string();
  ps->n = t.rows;
  ps->d = t.cols - (label_column ? 1 : 0);
  if (ps->d == 0) throw Error(where(info) + ": no coordinates left besides the label column");
  if (!label_column) {
    ps->x = std::move(t.values);
    return ps;
  }
  // Labels as 0-based consecutive ids in the order of their values (as the catalogue's sets).
  std::vector<std::int64_t> raw(t.rows);
  ps->x.reserve(t.rows * ps->d);
  for (std::size_t i = 0; i < t.rows; ++i)
    for (std::size_t j = 0; j < t.cols; ++j) {
      const double v = t.values[i * t.cols + j];
      if (j + 1 != label_column) {
        ps->x.push_back(v);
      } else if (v != static_cast<double>(static_cast<std::int64_t>(v))) {
        throw Error(located(path, 0, "column " + std::to_string(j + 1),
                            "point " + std::to_string(i + 1) + " has label " + std::to_string(v) +
                                ", which is not an integer (label_column holds integer class labels)"));
      } else {
        raw[i] = static_cast<std::int64_t>(v);
      }
    }
  ps->labels = dense_labels(raw);
  return ps;
}

std::shared_ptr<const Dataset> load_histogram(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const bool header = req.params.boolean("header");
  const std::string text = prepared_text(path, header);
  auto h = std::make_shared<Histogram>();
  h->name = fs::path(path).filename().string();
  parsed(path, header, [&] {
    TextScanner s(text, path, kUserSeparators);
    while (s.next_line()) {
      const double c = s.real("count");
      if (c < 0) s.fail("count", "negative count " + std::to_string(c) + " (allowed: counts >= 0)");
      s.end_line("one count per line");
      h->counts.push_back(c);
    }
    return 0;
  });
  if (h->counts.empty()) throw Error(where(info) + ": no counts (a histogram file holds one count per line)");
  return h;
}

// A 2-D histogram: one row of counts a line, every line as many counts as the first.
std::shared_ptr<const Dataset> load_histogram2d(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const bool header = req.params.boolean("header");
  const std::string text = prepared_text(path, header);
  RealTable t = parsed(path, header, [&] { return parse_real_table(text, path, 0, 0, kUserSeparators); });
  if (t.rows == 0) throw Error(where(info) + ": no counts (a histogram2d file holds one row of counts per line)");
  for (std::size_t k = 0; k < t.values.size(); ++k)
    if (t.values[k] < 0)
      throw Error(where(info) + ": row " + std::to_string(k / t.cols + 1) + ", column " + std::to_string(k % t.cols + 1) +
                  ": negative count " + std::to_string(t.values[k]) + " (allowed: counts >= 0)");
  auto h = std::make_shared<Histogram2D>();
  h->name = fs::path(path).filename().string();
  h->rows = t.rows;
  h->cols = t.cols;
  h->counts = std::move(t.values);
  return h;
}

std::shared_ptr<const Dataset> load_transactions(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  const bool header = req.params.boolean("header");
  const std::string text = prepared_text(path, header);
  const auto items = static_cast<std::uint64_t>(req.params.integer("items"));
  auto tx = std::make_shared<Transactions>();
  tx->name = fs::path(path).filename().string();
  std::vector<std::uint32_t> record;
  std::uint64_t largest = 0;
  parsed(path, header, [&] {
    TextScanner s(text, path, kUserSeparators);
    while (s.next_line()) {
      record.clear();
      while (s.more()) {
        const auto item = s.integer<std::uint32_t>("item");
        if (items && item >= items)
          s.fail("item", "id " + std::to_string(item) + " is out of range (allowed: 0.." + std::to_string(items - 1) +
                             ", since items: " + std::to_string(items) + ")");
        record.push_back(item);
      }
      std::sort(record.begin(), record.end());
      record.erase(std::unique(record.begin(), record.end()), record.end());
      if (!record.empty()) largest = std::max<std::uint64_t>(largest, record.back());
      tx->items.insert(tx->items.end(), record.begin(), record.end());
      tx->offsets.push_back(tx->items.size());
    }
    return 0;
  });
  if (tx->records() == 0) throw Error(where(info) + ": no records (a transactions file holds one record per line)");
  tx->universe = static_cast<std::uint32_t>(items ? items : largest + 1);
  return tx;
}

ParamSpec header_param() {
  return ParamSpec::boolean("header", false, "the file's first line is a header (column names): skip it");
}

}  // namespace

const std::vector<std::string>& user_file_kinds() {
  static const std::vector<std::string> kinds = {"points", "histogram", "histogram2d", "transactions"};
  return kinds;
}

UserFile register_user_file(const std::string& path, const std::string& kind, const std::string& expected_sha256) {
  const auto& kinds = user_file_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw Error("unknown kind " + quote(kind) + " (allowed: points, histogram, histogram2d, transactions)");
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw Error("data file " + path + " not found");
  UserFile u;
  u.path = path;
  u.sha256 = sha256_file(path);
  if (!expected_sha256.empty() && expected_sha256 != u.sha256)
    throw Error("data file " + path + " has sha256 " + u.sha256 + ", the spec says " + expected_sha256 +
                " (the file changed: restore it, or update sha256 in the spec to run on the new data)");
  u.name = "file:" + path + "#" + kind + "@" + u.sha256.substr(0, 12);
  if (DatasetRegistry::instance().find(u.name)) return u;  // the same file read again (another spec)

  DatasetInfo info;
  info.name = u.name;
  info.doc = "your data file " + path;
  info.files = {DataFile{path, u.sha256}};
  info.upstream = path;
  info.licence = "your own data";
  info.papers = "none (a user file)";
  info.params = {header_param()};
  if (kind == "points") {
    info.kind = DatasetKind::Points;
    info.params.push_back(ParamSpec::integer("label_column", 0,
                                             "1-based column of integer ground-truth labels, not a coordinate; 0: none")
                              .at_least(0)
                              .at_most(100000));
    info.load = load_points;
  } else if (kind == "histogram") {
    info.kind = DatasetKind::Histogram;
    info.load = load_histogram;
  } else if (kind == "histogram2d") {
    info.kind = DatasetKind::Histogram2D;
    info.load = load_histogram2d;
  } else {
    info.kind = DatasetKind::Transactions;
    info.params.push_back(ParamSpec::integer("items", 0, "number of possible items (ids 0..items-1); 0: the largest id + 1")
                              .at_least(0)
                              .at_most(4294967295.0));
    info.load = load_transactions;
  }
  register_dataset(std::move(info));
  return u;
}

}  // namespace dplab
